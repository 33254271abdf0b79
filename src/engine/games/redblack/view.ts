/**
 * What a seat sees of Red & Black: everything public, plus which cards it can
 * read privately. The rules never hold private faces, so a seat's own hand
 * and the river cards it placed or peeked come as ids; the table layer gives
 * that seat's UI their faces. A face shown here is public to everyone.
 */
import type { CardId, Seat } from '../../game.ts';
import { attackStep, defenderOf, needs, powers } from './rules.ts';
import { other } from './setup.ts';
import type {
  AttackView,
  Phase,
  RedBlackState,
  RedBlackView,
  Round,
  SeenCard,
  Stage,
} from './types.ts';

/** The view of `seat` (0 or 1). */
export function view(state: RedBlackState, seat: Seat): RedBlackView {
  const { round } = state;
  const { stage } = round;
  const opponent = other(seat);
  return {
    seat,
    deck: state.deck,
    target: state.target,
    score: state.score,
    game: round.game,
    dealer: round.dealer,
    phase: phaseOf(state),
    turn: round.first === null ? null : round.turn,
    first: round.first,
    turns: round.turns,
    guess: round.guess,
    hand: seen(round, round.hands[seat] ?? []),
    opponent: { seat: opponent, cards: seen(round, round.hands[opponent] ?? []) },
    river: round.river.map((slot, i) => ({
      slot: i,
      card: slot.card,
      faceup: slot.faceup,
      face: slot.faceup ? (round.faces[slot.card] ?? null) : null,
      placedBy: slot.placedBy,
      readable: !slot.faceup && slot.readers[seat] === true,
    })),
    discard: round.discard.map(({ card, seat: from }) => ({
      card,
      face: round.faces[card] ?? null,
      seat: from,
    })),
    swap:
      stage.kind === 'SWAP' ? { seat: stage.seat, slot: stage.slot, peeked: stage.peeked } : null,
    attack: stage.kind === 'ATTACK' ? attackView(state, stage) : null,
    call:
      stage.kind === 'CALL'
        ? { seat: stage.call.seat, red: stage.call.red, black: stage.call.black }
        : null,
    games: state.games,
    log: round.log,
    result: state.result,
  };
}

/** Where the game is, for the UI. */
function phaseOf(state: RedBlackState): Phase {
  const { stage } = state.round;
  switch (stage.kind) {
    case 'OPENING':
      return needs(state)[0]?.type === 'ACT' ? 'GUESS' : 'DEAL';
    case 'COIN':
    case 'SHUFFLE':
    case 'PLAY':
    case 'SWAP':
    case 'ATTACK':
    case 'CALL':
    case 'OVER':
      return stage.kind;
  }
}

function seen(round: Round, cards: readonly CardId[]): SeenCard[] {
  return cards.map((card) => ({ card, face: round.faces[card] ?? null }));
}

function attackView(state: RedBlackState, stage: Extract<Stage, { kind: 'ATTACK' }>): AttackView {
  const { round } = state;
  const done = attackStep(round, stage).step;
  return {
    attacker: stage.attacker,
    defender: defenderOf(stage),
    colour: stage.attack.colour,
    cards: seen(round, stage.attack.cards),
    defence:
      stage.defence === null
        ? null
        : { colour: stage.defence.colour, cards: seen(round, stage.defence.cards) },
    power: done === 'DEFEND' ? null : powers(state, stage),
    owed: stage.owed,
    chosen: stage.chosen,
  };
}
