/**
 * What a Red & Black match waits for (`needs`), and the readings of a round that tell it:
 * what an attack waits for next, how far the opening is, whether a seat may call.
 */
import type { CardId, Need, Seat } from '../../game.ts';
import { other } from './setup.ts';
import { isSeat } from './shape.ts';
import type { RedBlackState, Round, Stage } from './types.ts';

/** The stage of an attack, from its showing to its discards. */
export type AttackStage = Extract<Stage, { kind: 'ATTACK' }>;
/** The stage of a swap, from its peek to the swapper's choice. */
export type SwapStage = Extract<Stage, { kind: 'SWAP' }>;

/** Cards among `cards` whose face is not public. */
export const unknown = (round: Round, cards: readonly CardId[]): CardId[] =>
  cards.filter((card) => round.faces[card] === null || round.faces[card] === undefined);

/** The defender of an attack. */
export const defenderOf = (stage: AttackStage): Seat => other(stage.attacker);

/**
 * What an attack waits for next: a reveal of some cards (of a showing: the
 * colour its player claimed for them is judged), the defender's answer or
 * discard choice, or nothing (it is about to resolve).
 */
export function attackStep(
  round: Round,
  stage: AttackStage,
):
  | { readonly step: 'REVEAL'; readonly cards: CardId[]; readonly claim?: Seat }
  | { readonly step: 'DEFEND' | 'DISCARD' | 'DONE' } {
  const attack = unknown(round, stage.attack.cards);
  if (attack.length > 0) return { step: 'REVEAL', cards: attack, claim: stage.attacker };
  if (stage.defence === null) return { step: 'DEFEND' };
  const defence = unknown(round, stage.defence.cards);
  if (defence.length > 0) return { step: 'REVEAL', cards: defence, claim: defenderOf(stage) };
  if (stage.defence.colour !== stage.attack.colour) {
    const river = round.river.filter((slot) => !slot.faceup).map((slot) => slot.card);
    if (river.length > 0) return { step: 'REVEAL', cards: river };
  }
  if (stage.owed === null || stage.owed === 0) return { step: 'DONE' };
  if (stage.chosen === null) return { step: 'DISCARD' };
  const chosen = unknown(round, stage.chosen);
  return chosen.length > 0 ? { step: 'REVEAL', cards: chosen } : { step: 'DONE' };
}

/** What the opening waits for: a deal, a reveal, the guess, or nothing. */
export function openingNeed(round: Round): Need | null {
  const dealer = round.dealer ?? 0;
  for (const seat of [other(dealer), dealer])
    if (!round.dealt[seat]) return { type: 'DEAL', cards: round.hands[seat]!, to: seat };
  const turned = unknown(
    round,
    round.river.slice(0, 2).map((slot) => slot.card),
  );
  if (turned.length > 0) return { type: 'REVEAL', cards: turned };
  if (round.guess === null) return { type: 'ACT', seats: [other(dealer)] };
  const third = unknown(round, [round.river[2]!.card]);
  return third.length > 0 ? { type: 'REVEAL', cards: third } : null;
}

/** True at the swap's last step: peek and re-mask done, the swapper chooses. */
export const swapChoosing = (stage: SwapStage): boolean => stage.peeked && stage.remasked;

/**
 * True when `seat` may make a call now: the game has begun, is not over, and
 * the opponent's hand is settled (see the module comment of `rules.ts`).
 */
export function canCall(state: RedBlackState, seat: Seat): boolean {
  if (state.result !== null || !isSeat(seat)) return false;
  const { stage } = state.round;
  if (stage.kind === 'PLAY') return true;
  return stage.kind === 'SWAP' && stage.seat === seat && swapChoosing(stage);
}

/**
 * What the match waits for. At most one non-`ACT` need, first; `ACT` lists
 * the seat that owes a move, and the one that may call out of turn. Empty
 * once the match is over.
 */
export function needs(state: RedBlackState): Need[] {
  if (state.result !== null) return [];
  const { round } = state;
  const { stage } = round;
  switch (stage.kind) {
    case 'COIN':
      return [{ type: 'COIN' }];
    case 'SHUFFLE':
      return [{ type: 'SHUFFLE', cards: round.faces.map((_, card) => card) }];
    case 'OVER':
      return [];
    case 'OPENING': {
      const need = openingNeed(round);
      return need === null ? [] : [need];
    }
    case 'PLAY':
      // The turn player owes a move; the other may call, but the table does not wait on it.
      return [{ type: 'ACT', seats: [round.turn], optional: [other(round.turn)] }];
    case 'SWAP': {
      const slot = round.river[stage.slot]!;
      if (!stage.peeked) return [{ type: 'DEAL', cards: [slot.card], to: stage.seat }];
      if (!stage.remasked)
        return [{ type: 'REMASK', seat: stage.seat, cards: round.hands[stage.seat]! }];
      return [{ type: 'ACT', seats: [stage.seat] }];
    }
    case 'ATTACK': {
      const next = attackStep(round, stage);
      if (next.step === 'REVEAL') {
        const { cards, claim } = next;
        return [claim === undefined ? { type: 'REVEAL', cards } : { type: 'REVEAL', cards, claim }];
      }
      if (next.step === 'DONE') return [];
      return [{ type: 'ACT', seats: [defenderOf(stage)] }];
    }
    case 'CALL':
      return [{ type: 'REVEAL', cards: unknown(round, round.hands[other(stage.call.seat)]!) }];
  }
}
