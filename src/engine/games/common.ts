/**
 * What several games' rules share: the first question `move` and `fact` ask
 * of their input, and the outcome of a match won by one seat.
 */
import type { Outcome, Seat } from '../game.ts';

/**
 * True when `input` is an object whose `type` is one of `types`: the first
 * question `move` and `fact` ask of what they are given (a move comes from
 * the network, and only the table calls `fact`).
 */
export function isInput(input: unknown, types: readonly string[]): boolean {
  if (input === null || typeof input !== 'object') return false;
  const type = (input as { type?: unknown }).type;
  return typeof type === 'string' && types.includes(type);
}

/** The outcome of a match once `result` names its winner, or null while it goes on. */
export function wonBy(
  result: { readonly winner: Seat; readonly reason: string } | null,
): Outcome | null {
  return result === null
    ? null
    : { result: 'win', winners: [result.winner], reason: result.reason };
}
