/**
 * A seat that leaves a Batailles table for good (the `LEFT` fact): the game
 * goes on without it.
 *
 * Its own army's key it kept alone (`deckOwner`), so nobody can ever open
 * its army, its hand or its cards in play again: they leave the game unseen,
 * and no need names them, nor the seat, again. Whatever was under way with
 * it is called off: a fight it is in that both fighters have not announced
 * yet (nobody can see its cards), its peek or a peek at one of its cards,
 * its Slacker, its turn. Its trophies were turned faceup for all and stay
 * its points, but it cannot win (`ended`).
 */
import type { Seat } from '../../game.ts';
import { buried, ended, logged, nextPeek, nextTurn, setAt } from './progress.ts';
import { allLaid, isActive, leavers, seatsOf } from './queries.ts';
import { ownerOf } from './setup.ts';
import type { BataillesState, Stage } from './types.ts';

/** The game once `seat` (a seat of the table that has not left yet) has left for good. */
export function leave(state: BataillesState, seat: Seat): BataillesState {
  const gone = logged(
    {
      ...state,
      armies: setAt(state.armies, seat, []),
      hands: setAt(state.hands, seat, []),
      play: setAt(
        state.play,
        seat,
        state.play[seat]!.map(() => null),
      ),
      left: [...leavers(state), seat],
    },
    { type: 'LEFT', seat },
  );
  const next = goneFrom(gone, seat);
  // Where play stands still (no death, no replacement under way), the end is checked at once.
  const still = ['TURN', 'PEEK', 'SLACKER'].includes(next.stage.type);
  const players = seatsOf(next).filter((s) => isActive(next, s)).length;
  return next.result === null && still && players <= 1 ? ended(next) : next;
}

/** Where the game goes on from, in each stage, once `seat`'s cards are gone. */
function goneFrom(state: BataillesState, seat: Seat): BataillesState {
  const { stage } = state;
  switch (stage.type) {
    case 'OPENING':
      // Nobody waits on it to lay.
      return allLaid(state) ? { ...state, stage: { type: 'TURN' } } : state;
    case 'TURN':
      // While the first player is drawn, a number naming it draws again (`coin`).
      return state.turn === seat ? nextTurn(state) : state;
    case 'FIGHT':
      return fightOff(state, seat);
    case 'DEATHS':
      return deathsWithout(state, stage, seat);
    case 'REPLACE': {
      const seats = stage.seats.filter((s) => s !== seat);
      const peekers = stage.peekers.filter((s) => s !== seat);
      return seats.length > 0
        ? { ...state, stage: { type: 'REPLACE', seats, peekers } }
        : nextPeek(state, peekers);
    }
    case 'PEEK': {
      const [peeker, ...after] = stage.seats as [Seat, ...Seat[]];
      const rest = after.filter((s) => s !== seat);
      // Its peek, or a peek at its card, cannot be shown: it counts as spent.
      const off = peeker === seat || (stage.card !== null && ownerOf(stage.card) === seat);
      return off
        ? nextPeek(state, rest)
        : { ...state, stage: { ...stage, seats: [peeker, ...rest] } };
    }
    case 'SLACKER':
      // Its card back in hand left with its hand: the turn passes on.
      return stage.seat === seat ? nextTurn(state) : state;
  }
}

/**
 * A fight with `seat` in it is called off: nobody can see its cards, so it
 * has no outcome, and the audit has none to judge. An attacker whose
 * defender left takes its turn again, with the Teamwork it spent on that
 * fight back; when the attacker left, the turn passes on from it. A fight
 * of two others goes on.
 */
function fightOff(state: BataillesState, seat: Seat): BataillesState {
  const fight = state.fight!;
  if (fight.attacker !== seat && fight.defender !== seat) return state;
  const off = { ...state, fight: null };
  if (fight.attacker === seat) return nextTurn(off);
  const { attacker } = fight;
  // Two attackers make a Teamwork, and only a Teamwork (`startFight`).
  const teamwork = state.teamwork[attacker]! + (fight.attackers.length > 1 ? 1 : 0);
  return {
    ...off,
    teamwork: setAt(state.teamwork, attacker, teamwork),
    stage: { type: 'TURN' },
    turn: attacker,
  };
}

/**
 * The dead of a fight `seat` fought, without its cards still to reveal: those
 * never will be, and are nobody's trophy. One already faceup still dies for
 * its killer, and so do the others' dead; with none left to reveal, they are
 * buried as after the last reveal.
 */
function deathsWithout(
  state: BataillesState,
  stage: Extract<Stage, { type: 'DEATHS' }>,
  seat: Seat,
): BataillesState {
  const cards = stage.cards.filter((card) => ownerOf(card) !== seat || state.faces[card] !== null);
  const next = { ...state, stage: { ...stage, cards } };
  return cards.every((card) => state.faces[card] !== null) ? buried(next) : next;
}
