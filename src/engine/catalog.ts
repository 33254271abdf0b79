/** The games of Fair Deal and how many seats each allows, read from the list of games. */
import { hasLevels } from './game.ts';
import { GAME_LIST, type GameId } from './games/registry.ts';

export type { GameId };

export const GAME_IDS: readonly GameId[] = GAME_LIST.map((game) => game.id);

export interface GameInfo {
  id: GameId;
  name: string;
  minSeats: number;
  maxSeats: number;
  summary: string;
  /** True when a computer player of this game can play easy or good (see `hasLevels`). */
  levels: boolean;
}

export const GAMES = Object.fromEntries(
  GAME_LIST.map((game) => {
    const { id, name, minSeats, maxSeats, summary } = game;
    return [id, { id, name, minSeats, maxSeats, summary, levels: hasLevels(game) }];
  }),
) as Record<GameId, GameInfo>;

export function isGameId(value: unknown): value is GameId {
  return typeof value === 'string' && (GAME_IDS as readonly string[]).includes(value);
}
