/**
 * "Crossing", a two-seat game made for testing concurrent moves: Red & Black's calls
 * and moves in miniature, with no cards to deal and no seal. The player to move may
 * `MOVE` (changes its own hand) or `WAIT` (passes the turn, hand unchanged); either
 * player may `CALL` the other's hand at any time, which ends the game. So a call can
 * cross a move: the one the log orders first stands, the other is void.
 */
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import type { Game, Outcome, Seat } from '../../../src/engine/game.ts';
import { err, ok, type Result } from '../../../src/engine/result.ts';
import { seatsAtPlay } from './table.ts';

export interface CrossingState {
  readonly [key: string]: Json;
  readonly turn: Seat;
  readonly hands: number[];
  readonly caller: Seat | null;
  readonly moves: number;
}

type Play = JsonObject & { type: string; seat: Seat };

/** Turns after which the game ends in a draw. */
export const CROSSING_TURNS = 6;

const other = (seat: Seat): Seat => 1 - seat;
const over = (s: CrossingState) => s.caller !== null || s.moves >= CROSSING_TURNS;

export const crossing: Game<CrossingState, JsonObject, JsonObject, CrossingState, JsonObject> = {
  id: 'crossing',
  minSeats: 2,
  maxSeats: 2,
  setup: () => ok({ turn: 0, hands: [0, 0], caller: null, moves: 0 }),
  // The table wants a deck; one card, never dealt, keeps the proofs quick.
  decks: () => [{ name: 'deck', size: 1 }],
  legalActions(state, seat) {
    if (over(state)) return [];
    const call = { type: 'CALL' };
    return seat === state.turn ? [{ type: 'MOVE' }, { type: 'WAIT' }, call] : [call];
  },
  move(state, input): Result<CrossingState> {
    const { type, seat } = input as Play;
    if (over(state)) return err('ERR_OVER');
    if (type === 'CALL') return ok({ ...state, caller: seat });
    if (seat !== state.turn) return err('ERR_NOT_YOUR_TURN');
    if (type !== 'MOVE' && type !== 'WAIT') return err('ERR_ACTION');
    const hands = state.hands.map((n, s) => (s === seat && type === 'MOVE' ? n + 1 : n));
    return ok({ ...state, hands, turn: other(seat), moves: state.moves + 1 });
  },
  fact: () => err('ERR_ACTION'),
  view: (state) => state,
  outcome(state): Outcome | null {
    if (state.caller !== null) return { result: 'win', winners: [state.caller], reason: 'CALL' };
    return state.moves >= CROSSING_TURNS ? { result: 'draw', reason: 'TURNS' } : null;
  },
  needs: (state) => (over(state) ? [] : [{ type: 'ACT', seats: [0, 1] }]),
};

/** Two seats of Crossing with their keys, and fresh replicas past the one-card shuffle. */
export const crossingSeats = () => seatsAtPlay(crossing, 2, {});
