/**
 * The steps of a Red & Black match that need no input: the first player once the third
 * card is out, an attack's powers and discards, a call's verdict and what follows it;
 * and the round's log that records them.
 */
import type { Face } from '../../cards.ts';
import type { Seat } from '../../game.ts';
import { attackStep, defenderOf, unknown, type AttackStage } from './needs.ts';
import { faceColour, other } from './setup.ts';
import type { Call, PerSeat, RedBlackEvent, RedBlackState, Round, Stage } from './types.ts';

/**
 * Attack and defence power once every card that counts is public: revealed
 * cards, plus (colours differ) each river card for the side of its colour.
 */
export function powers(
  state: RedBlackState,
  stage: AttackStage,
): { attack: number; defence: number } | null {
  const { round, deck } = state;
  const { attack, defence } = stage;
  if (defence === null) return null;
  if (unknown(round, [...attack.cards, ...defence.cards]).length > 0) return null;
  let a = attack.cards.length;
  let d = defence.cards.length;
  if (attack.colour !== defence.colour) {
    for (const slot of round.river) {
      const face = round.faces[slot.card];
      if (!slot.faceup || face === null || face === undefined) return null;
      if (faceColour(deck, face) === attack.colour) a++;
      else d++;
    }
  }
  return { attack: a, defence: d };
}

/** Runs every step that needs no input: the first player, an attack's resolution, a call's verdict. */
export function advance(state: RedBlackState): RedBlackState {
  const { round } = state;
  const { stage } = round;
  if (stage.kind === 'OPENING') return openingDone(state);
  if (stage.kind === 'ATTACK') return attackProgress(state, stage);
  if (stage.kind === 'CALL') return verdict(state, stage.call);
  return state;
}

function openingDone(state: RedBlackState): RedBlackState {
  const { round, deck } = state;
  const face = round.faces[round.river[2]!.card];
  if (round.guess === null || face === null || face === undefined || round.dealer === null)
    return state;
  const right = faceColour(deck, face) === round.guess;
  const first = right ? other(round.dealer) : round.dealer;
  const next: Round = { ...round, first, turn: first, turns: 0, stage: { kind: 'PLAY' } };
  return withRound(state, next, { type: 'FIRST', seat: first, face, right });
}

function attackProgress(state: RedBlackState, stage: AttackStage): RedBlackState {
  const { round } = state;
  const defender = defenderOf(stage);
  const hand = round.hands[defender]!;
  if (stage.owed === null) {
    const power = powers(state, stage);
    if (power === null) return state;
    const owed = Math.min(Math.max(0, power.attack - power.defence), hand.length);
    // With no choice to make, the whole hand goes: nobody waits for an obvious move.
    const chosen = owed > 0 && owed === hand.length ? [...hand] : null;
    const next = withRound(
      state,
      { ...round, stage: { ...stage, owed, chosen } },
      {
        type: 'POWER',
        attack: power.attack,
        defence: power.defence,
        discard: owed,
      },
    );
    return advance(next);
  }
  if (attackStep(round, stage).step !== 'DONE') return state;
  const chosen = stage.chosen ?? [];
  const hands = setSeat(
    round.hands,
    defender,
    hand.filter((card) => !chosen.includes(card)),
  );
  const pile = [...round.discard, ...chosen.map((card) => ({ card, seat: defender }))];
  const next = endTurn({ ...round, hands, discard: pile });
  return chosen.length === 0
    ? { ...state, round: next }
    : withRound(state, next, { type: 'DISCARD', seat: defender, cards: [...chosen] });
}

/** Settles a call once the whole target hand is public: score, history, next game or match end. */
function verdict(state: RedBlackState, made: Call): RedBlackState {
  const { round, deck } = state;
  const target = other(made.seat);
  const hand = round.hands[target]!;
  const faces = hand.map((card) => round.faces[card]);
  if (faces.some((face) => face === null || face === undefined)) return state;
  const red = (faces as Face[]).filter((face) => faceColour(deck, face) === 'red').length;
  const black = hand.length - red;
  const right = red === made.red && black === made.black;
  const winner = right ? made.seat : target;
  const score = setSeat(state.score, winner, state.score[winner]! + 1);
  const games = [
    ...state.games,
    {
      game: round.game,
      dealer: round.dealer ?? 0,
      caller: made.seat,
      call: { red: made.red, black: made.black },
      hand: { red, black },
      winner,
      turns: round.turns,
    },
  ];
  const result = score[winner]! >= state.target ? ({ winner, reason: 'TARGET' } as const) : null;
  const stage: Stage = result === null ? { kind: 'SHUFFLE' } : { kind: 'OVER' };
  const event: RedBlackEvent = { type: 'RESULT', winner, caller: made.seat, right, red, black };
  return { ...withRound(state, { ...round, stage }, event), score, games, result };
}

/** Ends the turn: the other player's, one more counted. */
export function endTurn(round: Round): Round {
  return { ...round, stage: { kind: 'PLAY' }, turn: other(round.turn), turns: round.turns + 1 };
}

/** `state` with `round`, `event` added to its log. */
export function withRound(state: RedBlackState, round: Round, event: RedBlackEvent): RedBlackState {
  return { ...state, round: { ...round, log: [...round.log, event] } };
}

/** `pair` with `value` at `seat`. */
export function setSeat<T>(pair: PerSeat<T>, seat: Seat, value: T): PerSeat<T> {
  return seat === 0 ? [value, pair[1]] : [pair[0], value];
}
