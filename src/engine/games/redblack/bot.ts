/**
 * The computer player of Red & Black. It sees only what a human in its seat
 * would: the view, the legal actions and `known`, the faces it can read
 * privately (its hand, river cards it placed or peeked).
 *
 * Memory: the bot keeps no state between calls; it replays the game log in
 * the view, which holds every public event (reveals, swaps, re-masks,
 * discards), to bound the opponent's hand: cards it revealed stay counted
 * after a re-mask hides which ids they are, and a card it put into the river
 * counts once its colour is learned. Private knowledge is used only while
 * the id still names the same card (no re-mask of that hand since), so the
 * bounds are always sound.
 *
 * Play: it calls when the counts are certain (or, late in a game, when a
 * split is very likely, and at last its best guess, so games end); it calls
 * at once, best guess or not, when its own hand is publicly certain, since
 * the opponent is about to call it, and on a fair chance when its hand is so
 * small that one attack may empty it. It attacks whenever the opponent's best
 * defence is expected to cost it a card or part of one: measured against the
 * easy player (scripts/strength.ts), that wins far more games than waiting for
 * a sure card. Otherwise it swaps to gather its majority colour, peeking at
 * cards the opponent put down. It never looks again at a river card it can
 * read (one it put down or peeked at) but to take it, or when no slot offers
 * anything else: such a look learns nothing, and taking a faceup card instead
 * won 56 % of 3,000 seeded games against the same player without that rule.
 * It defends with the answer that costs the fewest cards without leaving its
 * hand all faceup, showing as little as it can, and discards cards already
 * public first.
 */
import type { Face } from '../../cards.ts';
import type { CardId, Seat } from '../../game.ts';
import { randomMove } from '../common.ts';
import { faceColour } from './setup.ts';
import {
  COLOURS,
  type Colour,
  type RedBlackEvent,
  type RedBlackPlay,
  type RedBlackView,
} from './types.ts';

/** Turns after which a likely split (at least `LIKELY`) is worth calling. */
export const PATIENCE = 16;
/** Turns after which the bot calls its best guess whatever the odds. */
export const LAST_CALL = 40;
/** Probability of a split the bot calls at once, however early. */
export const SURE_ENOUGH = 0.9;
/** Probability of a split the bot calls once it has waited `PATIENCE` turns. */
export const LIKELY = 0.5;
/** A hand this small is in danger: one attack may empty it, and an empty hand is called at once. */
const DANGER = 2;
/** Probability of a split the bot calls while its hand is in danger. */
const WORTH_A_TRY = 0.3;
/** What leaving its whole hand faceup costs, in cards: the opponent calls it at once. */
const EXPOSED = 10;

/** The opponent's red count as the bot knows it: bounds and a distribution over red. */
export type HandEstimate = {
  readonly size: number;
  /** `odds[r]`: probability the hand holds `r` red cards (0 outside the bounds). */
  readonly odds: readonly number[];
  readonly min: number;
  readonly max: number;
};

/** The action to take now, one of `legal`, or null when the bot chooses to wait. */
export function chooseAction(
  view: RedBlackView,
  legal: readonly RedBlackPlay[],
  random: () => number,
  known: ReadonlyMap<CardId, Face> = new Map(),
): RedBlackPlay | null {
  if (legal.length === 0) return null;
  const call = chooseCall(view, legal, known);
  if (call !== null) return call;
  const kinds = new Set(legal.map((action) => action.type));
  if (kinds.has('GUESS')) return guess(view, legal, random, known);
  if (kinds.has('DEFEND')) return defend(view, legal, known);
  if (kinds.has('DISCARD')) return discard(view, legal, random, known);
  if (kinds.has('PLACE') || kinds.has('LEAVE')) return finishSwap(view, legal, random, known);
  if (kinds.has('SWAP') || kinds.has('ATTACK')) return turn(view, legal, random, known);
  // Only calls on offer and none worth making: wait.
  return null;
}

