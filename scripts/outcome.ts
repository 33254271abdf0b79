import type { Outcome } from '../src/engine/game.ts';

/** One line for a game's result, with the players' names. */
export function describeOutcome(outcome: Outcome | null, names: readonly string[]): string {
  if (!outcome) return 'the game is not over';
  if (outcome.result === 'draw') return `draw (${outcome.reason})`;
  return `winner: ${outcome.winners.map((s) => names[s] ?? `seat ${s}`).join(' and ')} (${outcome.reason})`;
}
