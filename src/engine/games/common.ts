/**
 * What several games' rules share: the first question every `apply` asks of
 * its untrusted input, and the outcome of a match won by one seat.
 */
import type { Outcome, Seat } from '../game.ts';

/**
 * `'fact'` or `'move'` by the input's type among the game's own, or null for
 * anything else. A fact never carries `seen`: the table marks every player
 * action with it, so a player cannot pass a fact off as a move.
 */
export function inputKind(
  action: unknown,
  facts: readonly string[],
  moves: readonly string[],
): 'fact' | 'move' | null {
  if (action === null || typeof action !== 'object') return null;
  const type = (action as { type?: unknown }).type;
  if (typeof type !== 'string') return null;
  if (facts.includes(type)) return 'seen' in action ? null : 'fact';
  return moves.includes(type) ? 'move' : null;
}

/** The outcome of a match once `result` names its winner, or null while it goes on. */
export function wonBy(
  result: { readonly winner: Seat; readonly reason: string } | null,
): Outcome | null {
  return result === null
    ? null
    : { result: 'win', winners: [result.winner], reason: result.reason };
}
