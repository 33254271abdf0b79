/**
 * Black & Red as the catalog lists it: what the home screen and the lobby show before
 * the game's rules load, and what the game module starts from.
 */
import { SEATS } from './types.ts';

/** The fields of the game module that name and size the game. */
export const blackredAbout = {
  id: 'blackred',
  name: 'Black & Red',
  summary: 'Discard in rounds to 31 and collect seven cards of one colour.',
  minSeats: SEATS,
  maxSeats: SEATS,
} as const;

/** The catalog's entry: `levels` says whether the module has an easy computer player (`hasLevels`). */
export const blackredInfo = { ...blackredAbout, levels: true } as const;
