import { isGameId } from '../src/engine/catalog.ts';
import type { Json } from '../src/engine/encoding.ts';
import type { Outcome } from '../src/engine/game.ts';
import { gameById } from '../src/engine/games/registry.ts';

/** One line for a game's result, with the players' names. */
export function describeOutcome(outcome: Outcome | null, names: readonly string[]): string {
  if (!outcome) return 'the game is not over';
  if (outcome.result === 'draw') return `draw (${outcome.reason})`;
  return `winner: ${outcome.winners.map((s) => names[s] ?? `seat ${s}`).join(' and ')} (${outcome.reason})`;
}

/**
 * What a finished game went through, for games where more than the winner is worth a
 * line (the game's `recap`: Black & Red's hands and rebuilt stocks, Batailles' fights
 * and points). Null for the other games.
 */
export function describeGame(game: string, state: Json, names: readonly string[]): string | null {
  if (!isGameId(game)) return null;
  return gameById(game)?.recap?.(state, names) ?? null;
}
