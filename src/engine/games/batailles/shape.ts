/**
 * The shape of what a Batailles move or fact carries, checked before the rules read it:
 * a move comes from a peer and may hold anything.
 */
import type { CardId, Seat } from '../../game.ts';
import type { BataillesState } from './types.ts';

/** A card id: a whole number, not below 0. */
export const isCard = (value: unknown): value is CardId =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Exactly `count` distinct card ids. */
export function distinctCards(cards: unknown, count: number): cards is CardId[] {
  return (
    Array.isArray(cards) &&
    cards.length === count &&
    cards.every(isCard) &&
    new Set(cards).size === cards.length
  );
}

/** Distinct cards of this fight, ascending. */
export function isDeathList(deaths: unknown, cards: readonly CardId[]): deaths is CardId[] {
  return (
    Array.isArray(deaths) &&
    deaths.every((card, i) => cards.includes(card as CardId) && (i === 0 || card > deaths[i - 1]))
  );
}

/** A seat of this table. */
export function isSeat(state: BataillesState, seat: unknown): seat is Seat {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < state.players;
}

/** True when `a` is a list of exactly the numbers of `b`, in order. */
export function sameList(a: unknown, b: readonly number[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
}
