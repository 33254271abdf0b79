/**
 * A game as the lobby and the table drive it, and each game's module fetched on its own:
 * a page that visits a table loads the rules of that table's game alone (the lobby checks
 * the table's options with them), not every game's, which the registry (`registry.ts`)
 * holds. Nothing here imports a game, so a module that reads only this loads no rules.
 */
import { erase, type AnyGameDef, type DeckSpec } from '../game.ts';
import type { Json, JsonObject } from '../encoding.ts';
import type { GameId } from '../catalog.ts';

/** A game as the lobby, the table and the screens drive it. */
export type Playable<S extends Json = Json> = AnyGameDef<S>;

const totalCards = (decks: readonly DeckSpec[]): number =>
  decks.reduce((sum, deck) => sum + deck.size, 0);

/** Cards in every deck `options` make, together (options are checked by `setup` first). */
export function totalDeckSize(game: Playable, options: JsonObject): number {
  return totalCards(game.decks(options));
}

/** True when `options` suit a table of `seats` players of `game` (see `GameDef.withSeats`). */
export function suitsSeats(game: Playable, options: JsonObject, seats: number): boolean {
  if (!game.withSeats) return true;
  const wanted = game.withSeats(options, seats);
  return Object.keys(wanted).every((key) => options[key] === wanted[key]);
}

/** Each game's module, a chunk of its own in the page's build. */
const MODULES: Record<GameId, () => Promise<Playable>> = {
  redblack: async () => erase((await import('./redblack/index.ts')).redblack),
  blackred: async () => erase((await import('./blackred/index.ts')).blackred),
  war: async () => erase((await import('./war/index.ts')).war),
  town: async () => erase((await import('./town/index.ts')).town),
  batailles: async () => erase((await import('./batailles/index.ts')).batailles),
};

const loading = new Map<GameId, Promise<Playable>>();
const loaded = new Map<GameId, Playable>();

/** The rules of game `id`, fetched once; a failed fetch (a chunk not reachable) is tried again on the next call. */
export function loadPlayable(id: GameId): Promise<Playable> {
  let rules = loading.get(id);
  if (!rules) {
    rules = MODULES[id]().then(
      (game) => {
        loaded.set(id, game);
        return game;
      },
      (e: unknown) => {
        loading.delete(id);
        throw e;
      },
    );
    loading.set(id, rules);
  }
  return rules;
}

/** The rules of game `id` if `loadPlayable` has fetched them, else null. */
export function loadedPlayable(id: GameId): Playable | null {
  return loaded.get(id) ?? null;
}
