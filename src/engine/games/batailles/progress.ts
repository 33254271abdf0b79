/**
 * How a Batailles game moves on once a move or a fact is taken: the King-killers' peeks,
 * the next turn, the end and its scores; and what is kept of it, the game's log and the
 * exhibits of the claims made on faces.
 */
import type { CardId, Seat } from '../../game.ts';
import { inPlay, isActive, seatsOf } from './queries.ts';
import { isKing } from './setup.ts';
import type { BataillesEvent, BataillesState, Claim } from './types.ts';

/** Each player's points: 1 per trophy, 2 per King. */
export function scores(state: BataillesState): number[] {
  return state.trophies.map((cards) =>
    cards.reduce((sum, card) => sum + (isKing(state.faces[card]!) ? 2 : 1), 0),
  );
}

/** Each of `seats` peeks in turn; with none left, the next turn. */
export function nextPeek(state: BataillesState, seats: readonly Seat[]): BataillesState {
  return seats.length > 0
    ? { ...state, stage: { type: 'PEEK', seats: [...seats], card: null } }
    : nextTurn(state);
}

/** The next player in seat order with a card in play; the game ends when at most one has. */
export function nextTurn(state: BataillesState): BataillesState {
  const active = seatsOf(state).filter((seat) => isActive(state, seat));
  if (active.length <= 1) return ended(state);
  const after = (state.turn + 1) % state.players;
  const turn = [...active.filter((s) => s >= after), ...active.filter((s) => s < after)][0]!;
  return { ...state, stage: { type: 'TURN' }, turn };
}

/** Ends the game: on points, or with no winner once a fight is disputed. */
export function ended(
  state: BataillesState,
  reason: 'SCORE' | 'DISPUTE' = 'SCORE',
): BataillesState {
  const points = scores(state);
  const best = Math.max(...points);
  const winners = reason === 'DISPUTE' ? [] : seatsOf(state).filter((s) => points[s] === best);
  const next = logged(state, { type: 'END', scores: points });
  return { ...next, result: { reason, scores: points, winners } };
}

/** Records `seat`'s cards in play (and, for a replacement, its hand) as the exhibit of a claim. */
export function claim(state: BataillesState, type: Claim['type'], seat: Seat): BataillesState {
  const play = inPlay(state, seat);
  const hand = type === 'REPLACE' ? state.hands[seat]! : [];
  const exhibit = state.exhibits + state.recording.length;
  return {
    ...state,
    claims: [...state.claims, { type, seat, exhibit, inPlay: play.length }],
    // As the claimant holds them: a card a show left under another's layer too opens by its copy.
    recording: [
      ...state.recording,
      { cards: [...play, ...hand], as: [...play, ...hand].map(() => seat) },
    ],
  };
}

/** Adds `event` to the game's log. */
export function logged(state: BataillesState, event: BataillesEvent): BataillesState {
  return { ...state, log: [...state.log, event] };
}

/** `list` with `value` at `index`. */
export function setAt<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((item, i) => (i === index ? value : item));
}

/** `list` without `cards`. */
export const without = (list: readonly CardId[], cards: readonly CardId[]): CardId[] =>
  list.filter((card) => !cards.includes(card));
