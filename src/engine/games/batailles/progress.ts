/**
 * How a Batailles game moves on once a move or a fact is taken: the dead buried, the
 * King-killers' peeks, the next turn, the end and its scores; and what is kept of it, the
 * game's log and the exhibits of the claims made on faces.
 */
import type { CardId, Seat } from '../../game.ts';
import { hasLeft, inPlay, isActive, seatsOf } from './queries.ts';
import { isKing, ownerOf } from './setup.ts';
import type { BataillesEvent, BataillesState, Claim, Stage } from './types.ts';

/** Each player's points: 1 per trophy, 2 per King. */
export function scores(state: BataillesState): number[] {
  return state.trophies.map((cards) =>
    cards.reduce((sum, card) => sum + (isKing(state.faces[card]!) ? 2 : 1), 0),
  );
}

/**
 * Every dead card is faceup: each leaves play for the trophies of the
 * fighter who killed it; owners with an empty place and a hand replace.
 * A King-killer that has left peeks at nothing: it is asked for nothing again.
 */
export function buried(state: BataillesState): BataillesState {
  const { cards } = state.stage as Extract<Stage, { type: 'DEATHS' }>;
  const fight = state.fights.at(-1)!;
  let next = state;
  const peekers: Seat[] = [];
  for (const card of cards) {
    const owner = ownerOf(card);
    const killer = owner === fight.attacker ? fight.defender : fight.attacker;
    const face = state.faces[card]!;
    next = logged(
      {
        ...next,
        play: setAt(
          next.play,
          owner,
          next.play[owner]!.map((c) => (c === card ? null : c)),
        ),
        trophies: setAt(next.trophies, killer, [...next.trophies[killer]!, card]),
        passed: setAt(next.passed, owner, false),
      },
      { type: 'DEATH', card, face, owner, killer },
    );
    if (isKing(face) && !peekers.includes(killer) && !hasLeft(state, killer)) peekers.push(killer);
  }
  const losers = [...new Set(cards.map(ownerOf))].sort((a, b) => a - b);
  const seats = losers.filter((seat) => next.hands[seat]!.length > 0);
  return seats.length > 0
    ? { ...next, stage: { type: 'REPLACE', seats, peekers } }
    : nextPeek(next, peekers);
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

/**
 * Ends the game: on points, or with no winner once a fight is disputed. A seat
 * that has left keeps its points on the board but cannot win: the best of the
 * others win.
 */
export function ended(
  state: BataillesState,
  reason: 'SCORE' | 'DISPUTE' = 'SCORE',
): BataillesState {
  const points = scores(state);
  const staying = seatsOf(state).filter((s) => !hasLeft(state, s));
  const best = Math.max(...staying.map((s) => points[s]!));
  const winners = reason === 'DISPUTE' ? [] : staying.filter((s) => points[s] === best);
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
