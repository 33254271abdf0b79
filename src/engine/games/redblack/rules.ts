/**
 * Red & Black's rules as pure functions (docs/rules.md, Red & Black).
 *
 * A match is a series of games; the first player to win `target` games
 * (default 3, the table creator may pick 1..15) wins the match. The first
 * dealer is picked by a joint coin (`bit` = the dealer's seat), then the
 * dealer alternates. The first game uses the deck the table shuffled at the
 * start; every later game asks for a fresh joint shuffle.
 *
 * One game, as the table sees it through `needs`:
 *
 * 1. `DEAL` the non-dealer's 5 cards to it, then the dealer's (private).
 * 2. `REVEAL` river slots 0 and 1.
 * 3. `ACT`: the non-dealer's `GUESS` of the third card's colour. The third
 *    card is not asked for until the guess is in, so nobody can know it first.
 * 4. `REVEAL` river slot 2. Right guess: the non-dealer moves first, else the
 *    dealer. The game has begun: from now on calls are open.
 * 5. Turns. `ACT` waits on the turn player, who may `SWAP` or `ATTACK`
 *    (not on the first player's first turn); the other may `CALL` (`optional`),
 *    and so may the turn player.
 *
 * A swap: `SWAP` a slot; a facedown card is `DEAL`t to the swapper (the
 * peek), also one it placed or peeked at before: the other player's peek
 * since may have put it under that player's layer alone. Then the swapper's
 * hand is always re-masked (`REMASK`), so the opponent cannot link the card
 * that goes into the river to any card it saw before, whatever was revealed
 * earlier; then the swapper `PLACE`s a hand card facedown in the slot and
 * takes the slot's card, or (facedown slot only) `LEAVE`s it. A card cannot
 * be taken and put back: the placed card comes from the hand as it was
 * before the swap.
 *
 * An attack: `ATTACK` with a colour and 0..all hand cards; the cards are
 * revealed (a face of another colour is refused with `ERR_COLOUR`: the
 * table names the attacker, whose claim it was, whoever's share turned the
 * card, and the attacker loses the match); the defender answers with
 * `DEFEND` the same way; if the colours differ every facedown river card is
 * revealed and stays faceup, and each river card adds 1 to the side of its
 * colour. The defender then owes min(attack - defence, hand size) discards:
 * its own choice (`DISCARD`, or its whole hand when that is all it has),
 * revealed and put on the discard pile for good. Revealed cards not
 * discarded go back into the hand, public until that hand is next re-masked.
 *
 * Calls: a player may `CALL` whenever the opponent's hand is settled and the
 * game has begun and is not over. Here that is: between turns (the `PLAY`
 * stage, both players), and during a swap, once its peek and re-mask are
 * done, for the swapper only (its opponent's hand is settled, its own is
 * not). Nobody calls during an attack (both hands are in it) or while the
 * table works on a swap's peek or re-mask (that takes a moment; the swapper
 * calls right after). The opponent's whole hand is then revealed: the exact
 * counts win the game for the caller, anything else loses it.
 *
 * The call race (docs/rules.md, Red & Black): the turn player's move is asked for
 * with the other player `optional`, so the table seals it until that player
 * has seen that a move was made (table/seal.ts). A call made before then
 * stands and the sealed move is void, whatever the delivery order: of a call
 * and a move made against the same state, or of two calls, the call of the
 * player whose turn it is not stands. After its ACK a player cannot name a
 * state before the move, so no call can cross a move that showed or changed
 * the called hand, and claiming to have seen less wins nothing.
 *
 * This file takes the players' moves. The facts (`facts.ts`), what the match waits for
 * (`needs.ts`), the actions open to a seat (`legal.ts`), the steps that need no input
 * (`progress.ts`) and the checks of a move's shape (`shape.ts`) have files of their own.
 */
import type { CardId, Outcome, Seat } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { isInput, wonBy } from '../common.ts';
import { wrongColour } from './legal.ts';
import {
  attackStep,
  canCall,
  defenderOf,
  openingNeed,
  swapChoosing,
  type AttackStage,
  type SwapStage,
} from './needs.ts';
import { advance, endTurn, setSeat, withRound } from './progress.ts';
import { other } from './setup.ts';
import { isCardList, isColour, isCount, isSeat, isSlot } from './shape.ts';
import type {
  Call,
  Colour,
  RedBlackError,
  RedBlackEvent,
  RedBlackPlay,
  RedBlackState,
  Showing,
  Slot,
} from './types.ts';

