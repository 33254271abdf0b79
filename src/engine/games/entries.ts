/**
 * A game's line in the manifest (`manifest.ts`), which each game's `info.ts` makes, and
 * what is made of a list of them: the loaders that fetch each game's module or terms on
 * its own. A line holds its game's info and two `import()`s, so that a page reading the
 * list loads no game's code: the build makes each game's module a chunk of its own, and
 * its terms (its `setup.ts`) one that its module shares.
 */
import {
  erase,
  eraseTerms,
  type AnyGameDef,
  type AnyTerms,
  type GameDef,
  type TableTerms,
} from '../game.ts';
import type { Json } from '../encoding.ts';

/** What the home screen and the lobby show of a game before its rules load: its `info.ts`. */
export interface GameInfo<Id extends string = string> {
  readonly id: Id;
  readonly name: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  readonly summary: string;
  /** True when a computer player of this game can play easy or good (see `hasLevels`). */
  readonly levels: boolean;
}

/** One game of a manifest: its info, and its module and its terms, each fetched on demand. */
export interface GameEntry<Id extends string = string> {
  readonly info: GameInfo<Id>;
  readonly module: () => Promise<AnyGameDef & { readonly id: Id }>;
  readonly terms: () => Promise<AnyTerms>;
}

/**
 * The manifest's line for a game whose folder exports its module as `<id>` (from its
 * `index.ts`) and its terms as `<id>Terms` (from its `setup.ts`), each typed by the game's
 * own state, moves and options, erased here once.
 */
export function gameEntry<Id extends string, S extends Json, M, F, V, O>(
  info: GameInfo<Id>,
  module: () => Promise<Readonly<Record<Id, GameDef<S, M, F, V, O, Id>>>>,
  terms: () => Promise<Readonly<Record<`${Id}Terms`, TableTerms<S, O>>>>,
): GameEntry<Id> {
  return {
    info,
    module: async () => erase((await module())[info.id]),
    terms: async () => eraseTerms((await terms())[`${info.id}Terms` as const]),
  };
}

/**
 * Fetches each game's part once, on first use, and holds it for `loaded` after; a failed
 * fetch (a chunk not reachable) is tried again on the next call.
 */
function fetchedOnce<Id extends string, T>(fetch: (id: Id) => Promise<T>) {
  const loading = new Map<Id, Promise<T>>();
  const loaded = new Map<Id, T>();
  return {
    load(id: Id): Promise<T> {
      let part = loading.get(id);
      if (!part) {
        part = fetch(id).then(
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
    loaded: (id: Id): T | null => loaded.get(id) ?? null,
  };
}

/** How a page gets the games of `manifest`: each game's module or terms, fetched once. */
export function loadersOf<Id extends string>(manifest: readonly GameEntry<Id>[]) {
  const entry = (id: Id): GameEntry<Id> => {
    const found = manifest.find((line) => line.info.id === id);
    if (!found) throw new Error(`no game ${id}`);
    return found;
  };
  const modules = fetchedOnce((id: Id) => entry(id).module());
  const terms = fetchedOnce((id: Id) => entry(id).terms());
  return {
    /** The module of game `id`: its rules, computer player and rules text. */
    loadPlayable: modules.load,
    /** The terms of game `id`: its setup, decks and seat count, which the lobby checks options with. */
    loadTerms: terms.load,
    /** The terms of game `id` if `loadTerms` has fetched them, else null. */
    loadedTerms: terms.loaded,
  };
}
