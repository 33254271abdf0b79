/**
 * The running score of a series: the games the same players finished one after another,
 * each Play again seating them at a new table. Counted by name, as the players know each
 * other: each new table seats them in a new order, under fresh keys.
 */
import type { Outcome } from '../../engine/game.ts';

/** The games of a series finished so far: per player's name the games won, and the draws. */
export interface Series {
  readonly games: number;
  readonly draws: number;
  readonly wins: Readonly<Record<string, number>>;
}

/** No game finished yet. */
export const NO_SERIES: Series = { games: 0, draws: 0, wins: {} };

/** `series` with one more game, which `names` played and ended in `outcome`. */
export function withGame(series: Series, names: readonly string[], outcome: Outcome): Series {
  const wins = { ...series.wins };
  for (const name of names) wins[name] ??= 0;
  if (outcome.result === 'win')
    for (const seat of outcome.winners) wins[names[seat]!] = (wins[names[seat]!] ?? 0) + 1;
  const draws = series.draws + (outcome.result === 'draw' ? 1 : 0);
  return { games: series.games + 1, draws, wins };
}

/** True when `series` was played by the players `names`, no one else: a rematch carries it on. */
export function sameSeries(series: Series, names: readonly string[]): boolean {
  const players = Object.keys(series.wins);
  return players.length === names.length && players.every((name) => names.includes(name));
}

/**
 * The score in words, "Ann 2 – Bob 1 in this series", with the draws when there were
 * some; null before a second game: a single game has no series to tell. `before` is the
 * series up to this table, `outcome` this table's game once it ended.
 */
export function seriesWords(
  before: Series,
  names: readonly string[],
  outcome: Outcome | null,
): string | null {
  if (before.games === 0) return null;
  const series = outcome ? withGame(before, names, outcome) : before;
  const score = names.map((name) => `${name} ${series.wins[name] ?? 0}`).join(' – ');
  const { draws } = series;
  const drawn = draws === 0 ? '' : `, ${draws === 1 ? 'one game' : `${draws} games`} drawn`;
  return `${score} in this series${drawn}`;
}
