/**
 * The actions a Red & Black seat may take now (`legalActions`), for its bot and its page:
 * every showing of the hand the rules cannot rule out, every call, every swap.
 */
import type { CardId, Seat } from '../../game.ts';
import { attackStep, canCall, defenderOf, openingNeed, swapChoosing } from './needs.ts';
import { faceColour, other } from './setup.ts';
import { isSeat } from './shape.ts';
import {
  COLOURS,
  type Colour,
  type RedBlackPlay,
  type RedBlackState,
  type Showing,
} from './types.ts';

/** Every subset of `cards`, in the order of a bit mask counting up (the empty set first). */
export function subsets<T>(cards: readonly T[]): T[][] {
  return Array.from({ length: 1 << cards.length }, (_, mask) =>
    cards.filter((_card, i) => (mask >> i) & 1),
  );
}

/** Every split of `size` cards into red and black counts, all red first. */
const callSplits = (seat: Seat, size: number): RedBlackPlay[] =>
  Array.from({ length: size + 1 }, (_, i) => ({
    type: 'CALL',
    seat,
    red: size - i,
    black: i,
  }));

/** Showings of `hand` in both colours, leaving out cards publicly of the other colour. */
function showings(state: RedBlackState, hand: readonly CardId[]): Showing[] {
  return COLOURS.flatMap((colour) =>
    subsets(hand)
      .filter((cards) => !wrongColour(state, cards, colour))
      .map((cards) => ({ colour, cards })),
  );
}

/** True when a public face among `cards` is not of `colour`. */
export function wrongColour(
  state: RedBlackState,
  cards: readonly CardId[],
  colour: Colour,
): boolean {
  return cards.some((card) => {
    const face = state.round.faces[card];
    return face !== null && face !== undefined && faceColour(state.deck, face) !== colour;
  });
}

/**
 * Every action `seat` may take now. ATTACK and DEFEND list every subset of
 * the hand in both colours (the rules cannot know hand faces; the player
 * picks the ids whose faces it knows; a wrong colour is caught on reveal),
 * leaving out only cards whose face is publicly of the other colour.
 */
export function legalActions(state: RedBlackState, seat: Seat): RedBlackPlay[] {
  if (state.result !== null || !isSeat(seat)) return [];
  const { round } = state;
  const { stage } = round;
  const hand = round.hands[seat]!;
  const calls = canCall(state, seat) ? callSplits(seat, round.hands[other(seat)]!.length) : [];
  switch (stage.kind) {
    case 'OPENING': {
      const need = openingNeed(round);
      const guessing = need?.type === 'ACT' && need.seats.includes(seat);
      return guessing ? COLOURS.map((colour) => ({ type: 'GUESS', seat, colour })) : [];
    }
    case 'PLAY': {
      if (seat !== round.turn) return calls;
      const swaps: RedBlackPlay[] = round.river.flatMap((slot, i) =>
        slot.faceup && hand.length === 0 ? [] : [{ type: 'SWAP', seat, slot: i }],
      );
      const attacks: RedBlackPlay[] =
        round.turns === 0 ? [] : showings(state, hand).map((s) => ({ type: 'ATTACK', seat, ...s }));
      return [...swaps, ...attacks, ...calls];
    }
    case 'SWAP': {
      if (seat !== stage.seat || !swapChoosing(stage)) return [];
      const places: RedBlackPlay[] = hand.map((card) => ({ type: 'PLACE', seat, card }));
      const leave: RedBlackPlay[] = round.river[stage.slot]!.faceup
        ? []
        : [{ type: 'LEAVE', seat }];
      return [...places, ...leave, ...calls];
    }
    case 'ATTACK': {
      if (seat !== defenderOf(stage)) return [];
      const next = attackStep(round, stage).step;
      if (next === 'DEFEND')
        return showings(state, hand).map((s) => ({ type: 'DEFEND', seat, ...s }));
      if (next === 'DISCARD')
        return subsets(hand)
          .filter((cards) => cards.length === stage.owed)
          .map((cards) => ({ type: 'DISCARD', seat, cards }));
      return [];
    }
    default:
      return [];
  }
}
