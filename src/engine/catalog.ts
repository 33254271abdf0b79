/**
 * The games of Fair Deal and how many seats each allows: what the home screen and the
 * lobby show. It reads each game's `info.ts`, not its rules, so that a page loads a
 * game's rules only once a table of it opens (the registry, `games/registry.ts`, has them).
 */
import { bataillesInfo } from './games/batailles/info.ts';
import { blackredInfo } from './games/blackred/info.ts';
import { redblackInfo } from './games/redblack/info.ts';
import { townInfo } from './games/town/info.ts';
import { warInfo } from './games/war/info.ts';

/** Every game, in the order the home screen offers them (the registry's order). */
const GAME_INFOS = [redblackInfo, blackredInfo, warInfo, townInfo, bataillesInfo] as const;

export type GameId = (typeof GAME_INFOS)[number]['id'];

export const GAME_IDS: readonly GameId[] = GAME_INFOS.map((game) => game.id);

export interface GameInfo {
  id: GameId;
  name: string;
  minSeats: number;
  maxSeats: number;
  summary: string;
  /** True when a computer player of this game can play easy or good (see `hasLevels`). */
  levels: boolean;
}

export const GAMES = Object.fromEntries(GAME_INFOS.map((game) => [game.id, game])) as Record<
  GameId,
  GameInfo
>;

export function isGameId(value: unknown): value is GameId {
  return typeof value === 'string' && (GAME_IDS as readonly string[]).includes(value);
}
