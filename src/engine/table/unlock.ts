/**
 * Taking layers off: a reveal to everyone, a deal to one seat or a round of
 * deals to several, and the public part of a show. Each seat with a layer on
 * the cards removes it in turn (UNLOCK, see shares.ts); the last share of a
 * reveal turns the faces up, and a show goes on with its copies (copy.ts).
 */
import type { Json } from '../encoding.ts';
import type { AnyGame, CardId, Need, Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { Keyring } from './keyring.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { proofContext } from './context.ts';
import { startCopies } from './copy.ts';
import { faceOfEncoding } from './decks.ts';
import { refuted } from './leave.ts';
import type { Parser } from './parse.ts';
import { readEncoding } from './points.ts';
import { refuse, type Folded } from './refusal.ts';
import {
  checkShares,
  layerSeats,
  makeShares,
  owesShare,
  readShares,
  unlockGroups,
  withShares,
  type Batch,
} from './shares.ts';
import {
  dutyOf,
  gameActs,
  nextStep,
  type Applied,
  type StepKind,
  type StepOf,
  type Turn,
} from './step.ts';
import type { Deal, TableState } from './types.ts';

// Stryker disable next-line StringLiteral: prover and verifier derive the same context, still distinct from a deal's and a show's
const REVEAL_PURPOSE = 'reveal';

/** What an unlock is for: a reveal to all, a deal to one seat or to several, or the public part of a show. */
const unlockPurpose = (step: StepOf<'UNLOCK'>): string => {
  // Stryker disable next-line StringLiteral,ArrowFunction,ConditionalExpression: prover and verifier derive the same context; a deal round's text as a show's or another is only another context for both
  if (step.deals) return `deals to ${step.deals.map((deal) => deal.to).join(',')}`;
  return step.to === 'all'
    ? REVEAL_PURPOSE
    : step.to.length === 1
      ? `deal to ${step.to[0]}`
      : 'show';
};

/** The cards `seat` takes its layer off: in a deal round, every card but those dealt to it. */
const unlockedBy = (step: StepOf<'UNLOCK'>, seat: Seat): readonly CardId[] => {
  const own = step.deals?.find((deal) => deal.to === seat)?.cards ?? [];
  return own.length === 0 ? step.cards : step.cards.filter((id) => !own.includes(id));
};

/** The batches of `seat`'s UNLOCK share: one per key of its layers on the cards it unlocks. */
function unlockBatches(state: TableState<unknown>, step: StepOf<'UNLOCK'>, seat: Seat): Batch[] {
  return unlockGroups(state.cards, unlockedBy(step, seat), seat).map((ids) => ({
    ids,
    key: state.cards[ids[0]!]!.layers.find((l) => l.seat === seat)!.key,
    from: ids.map((id) => state.cards[id]!.c),
    context: proofContext(state, 'UNLOCK', seat, { purpose: unlockPurpose(step), cards: ids }),
  }));
}

/** The UNLOCK body: this seat's layer removed from the step's cards, one batched proof per layer key. */
export const makeUnlock = (
  state: TableState<unknown>,
  step: StepOf<'UNLOCK'>,
  seat: Seat,
  keyring: Keyring,
): TableBody => ({ type: 'UNLOCK', shares: makeShares(unlockBatches(state, step, seat), keyring) });

export function applyUnlock<S extends Json>(
  { state, step, game, author, checks }: Turn<S, 'UNLOCK'>,
  body: Extract<Decoded, { type: 'UNLOCK' }>,
): Folded<Applied<S>> {
  const batches = unlockBatches(state, step, author);
  const shares = checkShares('unlock', batches, body.shares, checks);
  if (!shares.ok) return shares;
  const unlocked = { ...state, cards: withShares(state.cards, batches, shares.value, author) };
  if (step.next + 1 < step.order.length)
    return ok({ state: nextStep(unlocked, { ...step, next: step.next + 1 }) });
  return finishUnlock(nextStep(unlocked, { type: 'PLAY' }), game, step);
}

/** The UNLOCK step a reveal, a deal or (once its keys are fresh) a show asks for. */
export function unlockFor(
  state: TableState<unknown>,
  need: Extract<Need, { type: 'REVEAL' | 'DEAL' | 'SHOW' }>,
): StepOf<'UNLOCK'> {
  const { cards } = need;
  switch (need.type) {
    case 'REVEAL':
      return {
        type: 'UNLOCK',
        cards,
        // Stryker disable next-line ArrayDeclaration: no seat equals a string
        order: layerSeats(state.cards, cards, []),
        next: 0,
        to: 'all',
        ...(need.claim === undefined ? {} : { claim: need.claim }),
      };
    case 'DEAL':
      return {
        type: 'UNLOCK',
        cards,
        order: layerSeats(state.cards, cards, [need.to]),
        next: 0,
        to: [need.to],
      };
    case 'SHOW':
      return {
        type: 'UNLOCK',
        cards,
        order: layerSeats(state.cards, cards, need.to),
        next: 0,
        to: need.to,
      };
  }
}

/**
 * One UNLOCK step for several deals at once (a deal round): each seat with a layer
 * on a card dealt to another takes its layers off all of them in one share, so the
 * hands of a table are dealt in one turn of the seats, not one turn per hand. Each
 * card still ends under its recipient's layer alone, as each recipient keeps its
 * layer on its own cards.
 */
export function dealRound(
  state: TableState<unknown>,
  deals: readonly Extract<Need, { type: 'DEAL' }>[],
): StepOf<'UNLOCK'> {
  const seats = new Set(deals.flatMap((deal) => layerSeats(state.cards, deal.cards, [deal.to])));
  return {
    type: 'UNLOCK',
    cards: deals.flatMap((deal) => deal.cards),
    order: [...seats].sort((a, b) => a - b),
    next: 0,
    to: deals.map((deal) => deal.to),
    deals: deals.map(({ to, cards }) => ({ to, cards })),
  };
}

/** Starts `step`; an unlock nobody has a layer left to remove from is complete as soon as it starts. */
export function startUnlock<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  step: StepOf<'UNLOCK'>,
): Folded<Applied<S>> {
  if (step.order.length > 0) return ok({ state: nextStep(state, step) });
  return finishUnlock(nextStep(state, { type: 'PLAY' }), game, step);
}

