/**
 * How well the computer plays each game, as the player last chose on the home
 * screen: one choice per game, good until the player picks another. It holds
 * for the games against the computer and for the computer players a host adds
 * to a table. Kept in the page's storage (localStorage); nothing of it leaves
 * the browser.
 */
import type { GameId } from '../../engine/catalog.ts';
import { LEVELS, type Level } from '../../engine/game.ts';

/** What the choice reads and writes of the page's storage. */
export type LevelStorage = Pick<Storage, 'getItem' | 'setItem'>;

const key = (game: GameId) => `fairdeal.level.${game}`;

/** The level chosen for `game` in this browser; good when none was, or what is kept is no level. */
export function chosenLevel(storage: LevelStorage, game: GameId): Level {
  const kept = storage.getItem(key(game));
  return LEVELS.find((level) => level === kept) ?? 'good';
}

/** Keeps `level` for the next games of `game`. */
export function keepLevel(storage: LevelStorage, game: GameId, level: Level): void {
  storage.setItem(key(game), level);
}
