/**
 * Town for Two as the catalog lists it: what the home screen and the lobby show before
 * the game's rules load, and what the game module starts from.
 */
import { SEATS } from './types.ts';

/** The fields of the game module that name and size the game. */
export const townAbout = {
  id: 'town',
  name: 'Town for Two',
  summary: 'Play runs onto shared piles and own the tops of the town.',
  minSeats: SEATS,
  maxSeats: SEATS,
} as const;

/** The catalog's entry: `levels` says whether the module has an easy computer player (`hasLevels`). */
export const townInfo = { ...townAbout, levels: true } as const;
