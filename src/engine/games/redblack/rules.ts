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
 */
import type { Face } from '../../cards.ts';
import type { CardId, Need, Outcome, Seat } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { isInput, wonBy } from '../common.ts';
import { faceColour, isDeckFace, newRound, other } from './setup.ts';
import {
  COLOURS,
  SEATS,
  RIVER_SIZE,
  type Call,
  type Colour,
  type PerSeat,
  type RedBlackError,
  type RedBlackEvent,
  type RedBlackFact,
  type RedBlackPlay,
  type RedBlackState,
  type Round,
  type Showing,
  type Slot,
  type Stage,
} from './types.ts';

type AttackStage = Extract<Stage, { kind: 'ATTACK' }>;
type SwapStage = Extract<Stage, { kind: 'SWAP' }>;
type Res = Result<RedBlackState, RedBlackError>;

const MOVES = ['GUESS', 'SWAP', 'PLACE', 'LEAVE', 'ATTACK', 'DEFEND', 'DISCARD', 'CALL'];
const FACTS = ['COIN', 'SHUFFLED', 'DEALT', 'REVEAL', 'REMASKED'];

// ---------------------------------------------------------------- queries

/** Cards among `cards` whose face is not public. */
const unknown = (round: Round, cards: readonly CardId[]): CardId[] =>
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

