/**
 * Red & Black as the catalog lists it: what the home screen and the lobby show before
 * the game's rules load, and what the game module starts from.
 */
import { SEATS } from './types.ts';

/** The fields of the game module that name and size the game. */
export const redblackAbout = {
  id: 'redblack',
  name: 'Red & Black',
  summary: 'Bluff over a river of three cards, then call the colours in your opponent’s hand.',
  minSeats: SEATS,
  maxSeats: SEATS,
} as const;

/** The catalog's entry: `levels` says whether the module has an easy computer player (`hasLevels`). */
export const redblackInfo = { ...redblackAbout, levels: true } as const;
