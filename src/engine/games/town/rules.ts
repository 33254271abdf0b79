/**
 * Town for Two's rules as pure functions (docs/rules.md, Town for Two).
 *
 * The game as the table sees it through `needs`:
 *
 * 1. The opening: `REVEAL` the top card of both decks together; each becomes
 *    a pile of its own (seat 0's first). The higher rank's owner goes first;
 *    on equal ranks both turn their next card as two more piles, until one is
 *    higher.
 * 2. `DEAL` five cards to the first player, then five to the other (each
 *    readable by its owner alone).
 * 3. Turns. `ACT`: the turn player `PLAY`s 1 to 5 hand cards as one run
 *    (each card exactly 1 away from the one before; Aces are 1 and do not
 *    wrap to 10) onto one existing pile whose top card is exactly 1 away from
 *    the run's first card, or as one new pile. The play names the faces its
 *    player reads on the cards, so a play that breaks a rule is refused at
 *    once, before anything is turned; then the cards are `REVEAL`ed as the
 *    player's claim, and a face other than the one named is refused with
 *    `ERR_FACE_MISMATCH`: the table names the player and it loses, whoever's
 *    share turned the card. Once every face is
 *    public the run goes onto its pile and the turn passes; the player then
 *    draws back to 5 (`DEAL`) from their own deck.
 *
 * The end: as soon as a player cannot draw back up to five, the game is over,
 * before any draw (what is left in the deck stays unseen). This is checked
 * where a draw is owed: after the opening (a long run of equal flips can
 * leave fewer than five), and after each play. With one card left and one
 * card played the player draws it and play goes on; two played, the game
 * ends. Equal flips until a deck is empty also end the game, with no first
 * player.
 *
 * Scoring, live and at the end: one-card piles are removed; every other pile
 * goes to the seat whose colour is on top (its top card came from that
 * seat's deck); each seat scores 1 for every card of its own colour in the
 * piles it took. More points wins; equal is a draw. Hand cards never count.
 */
import type { CardId, Need, Outcome, Seat } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { isInput } from '../common.ts';
import { isTownFace, other, ownerOf, rankOf } from './setup.ts';
import {
  HAND_SIZE,
  SEATS,
  type PerSeat,
  type PileScore,
  type Score,
  type TownError,
  type TownEvent,
  type TownFace,
  type TownFact,
  type TownPlay,
  type TownState,
} from './types.ts';

type Res = Result<TownState, TownError>;

const FACTS = ['REVEAL', 'DEALT'];

// ---------------------------------------------------------------- runs and targets

/** A hand card with the face its player reads on it. */
export type KnownCard = { readonly card: CardId; readonly face: TownFace };

/** True when each rank differs from the one before by exactly 1. */
export function isRun(ranks: readonly number[]): boolean {
  return ranks.every((rank, i) => i === 0 || Math.abs(rank - ranks[i - 1]!) === 1);
}

/** True when a run starting at `rank` may go onto a pile whose top card has `top`. */
export const adjacent = (rank: number, top: number): boolean => Math.abs(rank - top) === 1;

/** The rank of each pile's top card (every pile card is faceup, so its face is public). */
export function topRanks(state: TownState): number[] {
  return state.piles.map((pile) => rankOf(state.faces[pile.at(-1)!]!));
}

/**
 * Every run of 1..5 of `hand` (distinct cards, in play order), depth first:
 * a run and then its extensions.
 */
export function runsOf(hand: readonly KnownCard[]): KnownCard[][] {
  const runs: KnownCard[][] = [];
  const grow = (run: KnownCard[]) => {
    runs.push(run);
    if (run.length === HAND_SIZE) return;
    const last = rankOf(run.at(-1)!.face);
    for (const next of hand)
      if (!run.includes(next) && adjacent(rankOf(next.face), last)) grow([...run, next]);
  };
  for (const start of hand) grow([start]);
  return runs;
}

/** Every legal play of `hand` (faces known) onto piles with these top ranks, or as a new pile. */
export function playsOf(
  hand: readonly KnownCard[],
  tops: readonly number[],
): { cards: CardId[]; faces: TownFace[]; pile: number | null }[] {
  return runsOf(hand).flatMap((run) => {
    const cards = run.map((c) => c.card);
    const faces = run.map((c) => c.face);
    const first = rankOf(faces[0]!);
    const piles = tops.flatMap((top, pile) => (adjacent(first, top) ? [pile] : []));
    return [null, ...piles].map((pile) => ({ cards, faces, pile }));
  });
}

// ---------------------------------------------------------------- scoring

/** The score of `piles` as they stand: one-card piles count for nobody. */
export function scoreOf(piles: readonly (readonly CardId[])[]): Score {
  const points: [number, number] = [0, 0];
  const scored: PileScore[] = piles.map((cards, pile) => {
    if (cards.length < 2) return { pile, size: cards.length, owner: null, points: 0 };
    const owner = ownerOf(cards.at(-1)!);
    const worth = cards.filter((card) => ownerOf(card) === owner).length;
    points[owner] = points[owner]! + worth;
    return { pile, size: cards.length, owner, points: worth };
  });
  return { points, piles: scored };
}

