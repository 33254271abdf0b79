/**
 * The computer player of Batailles et piques. It sees what a human in its
 * seat would: its view (faces only where it may know them) and its legal
 * moves, which are honest by construction (no Mine attacks, no two Mines
 * laid, every word on a fight true).
 *
 * It weighs each move by what it expects to win and lose in points: a card
 * is worth its trophy points (2 for a King, else 1) plus a little for its
 * strength, so it keeps its best units and hunts the others'. A card whose
 * face it does not know is any face of its army not yet seen, all alike.
 * When it names a fight's outcome it picks the best for itself; it lays
 * and replaces strong units and one Mine; it peeks at a card it does not
 * know; it stops once it leads and may.
 */
import type { CardId } from '../../game.ts';
import { fightOutcomes } from './fight.ts';
import { isKing, isMine, ownerOf, strengthOf } from './setup.ts';
import { ARMY, type BataillesPlay, type BataillesView, type Face } from './types.ts';

/** What a card is worth to whoever kills it or keeps it alive. */
export const worth = (face: Face): number => (isKing(face) ? 2 : 1) + strengthOf(face) / 20;

/** What a card is worth in play: a Mine guards a place as well as a strong unit. */
const layWorth = (face: Face | undefined): number =>
  face === undefined ? 0 : isMine(face) ? 12 : strengthOf(face);

/** The move to make now, or null when the bot owes none. */
export function chooseAction(
  view: BataillesView,
  legal: readonly BataillesPlay[],
  random: () => number,
  known: ReadonlyMap<CardId, number>,
): BataillesPlay | null {
  if (legal.length === 0) return null;
  const face = (card: CardId): Face | undefined => faceIn(view, card) ?? known.get(card);
  const value = (move: BataillesPlay): number => {
    switch (move.type) {
      case 'LAY':
      case 'REPLACE':
        return laidValue(move.cards.map(face), view);
      case 'ATTACK':
      case 'TEAMWORK':
        return fightValue(view, move, face);
      case 'SLACKER':
        return slackerValue(view, move, face);
      case 'PASS':
        return 0;
      case 'STOP':
        return leads(view) ? 1 : -1;
      case 'ANNOUNCE':
        return wordValue(view, move.deaths, face);
      case 'PEEK':
        return move.card === null ? 0 : face(move.card) === undefined ? 1 + random() : 0.5;
    }
  };
  let best: BataillesPlay[] = [];
  let bestValue = -Infinity;
  for (const move of legal) {
    const v = value(move);
    if (v > bestValue + 1e-9) {
      best = [move];
      bestValue = v;
    } else if (Math.abs(v - bestValue) <= 1e-9) best.push(move);
  }
  return best[Math.floor(random() * best.length)]!;
}

/** The face of `card` where the view shows it. */
function faceIn(view: BataillesView, card: CardId): Face | undefined {
  for (const c of [...view.hand, ...view.seats.flatMap((s) => s.play)])
    if (c?.card === card && c.face !== null) return c.face;
  return undefined;
}

/** Strong units and one Mine in play; a second Mine never (the rules forbid it). */
function laidValue(faces: readonly (Face | undefined)[], view: BataillesView): number {
  const mineInPlay = view.seats[view.seat]!.play.some((p) => p?.face != null && isMine(p.face));
  return faces.reduce<number>(
    (sum, f) => sum + (f !== undefined && isMine(f) && mineInPlay ? 0 : layWorth(f)),
    0,
  );
}

/** Faces of `owner`'s army that this seat has not seen on any other card. */
function unseenFaces(view: BataillesView, owner: number, except: CardId): Face[] {
  const seen = new Set<Face>();
  for (const s of view.seats) {
    for (const t of s.trophies) if (ownerOf(t.card) === owner) seen.add(t.face);
    for (const p of s.play)
      if (p && p.card !== except && ownerOf(p.card) === owner && p.face !== null) seen.add(p.face);
  }
  const faces = Array.from({ length: ARMY }, (_, f) => f).filter((f) => !seen.has(f));
  return faces.length > 0 ? faces : [0];
}

