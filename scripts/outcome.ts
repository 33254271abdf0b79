import type { Json } from '../src/engine/encoding.ts';
import type { Outcome } from '../src/engine/game.ts';
import type { BataillesState } from '../src/engine/games/batailles/index.ts';
import type { BlackRedState } from '../src/engine/games/blackred/index.ts';

/** One line for a game's result, with the players' names. */
export function describeOutcome(outcome: Outcome | null, names: readonly string[]): string {
  if (!outcome) return 'the game is not over';
  if (outcome.result === 'draw') return `draw (${outcome.reason})`;
  return `winner: ${outcome.winners.map((s) => names[s] ?? `seat ${s}`).join(' and ')} (${outcome.reason})`;
}

/** Black & Red's hands, score and the hands whose stock ran out and was rebuilt from the discards. */
function blackRedGame(state: Json, names: readonly string[]): string {
  const { history, score } = state as unknown as BlackRedState;
  const rebuilt = history.filter((hand) => hand.reshuffles > 0);
  const stocks =
    rebuilt.length === 0
      ? 'no stock ran out'
      : `the discards became a new stock in ${rebuilt
          .map((hand) => `hand ${hand.number} (${hand.reshuffles}×)`)
          .join(', ')}`;
  return `${history.length} hands, ${names[0]} ${score[0]} – ${score[1]} ${names[1]}; ${stocks}`;
}

/** Batailles' fights and every player's points, or where a dispute stopped it. */
function bataillesGame(state: Json, names: readonly string[]): string | null {
  const { fights, result } = state as unknown as BataillesState;
  if (!result) return null;
  const points = result.scores.map((p, seat) => `${names[seat] ?? `seat ${seat}`} ${p}`);
  const end = result.reason === 'DISPUTE' ? '; two fighters disagreed, so it stopped there' : '';
  return `${fights.length} fight${fights.length === 1 ? '' : 's'}, points ${points.join(', ')}${end}`;
}

const GAMES: Record<string, (state: Json, names: readonly string[]) => string | null> = {
  blackred: blackRedGame,
  batailles: bataillesGame,
};

/**
 * What a finished game went through, for games where more than the winner
 * is worth a line: Black & Red's hands and rebuilt stocks, Batailles' fights
 * and points. Null for the other games.
 */
export function describeGame(game: string, state: Json, names: readonly string[]): string | null {
  return GAMES[game]?.(state, names) ?? null;
}
