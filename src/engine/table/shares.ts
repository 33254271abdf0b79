/**
 * The shares that take a seat's layer off cards, or add it: an UNLOCK of a
 * reveal, a deal or a show (unlock.ts), an UNLOCK of a member's copies
 * (copy.ts) and a LOCK (lock.ts). Each seat with a layer on the cards removes
 * it in turn, one batched share per layer key, each proven; every share of
 * the three is checked by one loop (`checkShares`) and made by another
 * (`makeShares`).
 */
import { encodeUnlockProof, proveUnlock, splitPoints, toBase64 } from '../../../crypto/index.ts';
import type { JsonObject } from '../encoding.ts';
import type { CardId, Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { Keyring } from './keyring.ts';
import type { Decoded, Encoding } from './bodies.ts';
import { unlockCheck, type Checks } from './checks.ts';
import { b64, fields, list } from './parse.ts';
import { readEncoding, readPoint, writeEncoding, writePoints } from './points.ts';
import { miscount, proofFailed, type Folded, type ProofKind } from './refusal.ts';
import type { Owed, StepOf } from './step.ts';
import type { TableCard } from './types.ts';

export type Shares = Extract<Decoded, { type: 'UNLOCK' | 'LOCK' }>['shares'];

/**
 * One batch of a share: the cards under one layer key of its author's, the
 * points it starts from (the cards' own, or a member's copies), and the
 * context its proof is bound to.
 */
export interface Batch {
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
export function checkShares(
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
export function makeShares(batches: readonly Batch[], keyring: Keyring, lock = false) {
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

/** Groups `cards` by the key of `seat`'s layer on them, in first-seen order. */
export function unlockGroups(
  cards: readonly TableCard[],
  ids: readonly CardId[],
  seat: Seat,
): CardId[][] {
  const groups = new Map<string, CardId[]>();
  for (const id of ids) {
    const key = cards[id]?.layers.find((l) => l.seat === seat)?.key;
    if (key === undefined) continue;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups.values()];
}

/** The cards of `batches` at their new points: without `author`'s layer, or with it added (`lock`). */
export function withShares(
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

/** Seats that still have a layer on any of `ids`, in seat order. */
export function layerSeats(
  cards: readonly TableCard[],
  ids: readonly CardId[],
  except: readonly Seat[],
): Seat[] {
  const seats = new Set<Seat>();
  for (const id of ids)
    // Stryker disable next-line ArrayDeclaration: every id a game names is a card of the table: the fallback is never read
    for (const l of cards[id]?.layers ?? []) if (!except.includes(l.seat)) seats.add(l.seat);
  return [...seats].sort((a, b) => a - b);
}

/** The shares of an UNLOCK or a LOCK body, each its points and its proof. */
export function readShares(body: JsonObject): Shares {
  fields(body, 'shares');
  return list(body.shares, ['points', 'proof'], (share) => ({
    points: splitPoints(b64(share.points)),
    proof: b64(share.proof),
  }));
}
