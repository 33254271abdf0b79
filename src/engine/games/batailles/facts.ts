/**
 * The facts a Batailles table establishes (`fact`): cards dealt, shown, revealed, a hand
 * re-masked, a coin, an exhibit recorded, each taken only where the game needs it; and a
 * seat that left for good, taken whatever the game needs (`leaving.ts`).
 */
import type { CardId, Need, Seat } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { isInput } from '../common.ts';
import { leave } from './leaving.ts';
import { needs } from './needs.ts';
import { buried, logged, nextPeek, nextTurn, setAt } from './progress.ts';
import { hasLeft } from './queries.ts';
import { isFace, ownerOf } from './setup.ts';
import { isSeat, sameList } from './shape.ts';
import type { BataillesError, BataillesFact, BataillesState, Stage } from './types.ts';

type Res = Result<BataillesState, BataillesError>;

const FACTS = ['DEALT', 'SHOWN', 'REVEAL', 'REMASKED', 'COIN', 'RECORDED', 'LEFT'];

/** Coin bits that name a seat: enough for the largest seat number. */
const bitsFor = (players: number): number => Math.ceil(Math.log2(players));

/** Applies a fact the table established; returns the next state or why it is refused. */
export function fact(state: BataillesState, input: BataillesFact): Res {
  if (!isInput(input, FACTS)) return err('ERR_ACTION');
  if (state.result !== null) return err('ERR_GAME_OVER');
  const need = needs(state)[0];
  switch (input.type) {
    case 'LEFT':
      // Not an answer to a need: the table tells it the moment it accepts the leaving.
      if (!isSeat(state, input.seat)) return err('ERR_SEAT');
      if (hasLeft(state, input.seat)) return err('ERR_LEFT');
      return ok(leave(state, input.seat));
    case 'RECORDED':
      if (need?.type !== 'RECORD' || !sameList(input.cards, need.cards))
        return err('ERR_NOT_NEEDED');
      return ok({ ...state, recording: state.recording.slice(1), exhibits: state.exhibits + 1 });
    case 'DEALT':
      if (need?.type !== 'DEAL' || input.to !== need.to || !sameList(input.cards, need.cards))
        return err('ERR_NOT_NEEDED');
      return ok(dealt(state, need.to, need.cards));
    case 'SHOWN':
      if (
        need?.type !== 'SHOW' ||
        !sameList(input.cards, need.cards) ||
        !sameList(input.to, need.to)
      )
        return err('ERR_NOT_NEEDED');
      return ok(shown(state));
    case 'REVEAL':
      return reveal(state, need, input.card, input.face);
    case 'REMASKED':
      if (need?.type !== 'REMASK' || input.seat !== need.seat || !sameList(input.cards, need.cards))
        return err('ERR_NOT_NEEDED');
      return ok(nextTurn(state));
    case 'COIN':
      if (need?.type !== 'COIN' || (input.bit !== 0 && input.bit !== 1))
        return err('ERR_NOT_NEEDED');
      return ok(coin(state, input.bit));
  }
}

function dealt(state: BataillesState, seat: Seat, cards: readonly CardId[]): BataillesState {
  const { stage } = state;
  if (stage.type === 'SLACKER') {
    // The card is back in its owner's hand alone; a hand of one has nothing to hide it among.
    const next = { ...state, stage: { ...stage, dealt: true } };
    return state.hands[seat]!.length > 1 ? next : nextTurn(next);
  }
  return logged(
    {
      ...state,
      hands: setAt(state.hands, seat, [...state.hands[seat]!, ...cards]),
      armies: setAt(state.armies, seat, state.armies[seat]!.slice(cards.length)),
    },
    { type: 'DRAW', seat, cards: [...cards] },
  );
}

function shown(state: BataillesState): BataillesState {
  const { stage } = state;
  if (stage.type === 'FIGHT') {
    const fight = state.fight!;
    const cards = [...fight.attackers, ...fight.defenders];
    const exhibit = state.exhibits + state.recording.length;
    // Each fighter's copies, under its show key alone: either fighter's keys open the fight.
    const as = [...cards.map(() => fight.attacker), ...cards.map(() => fight.defender)];
    return {
      ...state,
      fight: { ...fight, shown: true, exhibit },
      recording: [...state.recording, { cards: [...cards, ...cards], as }],
    };
  }
  const { seats, card } = stage as Extract<Stage, { type: 'PEEK' }>;
  return nextPeek(logged(state, { type: 'PEEK', seat: seats[0]!, card }), seats.slice(1));
}

function coin(state: BataillesState, bit: number): BataillesState {
  const bits = [...state.bits, bit];
  if (bits.length < bitsFor(state.players)) return { ...state, bits };
  const seat = bits.reduce((n, b) => 2 * n + b, 0);
  // A number past the last seat, or naming a seat that has left, names nobody who plays.
  if (seat >= state.players || hasLeft(state, seat)) return { ...state, bits: [] };
  return logged({ ...state, bits: [], first: seat, turn: seat }, { type: 'FIRST', seat });
}

function reveal(state: BataillesState, need: Need | undefined, card: unknown, face: unknown): Res {
  if (need?.type !== 'REVEAL' || !need.cards.includes(card as CardId)) return err('ERR_NOT_NEEDED');
  const id = card as CardId;
  if (!isFace(face)) return err('ERR_FACE');
  // An honest army holds each face once: a second card showing a public face proves a bad reveal.
  const army = ownerOf(id);
  if (state.faces.some((f, other) => f === face && ownerOf(other) === army))
    return err('ERR_FACE_CONFLICT');
  const next = { ...state, faces: setAt(state.faces, id, face) };
  return ok(need.cards.length > 1 ? next : buried(next));
}
