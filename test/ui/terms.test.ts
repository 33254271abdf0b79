/** A table's options in words, as the join form and the lobby show them, told by each option's name. */
import { expect, test } from 'vitest';
import type { JsonObject } from '../../src/engine/encoding.ts';
import { optionsWords } from '../../src/ui/words/terms.ts';

test.each<[JsonObject, string | null]>([
  [{}, null],
  [
    { red: 26, black: 26, target: 2 },
    'a deck of 26 red and 26 black cards; the first to win 2 games wins the match.',
  ],
  [
    { red: 30, black: 20, target: 1 },
    'a deck of 30 red and 20 black cards; the first to win 1 game wins the match.',
  ],
  [{ red: 9, black: 9, target: 'two' }, 'a deck of 9 red and 9 black cards; target "two".'],
  [{ players: 4 }, '4 players, each with an army of 16 cards.'],
  [{ battleLimit: 100 }, 'after 100 battles the player holding more cards wins.'],
  [{ battleLimit: 1 }, 'after 1 battle the player holding more cards wins.'],
  [{ battleLimit: 5000 }, 'after 5,000 battles the player holding more cards wins.'],
  // An option no game lists yet is still shown, by its name and value.
  [
    { battleLimit: 100, stacks: [[0], [1]] },
    'after 100 battles the player holding more cards wins; stacks [[0],[1]].',
  ],
])('options %#: %j', (options, words) => {
  expect(optionsWords(options)).toBe(words);
});
