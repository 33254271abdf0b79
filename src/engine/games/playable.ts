/**
 * A game as the lobby and the table drive it, and each game's code fetched on its own: a
 * page that visits a table loads the terms of that table's game alone (`loadTerms`: its
 * setup, decks and seat count, which the lobby checks the options with), not its rules, its
 * computer player or any other game's; a spectator loads that game's rules (`loadPlayable`).
 * The registry (`registry.ts`) holds every game. Nothing here imports a game, so a module
 * that reads only this loads no rules.
 */
import { erase, eraseTerms, type AnyGameDef, type AnyTerms, type DeckSpec } from '../game.ts';
import type { Json, JsonObject } from '../encoding.ts';
import type { GameId } from '../catalog.ts';

/** A game as the lobby, the table and the screens drive it. */
export type Playable<S extends Json = Json> = AnyGameDef<S>;

const totalCards = (decks: readonly DeckSpec[]): number =>
  decks.reduce((sum, deck) => sum + deck.size, 0);

/** Cards in every deck `options` make, together (options are checked by `setup` first). */
export function totalDeckSize(game: AnyTerms, options: JsonObject): number {
  return totalCards(game.decks(options));
}

/** True when `options` suit a table of `seats` players of `game` (see `GameDef.withSeats`). */
export function suitsSeats(game: AnyTerms, options: JsonObject, seats: number): boolean {
  if (!game.withSeats) return true;
  const wanted = game.withSeats(options, seats);
  return Object.keys(wanted).every((key) => options[key] === wanted[key]);
}

/** Each game's module, a chunk of its own in the page's build. */
const RULES = fetchedOnce<Playable>({
  redblack: async () => erase((await import('./redblack/index.ts')).redblack),
  blackred: async () => erase((await import('./blackred/index.ts')).blackred),
  war: async () => erase((await import('./war/index.ts')).war),
  town: async () => erase((await import('./town/index.ts')).town),
  batailles: async () => erase((await import('./batailles/index.ts')).batailles),
});

/** Each game's terms (its `setup.ts`), a chunk of its own that its module shares. */
const TERMS = fetchedOnce<AnyTerms>({
  redblack: async () => eraseTerms((await import('./redblack/setup.ts')).redblackTerms),
  blackred: async () => eraseTerms((await import('./blackred/setup.ts')).blackredTerms),
  war: async () => eraseTerms((await import('./war/setup.ts')).warTerms),
  town: async () => eraseTerms((await import('./town/setup.ts')).townTerms),
  batailles: async () => eraseTerms((await import('./batailles/setup.ts')).bataillesTerms),
});

/**
 * Fetches each game's part once, on first use, and holds it for `loaded` after; a failed
 * fetch (a chunk not reachable) is tried again on the next call.
 */
function fetchedOnce<T>(fetchers: Record<GameId, () => Promise<T>>) {
  const loading = new Map<GameId, Promise<T>>();
  const loaded = new Map<GameId, T>();
  return {
    load(id: GameId): Promise<T> {
      let part = loading.get(id);
      if (!part) {
        part = fetchers[id]().then(
          (value) => {
            loaded.set(id, value);
            return value;
          },
          (e: unknown) => {
            loading.delete(id);
            throw e;
          },
        );
        loading.set(id, part);
      }
      return part;
    },
    loaded: (id: GameId): T | null => loaded.get(id) ?? null,
  };
}

/** The rules of game `id`, fetched once (see `fetchedOnce`). */
export const loadPlayable = (id: GameId): Promise<Playable> => RULES.load(id);

/** The terms of game `id`, fetched once (see `fetchedOnce`). */
export const loadTerms = (id: GameId): Promise<AnyTerms> => TERMS.load(id);

/** The terms of game `id` if `loadTerms` has fetched them, else null. */
export const loadedTerms = (id: GameId): AnyTerms | null => TERMS.loaded(id);
