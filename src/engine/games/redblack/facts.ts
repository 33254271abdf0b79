/**
 * The facts a Red & Black table establishes (`fact`): the first coin, a fresh shuffle, a
 * deal or a swap's peek, a re-mask, a reveal; each taken only where the match needs it.
 */
import type { CardId, Need, Seat } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { isInput } from '../common.ts';
import { needs } from './needs.ts';
import { advance, setSeat, withRound } from './progress.ts';
import { faceColour, isDeckFace, newRound, other } from './setup.ts';
import { sameCards } from './shape.ts';
import type { RedBlackError, RedBlackEvent, RedBlackFact, RedBlackState, Round } from './types.ts';

type Res = Result<RedBlackState, RedBlackError>;

const FACTS = ['COIN', 'SHUFFLED', 'DEALT', 'REVEAL', 'REMASKED'];

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

/** The hand holding `card`: only hand cards are revealed outside the river. */
function ownerOf(round: Round, card: CardId): Seat {
  return round.hands[1].includes(card) ? 1 : 0;
}
