/**
 * Batailles et piques as the catalog lists it: what the home screen and the lobby show before
 * the game's rules load, and what the game module starts from.
 */
import { MAX_SEATS, MIN_SEATS } from './types.ts';

/** The fields of the game module that name and size the game. */
export const bataillesAbout = {
  id: 'batailles',
  name: 'Batailles et piques',
  summary: 'Armies of hidden units, spies and mines; only the fighters see a fight.',
  minSeats: MIN_SEATS,
  maxSeats: MAX_SEATS,
} as const;

/** The catalog's entry: `levels` says whether the module has an easy computer player (`hasLevels`). */
export const bataillesInfo = { ...bataillesAbout, levels: true } as const;
