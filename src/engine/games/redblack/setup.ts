/**
 * Red & Black's deck and deal: face numbering for any deck make-up, the
 * options, and the starting state of each game of a match.
 *
 * A deck of `red + black` faces: face `f < red` is red, the others black.
 * Only colour counts; ranks are shown so the cards look like cards. The k-th
 * red face is drawn as the k-th card of hearts 2..A then diamonds 2..A, and
 * the k-th black face as spades 2..A then clubs 2..A, cycling when a colour
 * has more than 26 cards.
 *
 * The deck was shuffled jointly before a game starts, so card ids say
 * nothing about faces; the deal is bookkeeping: seat 0 holds ids 0..4, seat 1
 * ids 5..9, the river ids 10, 11, 12, and the rest stay in the stock unseen.
 */
import { faceLabel as standardLabel, faceOf, type Face } from '../../cards.ts';
import type { CardId, Seat, TableTerms } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { inRange } from '../common.ts';
import {
  COLOUR_COUNTS,
  HAND_SIZE,
  RIVER_SIZE,
  TARGETS,
  type Colour,
  type Deck,
  type RedBlackOptions,
  type RedBlackSetupError,
  type RedBlackState,
  type Round,
} from './types.ts';

/** The deck make-up the options ask for (defaults filled in), unchecked. */
export function deckOf(options: RedBlackOptions = {}): Deck {
  return {
    red: options.red ?? COLOUR_COUNTS.default,
    black: options.black ?? COLOUR_COUNTS.default,
  };
}

/** Cards in the deck for these options: the table builds a deck of this many faces. */
export function deckSize(options: RedBlackOptions = {}): number {
  const deck = deckOf(options);
  return deck.red + deck.black;
}

/** True for a face of `deck`: an integer in `0..red+black-1`. */
export function isDeckFace(deck: Deck, value: unknown): value is Face {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value < deck.red + deck.black
  );
}

/** The colour of `face` in `deck`. */
export function faceColour(deck: Deck, face: Face): Colour {
  return face < deck.red ? 'red' : 'black';
}

const RED_SUITS = ['hearts', 'diamonds'] as const;
const BLACK_SUITS = ['spades', 'clubs'] as const;

/** The standard-deck face `face` is drawn as (hearts/diamonds for red, spades/clubs for black). */
export function standardFace(deck: Deck, face: Face): Face {
  const red = faceColour(deck, face) === 'red';
  const k = (red ? face : face - deck.red) % 26;
  const suit = (red ? RED_SUITS : BLACK_SUITS)[Math.floor(k / 13)]!;
  return faceOf((k % 13) + 2, suit);
}

/** A short label such as `7♥` or `A♠`, as the card is drawn. */
export function faceLabel(deck: Deck, face: Face): string {
  return standardLabel(standardFace(deck, face));
}

/** The other seat of a two-seat game. */
export const other = (seat: Seat): Seat => 1 - seat;

/**
 * A fresh game on a freshly shuffled deck: hands and river assigned (not yet
 * dealt or turned), nothing public. `dealer` is null only before the coin.
 */
export function newRound(deck: Deck, game: number, dealer: Seat | null): Round {
  const size = deck.red + deck.black;
  const ids = (from: number, count: number): CardId[] =>
    Array.from({ length: count }, (_, i) => from + i);
  const riverFrom = 2 * HAND_SIZE;
  return {
    game,
    dealer,
    stage: dealer === null ? { kind: 'COIN' } : { kind: 'OPENING' },
    hands: [ids(0, HAND_SIZE), ids(HAND_SIZE, HAND_SIZE)],
    river: ids(riverFrom, RIVER_SIZE).map((card) => ({
      card,
      faceup: true,
      placedBy: null,
      readers: [false, false],
    })),
    discard: [],
    stock: ids(riverFrom + RIVER_SIZE, size - riverFrom - RIVER_SIZE),
    faces: Array<null>(size).fill(null),
    dealt: [false, false],
    guess: null,
    first: null,
    turn: dealer === null ? 0 : other(dealer),
    turns: 0,
    log: dealer === null ? [] : [{ type: 'GAME', game, dealer }],
  };
}

/**
 * The starting state of a match for `options`: no game won yet, the first
 * game's deck already shuffled by the table, waiting for the coin that picks
 * the first dealer.
 */
export function setup(options: RedBlackOptions = {}): Result<RedBlackState, RedBlackSetupError> {
  if (options === null || typeof options !== 'object') return err('ERR_DECK');
  const deck = deckOf(options);
  if (!inRange(deck.red, COLOUR_COUNTS) || !inRange(deck.black, COLOUR_COUNTS))
    return err('ERR_DECK');
  const target = options.target ?? TARGETS.default;
  if (!inRange(target, TARGETS)) return err('ERR_TARGET');
  return ok({
    deck,
    target,
    score: [0, 0],
    games: [],
    round: newRound(deck, 1, null),
    result: null,
  });
}

/** Red & Black's table terms, apart from its rules: one deck of `deckSize(options)` cards, both colours. */
export const redblackTerms: TableTerms<RedBlackState, RedBlackOptions> = {
  setup,
  decks: (options) => [{ name: 'deck', size: deckSize(options) }],
};
