/**
 * A game is one engine folder, one UI folder and one line of the manifest: Tiny, a game
 * the tests alone know (its engine folder test/games/engine/tiny/, its UI folder
 * test/games/ui/tiny/), added by a line to a manifest of the app's games, is listed by the
 * catalog made from it, loads through the same loaders, plays a table to its end, and has
 * its UI found by its id as every game's is.
 */
import { render } from 'svelte/server';
import { expect, test } from 'vitest';
import { catalogOf, GAME_IDS } from '../../src/engine/catalog.ts';
import { loadersOf } from '../../src/engine/games/entries.ts';
import { MANIFEST } from '../../src/engine/games/manifest.ts';
import { GAME_UIS, uisOf, type UiFolders } from '../../src/ui/games/index.ts';
import { tinyEntry } from '../games/engine/tiny/info.ts';
import type { TinyState } from '../games/engine/tiny/setup.ts';
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

/** The app's UI folders and the tests' own, found as the app finds its own (`src/ui/games/index.ts`). */
const UI_FOLDERS: UiFolders = {
  ...import.meta.glob('../../src/ui/games/*/index.ts', { eager: true }),
  ...import.meta.glob('../games/ui/*/index.ts', { eager: true }),
};

test('its UI folder is found by its id, beside every game of the app; its words and its board draw it', () => {
  const uis = uisOf([...GAME_IDS, 'tiny'], UI_FOLDERS);
  expect(Object.keys(uis)).toEqual([...GAME_IDS, 'tiny']);
  for (const id of GAME_IDS) expect(uis[id]).toBe(GAME_UIS[id]);
  expect(() => uisOf(['tiny'], {})).toThrow(
    'the UI folder of tiny has no index.ts exporting tinyUi',
  );
  const ui = uis.tiny!;
  const names = ['Ada', 'Bob'];
  const [start, turned, shown]: [TinyState, TinyState, TinyState] = [
    { turned: false, face: null },
    { turned: true, face: null },
    { turned: true, face: 1 },
  ];
  expect(ui.describe(start, turned, names)).toEqual(['Ada turned the top card.']);
  expect(ui.describe(turned, shown, names)).toEqual(['It shows 1.']);
  expect(ui.reason({ result: 'win', winners: [1], reason: 'FACE' }, shown, names)).toBe(
    'The top card showed 1: Bob wins.',
  );
  const board = (view: TinyState, legal: { type: string }[]) =>
    render(ui.board, {
      props: { view, names, known: new Map(), legal, autoplay: false, onAct: () => {} },
    }).body;
  expect(board(start, [{ type: 'TURN' }])).toMatch(/face down[\s\S]*Turn the top card, Ada/);
  expect(board(shown, [])).toMatch(/The top card shows 1\./);
  expect(board(shown, [])).not.toMatch(/Turn the top card/);
});