// The game's entry: its index and view find the whole contract here.
export { fact } from './facts.ts';
export { legalActions, subsets } from './legal.ts';
export { attackStep, canCall, defenderOf, needs } from './needs.ts';
export { powers } from './progress.ts';

type Res = Result<RedBlackState, RedBlackError>;

const MOVES = ['GUESS', 'SWAP', 'PLACE', 'LEAVE', 'ATTACK', 'DEFEND', 'DISCARD', 'CALL'];

/** The match outcome once a player has won `target` games, else null. */
export function outcome(state: RedBlackState): Outcome | null {
  return wonBy(state.result);
}

/** Applies a player's move; returns the next state or why it is refused. */
export function move(state: RedBlackState, play: RedBlackPlay): Res {
  if (!isInput(play, MOVES)) return err('ERR_ACTION');
  if (state.result !== null) return err('ERR_MATCH_OVER');
  if (!isSeat(play.seat)) return err('ERR_SEAT');
  switch (play.type) {
    case 'GUESS':
      return guess(state, play.seat, play.colour);
    case 'SWAP':
      return swap(state, play.seat, play.slot);
    case 'PLACE':
      return place(state, play.seat, play.card);
    case 'LEAVE':
      return leave(state, play.seat);
    case 'ATTACK':
      return attack(state, play.seat, play.colour, play.cards);
    case 'DEFEND':
      return defend(state, play.seat, play.colour, play.cards);
    case 'DISCARD':
      return discard(state, play.seat, play.cards);
    case 'CALL':
      return call(state, play.seat, play.red, play.black);
  }
}

function guess(state: RedBlackState, seat: Seat, colour: unknown): Res {
  const { round } = state;
  if (round.stage.kind !== 'OPENING') return err('ERR_STAGE');
  const need = openingNeed(round);
  if (need?.type !== 'ACT') return err('ERR_STAGE');
  if (!need.seats.includes(seat)) return err('ERR_NOT_YOUR_TURN');
  if (!isColour(colour)) return err('ERR_ACTION');
  return ok(withRound(state, { ...round, guess: colour }, { type: 'GUESS', seat, colour }));
}

function swap(state: RedBlackState, seat: Seat, slotIndex: unknown): Res {
  const { round } = state;
  if (round.stage.kind !== 'PLAY') return err('ERR_STAGE');
  if (seat !== round.turn) return err('ERR_NOT_YOUR_TURN');
  if (!isSlot(slotIndex)) return err('ERR_SLOT');
  const slot = round.river[slotIndex]!;
  const hand = round.hands[seat]!;
  // A faceup card must be replaced by a hand card; a facedown one may be peeked and left.
  if (slot.faceup && hand.length === 0) return err('ERR_CARD');
  const stage: SwapStage = {
    kind: 'SWAP',
    seat,
    slot: slotIndex,
    // A facedown card lies under the layer of whoever placed or last peeked at it: it is
    // always dealt to the swapper, so it enters the hand under the swapper's layer alone
    // (the deal costs nothing when it is the swapper's already).
    peeked: slot.faceup,
    remasked: hand.length === 0,
  };
  return ok(withRound(state, { ...round, stage }, { type: 'SWAP', seat, slot: slotIndex }));
}

function place(state: RedBlackState, seat: Seat, card: unknown): Res {
  const { round } = state;
  const { stage } = round;
  if (stage.kind !== 'SWAP' || !swapChoosing(stage)) return err('ERR_STAGE');
  if (seat !== stage.seat) return err('ERR_NOT_YOUR_TURN');
  const hand = round.hands[seat]!;
  if (!hand.includes(card as CardId)) return err('ERR_CARD');
  const slot = round.river[stage.slot]!;
  const took = slot.card;
  const placed: Slot = {
    card: card as CardId,
    faceup: false,
    placedBy: seat,
    readers: seat === 0 ? [true, false] : [false, true],
  };
  const hands = setSeat(round.hands, seat, [...hand.filter((c) => c !== card), took]);
  const river = round.river.map((s, i) => (i === stage.slot ? placed : s));
  const event: RedBlackEvent = {
    type: 'PLACE',
    seat,
    slot: stage.slot,
    took,
    tookFace: slot.faceup ? (round.faces[took] ?? null) : null,
    placed: card as CardId,
  };
  return ok(withRound(state, endTurn({ ...round, hands, river }), event));
}

