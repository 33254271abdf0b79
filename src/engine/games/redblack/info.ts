/**
 * Red & Black as the catalog lists it: what the home screen and the lobby show before
 * the game's rules load, what the game module starts from, and where its code is.
 */
import { gameEntry } from '../entries.ts';
import { SEATS } from './types.ts';

/** The fields of the game module that name and size the game. */
export const redblackAbout = {
  id: 'redblack',
  name: 'Red & Black',
  summary: 'Bluff over a river of three cards, then call the colours in your opponent’s hand.',
  minSeats: SEATS,
  maxSeats: SEATS,
} as const;

/**
 * The game's line of the manifest: its info for the catalog (`levels` says whether the
 * module has an easy computer player, `hasLevels`), and its module and terms, each fetched
 * on its own.
 */
export const redblackEntry = gameEntry(
  { ...redblackAbout, levels: true },
  () => import('./index.ts'),
  () => import('./setup.ts'),
);
