/**
 * Re-keying a seat's layer to a fresh key, proven card by card, as a show's
 * fresh keys (REKEY, show-keys.ts) and the hand re-mask (REMASK, remask.ts)
 * both do.
 *
 * Both move `seat`'s layer on each card `C_i`, whose key is `K_i = s_i·G`
 * (or `G` where it has none, so the step adds its layer), to one fresh key
 * `K = k·G`: the card becomes `C'_i = (k/s_i)·C_i`, with a Chaum–Pedersen
 * proof that `log_{K_i} K = log_{C_i} C'_i`. The proof shows the seat knows
 * `k/s_i`, and so `k` (it knows `s_i`): `K` goes into its `pubs`, and its
 * audit opens it like any key.
 */
import {
  ORDER,
  encodeDleqProof,
  invertScalar,
  proveDleq,
  toBase64,
  toHex,
} from '../../../crypto/index.ts';
import type { CardId, Seat } from '../game.ts';
import { ok } from '../result.ts';
import { BASE_KEY, type Keyring } from './keyring.ts';
import type { Decoded, Encoding } from './bodies.ts';
import { dleqCheck, type Checks } from './checks.ts';
import { readEncoding, readPoint, writeEncoding, writePoints } from './points.ts';
import { miscount, proofFailed, refuse, type Folded, type Refusal } from './refusal.ts';
import type { TableState } from './types.ts';

/** What a re-key proves of each card: the key its layer moves from, and its proof's context. */
export interface Rekeyed {
  readonly card: CardId;
  readonly base: string;
  readonly context: Uint8Array;
}

/**
 * Checks the re-key of every card of `parts` (`rekeyed`, one proof each in
 * `rekeys`) to `key`: the counts, then each card's proof, in order.
 */
export function checkRekeys(
  state: TableState<unknown>,
  parts: readonly Rekeyed[],
  body: Extract<Decoded, { type: 'REKEY' | 'REMASK' }>,
  checks: Checks,
): Folded<null> {
  const n = parts.length;
  const wrong =
    miscount('re-keyed cards', body.rekeyed.length, n) ??
    miscount('re-key proofs', body.rekeys.length, n) ??
    staleKey(state, body.key);
  if (wrong) return wrong;
  for (const [i, { card, base, context }] of parts.entries()) {
    const g = readEncoding(base);
    const statement = [g, body.key, readEncoding(state.cards[card]!.c), body.rekeyed[i]!] as const;
    if (!checks(dleqCheck(context, statement, body.rekeys[i]!)))
      return proofFailed('rekey', i, n, [card], g);
  }
  return ok(null);
}

/**
 * A refusal when `key`, which must be fresh, is not: the base point `G` (`k = 1`, a layer
 * that hides nothing: a card re-keyed to it is left a bare face point once the other
 * layers are off, for every bystander to read), or a key already at the table (a card
 * under it would be linked to every other card under it, and its secret may be out).
 */
export function staleKey(state: TableState<unknown>, key: Encoding): Refusal | null {
  const written = writeEncoding(key);
  const used = state.pubs.some((pubs) => pubs.includes(written));
  if (written !== BASE_KEY && !used) return null;
  return refuse('ERR_KEY', { kind: 'key', key: toHex(key), used });
}

/** This seat's re-key of every card of `parts` to `K = k·G`: the new points and their proofs. */
export function makeRekeys(
  state: TableState<unknown>,
  parts: readonly Rekeyed[],
  k: bigint,
  keyring: Keyring,
) {
  const rekeys = parts.map(({ card, base, context }) => {
    const x = (k * invertScalar(keyring.scalarFor(base))) % ORDER;
    return proveDleq(context, x, readPoint(base), readPoint(state.cards[card]!.c));
  });
  return {
    points: rekeys.map((rekey) => rekey.v),
    rekeyed: writePoints(rekeys.map((rekey) => rekey.v)),
    rekeys: rekeys.map((rekey) => toBase64(encodeDleqProof(rekey.proof))),
  };
}

/** `lists` with `items` added to `seat`'s list: its new public keys, or its re-masks. */
export const withPub = <T>(lists: readonly (readonly T[])[], seat: Seat, ...items: T[]) =>
  lists.map((list, s) => (s === seat ? [...list, ...items] : list));
