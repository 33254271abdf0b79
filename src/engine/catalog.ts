/** The games of Fair Deal and how many seats each allows, read from the list of games. */
import { GAME_LIST, type GameId } from './games/registry.ts';

export type { GameId };

export const GAME_IDS: readonly GameId[] = GAME_LIST.map((game) => game.id);

export interface GameInfo {
  id: GameId;
  name: string;
  minSeats: number;
  maxSeats: number;
  summary: string;
}

export const GAMES = Object.fromEntries(
  GAME_LIST.map(({ id, name, minSeats, maxSeats, summary }) => [
    id,
    { id, name, minSeats, maxSeats, summary },
  ]),
) as Record<GameId, GameInfo>;

export function isGameId(value: unknown): value is GameId {
  return typeof value === 'string' && (GAME_IDS as readonly string[]).includes(value);
}
