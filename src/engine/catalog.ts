/**
 * The games of Fair Deal and how many seats each allows: what the home screen and the
 * lobby show. It reads each game's line of the manifest (`games/manifest.ts`), whose info
 * is its `info.ts`, not its rules, so that a page loads a game's rules only once a table
 * of it opens.
 */
import type { GameEntry, GameInfo as InfoOf } from './games/entries.ts';
import { MANIFEST } from './games/manifest.ts';

export type GameId = (typeof MANIFEST)[number]['info']['id'];

export type GameInfo = InfoOf<GameId>;

/** The catalog of the games `manifest` lists: their ids in its order, and each game's info. */
export function catalogOf<Id extends string>(manifest: readonly GameEntry<Id>[]) {
  const ids = manifest.map((line) => line.info.id);
  return {
    ids,
    games: Object.fromEntries(manifest.map((line) => [line.info.id, line.info])) as Record<
      Id,
      InfoOf<Id>
    >,
    /** True when `value` is the id of a game of the manifest. */
    isGameId: (value: unknown): value is Id =>
      typeof value === 'string' && (ids as readonly string[]).includes(value),
  };
}

const CATALOG = catalogOf<GameId>(MANIFEST);

/** Every game's id, in the order the home screen offers them (the manifest's). */
export const GAME_IDS: readonly GameId[] = CATALOG.ids;

/** Each game's info, by its id. */
export const GAMES: Readonly<Record<GameId, GameInfo>> = CATALOG.games;

/** True when `value` names a game of Fair Deal (an id read from the network or a transcript). */
export const isGameId = CATALOG.isGameId;