/**
 * After the last share: a deal tells the game the cards are dealt; a reveal to
 * everyone reads each face off its point and tells the game as a fact. A face
 * the game refuses in a reveal that judges a claim refutes the claim: its
 * author is named, not the seat whose share came last (every share is proven).
 */
function finishUnlock<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  step: StepOf<'UNLOCK'>,
): Folded<Applied<S>> {
  if (step.deals) return dealtEach(state, game, step.deals);
  if (step.to !== 'all' && step.to.length === 1)
    return ok({ state, fact: { type: 'DEALT', cards: [...step.cards], to: step.to[0]! } });
  if (step.to !== 'all') return ok(startCopies(state, step.cards, step.to));
  let next = state;
  const faces = [...state.faces];
  for (const id of step.cards) {
    const face = faceOfEncoding(state, id, readEncoding(state.cards[id]!.c));
    // Stryker disable next-line ConditionalExpression,StringLiteral,ObjectLiteral: unreachable: the unlock proofs tie every revealed point to a proven shuffle of the deck's face points, so it is a face
    if (face < 0) return refuse('ERR_PROOF', { kind: 'face', card: id });
    faces[id] = face;
    const applied = game.fact(next.game, { type: 'REVEAL', card: id, face });
    if (!applied.ok && step.claim !== undefined)
      return ok({ state: refuted({ ...next, faces }, step.claim, id, face, applied.error) });
    if (!applied.ok)
      return refuse('ERR_RULES', { kind: 'reveal', card: id, face, code: applied.error });
    next = { ...next, game: applied.value };
  }
  return ok({ state: { ...next, faces } });
}

/** The game told of each deal of a round, in the order it asked for them. */
function dealtEach<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  deals: readonly Deal[],
): Folded<Applied<S>> {
  let next = state.game;
  for (const { to, cards } of deals) {
    const applied = game.fact(next, { type: 'DEALT', cards: [...cards], to });
    if (!applied.ok) return refuse('ERR_RULES');
    next = applied.value;
  }
  return ok({ state: { ...state, game: next } });
}

/** UNLOCK: each seat with a layer on the cards takes it off in turn. */
export const UNLOCK: StepKind<'UNLOCK'> = {
  owes: (_, step) => owesShare(step),
  acts: gameActs,
  events: { UNLOCK: applyUnlock },
  duty: (state, step, seat) =>
    dutyOf(owesShare(step), seat, (keyring) => makeUnlock(state, step, seat, keyring)),
};

/** An UNLOCK body, of an UNLOCK step or of a COPY step (copy.ts). */
export const parseUnlock: Parser<'UNLOCK'> = (body) => ({
  type: 'UNLOCK',
  shares: readShares(body),
});
