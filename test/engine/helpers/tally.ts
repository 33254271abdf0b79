/**
 * "Tally", a three-seat game made for testing concurrent actions at more than two
 * seats. The seats count up together, each acting whenever it likes: `ADD` names
 * the count it adds one to, and is valid only at that count, so of two adds that
 * cross the one ordered first stands; `CLAIM` names the count it claims, scores a
 * point for its author and starts the count again from 0, and is void likewise
 * where another action got there first. The first seat to `TALLY_POINTS` points
 * wins.
 */
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import type { Game, Outcome, Seat } from '../../../src/engine/game.ts';
import { err, ok, type Result } from '../../../src/engine/result.ts';
import { seatsAtPlay } from './table.ts';

/** The count every seat adds to, and each seat's points. */
export interface TallyState {
  readonly [key: string]: Json;
  readonly count: number;
  readonly points: number[];
}

type Play = JsonObject & { type: string; at: number; seat: Seat };

/** Points that win. */
const TALLY_POINTS = 3;

const SEATS = [0, 1, 2];

const winner = (s: TallyState) => s.points.findIndex((n) => n >= TALLY_POINTS);

/** The game module, for three seats. */
export const tally: Game<TallyState, JsonObject, JsonObject, TallyState, JsonObject> = {
  id: 'tally',
  minSeats: 3,
  maxSeats: 3,
  setup: () => ok({ count: 0, points: [0, 0, 0] }),
  // The table wants a deck; one card, never dealt, keeps the proofs quick.
  decks: () => [{ name: 'deck', size: 1 }],
  legalActions: (state) =>
    winner(state) >= 0
      ? []
      : [
          { type: 'ADD', at: state.count },
          { type: 'CLAIM', at: state.count },
        ],
  move(state, input): Result<TallyState> {
    const { type, at, seat } = input as Play;
    if (winner(state) >= 0) return err('ERR_OVER');
    if (at !== state.count) return err('ERR_COUNT');
    if (type === 'ADD') return ok({ ...state, count: at + 1 });
    if (type !== 'CLAIM') return err('ERR_ACTION');
    return ok({ count: 0, points: state.points.map((n, s) => (s === seat ? n + 1 : n)) });
  },
  fact: () => err('ERR_ACTION'),
  view: (state) => state,
  outcome(state): Outcome | null {
    const seat = winner(state);
    return seat < 0 ? null : { result: 'win', winners: [seat], reason: 'POINTS' };
  },
  needs: (state) => (winner(state) >= 0 ? [] : [{ type: 'ACT', seats: SEATS }]),
};

/** Three seats of Tally with their keys, and fresh replicas past the one-card shuffle. */
export const tallySeats = () => seatsAtPlay(tally, 3, {});

/**
 * Tally whose one card is revealed to every seat once the first point is scored
 * (`shown`: its face, null before): unlock shares, each with a proof to check, made
 * while the seats may still act, right after a claim has scored.
 */
export const tallyShown: Game<TallyState, JsonObject, JsonObject, TallyState, JsonObject> = {
  ...tally,
  id: 'tally-shown',
  setup: () => ok({ count: 0, points: [0, 0, 0], shown: null }),
  move(state, input): Result<TallyState> {
    const next = tally.move(state, input);
    return next.ok ? ok({ ...state, ...next.value }) : next;
  },
  fact: (state, input) =>
    input.type === 'REVEAL' ? ok({ ...state, shown: input.face! }) : err('ERR_ACTION'),
  needs: (state) =>
    state.shown === null && state.points.some((n) => n > 0)
      ? [{ type: 'REVEAL', cards: [0] }, ...tally.needs(state)]
      : tally.needs(state),
};

/** Three seats of `tallyShown`, as `tallySeats`. */
export const tallyShownSeats = () => seatsAtPlay(tallyShown, 3, {});