/**
 * The easy computer player: honest, careless and without memory. It calls
 * when every card of the opponent's hand is faceup, or once `LAST_CALL`
 * turns have passed (so that games end), guessing the facedown cards at
 * random; otherwise it makes a move at random, showing only cards of the
 * colour it names (a lie would lose the game on the reveal).
 */
export const chooseEasy: typeof chooseAction = (view, legal, random, known = new Map()) => {
  const calls = legal.filter((action) => action.type === 'CALL');
  const hidden = view.opponent.cards.filter((c) => c.face === null).length;
  if (calls.length > 0 && (hidden === 0 || view.turns >= LAST_CALL)) {
    const faceupRed = view.opponent.cards.filter(
      (c) => c.face !== null && faceColour(view.deck, c.face) === 'red',
    ).length;
    const red = faceupRed + Math.floor(random() * (hidden + 1));
    return calls.find((a) => a.type === 'CALL' && a.red === red) ?? null;
  }
  const honest = legal.filter(
    (action) =>
      action.type !== 'CALL' &&
      ((action.type !== 'ATTACK' && action.type !== 'DEFEND') ||
        action.cards.every((card) => colourOf(view, known, card) === action.colour)),
  );
  return randomMove(honest, random);
};

// ---------------------------------------------------------------- knowledge

/** The colour of `card` if it is public or the bot can read it now, else null. */
function colourOf(
  view: RedBlackView,
  known: ReadonlyMap<CardId, Face>,
  card: CardId,
): Colour | null {
  const face = publicFace(view, card) ?? known.get(card);
  return face === undefined || face === null ? null : faceColour(view.deck, face);
}

function publicFace(view: RedBlackView, card: CardId): Face | null {
  const all = [...view.hand, ...view.opponent.cards, ...view.river, ...view.discard];
  return all.find((c) => c.card === card)?.face ?? null;
}

/** Red and black counts among `cards`, and how many are unknown. */
function tally(view: RedBlackView, known: ReadonlyMap<CardId, Face>, cards: readonly CardId[]) {
  let red = 0;
  let black = 0;
  for (const card of cards) {
    const colour = colourOf(view, known, card);
    if (colour === 'red') red++;
    if (colour === 'black') black++;
  }
  return { red, black, unknown: cards.length - red - black };
}

/**
 * Lower bounds on the red and black cards of `seat`'s hand from the log: a
 * set of ids with known colours (unchanged since learned) plus floors on the
 * rest. `known` is used only for ids whose identity is certain (see the
 * module comment); pass an empty map for what everyone knows.
 */
export function handBounds(
  view: RedBlackView,
  seat: Seat,
  known: ReadonlyMap<CardId, Face>,
): { red: number; black: number; size: number } {
  const { log } = view;
  const linked = new Map<CardId, Colour>();
  let floor = { red: 0, black: 0 };
  let size = 0;
  const drop = (colour: Colour | null) => {
    // The unlinked rest lost a card: a known colour lowers its floor, an unknown one both.
    if (colour !== 'black') floor = { ...floor, red: Math.max(0, floor.red - 1) };
    if (colour !== 'red') floor = { ...floor, black: Math.max(0, floor.black - 1) };
  };
  log.forEach((event, i) => {
    if (event.type === 'DEAL' && event.seat === seat) {
      size = event.cards.length;
      linked.clear();
      floor = { red: 0, black: 0 };
    } else if (event.type === 'SHOWN' && event.seat === seat && !linked.has(event.card)) {
      const colour = faceColour(view.deck, event.face);
      linked.set(event.card, colour);
      floor = { ...floor, [colour]: Math.max(0, floor[colour] - 1) };
    } else if (event.type === 'REMASK' && event.seat === seat) {
      for (const colour of linked.values()) floor = { ...floor, [colour]: floor[colour] + 1 };
      linked.clear();
    } else if (event.type === 'PLACE' && event.seat === seat) {
      if (linked.has(event.placed)) linked.delete(event.placed);
      else drop(placedColour(view, known, i));
      const took =
        event.tookFace !== null
          ? faceColour(view.deck, event.tookFace)
          : tookColour(view, known, i);
      if (took !== null) linked.set(event.took, took);
      // size is unchanged: one card out, one in.
    } else if (event.type === 'DISCARD' && event.seat === seat) {
      for (const card of event.cards) {
        if (linked.has(card)) linked.delete(card);
        else drop(null);
        size--;
      }
    }
  });
  const colours = [...linked.values()];
  return {
    red: floor.red + colours.filter((c) => c === 'red').length,
    black: floor.black + colours.filter((c) => c === 'black').length,
    size,
  };
}

