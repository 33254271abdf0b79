/**
 * Tiny as the catalog lists it, and its line of a manifest: a game added to Fair Deal the
 * way every game is, for the test that a manifest line is all a game needs to be listed,
 * loaded and played (test/engine/manifest.test.ts). No manifest of the app lists it.
 */
import { gameEntry } from '../../../../src/engine/games/entries.ts';

/** The fields of the game module that name and size the game. */
export const tinyAbout = {
  id: 'tiny',
  name: 'Tiny',
  summary: 'Turn the top card of two: its face says who wins.',
  minSeats: 2,
  maxSeats: 2,
} as const;

/** Tiny's line of a manifest: its info, and its module and terms, each fetched on its own. */
export const tinyEntry = gameEntry(
  { ...tinyAbout, levels: false },
  () => import('./index.ts'),
  () => import('./setup.ts'),
);
