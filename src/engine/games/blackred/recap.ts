/** Black & Red's game in a line, for the simulator's and `verify`'s report. */
import type { BlackRedState } from './types.ts';

/** Its hands, the score, and the hands whose stock ran out and was rebuilt from the discards. */
export function recap(state: BlackRedState, names: readonly string[]): string {
  const { history, score } = state;
  const rebuilt = history.filter((hand) => hand.reshuffles > 0);
  const stocks =
    rebuilt.length === 0
      ? 'no stock ran out'
      : `the discards became a new stock in ${rebuilt
          .map((hand) => `hand ${hand.number} (${hand.reshuffles}×)`)
          .join(', ')}`;
  return `${history.length} hands, ${names[0]} ${score[0]} – ${score[1]} ${names[1]}; ${stocks}`;
}
