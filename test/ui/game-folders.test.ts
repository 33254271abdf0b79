/**
 * A game's UI is one folder, `src/ui/games/<id>/`, found by the id the manifest gives
 * the game: every game of the manifest has one, with what every game's screens read,
 * and every folder there belongs to a game.
 */
import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { GAME_IDS } from '../../src/engine/catalog.ts';
import { GAME_UIS } from '../../src/ui/games/index.ts';
import type { FirstMove } from '../../src/ui/games/game.ts';
import { picturesOf } from '../../src/ui/rules/pictures.ts';

/** Each folder's first move, which the bench reads in Node by its path. */
const FIRST_MOVES = import.meta.glob<FirstMove>('../../src/ui/games/*/first-move.ts', {
  eager: true,
  import: 'firstMove',
});

const FOLDERS = readdirSync(new URL('../../src/ui/games/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

test('every game of the manifest has a UI folder, and every UI folder is a game of the manifest', () => {
  expect([...FOLDERS].sort()).toEqual([...GAME_IDS].sort());
});

test.each(GAME_IDS)(
  '%s: its folder has its UI module, its rules pictures and its first move',
  (game) => {
    expect(GAME_UIS[game].board).toBeTypeOf('function');
    expect(picturesOf(game).pictures.length).toBeGreaterThan(0);
    expect(FIRST_MOVES[`../../src/ui/games/${game}/first-move.ts`]?.selector).toMatch(
      /data-testid/,
    );
  },
);
