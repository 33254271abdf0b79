/** Batailles et piques' game in a line, for the simulator's and `verify`'s report. */
import type { BataillesState } from './types.ts';

/** Its fights and every player's points, or where a dispute stopped it; null while it goes on. */
export function recap(state: BataillesState, names: readonly string[]): string | null {
  const { fights, result } = state;
  if (!result) return null;
  const points = result.scores.map((p, seat) => `${names[seat] ?? `seat ${seat}`} ${p}`);
  const end = result.reason === 'DISPUTE' ? '; two fighters disagreed, so it stopped there' : '';
  return `${fights.length} fight${fights.length === 1 ? '' : 's'}, points ${points.join(', ')}${end}`;
}