/** What the opening waits for: a deal, a reveal, the guess, or nothing. */
function openingNeed(round: Round): Need | null {
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
const swapChoosing = (stage: SwapStage): boolean => stage.peeked && stage.remasked;

/**
 * True when `seat` may make a call now: the game has begun, is not over, and
 * the opponent's hand is settled (see the module comment).
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
function wrongColour(state: RedBlackState, cards: readonly CardId[], colour: Colour): boolean {
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

/** The match outcome once a player has won `target` games, else null. */
export function outcome(state: RedBlackState): Outcome | null {
  return wonBy(state.result);
}

// ---------------------------------------------------------------- move and fact

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

/** Applies a fact the table established; returns the next state or why it is refused. */
export function fact(state: RedBlackState, input: RedBlackFact): Res {
  if (!isInput(input, FACTS)) return err('ERR_ACTION');
  if (state.result !== null) return err('ERR_MATCH_OVER');
  switch (input.type) {
    case 'COIN':
      return coin(state, input.bit);
    case 'SHUFFLED':
      return shuffled(state);
    case 'DEALT':
      return dealt(state, input.cards, input.to);
    case 'REVEAL':
      return reveal(state, input.card, input.face);
    case 'REMASKED':
      return remasked(state, input.seat, input.cards);
  }
}

// ---------------------------------------------------------------- moves

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

// ---------------------------------------------------------------- facts

function coin(state: RedBlackState, bit: unknown): Res {
  if (state.round.stage.kind !== 'COIN') return err('ERR_NOT_NEEDED');
  if (bit !== 0 && bit !== 1) return err('ERR_BIT');
  return ok({ ...state, round: newRound(state.deck, 1, bit) });
}

function shuffled(state: RedBlackState): Res {
  const { round } = state;
  if (round.stage.kind !== 'SHUFFLE') return err('ERR_NOT_NEEDED');
  const dealer = other(round.dealer ?? 0);
  return ok({ ...state, round: newRound(state.deck, state.games.length + 1, dealer) });
}

/** The one non-ACT need the table is answering now, if any. */
const tableNeed = (state: RedBlackState): Need | undefined =>
  needs(state).find((need) => need.type !== 'ACT');

function dealt(state: RedBlackState, cards: unknown, to: unknown): Res {
  const need = tableNeed(state);
  if (need?.type !== 'DEAL' || to !== need.to || !sameCards(cards, need.cards))
    return err('ERR_NOT_NEEDED');
  const { round } = state;
  const { stage } = round;
  if (stage.kind === 'SWAP') {
    const river = round.river.map((slot, i) =>
      i === stage.slot ? { ...slot, readers: setSeat(slot.readers, stage.seat, true) } : slot,
    );
    const event: RedBlackEvent = {
      type: 'PEEK',
      seat: stage.seat,
      slot: stage.slot,
      card: round.river[stage.slot]!.card,
    };
    return ok(withRound(state, { ...round, river, stage: { ...stage, peeked: true } }, event));
  }
  const dealtTo = setSeat(round.dealt, need.to, true);
  const event: RedBlackEvent = { type: 'DEAL', seat: need.to, cards: [...need.cards] };
  return ok(withRound(state, { ...round, dealt: dealtTo }, event));
}

function remasked(state: RedBlackState, seat: unknown, cards: unknown): Res {
  const need = tableNeed(state);
  const { round } = state;
  const { stage } = round;
  if (need?.type !== 'REMASK' || stage.kind !== 'SWAP') return err('ERR_NOT_NEEDED');
  if (seat !== need.seat || !sameCards(cards, need.cards)) return err('ERR_NOT_NEEDED');
  // The ids now name an unknown permutation of the same cards: what was public about them is gone.
  const faces = round.faces.map((face, id) => (need.cards.includes(id) ? null : face));
  const event: RedBlackEvent = { type: 'REMASK', seat: need.seat, cards: [...need.cards] };
  return ok(withRound(state, { ...round, faces, stage: { ...stage, remasked: true } }, event));
}

function reveal(state: RedBlackState, card: unknown, face: unknown): Res {
  const need = tableNeed(state);
  if (need?.type !== 'REVEAL' || !need.cards.includes(card as CardId)) return err('ERR_NOT_NEEDED');
  const id = card as CardId;
  const { round, deck } = state;
  if (!isDeckFace(deck, face)) return err('ERR_FACE');
  // An honest deck holds each face once; two public cards with one face prove a bad reveal.
  if (round.faces.includes(face)) return err('ERR_FACE_CONFLICT');
  const { stage } = round;
  if (stage.kind === 'ATTACK') {
    const colour = faceColour(deck, face);
    const { attack: a, defence: d } = stage;
    if (a.cards.includes(id) && colour !== a.colour) return err('ERR_COLOUR');
    if (d !== null && d.cards.includes(id) && colour !== d.colour) return err('ERR_COLOUR');
  }
  const faces = round.faces.map((known, i) => (i === id ? face : known));
  const slotIndex = round.river.findIndex((slot) => slot.card === id);
  let next: Round = { ...round, faces };
  let event: RedBlackEvent;
  if (slotIndex < 0) {
    event = { type: 'SHOWN', seat: ownerOf(round, id), card: id, face };
  } else if (stage.kind === 'ATTACK') {
    // The river flip: the card turns faceup and stays so.
    const river = round.river.map((slot, i) =>
      i === slotIndex ? { ...slot, faceup: true } : slot,
    );
    next = { ...next, river };
    event = { type: 'FLIP', slot: slotIndex, card: id, face };
  } else {
    event = { type: 'RIVER', slot: slotIndex, card: id, face };
  }
  return ok(advance(withRound(state, next, event)));
}

// ---------------------------------------------------------------- progress

/** Runs every step that needs no input: the first player, an attack's resolution, a call's verdict. */
function advance(state: RedBlackState): RedBlackState {
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

// ---------------------------------------------------------------- helpers

function endTurn(round: Round): Round {
  return { ...round, stage: { kind: 'PLAY' }, turn: other(round.turn), turns: round.turns + 1 };
}

function withRound(state: RedBlackState, round: Round, event: RedBlackEvent): RedBlackState {
  return { ...state, round: { ...round, log: [...round.log, event] } };
}

function setSeat<T>(pair: PerSeat<T>, seat: Seat, value: T): PerSeat<T> {
  return seat === 0 ? [value, pair[1]] : [pair[0], value];
}

/** The hand holding `card`: only hand cards are revealed outside the river. */
function ownerOf(round: Round, card: CardId): Seat {
  return round.hands[1].includes(card) ? 1 : 0;
}

function isSeat(seat: unknown): seat is Seat {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < SEATS;
}

function isSlot(slot: unknown): slot is number {
  return typeof slot === 'number' && Number.isInteger(slot) && slot >= 0 && slot < RIVER_SIZE;
}

function isColour(colour: unknown): colour is Colour {
  return colour === 'red' || colour === 'black';
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** A list of distinct integer card ids. */
function isCardList(cards: unknown): cards is CardId[] {
  return (
    Array.isArray(cards) &&
    cards.every((card) => typeof card === 'number' && Number.isInteger(card)) &&
    new Set(cards).size === cards.length
  );
}

/** Same ids, in any order. */
function sameCards(cards: unknown, expected: readonly CardId[]): boolean {
  return (
    isCardList(cards) &&
    cards.length === expected.length &&
    cards.every((card) => expected.includes(card))
  );
}
