/**
 * Every game at hand at once, for the code that reads a game synchronously from its id:
 * the transcript verifier, the table, the replay and the computer players. The games come
 * through the manifest's loaders (`playable.ts`), all of them once `loadEveryGame` has
 * fetched them: a page does so beside the chunk of such code (`withEveryGame`), a script
 * or a test before it runs. The home screen and the lobby need no game's rules, and wait
 * for none.
 */
import { GAME_IDS, type GameId } from '../catalog.ts';
import { loadPlayable, type Playable } from './playable.ts';

/** A game as the registry holds it: its id is one of the catalog's. */
type Listed = Playable & { readonly id: GameId };

let loaded: readonly Listed[] | null = null;

/** Fetches every game's module (once, see `loadPlayable`), in the order the home screen offers them. */
export async function loadEveryGame(): Promise<readonly Listed[]> {
  loaded = await Promise.all(GAME_IDS.map(loadPlayable));
  return loaded;
}

/** `module` once every game is loaded too: for a chunk whose code reads games by id. */
export async function withEveryGame<T>(module: Promise<T>): Promise<T> {
  const [ready] = await Promise.all([module, loadEveryGame()]);
  return ready;
}

/** Every game, in the order the home screen offers them; `loadEveryGame` has fetched them. */
export function everyGame(): readonly Listed[] {
  if (!loaded) throw new Error('the games are read before loadEveryGame fetched them');
  return loaded;
}

export type { GameId };
export { suitsSeats, totalDeckSize, type Playable } from './playable.ts';

/** The game `id` names, or null for an id no game has (an id read from a transcript). */
export function gameById(id: GameId): Playable | null {
  return everyGame().find((game) => game.id === id) ?? null;
}
