import { expect, test } from 'vitest';
import { restoreWords } from '../../src/ui/words/restore.ts';

test.each([
  [null, 'Reconnecting to the table…'],
  [{ done: 0, total: 0 }, 'Restoring the game…'],
  [{ done: 0, total: 1 }, 'Restoring the game: 0 of 1 step'],
  [{ done: 1, total: 1 }, 'Restoring the game: 1 of 1 step'],
  [{ done: 120, total: 413 }, 'Restoring the game: 120 of 413 steps'],
  [{ done: 1000, total: 1121 }, 'Restoring the game: 1,000 of 1,121 steps'],
])('a page coming back to its table at %o says %s', (restoring, words) => {
  expect(restoreWords(restoring)).toBe(words);
});
