/**
 * A game is one engine folder, one UI folder and one line of the manifest: Tiny
 * (test/games/tiny/), a game the tests alone know, added by a line to a manifest of the
 * app's games, is listed by the catalog made from it, loads through the same loaders,
 * and plays a table to its end.
 */
import { expect, test } from 'vitest';
import { catalogOf, GAME_IDS } from '../../src/engine/catalog.ts';
import { loadersOf } from '../../src/engine/games/entries.ts';
import { MANIFEST } from '../../src/engine/games/manifest.ts';
import { tinyEntry } from '../games/tiny/info.ts';
import type { TinyState } from '../games/tiny/setup.ts';
import { expectDone, makePlayers, Table } from './helpers/table.ts';

const manifest = [...MANIFEST, tinyEntry];

test('the catalog lists a game added by its manifest line, after the others, with its info', () => {
  const catalog = catalogOf(manifest);
  expect(catalog.ids).toEqual([...GAME_IDS, 'tiny']);
  expect(catalog.games.tiny).toEqual({
    id: 'tiny',
    name: 'Tiny',
    summary: 'Turn the top card of two: its face says who wins.',
    minSeats: 2,
    maxSeats: 2,
    levels: false,
  });
  expect(catalog.isGameId('tiny')).toBe(true);
  expect(catalogOf(MANIFEST).isGameId('tiny')).toBe(false);
});

test('the loaders fetch its terms and its module, each once', async () => {
  const { loadPlayable, loadTerms, loadedTerms } = loadersOf(manifest);
  expect(loadedTerms('tiny')).toBeNull();
  const terms = await loadTerms('tiny');
  expect(loadedTerms('tiny')).toBe(terms);
  expect(terms.decks({})).toEqual([{ name: 'tiny', size: 2 }]);
  const game = await loadPlayable('tiny');
  expect(await loadPlayable('tiny')).toBe(game);
  expect([game.id, game.name, game.rules.length]).toEqual(['tiny', 'Tiny', 1]);
});

test('the game it loads plays a table to its end: shuffled, turned, revealed, won', async () => {
  const game = await loadersOf(manifest).loadPlayable('tiny');
  const table = Table.of(makePlayers(2), game, {});
  table.dutiesToMove();
  expect(table.mover()).toBe(0);
  table.act(0, { type: 'TURN' });
  table.dutiesToMove(true);
  expectDone(table);
  const end = table.replicas[0]!.state.game as TinyState;
  expect(end.face === 0 || end.face === 1).toBe(true);
  expect(game.outcome(end)).toEqual({ result: 'win', winners: [end.face], reason: 'FACE' });
});
