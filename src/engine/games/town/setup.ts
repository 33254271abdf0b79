/**
 * Town for Two's decks, faces and starting state.
 *
 * The decks were shuffled jointly before this, so a card id says nothing
 * about its face: the red deck is ids 0..19 in shuffled order (top first),
 * the black deck ids 20..39. The starting state turns the top card of each
 * deck for the opening.
 */
import { faceOf, type Face } from '../../cards.ts';
import type { CardId, DeckSpec, Seat, TableTerms } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import {
  COLOUR_OF_SEAT,
  TOP_RANK,
  TOWN_DECK,
  type PerSeat,
  type TownFace,
  type TownOptions,
  type TownSetupError,
  type TownState,
} from './types.ts';

/** The decks, seat 0's first: card ids number them in this order. */
export const TOWN_DECKS: readonly DeckSpec[] = [
  { name: 'red', size: TOWN_DECK },
  { name: 'black', size: TOWN_DECK },
];

/** The seat whose deck holds `card` (and whose colour it is). */
export const ownerOf = (card: CardId): Seat => (card < TOWN_DECK ? 0 : 1);

/** Ace is 1, then 2..10. */
export const rankOf = (face: TownFace): number => (face % TOP_RANK) + 1;

/** True for a face of a deck: an integer 0..19. */
export function isTownFace(value: unknown): value is TownFace {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < TOWN_DECK;
}

const SUITS = { red: ['hearts', 'diamonds'], black: ['spades', 'clubs'] } as const;

/** The standard-deck face `face` of `seat`'s deck is drawn as (the UI's card pictures). */
export function standardFace(seat: Seat, face: TownFace): Face {
  const suit = SUITS[COLOUR_OF_SEAT[seat]!][Math.floor(face / TOP_RANK)]!;
  const rank = rankOf(face);
  return faceOf(rank === 1 ? 14 : rank, suit);
}

/** The other seat. */
export const other = (seat: Seat): Seat => 1 - seat;

/** Each deck's card ids, top first. */
export function deckIds(): PerSeat<CardId[]> {
  const ids = (first: number) => Array.from({ length: TOWN_DECK }, (_, i) => first + i);
  return [ids(0), ids(TOWN_DECK)];
}

/** The starting state: both top cards taken for the opening flip, nothing public yet. */
export function setup(options: TownOptions = {}): Result<TownState, TownSetupError> {
  if (options === null || typeof options !== 'object' || Object.keys(options).length > 0)
    return err('ERR_OPTIONS');
  const [red, black] = deckIds();
  return ok({
    decks: [red.slice(1), black.slice(1)],
    hands: [[], []],
    piles: [],
    faces: Array<null>(2 * TOWN_DECK).fill(null),
    flips: [red[0]!, black[0]!],
    first: null,
    turn: 0,
    turns: 0,
    pending: null,
    log: [],
    result: null,
  });
}

/** Town for Two's table terms, apart from its rules: two decks of 20, red then black. */
export const townTerms: TableTerms<TownState, TownOptions> = {
  setup,
  decks: () => TOWN_DECKS,
};