// ---------------------------------------------------------------- queries

const unknown = (state: TownState, cards: readonly CardId[]): CardId[] =>
  cards.filter((card) => state.faces[card] === null);

/** The draw owed now: the first seat (first player first) whose hand is short. */
function drawOwed(state: TownState): { seat: Seat; cards: CardId[] } | null {
  if (state.first === null) return null;
  for (const seat of [state.first, other(state.first)]) {
    const short = HAND_SIZE - state.hands[seat]!.length;
    if (short > 0) return { seat, cards: state.decks[seat]!.slice(0, short) };
  }
  return null;
}

/**
 * What the game waits for: the opening flips or a play to be revealed, a
 * draw, or the turn player's play; nothing once the game is over.
 */
export function needs(state: TownState): Need[] {
  if (state.result !== null) return [];
  if (state.flips !== null) return [{ type: 'REVEAL', cards: unknown(state, state.flips) }];
  if (state.pending !== null)
    return [
      { type: 'REVEAL', cards: unknown(state, state.pending.cards), claim: state.pending.seat },
    ];
  const draw = drawOwed(state);
  if (draw !== null) return [{ type: 'DEAL', cards: draw.cards, to: draw.seat }];
  return [{ type: 'ACT', seats: [state.turn] }];
}

const owesPlay = (state: TownState, seat: Seat): boolean =>
  needs(state).some((need) => need.type === 'ACT' && need.seats.includes(seat));

/**
 * Every legal play of `seat` now. The rules cannot see a hand, so they need
 * `known`, the faces the seat reads on its own cards (the table gives them);
 * without it they list nothing.
 */
export function legalActions(
  state: TownState,
  seat: Seat,
  known: ReadonlyMap<CardId, number> = new Map(),
): TownPlay[] {
  if (!isSeat(seat) || !owesPlay(state, seat)) return [];
  const hand = state.hands[seat]!.flatMap((card) => {
    const face = known.get(card);
    return isTownFace(face) ? [{ card, face }] : [];
  });
  return playsOf(hand, topRanks(state)).map((play) => ({ type: 'PLAY', seat, ...play }));
}

/** How the game ended, or null while it goes on. */
export function outcome(state: TownState): Outcome | null {
  const { result } = state;
  if (result === null) return null;
  return result.winner === null
    ? { result: 'draw', reason: 'POINTS' }
    : { result: 'win', winners: [result.winner], reason: 'POINTS' };
}

// ---------------------------------------------------------------- move and fact

/** Applies a player's play; returns the next state or why it is refused. */
export function move(state: TownState, play: TownPlay): Res {
  if (!isInput(play, ['PLAY'])) return err('ERR_ACTION');
  if (state.result !== null) return err('ERR_GAME_OVER');
  if (!isSeat(play.seat)) return err('ERR_SEAT');
  return playMove(state, play);
}

/** Applies a fact the table established; returns the next state or why it is refused. */
export function fact(state: TownState, input: TownFact): Res {
  if (!isInput(input, FACTS)) return err('ERR_ACTION');
  if (state.result !== null) return err('ERR_GAME_OVER');
  return input.type === 'REVEAL' ? reveal(state, input.card, input.face) : dealt(state, input);
}

/** Why `play` breaks a rule on `state`, or null when it is legal. */
export function checkPlay(
  state: TownState,
  seat: Seat,
  cards: unknown,
  faces: unknown,
  pile: unknown,
): TownError | null {
  if (!owesPlay(state, seat)) return 'ERR_NOT_YOUR_TURN';
  if (!Array.isArray(cards) || !Array.isArray(faces)) return 'ERR_ACTION';
  if (cards.length === 0) return 'ERR_NO_CARDS';
  if (cards.length > HAND_SIZE) return 'ERR_TOO_MANY_CARDS';
  if (new Set(cards).size !== cards.length) return 'ERR_DUPLICATE_CARD';
  const hand = state.hands[seat]!;
  if (!cards.every((card) => hand.includes(card as CardId))) return 'ERR_NOT_IN_HAND';
  if (
    faces.length !== cards.length ||
    !faces.every(isTownFace) ||
    new Set(faces).size !== faces.length
  )
    return 'ERR_FACES';
  if (faces.some((face) => publicFaces(state, seat).includes(face))) return 'ERR_FACE_CONFLICT';
  const ranks = faces.map(rankOf);
  if (!isRun(ranks)) return 'ERR_NOT_A_RUN';
  if (pile === null) return null;
  if (typeof pile !== 'number' || !Number.isInteger(pile) || pile < 0 || pile >= state.piles.length)
    return 'ERR_NO_SUCH_PILE';
  return adjacent(ranks[0]!, topRanks(state)[pile]!) ? null : 'ERR_NOT_ADJACENT_TO_PILE';
}

function playMove(state: TownState, play: TownPlay): Res {
  const bad = checkPlay(state, play.seat, play.cards, play.faces, play.pile);
  if (bad !== null) return err(bad);
  const { seat } = play;
  const cards = [...play.cards];
  const hands = setSeat(
    state.hands,
    seat,
    state.hands[seat]!.filter((card) => !cards.includes(card)),
  );
  const pending = { seat, cards, faces: [...play.faces], pile: play.pile };
  return ok({ ...state, hands, pending });
}

