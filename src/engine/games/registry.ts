/**
 * The games the table can run today, with what the table and the computer
 * players need to know about each: the deck, the starting state, the bot.
 */
import type { GameId } from '../catalog.ts';
import type { Json, JsonObject } from '../encoding.ts';
import type { DeckSpec, Seat } from '../game.ts';
import type { AnyGame } from '../table/fold.ts';
import type { Result } from '../result.ts';
import {
  RULES_TEXT as BLACKRED_RULES,
  blackred,
  chooseAction as blackRedBot,
  type BlackRedOptions,
  type BlackRedPlay,
  type BlackRedView,
} from './blackred/index.ts';
import {
  RULES_TEXT,
  chooseAction as redBlackBot,
  redblack,
  type RedBlackOptions,
  type RedBlackPlay,
  type RedBlackView,
} from './redblack/index.ts';
import {
  RULES_TEXT as TOWN_RULES,
  chooseAction as townBot,
  town,
  type TownOptions,
  type TownPlay,
  type TownView,
} from './town/index.ts';
import { chooseAction as warBot, war, type WarOptions } from './war/index.ts';
import {
  RULES_TEXT as BATAILLES_RULES,
  batailles,
  chooseAction as bataillesBot,
  type BataillesOptions,
  type BataillesPlay,
  type BataillesView,
} from './batailles/index.ts';

export interface Playable<S extends Json = Json> {
  readonly game: AnyGame<S>;
  /** Cards in every deck these options make, together (options are checked by `setup` first). */
  deckSize(options: JsonObject): number;
  /** The starting state for the table's options, or why they are unusable. */
  setup(options: JsonObject): Result<S>;
  /**
   * The computer player's choice from what `seat` may see and do, or null
   * when it owes nothing. `known` holds the faces this seat reads privately
   * (its hand, cards it peeked or placed); `random` returns uniform numbers in
   * [0, 1) and decides between equally good moves, never anything hidden.
   */
  bot(
    view: unknown,
    legal: readonly JsonObject[],
    random: () => number,
    known: ReadonlyMap<number, number>,
  ): JsonObject | null;
  /** Short rules for the rules panel. */
  readonly rules: readonly string[];
  /**
   * The options for a table of `seats` players, for a game whose options
   * say how many play (one army each in Batailles): a genesis whose options
   * differ from these is refused. Absent when the options need no count.
   */
  withSeats?(options: JsonObject, seats: number): JsonObject;
}

const totalCards = (decks: readonly DeckSpec[]): number =>
  decks.reduce((sum, deck) => sum + deck.size, 0);

const warPlayable: Playable = {
  game: war as unknown as AnyGame<Json>,
  deckSize: (options) => totalCards(war.decks(options as WarOptions)),
  setup: (options) => war.setup(options as WarOptions) as Result<Json>,
  bot: (view, legal) => warBot(view as never, legal as never) as JsonObject | null,
  rules: [
    'Both players turn their top card together; the higher rank takes both (Ace high, suits do not count).',
    'Equal ranks mean war: each puts 3 cards facedown and 1 faceup; the higher faceup card takes them all.',
    'A player who cannot finish a war loses; a player with no cards loses.',
    'After 5,000 battles the player holding more cards wins.',
    'Nobody, not even the shufflers, knows any card before it is turned.',
  ],
};

const redblackPlayable: Playable = {
  game: redblack as unknown as AnyGame<Json>,
  deckSize: (options) => totalCards(redblack.decks(options as RedBlackOptions)),
  setup: (options) => redblack.setup(options as RedBlackOptions) as Result<Json>,
  bot: (view, legal, random, known) =>
    redBlackBot(
      view as RedBlackView,
      legal as unknown as RedBlackPlay[],
      random,
      known,
    ) as JsonObject | null,
  rules: RULES_TEXT,
};

const townPlayable: Playable = {
  game: town as unknown as AnyGame<Json>,
  deckSize: (options) => totalCards(town.decks(options as TownOptions)),
  setup: (options) => town.setup(options as TownOptions) as Result<Json>,
  bot: (view, legal, random) =>
    townBot(view as TownView, legal as unknown as TownPlay[], random) as JsonObject | null,
  rules: TOWN_RULES,
};

const blackredPlayable: Playable = {
  game: blackred as unknown as AnyGame<Json>,
  deckSize: (options) => totalCards(blackred.decks(options as BlackRedOptions)),
  setup: (options) => blackred.setup(options as BlackRedOptions) as Result<Json>,
  bot: (view, legal, random) =>
    blackRedBot(
      view as BlackRedView,
      legal as unknown as BlackRedPlay[],
      random,
    ) as JsonObject | null,
  rules: BLACKRED_RULES,
};

const bataillesPlayable: Playable = {
  game: batailles as unknown as AnyGame<Json>,
  deckSize: (options) => totalCards(batailles.decks(options as BataillesOptions)),
  setup: (options) => batailles.setup(options as BataillesOptions) as Result<Json>,
  bot: (view, legal, random, known) =>
    bataillesBot(
      view as BataillesView,
      legal as unknown as BataillesPlay[],
      random,
      known,
    ) as JsonObject | null,
  rules: BATAILLES_RULES,
  withSeats: (options, seats) => ({ ...options, players: seats }),
};

const PLAYABLE: Partial<Record<GameId, Playable>> = {
  war: warPlayable,
  redblack: redblackPlayable,
  blackred: blackredPlayable,
  town: townPlayable,
  batailles: bataillesPlayable,
};

/** True when `options` suit a table of `seats` players of `entry` (see `Playable.withSeats`). */
export function suitsSeats(entry: Playable, options: JsonObject, seats: number): boolean {
  if (!entry.withSeats) return true;
  const wanted = entry.withSeats(options, seats);
  return Object.keys(wanted).every((key) => options[key] === wanted[key]);
}

/** The game module for `id`, or null while that game's rules are not built yet. */
export function playable(id: GameId): Playable | null {
  return PLAYABLE[id] ?? null;
}

export const isPlayable = (id: GameId): boolean => PLAYABLE[id] !== undefined;

export type { Seat };
