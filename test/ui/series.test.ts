/** The running score of a series of rematches between the same players, in words. */
import { describe, expect, test } from 'vitest';
import type { Outcome } from '../../src/engine/game.ts';
import { NO_SERIES, sameSeries, seriesWords, withGame } from '../../src/ui/words/series.ts';

const win = (seat: number): Outcome => ({ result: 'win', winners: [seat], reason: 'r' });
const draw: Outcome = { result: 'draw', reason: 'r' };

describe('the running score of a series of rematches', () => {
  test('a first game has no series to tell; from the second the score counts by name, whatever the seats', () => {
    expect(seriesWords(NO_SERIES, ['Ann', 'Bob'], win(0))).toBeNull();
    const one = withGame(NO_SERIES, ['Ann', 'Bob'], win(0));
    // Played again, Bob hosts: he sits first.
    expect(seriesWords(one, ['Bob', 'Ann'], null)).toBe('Bob 0 – Ann 1 in this series');
    expect(seriesWords(one, ['Bob', 'Ann'], win(1))).toBe('Bob 0 – Ann 2 in this series');
    const two = withGame(one, ['Bob', 'Ann'], draw);
    expect(seriesWords(two, ['Ann', 'Bob'], win(1))).toBe(
      'Ann 1 – Bob 1 in this series, one game drawn',
    );
  });

  test('a series goes on only between the same players', () => {
    const one = withGame(NO_SERIES, ['Ann', 'Bob'], win(1));
    expect(sameSeries(one, ['Bob', 'Ann'])).toBe(true);
    expect(sameSeries(one, ['Ann', 'Cat'])).toBe(false);
    expect(sameSeries(one, ['Ann', 'Bob', 'Cat'])).toBe(false);
  });
});
