/** Batailles et piques' game in a line, for the simulator's and `verify`'s report. */
import { leavers } from './queries.ts';
import type { BataillesState } from './types.ts';

/**
 * Its fights and every player's points, who left (whose points could not win), or where a
 * dispute stopped it; null while it goes on.
 */
export function recap(state: BataillesState, names: readonly string[]): string | null {
  const { fights, result } = state;
  if (!result) return null;
  const name = (seat: number) => names[seat] ?? `seat ${seat}`;
  const points = result.scores.map((p, seat) => `${name(seat)} ${p}`);
  const left = leavers(state)
    .map((seat) => `; ${name(seat)} left`)
    .join('');
  const end = result.reason === 'DISPUTE' ? '; two fighters disagreed, so it stopped there' : '';
  return `${fights.length} fight${fights.length === 1 ? '' : 's'}, points ${points.join(', ')}${left}${end}`;
}
