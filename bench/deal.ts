/**
 * A table for the bench's growth figures only, never offered to players: `seats`
 * players (2 to 6) and one deck of `cards` cards (2 to 104), set up as War's is (every
 * seat's keys, then every seat's shuffle of the deck, each with its proofs), after which
 * every seat is offered one move at once. No game of the catalog lets seats and deck
 * size vary apart (War is 2 seats and 52 cards, an army of Batailles is 16 cards a
 * seat), so this one, through the engine's public game API, measures each alone.
 */
import { defineGame, erase, type AnyGameDef } from '../src/engine/game.ts';
import { MAX_SEATS } from '../src/engine/events.ts';
import { err, ok } from '../src/engine/result.ts';

/** The options: how many play, and how many cards the one deck holds. */
export interface DealOptions {
  [key: string]: number;
  players: number;
  cards: number;
}

/** Most cards: two full decks. */
export const MOST_CARDS = 104;

interface DealState {
  [key: string]: number | boolean;
  players: number;
  moved: boolean;
}

const usable = (o: DealOptions): boolean =>
  Number.isInteger(o.players) &&
  o.players >= 2 &&
  o.players <= MAX_SEATS &&
  Number.isInteger(o.cards) &&
  o.cards >= 2 &&
  o.cards <= MOST_CARDS;

const deal = defineGame({
  id: 'bench-deal',
  name: 'Bench deal',
  summary: 'A deck shuffled by every seat, then one move each: the bench’s growth table.',
  rules: [],
  minSeats: 2,
  maxSeats: MAX_SEATS,
  setup: (o: DealOptions) =>
    usable(o) ? ok<DealState>({ players: o.players, moved: false }) : err('ERR_OPTIONS'),
  decks: (o: DealOptions) => [{ name: 'deck', size: o.cards }],
  withSeats: (o: DealOptions, seats: number) => ({ ...o, players: seats }),
  // Every seat is owed its first move as soon as the deck is shuffled; the bench stops there.
  needs: (s: DealState) => (s.moved ? [] : [{ type: 'ACT' as const, seats: seatsOf(s) }]),
  legalActions: (s: DealState) => (s.moved ? [] : [{ type: 'GO' }]),
  move: (s: DealState) => ok({ ...s, moved: true }),
  fact: () => err('ERR_FACT'),
  view: (s: DealState) => s,
  outcome: () => null,
  bot: () => null,
});

const seatsOf = (s: DealState): number[] => Array.from({ length: s.players }, (_, i) => i);

/** The bench's deal, as the table layer drives a game. */
export const benchDeal: AnyGameDef = erase(deal) as unknown as AnyGameDef;
