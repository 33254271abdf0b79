/**
 * Black & Red's deck, card values and the starting state of each hand.
 *
 * One standard deck (faces as in `cards.ts`). The deck was shuffled jointly
 * before a hand starts, so card ids say nothing about faces; the deal is
 * bookkeeping: seat 0 holds ids 0..6, seat 1 ids 7..13, id 14 is the upcard,
 * and ids 15..51 are the stock, top first.
 */
import { DECK_SIZE, faceColor, faceRank, isFace, type Face } from '../../cards.ts';
import type { CardId, DeckSpec, Seat, TableTerms } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import {
  HAND_SIZE,
  TARGET,
  type BlackRedOptions,
  type BlackRedSetupError,
  type BlackRedState,
  type Colour,
  type Hand,
  type Round,
} from './types.ts';

/** The one deck: a standard 52. */
export const BLACKRED_DECKS: readonly DeckSpec[] = [{ name: 'deck', size: DECK_SIZE }];

/** A card's value for the running total: Ace 1, 2..10 as marked, Jack, Queen and King 10. */
export function valueOf(face: Face): number {
  const rank = faceRank(face);
  return rank === 14 ? 1 : Math.min(rank, 10);
}

/** Hearts and diamonds are red, spades and clubs black. */
export const colourOf = (face: Face): Colour => faceColor(face);

/** The other colour. */
export const otherColour = (colour: Colour): Colour => (colour === 'red' ? 'black' : 'red');

/** True for a face of the deck. */
export const isDeckFace = (value: unknown): value is Face => isFace(value);

/** The other seat. */
export const other = (seat: Seat): Seat => 1 - seat;

/** True when every face is of one colour (and there is at least one). */
export const oneColour = (faces: readonly Face[]): boolean =>
  faces.length > 0 && faces.every((face) => colourOf(face) === colourOf(faces[0]!));

/** A round before its first discard; `last` is who discarded last before it (it starts it). */
export const freshRound = (last: Seat | null): Round => ({
  colour: null,
  total: 0,
  cards: 0,
  goes: 0,
  last,
});

const ids = (from: number, count: number): CardId[] =>
  Array.from({ length: count }, (_, i) => from + i);

/** Card id of the upcard: the stock's top card after both hands. */
export const UPCARD = 2 * HAND_SIZE;

/**
 * A fresh hand on a freshly shuffled deck: hands assigned (not yet dealt),
 * nothing public. `dealer` is null only before the coin; player one, the
 * non-dealer, moves first.
 */
export function newHand(number: number, dealer: Seat | null): Hand {
  return {
    number,
    dealer,
    hands: [ids(0, HAND_SIZE), ids(HAND_SIZE, HAND_SIZE)],
    dealt: [false, false],
    stock: ids(UPCARD + 1, DECK_SIZE - UPCARD - 1),
    upcard: UPCARD,
    upcardFace: null,
    upcardTaken: false,
    pile: [],
    round: freshRound(null),
    turn: dealer === null ? 0 : other(dealer),
    moves: 0,
    acted: [false, false],
    words: dealer === null ? [] : [other(dealer), dealer],
    pending: null,
    draw: null,
    ending: null,
    claims: [],
    reshuffles: 0,
    faces: Array<null>(DECK_SIZE).fill(null),
    log: dealer === null ? [] : [{ type: 'HAND', number, dealer }],
  };
}

/** The colour `seat` collects in `hand`: player one the upcard's, the dealer the other; null before the upcard. */
export function colourFor(hand: Hand, seat: Seat): Colour | null {
  if (hand.upcardFace === null || hand.dealer === null) return null;
  const upcard = colourOf(hand.upcardFace);
  return seat === hand.dealer ? otherColour(upcard) : upcard;
}

/**
 * The starting state of a match: no point scored, the first hand's deck
 * already shuffled by the table, waiting for the coin that picks the first
 * dealer.
 */
export function setup(options: BlackRedOptions = {}): Result<BlackRedState, BlackRedSetupError> {
  if (options === null || typeof options !== 'object' || Object.keys(options).length > 0)
    return err('ERR_OPTIONS');
  return ok({
    target: TARGET,
    score: [0, 0],
    history: [],
    hand: newHand(1, null),
    between: false,
    result: null,
  });
}

/** Black & Red's table terms, apart from its rules: one standard deck. */
export const blackredTerms: TableTerms<BlackRedState, BlackRedOptions> = {
  setup,
  decks: () => BLACKRED_DECKS,
};
