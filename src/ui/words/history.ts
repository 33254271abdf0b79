/** "Your games" in words: whom a kept game was played with, and the file it downloads as. */
import { GAMES, isGameId } from '../../engine/catalog.ts';
import type { PlayedGame } from '../../net/history.ts';
import type { ResultWords } from './outcome.ts';

/** A list of names as a sentence says it: "Bob", "Bob and Carol", "Bob, Carol and Dan". */
export const listOfNames = (names: readonly string[]): string =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** The game's name and the other players: "War against Computer", "Town for Two with Bob and Carol". */
export function playedGameTitle(game: PlayedGame): string {
  const title = isGameId(game.game) ? GAMES[game.game].name : game.game;
  const others = game.names.filter((_, seat) => seat !== game.seat);
  if (others.length === 0) return title;
  return `${title} ${others.length === 1 ? 'against' : 'with'} ${listOfNames(others)}`;
}

/**
 * The headline a kept game is listed under: the result panel's, and, while the ending
 * is not final (a claim the claimed player may still answer), saying so: the record is
 * written again as the game's later events arrive, and loses the words once it is final.
 */
export const keptHeadline = (result: ResultWords): string =>
  result.note === undefined ? result.headline : `${result.headline} (not final yet)`;

/** The name of a kept game's transcript file, as its table names a download (`TableController`). */
export const transcriptFile = (game: PlayedGame): string =>
  `fairdeal-${game.game}-${game.table}-${game.events}.json`;
