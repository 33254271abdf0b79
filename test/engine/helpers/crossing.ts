/**
 * "Crossing", a two-seat game made for testing races: Red & Black's calls and
 * moves in miniature, with no cards to deal. The player to move may `MOVE`
 * (changes its own hand) or `WAIT` (passes the turn, hand unchanged); either
 * player may `CALL` the other's hand at any time, which ends the game. Its
 * race rule is Red & Black's: a call crossing a move that changed the called
 * hand is void, a call stands over a wait, and of two crossing calls the one
 * of the player whose turn it is not stands.
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

/** True when `a` wins a race against `b` (whichever was ordered first), `turn` the player to move. */
export function crossingBeats(a: Play, b: Play, turn: Seat): boolean {
  if (a.type === 'CALL' && b.type === 'CALL') return a.seat !== turn;
  if (a.type === 'MOVE' && b.type === 'CALL') return a.seat === other(b.seat);
  if (a.type === 'CALL' && b.type === 'WAIT') return b.seat === other(a.seat);
  return false;
}

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
  race: (state, standing, late) => crossingBeats(late as Play, standing as Play, state.turn),
};

/** Two seats of Crossing with their keys, and fresh replicas past the one-card shuffle. */
export const crossingSeats = () => seatsAtPlay(crossing, 2, {});
