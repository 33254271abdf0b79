/**
 * War as the catalog lists it: what the home screen and the lobby show before
 * the game's rules load, and what the game module starts from.
 */
import { SEATS } from './types.ts';

/** The fields of the game module that name and size the game. */
export const warAbout = {
  id: 'war',
  name: 'War',
  summary: 'Turn cards together; the higher takes both. Equal ranks mean war.',
  minSeats: SEATS,
  maxSeats: SEATS,
} as const;

/** The catalog's entry: `levels` says whether the module has an easy computer player (`hasLevels`). */
export const warInfo = { ...warAbout, levels: false } as const;
