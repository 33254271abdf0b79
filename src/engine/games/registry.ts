/**
 * The games of Fair Deal: one line a game, each erased here, the one place
 * its types are. The table, the replay and the computer players read every game
 * from this list; the lobby loads the one game a table plays (`playable.ts`, which
 * has a line for each game too).
 */
import { erase } from '../game.ts';
import type { GameId } from '../catalog.ts';
import type { Playable } from './playable.ts';
import { batailles } from './batailles/index.ts';
import { blackred } from './blackred/index.ts';
import { redblack } from './redblack/index.ts';
import { town } from './town/index.ts';
import { war } from './war/index.ts';

/** Every game, in the order the home screen offers them. */
export const GAME_LIST = [
  erase(redblack),
  erase(blackred),
  erase(war),
  erase(town),
  erase(batailles),
] as const;

export type { GameId };
export { suitsSeats, totalDeckSize, type Playable } from './playable.ts';

/** The game `id` names, or null for an id no game has (an id read from a transcript). */
export function playable(id: GameId): Playable | null {
  return GAME_LIST.find((game) => game.id === id) ?? null;
}
