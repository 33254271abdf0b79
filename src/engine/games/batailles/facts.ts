/**
 * The facts a Batailles table establishes (`fact`): cards dealt, shown, revealed, a hand
 * re-masked, a coin, an exhibit recorded; each taken only where the game needs it.
 */
import type { CardId, Need, Seat } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { isInput } from '../common.ts';
import { needs } from './needs.ts';
import { logged, nextPeek, nextTurn, setAt } from './progress.ts';
import { isFace, isKing, ownerOf } from './setup.ts';
import { sameList } from './shape.ts';
import type { BataillesError, BataillesFact, BataillesState, Stage } from './types.ts';

type Res = Result<BataillesState, BataillesError>;

const FACTS = ['DEALT', 'SHOWN', 'REVEAL', 'REMASKED', 'COIN', 'RECORDED'];

/** Coin bits that name a seat: enough for the largest seat number. */
const bitsFor = (players: number): number => Math.ceil(Math.log2(players));

/** Applies a fact the table established; returns the next state or why it is refused. */
export function fact(state: BataillesState, input: BataillesFact): Res {
  if (!isInput(input, FACTS)) return err('ERR_ACTION');
  if (state.result !== null) return err('ERR_GAME_OVER');
  const need = needs(state)[0];
  switch (input.type) {
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
  if (seat >= state.players) return { ...state, bits: [] };
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

/**
 * Every dead card is faceup: each leaves play for the trophies of the
 * fighter who killed it; owners with an empty place and a hand replace.
 */
function buried(state: BataillesState): BataillesState {
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
    if (isKing(face) && !peekers.includes(killer)) peekers.push(killer);
  }
  const losers = [...new Set(cards.map(ownerOf))].sort((a, b) => a - b);
  const seats = losers.filter((seat) => next.hands[seat]!.length > 0);
  return seats.length > 0
    ? { ...next, stage: { type: 'REPLACE', seats, peekers } }
    : nextPeek(next, peekers);
}
