/**
 * The audit view and the evidence name any card of any game: each game's faces in its
 * own words, and a game without a namer by its deck and number.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { faceWords } from '../../src/ui/words/faces.ts';

/** What `faceWords` reads of a table: its game, the game's state and the decks' names. */
const table = (game: string, decks: string[] = ['deck']) =>
  ({
    genesis: { game },
    game: {},
    decks: decks.map((name) => ({ name })),
  }) as unknown as TableState<Json>;

test.each([
  ['war', 0, 51, 'A♠'],
  ['blackred', 0, 0, '2♣'],
  ['batailles', 2, 0, 'Spy (1)'],
  ['batailles', 5, 15, 'Mine'],
  ['a game without a namer', 0, 4, 'card 5'],
])('%s: deck %i face %i is %s', (game, deck, face, words) => {
  expect(faceWords(table(game), deck, face)).toBe(words);
});

test('a named deck of a game without a namer says its name', () => {
  expect(faceWords(table('future', ['deck', 'stock']), 1, 0)).toBe('stock card 1');
});
