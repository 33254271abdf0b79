/**
 * Taking layers off: a reveal to everyone, a deal to one seat, a show to a
 * few, and the LOCK a deal may need first. Each seat with a layer on the
 * cards removes it in turn (UNLOCK), one batched share per layer key, each
 * proven; the last share of a reveal turns the faces up. A show ends with a
 * copy of each card for every member (COPY), each copy under its member's
 * layer alone. Every share of the three, unlocked or locked, is checked by
 * one loop (`checkShares`) and made by another (`makeShares`).
 */
import { encodeUnlockProof, proveUnlock, toBase64 } from '../../../crypto/index.ts';
import type { Json } from '../encoding.ts';
import type { AnyGame, CardId, Need, Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { Keyring } from './keyring.ts';
import type { Decoded, Encoding, TableBody } from './bodies.ts';
import { unlockCheck, type Checks } from './checks.ts';
import { proofContext } from './context.ts';
import { faceOfEncoding } from './decks.ts';
import { refuted } from './leave.ts';
import { readEncoding, readPoint, writeEncoding, writePoints } from './points.ts';
import { miscount, proofFailed, refuse, type Folded, type ProofKind } from './refusal.ts';
import { nextStep, type Applied, type Owed, type StepOf, type Turn } from './step.ts';
import type { Copy, Deal, Step, TableCard, TableState } from './types.ts';

type Shares = Extract<Decoded, { type: 'UNLOCK' | 'LOCK' }>['shares'];

/**
 * One batch of a share: the cards under one layer key of its author's, the
 * points it starts from (the cards' own, or a member's copies), and the
 * context its proof is bound to.
 */
interface Batch {
  readonly ids: readonly CardId[];
  /** The author's layer key on these cards (base64). */
  readonly key: string;
  readonly from: readonly string[];
  readonly context: Uint8Array;
}

/**
 * Checks a share per batch, in order: its count of points, then its proof
 * that it takes the batch's points off the author's layer, or, for a LOCK,
 * that it is the locked points the layer takes back to them. Returns each
 * batch's new points.
 */
function checkShares(
  proof: ProofKind,
  batches: readonly Batch[],
  shares: Shares,
  checks: Checks,
): Folded<Encoding[][]> {
  const lock = proof === 'lock';
  const wrong = miscount('shares', shares.length, batches.length);
  if (wrong) return wrong;
  for (const [g, batch] of batches.entries()) {
    const { points, proof: made } = shares[g]!;
    const counted = miscount('points', points.length, batch.ids.length, g);
    if (counted) return counted;
    const key = readEncoding(batch.key);
    const from = batch.from.map(readEncoding);
    const [before, after] = lock ? [points, from] : [from, points];
    if (!checks(unlockCheck(batch.context, key, before, after, made)))
      return proofFailed(proof, g, batches.length, batch.ids, key);
  }
  return ok(shares.map((share) => share.points));
}

/** The shares of `batches` under this seat's keys: each taking its layer off, or with `lock` adding it. */
function makeShares(batches: readonly Batch[], keyring: Keyring, lock = false) {
  return batches.map(({ key, from, context }) => {
    const secret = keyring.scalarFor(key);
    const points = from.map(readPoint);
    // A lock is proven as the unlock share that takes the locked points back.
    const locked = lock ? points.map((p) => p.multiply(secret)) : null;
    const share = proveUnlock(context, secret, locked ?? points);
    return {
      points: writePoints(locked ?? share.cards),
      proof: toBase64(encodeUnlockProof(share.proof)),
    };
  });
}

/** The next seat in the step's order owes its share. */
export const owesShare = (step: StepOf<'UNLOCK' | 'COPY'>): Owed[] => [
  { seat: step.order[step.next]!, kind: 'UNLOCK' },
];

/** The seat a deal goes to owes its LOCK. */
export const owesLock = (step: StepOf<'LOCK'>): Owed[] => [{ seat: step.seat, kind: 'LOCK' }];

/** Groups `cards` by the key of `seat`'s layer on them, in first-seen order. */
function unlockGroups(cards: readonly TableCard[], ids: readonly CardId[], seat: Seat): CardId[][] {
  const groups = new Map<string, CardId[]>();
  for (const id of ids) {
    const key = cards[id]?.layers.find((l) => l.seat === seat)?.key;
    if (key === undefined) continue;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups.values()];
}

/** What an unlock is for: a reveal to all, a deal to one seat or to several, or the public part of a show. */
const unlockPurpose = (step: StepOf<'UNLOCK'>): string => {
  if (step.deals) return `deals to ${step.deals.map((deal) => deal.to).join(',')}`;
  return step.to === 'all' ? 'reveal' : step.to.length === 1 ? `deal to ${step.to[0]}` : 'show';
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

/** The cards of `batches` at their new points: without `author`'s layer, or with it added (`lock`). */
function withShares(
  list: readonly TableCard[],
  batches: readonly Batch[],
  points: readonly Encoding[][],
  author: Seat,
  lock = false,
): TableCard[] {
  const cards = [...list];
  batches.forEach(({ ids, key }, g) =>
    ids.forEach((id, i) => {
      const card = cards[id]!;
      const layers = lock
        ? [...card.layers, { seat: author, key }]
        : card.layers.filter((l) => l.seat !== author);
      cards[id] = { ...card, c: writeEncoding(points[g]![i]!), layers };
    }),
  );
  return cards;
}

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

/** Seats that still have a layer on any of `ids`, in seat order. */
function layerSeats(
  cards: readonly TableCard[],
  ids: readonly CardId[],
  except: readonly Seat[],
): Seat[] {
  const seats = new Set<Seat>();
  for (const id of ids)
    for (const l of cards[id]?.layers ?? []) if (!except.includes(l.seat)) seats.add(l.seat);
  return [...seats].sort((a, b) => a - b);
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

/**
 * Showing cards to a few seats: every member gets a copy of each card, and
 * each member then removes its layer from every other member's copy, so each
 * copy ends under its own member's layer alone. Copies still under a layer
 * are public without harm: only the member whose layer remains can read one.
 */
function startCopies<S>(
  state: TableState<S>,
  cards: readonly CardId[],
  to: readonly Seat[],
): Applied<S> {
  const copies: Copy[] = [
    ...state.copies.filter((copy) => !cards.includes(copy.card)),
    ...to.flatMap((seat) => cards.map((card) => ({ card, seat, ...state.cards[card]! }))),
  ];
  const order = layerSeats(state.cards, cards, []).filter((seat) => to.includes(seat));
  const next = { ...state, copies };
  if (order.length === 0)
    return { state: next, fact: { type: 'SHOWN', cards: [...cards], to: [...to] } };
  return { state: { ...next, step: { type: 'COPY', cards, to, order, next: 0 } } };
}

const copyOf = (state: TableState<unknown>, card: CardId, seat: Seat): Copy =>
  state.copies.find((copy) => copy.card === card && copy.seat === seat)!;

/**
 * The batches `seat` owes in a COPY step, in the order its UNLOCK body lists
 * them: its layer, by key, on each other member's copies.
 */
function copyBatches(
  state: TableState<unknown>,
  step: StepOf<'COPY'>,
  seat: Seat,
): (Batch & { readonly recipient: Seat })[] {
  return step.to
    .filter((recipient) => recipient !== seat)
    .flatMap((recipient) => {
      const mine = step.cards.map((id) => copyOf(state, id, recipient));
      return unlockGroups(
        mine,
        mine.map((_, i) => i),
        seat,
      ).map((indexes) => {
        const ids = indexes.map((i) => step.cards[i]!);
        return {
          ids,
          key: mine[indexes[0]!]!.layers.find((l) => l.seat === seat)!.key,
          from: indexes.map((i) => mine[i]!.c),
          context: proofContext(state, 'COPY', seat, {
            purpose: `copy for ${recipient}`,
            cards: ids,
          }),
          recipient,
        };
      });
    });
}

/** The UNLOCK body of a COPY step: this seat's layer off every other member's copies. */
export const makeCopyShares = (
  state: TableState<unknown>,
  step: StepOf<'COPY'>,
  seat: Seat,
  keyring: Keyring,
): TableBody => ({ type: 'UNLOCK', shares: makeShares(copyBatches(state, step, seat), keyring) });

export function applyCopy<S extends Json>(
  { state, step, author, checks }: Turn<S, 'COPY'>,
  body: Extract<Decoded, { type: 'UNLOCK' }>,
): Folded<Applied<S>> {
  const batches = copyBatches(state, step, author);
  const shares = checkShares('copy', batches, body.shares, checks);
  if (!shares.ok) return shares;
  let copies = [...state.copies];
  batches.forEach(({ ids, recipient }, g) => {
    copies = copies.map((copy) => {
      const i = ids.indexOf(copy.card);
      if (copy.seat !== recipient || i < 0) return copy;
      return {
        ...copy,
        c: writeEncoding(shares.value[g]![i]!),
        layers: copy.layers.filter((l) => l.seat !== author),
      };
    });
  });
  const next = { ...state, copies };
  if (step.next + 1 < step.order.length)
    return ok({ state: nextStep(next, { ...step, next: step.next + 1 }) });
  return ok({
    state: nextStep(next, { type: 'PLAY' }),
    fact: { type: 'SHOWN', cards: [...step.cards], to: [...step.to] },
  });
}

/**
 * A deal to a seat that has no layer on a card (a card under its placer's
 * layer alone) would leave it bare for everyone once the others' layers come
 * off: the recipient first locks it with its own layer. (A show needs no
 * lock: its REKEY adds a fresh layer of every member.)
 */
export function lockFor(
  state: TableState<unknown>,
  need: Exclude<Need, { type: 'ACT' }>,
): Step | null {
  if (need.type !== 'DEAL') return null;
  const cards = need.cards.filter((id) => !state.cards[id]?.layers.some((l) => l.seat === need.to));
  return cards.length > 0 ? { type: 'LOCK', seat: need.to, cards } : null;
}

/** The batches of a LOCK by `seat`, in the order its body lists them: one per key of its shuffle rounds. */
function lockBatches(state: TableState<unknown>, step: StepOf<'LOCK'>, seat: Seat): Batch[] {
  const groups = new Map<string, CardId[]>();
  for (const id of step.cards) {
    const key = state.epochs[state.cards[id]!.epoch]!.keys[seat]!;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups.entries()].map(([key, ids]) => ({
    ids,
    key,
    from: ids.map((id) => state.cards[id]!.c),
    context: proofContext(state, 'LOCK', seat, { purpose: 'lock', cards: ids }),
  }));
}

/**
 * The LOCK body: this seat's layer added to the step's cards, with its key of
 * each card's shuffle round, proven as the unlock share that would take the
 * locked points back to the current ones.
 */
export const makeLock = (
  state: TableState<unknown>,
  step: StepOf<'LOCK'>,
  seat: Seat,
  keyring: Keyring,
): TableBody => ({
  type: 'LOCK',
  shares: makeShares(lockBatches(state, step, seat), keyring, true),
});

/**
 * A LOCK: `C' = e·C` for each card, with `e` the locker's key of the card's
 * shuffle round, proven as the unlock share that takes `C'` back to `C`.
 */
export function applyLock<S extends Json>(
  { state, step, author, checks }: Turn<S, 'LOCK'>,
  body: Extract<Decoded, { type: 'LOCK' }>,
): Folded<Applied<S>> {
  const batches = lockBatches(state, step, author);
  const shares = checkShares('lock', batches, body.shares, checks);
  if (!shares.ok) return shares;
  const cards = withShares(state.cards, batches, shares.value, author, true);
  return ok({ state: nextStep({ ...state, cards }, { type: 'PLAY' }) });
}