/**
 * The colour of the card placed at log entry `at`, if learned since while it
 * is surely the same card: flipped in the river, or still in its slot and
 * public or readable by the bot.
 */
function placedColour(
  view: RedBlackView,
  known: ReadonlyMap<CardId, Face>,
  at: number,
): Colour | null {
  const placed = view.log[at] as Extract<RedBlackEvent, { type: 'PLACE' }>;
  const card = placed.placed;
  for (const event of view.log.slice(at + 1)) {
    if (event.type === 'FLIP' && event.card === card) return faceColour(view.deck, event.face);
    if (event.type === 'PLACE' && (event.took === card || event.placed === card)) return null;
  }
  const slot = view.river.find((s) => s.card === card);
  if (slot === undefined) return null;
  if (slot.face !== null) return faceColour(view.deck, slot.face);
  return slot.readable ? colourOf(view, known, card) : null;
}

/**
 * The colour of a facedown card taken at log entry `at`, if the bot can read
 * it now and the taker's hand has not been re-masked since (same card).
 */
function tookColour(
  view: RedBlackView,
  known: ReadonlyMap<CardId, Face>,
  at: number,
): Colour | null {
  const taken = view.log[at] as Extract<RedBlackEvent, { type: 'PLACE' }>;
  const later = view.log.slice(at + 1);
  if (later.some((e) => (e.type === 'REMASK' || e.type === 'PLACE') && e.seat === taken.seat))
    return null;
  const holder = taken.seat === view.seat ? view.hand : view.opponent.cards;
  if (!holder.some((c) => c.card === taken.took)) return null;
  const face = known.get(taken.took);
  return face === undefined ? null : faceColour(view.deck, face);
}

/** Red and black cards the bot can see outside `seat`'s hand (own hand, river, discards). */
function seenOutside(view: RedBlackView, seat: Seat, known: ReadonlyMap<CardId, Face>) {
  const cards = [
    ...(seat === view.seat ? [] : view.hand.map((c) => c.card)),
    ...(seat === view.seat ? view.opponent.cards.map((c) => c.card) : []),
    ...view.river.map((s) => s.card),
    ...view.discard.map((c) => c.card),
  ];
  return tally(view, known, cards);
}

/**
 * What the bot knows of `seat`'s red count: log bounds, then the unseen
 * cards for the rest (as if drawn at random from every card it has not seen).
 */
