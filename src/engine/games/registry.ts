/**
 * The games of Fair Deal: one line a game, each erased here, the one place
 * its types are. The catalog, the lobby, the table and the computer players
 * read every game from this list.
 */
import { erase, type AnyGameDef, type DeckSpec } from '../game.ts';
import type { Json, JsonObject } from '../encoding.ts';
import type { GameId } from '../catalog.ts';
import { batailles } from './batailles/index.ts';
import { blackred } from './blackred/index.ts';
import { redblack } from './redblack/index.ts';
import { town } from './town/index.ts';
import { war } from './war/index.ts';

/** Every game, in the order the home screen offers them. */
export const GAME_LIST = [
  erase(redblack),
  erase(blackred),
  erase(war),
  erase(town),
  erase(batailles),
] as const;

export type { GameId };

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

/** The game `id` names, or null for an id no game has (an id read from a transcript). */
export function playable(id: GameId): Playable | null {
  return GAME_LIST.find((game) => game.id === id) ?? null;
}
