/**
 * Batailles et piques as the catalog lists it: what the home screen and the lobby show before
 * the game's rules load, what the game module starts from, and where its code is.
 */
import { gameEntry } from '../entries.ts';
import { MAX_SEATS, MIN_SEATS } from './types.ts';

/** The fields of the game module that name and size the game. */
export const bataillesAbout = {
  id: 'batailles',
  name: 'Batailles et piques',
  summary: 'Armies of hidden units, spies and mines; only the fighters see a fight.',
  minSeats: MIN_SEATS,
  maxSeats: MAX_SEATS,
} as const;

/**
 * The game's line of the manifest: its info for the catalog (`levels` says whether the
 * module has an easy computer player, `hasLevels`), and its module and terms, each fetched
 * on its own.
 */
export const bataillesEntry = gameEntry(
  { ...bataillesAbout, levels: true },
  () => import('./index.ts'),
  () => import('./setup.ts'),
);
