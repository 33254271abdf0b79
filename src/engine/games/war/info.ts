/**
 * War as the catalog lists it: what the home screen and the lobby show before
 * the game's rules load, what the game module starts from, and where its code is.
 */
import { gameEntry } from '../entries.ts';
import { SEATS } from './types.ts';

/** The fields of the game module that name and size the game. */
export const warAbout = {
  id: 'war',
  name: 'War',
  summary: 'Turn cards together; the higher takes both. Equal ranks mean war.',
  minSeats: SEATS,
  maxSeats: SEATS,
} as const;

/**
 * The game's line of the manifest: its info for the catalog (`levels` says whether the
 * module has an easy computer player, `hasLevels`), and its module and terms, each fetched
 * on its own.
 */
export const warEntry = gameEntry(
  { ...warAbout, levels: false },
  () => import('./index.ts'),
  () => import('./setup.ts'),
);