function leave(state: RedBlackState, seat: Seat): Res {
  const { round } = state;
  const { stage } = round;
  if (stage.kind !== 'SWAP' || !swapChoosing(stage)) return err('ERR_STAGE');
  if (seat !== stage.seat) return err('ERR_NOT_YOUR_TURN');
  if (round.river[stage.slot]!.faceup) return err('ERR_SLOT');
  return ok(withRound(state, endTurn(round), { type: 'LEAVE', seat, slot: stage.slot }));
}

/** Checks a showing: a colour, distinct cards of the hand, none publicly of another colour. */
function checkShowing(
  state: RedBlackState,
  seat: Seat,
  colour: unknown,
  cards: unknown,
): RedBlackError | null {
  if (!isColour(colour)) return 'ERR_ACTION';
  if (!isCardList(cards)) return 'ERR_CARDS';
  if (!cards.every((card) => state.round.hands[seat]!.includes(card))) return 'ERR_CARD';
  return wrongColour(state, cards, colour) ? 'ERR_COLOUR' : null;
}

function attack(state: RedBlackState, seat: Seat, colour: unknown, cards: unknown): Res {
  const { round } = state;
  if (round.stage.kind !== 'PLAY') return err('ERR_STAGE');
  if (seat !== round.turn) return err('ERR_NOT_YOUR_TURN');
  if (round.turns === 0) return err('ERR_FIRST_TURN');
  const bad = checkShowing(state, seat, colour, cards);
  if (bad !== null) return err(bad);
  const shown: Showing = { colour: colour as Colour, cards: [...(cards as CardId[])] };
  const stage: AttackStage = {
    kind: 'ATTACK',
    attacker: seat,
    attack: shown,
    defence: null,
    owed: null,
    chosen: null,
  };
  const event: RedBlackEvent = { type: 'ATTACK', seat, ...shown };
  return ok(advance(withRound(state, { ...round, stage }, event)));
}

function defend(state: RedBlackState, seat: Seat, colour: unknown, cards: unknown): Res {
  const { round } = state;
  const { stage } = round;
  if (stage.kind !== 'ATTACK' || attackStep(round, stage).step !== 'DEFEND')
    return err('ERR_STAGE');
  if (seat !== defenderOf(stage)) return err('ERR_NOT_YOUR_TURN');
  const bad = checkShowing(state, seat, colour, cards);
  if (bad !== null) return err(bad);
  const defence: Showing = { colour: colour as Colour, cards: [...(cards as CardId[])] };
  const event: RedBlackEvent = { type: 'DEFEND', seat, ...defence };
  return ok(advance(withRound(state, { ...round, stage: { ...stage, defence } }, event)));
}

function discard(state: RedBlackState, seat: Seat, cards: unknown): Res {
  const { round } = state;
  const { stage } = round;
  if (stage.kind !== 'ATTACK' || attackStep(round, stage).step !== 'DISCARD')
    return err('ERR_STAGE');
  if (seat !== defenderOf(stage)) return err('ERR_NOT_YOUR_TURN');
  if (!isCardList(cards) || cards.length !== stage.owed) return err('ERR_CARDS');
  if (!cards.every((card) => round.hands[seat]!.includes(card))) return err('ERR_CARD');
  return ok(advance({ ...state, round: { ...round, stage: { ...stage, chosen: [...cards] } } }));
}

function call(state: RedBlackState, seat: Seat, red: unknown, black: unknown): Res {
  const { round } = state;
  if (!isCount(red) || !isCount(black)) return err('ERR_CALL');
  if (!canCall(state, seat)) return err('ERR_CALL_CLOSED');
  if (red + black !== round.hands[other(seat)]!.length) return err('ERR_CALL');
  const made: Call = { seat, red, black };
  const event: RedBlackEvent = { type: 'CALL', seat, red, black };
  return ok(advance(withRound(state, { ...round, stage: { kind: 'CALL', call: made } }, event)));
}
