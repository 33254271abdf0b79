/**
 * What several games' rules share: the first question `move` and `fact` ask
 * of their input, the outcome of a match won by one seat, and the range of a
 * number a table creator picks.
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

/**
 * A whole-number option's range, and the value a table takes where its creator picks
 * none. `setup` refuses a value out of range, and the options form on the home screen
 * says so before, from the same range.
 */
export interface OptionRange {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** True when `value` is a whole number in `range`. */
export const inRange = (value: unknown, range: OptionRange): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;

/** The outcome of a match once `result` names its winner, or null while it goes on. */
export function wonBy(
  result: { readonly winner: Seat; readonly reason: string } | null,
): Outcome | null {
  return result === null
    ? null
    : { result: 'win', winners: [result.winner], reason: result.reason };
}

/**
 * The easy computer player's move: a kind of move at random, then one move of that
 * kind, so that one kind with many variants (every subset of a hand to show) does
 * not crowd out the others. Null when `legal` is empty. Every game's legal moves
 * but Red & Black's attacks and defences are honest by construction.
 */
export function randomMove<M extends { readonly type: string }>(
  legal: readonly M[],
  random: () => number,
): M | null {
  const kinds = [...new Set(legal.map((move) => move.type))];
  const kind = kinds[Math.floor(random() * kinds.length)];
  const moves = legal.filter((move) => move.type === kind);
  return moves[Math.floor(random() * moves.length)] ?? null;
}