/** Faces of `seat`'s deck already faceup on the table: none of them can be in its hand. */
function publicFaces(state: TownState, seat: Seat): TownFace[] {
  return state.faces.flatMap((face, card) =>
    face !== null && ownerOf(card) === seat ? [face] : [],
  );
}

// ---------------------------------------------------------------- facts

function reveal(state: TownState, card: unknown, face: unknown): Res {
  const need = needs(state)[0];
  if (need?.type !== 'REVEAL' || !need.cards.includes(card as CardId)) return err('ERR_NOT_NEEDED');
  const id = card as CardId;
  if (!isTownFace(face)) return err('ERR_FACE');
  // An honest deck holds each face once; a second card with a public face proves a bad reveal.
  if (publicFaces(state, ownerOf(id)).includes(face)) return err('ERR_FACE_CONFLICT');
  const { pending } = state;
  if (pending !== null && pending.faces[pending.cards.indexOf(id)] !== face)
    return err('ERR_FACE_MISMATCH');
  const faces = state.faces.map((known, i) => (i === id ? face : known));
  return ok(settle({ ...state, faces }));
}

function dealt(state: TownState, fact: Extract<TownFact, { type: 'DEALT' }>): Res {
  const need = needs(state)[0];
  if (need?.type !== 'DEAL' || fact.to !== need.to || !sameCards(fact.cards, need.cards))
    return err('ERR_NOT_NEEDED');
  const seat = need.to;
  const hands = setSeat(state.hands, seat, [...state.hands[seat]!, ...need.cards]);
  const decks = setSeat(state.decks, seat, state.decks[seat]!.slice(need.cards.length));
  return ok(logged({ ...state, hands, decks }, { type: 'DRAW', seat, cards: [...need.cards] }));
}

// ---------------------------------------------------------------- progress

/** Moves on once every card being turned is faceup: the opening's verdict, or a play onto its pile. */
function settle(state: TownState): TownState {
  if (state.flips !== null) return unknown(state, state.flips).length > 0 ? state : opened(state);
  if (state.pending !== null && unknown(state, state.pending.cards).length === 0)
    return played(state);
  return state;
}

function opened(state: TownState): TownState {
  const flips = state.flips!;
  let next = state;
  flips.forEach((card, seat) => {
    const pile = next.piles.length;
    next = logged(
      { ...next, piles: [...next.piles, [card]] },
      { type: 'FLIP', seat, card, face: state.faces[card]!, pile },
    );
  });
  const [red, black] = flips.map((card) => rankOf(state.faces[card]!));
  if (red === black) {
    const [a, b] = next.decks;
    if (a.length === 0 || b.length === 0) return ended(next, a.length === 0 ? 0 : 1, HAND_SIZE);
    return { ...next, flips: [a[0]!, b[0]!], decks: [a.slice(1), b.slice(1)] };
  }
  const first: Seat = red! > black! ? 0 : 1;
  next = logged({ ...next, flips: null, first, turn: first }, { type: 'FIRST', seat: first });
  for (const seat of [first, other(first)]) {
    const short = HAND_SIZE - next.decks[seat]!.length;
    if (short > 0) return ended(next, seat, short);
  }
  return next;
}

function played(state: TownState): TownState {
  const { seat, cards, faces, pile: target } = state.pending!;
  const fresh = target === null;
  const pile = fresh ? state.piles.length : target;
  const piles = fresh
    ? [...state.piles, cards]
    : state.piles.map((p, i) => (i === pile ? [...p, ...cards] : p));
  const next = logged(
    { ...state, piles, pending: null, turns: state.turns + 1, turn: other(seat) },
    { type: 'PLAY', seat, cards: [...cards], faces: [...faces], pile, fresh },
  );
  const short = cards.length - state.decks[seat]!.length;
  return short > 0 ? ended(next, seat, short) : next;
}

/** The game ends at once: `seat` cannot draw back up to five (`short` cards missing). */
function ended(state: TownState, seat: Seat, short: number): TownState {
  const score = scoreOf(state.piles);
  const [a, b] = score.points;
  const winner = a === b ? null : a > b ? 0 : 1;
  return logged(
    { ...state, result: { winner, reason: 'CANNOT_DRAW', seat, score } },
    { type: 'END', seat, short },
  );
}

// ---------------------------------------------------------------- helpers

function logged(state: TownState, event: TownEvent): TownState {
  return { ...state, log: [...state.log, event] };
}

function setSeat<T>(pair: PerSeat<T>, seat: Seat, value: T): PerSeat<T> {
  return seat === 0 ? [value, pair[1]] : [pair[0], value];
}

function isSeat(seat: unknown): seat is Seat {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < SEATS;
}

/** Same ids, in the same order (a draw takes the deck's top cards in order). */
function sameCards(cards: unknown, expected: readonly CardId[]): boolean {
  return (
    Array.isArray(cards) &&
    cards.length === expected.length &&
    cards.every((card, i) => card === expected[i])
  );
}