export function estimate(
  view: RedBlackView,
  seat: Seat,
  known: ReadonlyMap<CardId, Face>,
): HandEstimate {
  const size = (seat === view.seat ? view.hand : view.opponent.cards).length;
  const bounds = handBounds(view, seat, known);
  const seen = seenOutside(view, seat, known);
  const floorRed = Math.min(bounds.red, size);
  const floorBlack = Math.min(bounds.black, size - floorRed);
  const free = size - floorRed - floorBlack;
  const redLeft = Math.max(0, view.deck.red - seen.red - floorRed);
  const blackLeft = Math.max(0, view.deck.black - seen.black - floorBlack);
  const odds = Array<number>(size + 1).fill(0);
  for (let x = Math.max(0, free - blackLeft); x <= Math.min(free, redLeft); x++)
    odds[floorRed + x] = choose(redLeft, x) * choose(blackLeft, free - x);
  const total = odds.reduce((a, b) => a + b, 0);
  if (total === 0) {
    // Inconsistent knowledge (it should not happen): fall back to the floors.
    odds[floorRed] = 1;
    return { size, odds, min: floorRed, max: floorRed };
  }
  const norm = odds.map((p) => p / total);
  const support = norm.flatMap((p, r) => (p > 0 ? [r] : []));
  return { size, odds: norm, min: support[0]!, max: support.at(-1)! };
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

// ---------------------------------------------------------------- calls

function chooseCall(
  view: RedBlackView,
  legal: readonly RedBlackPlay[],
  known: ReadonlyMap<CardId, Face>,
): RedBlackPlay | null {
  const calls = legal.filter((a) => a.type === 'CALL');
  if (calls.length === 0) return null;
  const guess = estimate(view, view.opponent.seat, known);
  const best = guess.odds.reduce((b, p, r) => (p > (guess.odds[b] ?? 0) ? r : b), 0);
  const p = guess.odds[best] ?? 0;
  const exposed = isExposed(view);
  const worth =
    guess.min === guess.max ||
    p >= SURE_ENOUGH ||
    (view.turns >= PATIENCE && p >= LIKELY) ||
    (view.hand.length <= DANGER && p >= WORTH_A_TRY) ||
    view.turns >= LAST_CALL ||
    exposed;
  if (!worth) return null;
  return calls.find((a) => a.type === 'CALL' && a.red === best) ?? null;
}

/**
 * True when the public log pins the bot's own hand exactly: the opponent can
 * call it now, so the bot should call first, sure or not.
 */
function isExposed(view: RedBlackView): boolean {
  const bounds = handBounds(view, view.seat, new Map());
  return view.hand.length > 0 && bounds.red + bounds.black >= view.hand.length;
}

// ---------------------------------------------------------------- opening

function guess(
  view: RedBlackView,
  legal: readonly RedBlackPlay[],
  random: () => number,
  known: ReadonlyMap<CardId, Face>,
): RedBlackPlay {
  // The third card comes from the cards the bot has not seen: guess the colour with more of them.
  const seen = tally(view, known, [
    ...view.hand.map((c) => c.card),
    ...view.river.map((s) => s.card),
  ]);
  const red = view.deck.red - seen.red;
  const black = view.deck.black - seen.black;
  const colour: Colour =
    red === black ? (random() < 0.5 ? 'red' : 'black') : red > black ? 'red' : 'black';
  return legal.find((a) => a.type === 'GUESS' && a.colour === colour) ?? legal[0]!;
}

// ---------------------------------------------------------------- turns

/** The bot's cards by colour (known faces only). */
function myCards(view: RedBlackView, known: ReadonlyMap<CardId, Face>, colour: Colour): CardId[] {
  return view.hand.map((c) => c.card).filter((card) => colourOf(view, known, card) === colour);
}

/**
 * River colours as the bot knows them: counts by colour and, for cards it
 * cannot read, the chance each is red.
 */
function riverKnowledge(view: RedBlackView, known: ReadonlyMap<CardId, Face>) {
  const seen = seenOutside(view, view.opponent.seat, known);
  const opponent = estimate(view, view.opponent.seat, known);
  const oppRed = opponent.odds.reduce((sum, p, r) => sum + p * r, 0);
  const unseenRed = Math.max(0, view.deck.red - seen.red - oppRed);
  const unseenBlack = Math.max(0, view.deck.black - seen.black - (opponent.size - oppRed));
  const pRed = unseenRed + unseenBlack === 0 ? 0.5 : unseenRed / (unseenRed + unseenBlack);
  const counts = tally(
    view,
    known,
    view.river.map((s) => s.card),
  );
  return { red: counts.red, black: counts.black, unknown: counts.unknown, pRed };
}

/** Expected value of `f(extraRed)` over `n` unknown river cards, each red with chance `p`. */
function overRiver(n: number, p: number, f: (extraRed: number) => number): number {
  let sum = 0;
  for (let k = 0; k <= n; k++) sum += choose(n, k) * p ** k * (1 - p) ** (n - k) * f(k);
  return sum;
}

/** Damage an attack of `k` cards of `colour` does when the defender answers as well as it can. */
function bestDefenceDamage(
  k: number,
  colour: Colour,
  defendRed: number,
  defendSize: number,
  riverRed: number,
  riverSize: number,
): number {
  const same = colour === 'red' ? defendRed : defendSize - defendRed;
  const otherCards = defendSize - same;
  const riverSame = colour === 'red' ? riverRed : riverSize - riverRed;
  const sameColour = Math.max(0, k - same);
  const otherColour = Math.max(0, k + riverSame - otherCards - (riverSize - riverSame));
  return Math.min(sameColour, otherColour, defendSize);
}

function turn(
  view: RedBlackView,
  legal: readonly RedBlackPlay[],
  random: () => number,
  known: ReadonlyMap<CardId, Face>,
): RedBlackPlay {
  const attack = bestAttack(view, legal, known);
  if (attack !== null) return attack;
  return chooseSwap(view, legal, random, known);
}

function bestAttack(
  view: RedBlackView,
  legal: readonly RedBlackPlay[],
  known: ReadonlyMap<CardId, Face>,
): RedBlackPlay | null {
  if (!legal.some((a) => a.type === 'ATTACK')) return null;
  const opponent = estimate(view, view.opponent.seat, known);
  const river = riverKnowledge(view, known);
  let best: { action: RedBlackPlay; damage: number } | null = null;
  for (const colour of COLOURS) {
    const cards = myCards(view, known, colour);
    if (cards.length === 0) continue;
    const damage = opponent.odds.reduce(
      (sum, p, r) =>
        sum +
        p *
          overRiver(river.unknown, river.pRed, (extra) =>
            bestDefenceDamage(
              cards.length,
              colour,
              r,
              opponent.size,
              river.red + extra,
              view.river.length,
            ),
          ),
      0,
    );
    const action = findShowing(legal, 'ATTACK', colour, cards);
    if (action !== null && damage > 0 && (best === null || damage > best.damage))
      best = { action, damage };
  }
  return best?.action ?? null;
}

/** The legal ATTACK or DEFEND of `colour` with exactly `cards`. */
function findShowing(
  legal: readonly RedBlackPlay[],
  type: 'ATTACK' | 'DEFEND',
  colour: Colour,
  cards: readonly CardId[],
): RedBlackPlay | null {
  return (
    legal.find(
      (a) =>
        a.type === type &&
        a.colour === colour &&
        a.cards.length === cards.length &&
        cards.every((c) => a.cards.includes(c)),
    ) ?? null
  );
}

/** The colour the bot holds more of (ties: red), and its hand split by colour. */
function majority(view: RedBlackView, known: ReadonlyMap<CardId, Face>) {
  const red = myCards(view, known, 'red');
  const black = myCards(view, known, 'black');
  const main: Colour = black.length > red.length ? 'black' : 'red';
  return { main, minority: main === 'red' ? black : red };
}

function chooseSwap(
  view: RedBlackView,
  legal: readonly RedBlackPlay[],
  random: () => number,
  known: ReadonlyMap<CardId, Face>,
): RedBlackPlay {
  const swaps = legal.filter((a) => a.type === 'SWAP');
  if (swaps.length === 0) {
    // No swap possible (empty hand, river all faceup): the attack that shows nothing.
    const attacks = legal.filter((a) => a.type === 'ATTACK');
    return (
      attacks.find((a) => a.type === 'ATTACK' && a.cards.length === 0) ?? pick(attacks, random)
    );
  }
  const { main, minority } = majority(view, known);
  const score = (slot: number): number => {
    const river = view.river[slot]!;
    const colour = colourOf(view, known, river.card);
    // Gather the majority colour; otherwise learn what the opponent put down. A card this
    // seat can read, even one its page no longer reads (the opponent peeked at it since),
    // is worth a look only when nothing else is on offer.
    if (colour === main && minority.length > 0) return river.faceup ? 4 : 3;
    if (!river.faceup && !river.readable) return river.placedBy === view.opponent.seat ? 2 : 1.5;
    if (!river.faceup) return -1;
    return 0;
  };
  const scored = swaps.map((a) => ({ a, s: a.type === 'SWAP' ? score(a.slot) : 0 }));
  const top = Math.max(...scored.map((x) => x.s));
  return pick(
    scored.filter((x) => x.s === top).map((x) => x.a),
    random,
  );
}

function finishSwap(
  view: RedBlackView,
  legal: readonly RedBlackPlay[],
  random: () => number,
  known: ReadonlyMap<CardId, Face>,
): RedBlackPlay {
  const swap = view.swap!;
  const slot = view.river[swap.slot]!;
  const colour = colourOf(view, known, slot.card);
  const { main, minority } = majority(view, known);
  const placeFrom = (cards: readonly CardId[]) =>
    legal.filter((a) => a.type === 'PLACE' && cards.includes(a.card));
  if (colour === main && minority.length > 0) return pick(placeFrom(minority), random);
  const leave = legal.find((a) => a.type === 'LEAVE');
  if (leave !== undefined) return leave;
  // A faceup card must be taken: give one of its colour, so the hand keeps its make-up.
  const same = placeFrom(colour === null ? [] : myCards(view, known, colour));
  return pick(same.length > 0 ? same : legal.filter((a) => a.type === 'PLACE'), random);
}

// ---------------------------------------------------------------- defence

function defend(
  view: RedBlackView,
  legal: readonly RedBlackPlay[],
  known: ReadonlyMap<CardId, Face>,
): RedBlackPlay {
  const attack = view.attack!;
  const k = attack.cards.length;
  const river = riverKnowledge(view, known);
  const options = COLOURS.map((colour) => {
    const mine = myCards(view, known, colour);
    if (colour === attack.colour) {
      // Show just enough to block: every extra card is information for free.
      const cards = mine.slice(0, Math.min(k, mine.length));
      return { colour, cards, damage: Math.max(0, k - cards.length) };
    }
    const damage = overRiver(river.unknown, river.pRed, (extra) => {
      const red = river.red + extra;
      const riverAttack = attack.colour === 'red' ? red : view.river.length - red;
      return Math.max(0, k + riverAttack - mine.length - (view.river.length - riverAttack));
    });
    return { colour, cards: mine, damage };
  });
  // Never a hand left all faceup: the attacker calls it before this seat's next move.
  // Then least damage, fewest cards shown, the same colour (the river, with any card
  // the bot put there, stays hidden).
  const cost = (o: { cards: readonly CardId[]; damage: number }) =>
    o.damage + (hiddenAfter(view, o.cards) === 0 ? EXPOSED : 0);
  const same = (o: { colour: Colour }) => (o.colour === attack.colour ? 0 : 1);
  options.sort((a, b) => cost(a) - cost(b) || a.cards.length - b.cards.length || same(a) - same(b));
  for (const option of options) {
    const action = findShowing(legal, 'DEFEND', option.colour, option.cards);
    if (action !== null) return action;
  }
  return legal[0]!;
}

/** The bot's hand cards still facedown once it shows `shown`. */
function hiddenAfter(view: RedBlackView, shown: readonly CardId[]): number {
  return view.hand.filter((c) => c.face === null && !shown.includes(c.card)).length;
}

function discard(
  view: RedBlackView,
  legal: readonly RedBlackPlay[],
  random: () => number,
  known: ReadonlyMap<CardId, Face>,
): RedBlackPlay {
  // Cards already public cost no information; then give up the minority colour.
  const { minority } = majority(view, known);
  const isPublic = (card: CardId) => view.hand.some((c) => c.card === card && c.face !== null);
  const cost = (card: CardId): number => (isPublic(card) ? 0 : minority.includes(card) ? 1 : 2);
  const scored = legal.map((a) => ({
    a,
    s: a.type === 'DISCARD' ? a.cards.reduce((sum, c) => sum + cost(c), 0) : Infinity,
  }));
  const low = Math.min(...scored.map((x) => x.s));
  return pick(
    scored.filter((x) => x.s === low).map((x) => x.a),
    random,
  );
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}