/**
 * The expected points of a fight for this seat: each outcome's kills less
 * its losses, over every face the unknown enemy cards may have. As the
 * single unit it picks the best split; facing a single unit, it expects the
 * worst.
 */
function fightValue(
  view: BataillesView,
  move: Extract<BataillesPlay, { type: 'ATTACK' | 'TEAMWORK' }>,
  face: (card: CardId) => Face | undefined,
): number {
  const ours =
    move.type === 'ATTACK'
      ? [move.unit]
      : view.seats[view.seat]!.play.flatMap((p) => (p ? [p.card] : []));
  const theirs = move.type === 'ATTACK' ? move.targets : [move.target];
  const mine = ours.map((c) => face(c) ?? 6);
  const choices = theirs.map((card) => {
    const f = face(card);
    return f === undefined ? unseenFaces(view, ownerOf(card), card) : [f];
  });
  let total = 0;
  let count = 0;
  for (const combo of product(choices)) {
    if (combo.length === 2 && combo[0] === combo[1]) continue;
    const outcomes = outcomesOf(mine, combo);
    const scoreOf = (dead: readonly number[]) =>
      dead.reduce(
        (sum, p) => sum + (p < mine.length ? -worth(mine[p]!) : worth(combo[p - mine.length]!)),
        0,
      );
    const values = outcomes.map(scoreOf);
    total += ours.length === 1 ? Math.max(...values) : Math.min(...values);
    count++;
  }
  return count === 0 ? 0 : total / count;
}

/**
 * The outcomes of a fight by faces, computed once each: the bot weighs the same
 * fights for every move it considers. At most one entry per pair of one or two faces
 * against one or two (16⁴), so the memory is bounded whatever the game.
 */
const outcomes = new Map<string, readonly (readonly number[])[]>();
function outcomesOf(
  ours: readonly Face[],
  theirs: readonly Face[],
): readonly (readonly number[])[] {
  const key = `${ours.join()}/${theirs.join()}`;
  let found = outcomes.get(key);
  if (found === undefined) {
    found = fightOutcomes(ours, theirs) ?? [[]];
    outcomes.set(key, found);
  }
  return found;
}

/** Every combination of one face from each list. */
function product(lists: readonly (readonly Face[])[]): Face[][] {
  return lists.reduce<Face[][]>(
    (acc, list) => acc.flatMap((combo) => list.map((f) => [...combo, f])),
    [[]],
  );
}

/** A Slacker is worth it to bring a unit in for a Mine that cannot attack; else it wastes a card. */
function slackerValue(
  view: BataillesView,
  move: Extract<BataillesPlay, { type: 'SLACKER' }>,
  face: (card: CardId) => Face | undefined,
): number {
  const out = face(move.unit);
  const into = face(move.card);
  if (out === undefined || into === undefined) return -2;
  const gain = (isMine(into) ? 0 : strengthOf(into)) - (isMine(out) ? 0 : strengthOf(out));
  return gain / 20 - 0.5;
}

/** This seat's points are the most, alone or shared, among the seats that may win (not those that left). */
function leads(view: BataillesView): boolean {
  const mine = view.seats[view.seat]!.score;
  return view.seats.every((s) => s.left || s.score <= mine);
}

/** A fight's word: the enemy's losses less this seat's. */
function wordValue(
  view: BataillesView,
  deaths: readonly CardId[] | null,
  face: (card: CardId) => Face | undefined,
): number {
  if (deaths === null) return 0;
  return deaths.reduce((sum, card) => {
    const f = face(card);
    const w = f === undefined ? 1 : worth(f);
    return sum + (ownerOf(card) === view.seat ? -w : w);
  }, 0);
}
