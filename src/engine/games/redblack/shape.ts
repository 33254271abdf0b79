/**
 * The shape of what a Red & Black move or fact carries, checked before the rules read it:
 * a move comes from a peer and may hold anything.
 */
import type { CardId, Seat } from '../../game.ts';
import { RIVER_SIZE, SEATS, type Colour } from './types.ts';

/** A seat of the table. */
export function isSeat(seat: unknown): seat is Seat {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < SEATS;
}

/** A river slot. */
export function isSlot(slot: unknown): slot is number {
  return typeof slot === 'number' && Number.isInteger(slot) && slot >= 0 && slot < RIVER_SIZE;
}

/** One of the two colours. */
export function isColour(colour: unknown): colour is Colour {
  return colour === 'red' || colour === 'black';
}

/** A count of cards: a whole number, not below 0. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** A list of distinct integer card ids. */
export function isCardList(cards: unknown): cards is CardId[] {
  return (
    Array.isArray(cards) &&
    cards.every((card) => typeof card === 'number' && Number.isInteger(card)) &&
    new Set(cards).size === cards.length
  );
}

/** Same ids, in any order. */
export function sameCards(cards: unknown, expected: readonly CardId[]): boolean {
  return (
    isCardList(cards) &&
    cards.length === expected.length &&
    cards.every((card) => expected.includes(card))
  );
}
