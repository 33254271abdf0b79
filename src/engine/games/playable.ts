/**
 * A game as the lobby and the table drive it, and each game's code fetched on its own: a
 * page that visits a table loads the terms of that table's game alone (`loadTerms`: its
 * setup, decks and seat count, which the lobby checks the options with), not its rules, its
 * computer player or any other game's; a spectator loads that game's rules (`loadPlayable`).
 * The manifest (`manifest.ts`) says where each game's parts are; nothing here imports a
 * game, so a module that reads only this loads no rules.
 */
import type { AnyGameDef, AnyTerms, DeckSpec } from '../game.ts';
import type { Json, JsonObject } from '../encoding.ts';
import type { GameId } from '../catalog.ts';
import { loadersOf } from './entries.ts';
import { MANIFEST } from './manifest.ts';

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

/**
 * The rules of game `id` (`loadPlayable`), or its terms (`loadTerms`), each fetched once;
 * `loadedTerms` has the terms once fetched, else null.
 */
export const { loadPlayable, loadTerms, loadedTerms } = loadersOf<GameId>(MANIFEST);
