/**
 * A tiny game for table-level tests: it exercises every table operation a
 * hand needs, in a fixed script, and decides nothing else.
 *
 * 1. `DEAL` the `hand` cards to seat `to`;
 * 2. `REMASK` them (seat `to` re-masks its whole hand);
 * 3. `REVEAL` the first card of the hand to everyone;
 * 4. `REMASK` the hand again: with `show: 'play'` the revealed card has left
 *    the hand faceup and the rest is re-masked; with `show: 'keep'` it went
 *    back into the hand and the whole hand is re-masked, so that nobody can
 *    tell any more which hand card it was;
 * 5. seat `actor` owes one `ACT` (`{ type: 'DONE' }`), and the game is over,
 *    `actor` winning.
 *
 * Pure functions over plain JSON, like every game module.
 */
import type { JsonObject } from '../../../src/engine/encoding.ts';
import type { CardId, DeckSpec, Game, Need, Outcome, Seat } from '../../../src/engine/game.ts';
import { err, ok, type Result } from '../../../src/engine/result.ts';

export type HandOptions = {
  readonly decks: readonly DeckSpec[];
  readonly seats: number;
  readonly to: Seat;
  readonly actor: Seat;
  readonly hand: readonly CardId[];
  readonly show: 'play' | 'keep';
};

export type HandPhase = 'deal' | 'remask' | 'show' | 'rehide' | 'act' | 'over';

export type HandState = {
  readonly to: Seat;
  readonly actor: Seat;
  readonly show: 'play' | 'keep';
  readonly phase: HandPhase;
  /** The card ids of seat `to`'s hand (a card played faceup leaves it). */
  readonly hand: readonly CardId[];
  /** The card revealed in step 3 and its face, once revealed. */
  readonly shown: { readonly card: CardId; readonly face: number } | null;
};

function needs(state: HandState): Need[] {
  switch (state.phase) {
    case 'deal':
      return [{ type: 'DEAL', cards: state.hand, to: state.to }];
    case 'remask':
      return [{ type: 'REMASK', seat: state.to, cards: state.hand }];
    case 'show':
      return [{ type: 'REVEAL', cards: [state.hand[0]!] }];
    case 'rehide':
      return [{ type: 'REMASK', seat: state.to, cards: state.hand }];
    case 'act':
      return [{ type: 'ACT', seats: [state.actor] }];
    case 'over':
      return [];
  }
}

/** Whether `input` is exactly the fact or action the current phase waits for. */
function expected(state: HandState, input: JsonObject): boolean {
  const same = (a: unknown, b: readonly CardId[]) =>
    Array.isArray(a) && a.length === b.length && a.every((card, i) => card === b[i]);
  switch (state.phase) {
    case 'deal':
      return input.type === 'DEALT' && input.to === state.to && same(input.cards, state.hand);
    case 'remask':
      return input.type === 'REMASKED' && input.seat === state.to && same(input.cards, state.hand);
    case 'show':
      return (
        input.type === 'REVEAL' && input.card === state.hand[0] && typeof input.face === 'number'
      );
    case 'rehide':
      return input.type === 'REMASKED' && input.seat === state.to && same(input.cards, state.hand);
    case 'act':
      return input.type === 'DONE' && input.seat === state.actor;
    case 'over':
      return false;
  }
}

const NEXT: Record<HandPhase, HandPhase> = {
  deal: 'remask',
  remask: 'show',
  show: 'rehide',
  rehide: 'act',
  act: 'over',
  over: 'over',
};

/** The phase's one expected fact or move, told in order. */
function answer(state: HandState, input: JsonObject): Result<HandState> {
  if (!expected(state, input)) return err('ERR_UNEXPECTED');
  const next = { ...state, phase: NEXT[state.phase] };
  if (input.type !== 'REVEAL') return ok(next);
  const shown = { card: input.card as CardId, face: input.face as number };
  const hand = state.show === 'keep' ? state.hand : state.hand.filter((c) => c !== shown.card);
  return ok({ ...next, shown, hand });
}

export const handGame: Game<HandState, JsonObject, JsonObject, HandState, HandOptions> = {
  id: 'hand-test',
  minSeats: 2,
  maxSeats: 6,
  setup(options) {
    const { seats, to, actor, hand, show } = options;
    const isSeat = (s: Seat) => Number.isInteger(s) && s >= 0 && s < seats;
    if (!isSeat(to) || !isSeat(actor) || hand.length === 0 || new Set(hand).size !== hand.length)
      return err('ERR_OPTIONS');
    return ok({ to, actor, show, phase: 'deal', hand: [...hand], shown: null });
  },
  decks: (options) => options.decks,
  legalActions: (state, seat) =>
    state.phase === 'act' && seat === state.actor ? [{ type: 'DONE' }] : [],
  move: answer,
  fact: answer,

  view: (state) => state,
  outcome: (state): Outcome | null =>
    state.phase === 'over' ? { result: 'win', winners: [state.actor], reason: 'DONE' } : null,
  needs,
};
