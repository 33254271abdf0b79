/**
 * Town for Two as the catalog lists it: what the home screen and the lobby show before
 * the game's rules load, what the game module starts from, and where its code is.
 */
import { gameEntry } from '../entries.ts';
import { SEATS } from './types.ts';

/** The fields of the game module that name and size the game. */
export const townAbout = {
  id: 'town',
  name: 'Town for Two',
  summary: 'Play runs onto shared piles and own the tops of the town.',
  minSeats: SEATS,
  maxSeats: SEATS,
} as const;

/**
 * The game's line of the manifest: its info for the catalog (`levels` says whether the
 * module has an easy computer player, `hasLevels`), and its module and terms, each fetched
 * on its own.
 */
export const townEntry = gameEntry(
  { ...townAbout, levels: true },
  () => import('./index.ts'),
  () => import('./setup.ts'),
);
