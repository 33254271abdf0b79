/**
 * Player keys: `E = e·G` with a Schnorr proof of knowledge of `e` (Schnorr
 * 1991), made non-interactive with Fiat–Shamir.
 *
 * Prover: `w` random, `T = w·G`, `γ = H("fairdeal/key/gamma", ctx, E, T)`,
 * `s = w + γ·e`. Verifier: `s·G == T + γ·E`.
 */
import { G, isPoint, type Point } from './group/point.ts';
import { assertSecret, isScalar, modL } from './group/scalar.ts';
import { randomScalar } from './group/random.ts';
import { mulBase } from './group/mul.ts';
import { holdsAlone, type Equations } from './equations.ts';
import { Transcript } from './transcript.ts';
import { report } from './observe.ts';

/** Schnorr proof of knowledge of the discrete log of a public key. */
export interface KeyProof {
  /** `T = w·G`, the prover's commitment. */
  T: Point;
  /** `s = w + γ·e mod ℓ`, the response. */
  s: bigint;
}

/** Domain tag of the key proof's challenge γ. */
export const KEY_GAMMA = 'fairdeal/key/gamma';

function keyChallenge(ctx: Uint8Array, E: Point, T: Point): bigint {
  return new Transcript(KEY_GAMMA).bytes(ctx).point(E).point(T).challenge();
}

/**
 * Publishes the key `E = e·G` for `secret = e` with a Schnorr proof of
 * knowledge of `e`, bound to `ctx` (table, deck, player, step).
 */
export function proveKey(ctx: Uint8Array, secret: bigint): { pub: Point; proof: KeyProof } {
  report('proveKey');
  if (!(ctx instanceof Uint8Array)) throw new Error('ctx: expected a Uint8Array');
  const e = assertSecret(secret);
  const E = mulBase(e);
  const w = randomScalar();
  const T = mulBase(w);
  const gamma = keyChallenge(ctx, E, T);
  return { pub: E, proof: { T, s: modL(w + gamma * e) } };
}

/**
 * Checks a Schnorr proof that the prover knows the secret behind `pub` under
 * `ctx`: `s·G == T + γ·E`. Returns false (never throws) on any malformed input.
 */
export function verifyKey(ctx: Uint8Array, pub: Point, proof: KeyProof): boolean {
  return holdsAlone((eq) => weighKey(eq, ctx, pub, proof));
}

/**
 * Writes the key proof's equation `s·G − γ·E − T = O` into `eq`, weighted by
 * `eq`, for `verifyKey` or a batch (batch.ts). Returns false, and writes
 * nothing, on malformed input; never throws.
 */
export function weighKey(eq: Equations, ctx: Uint8Array, pub: Point, proof: KeyProof): boolean {
  report('verifyKey');
  try {
    if (!(ctx instanceof Uint8Array) || !isPoint(pub)) return false;
    // A proof that is no object throws here, and the catch answers false.
    const { T, s } = proof;
    if (!isPoint(T) || !isScalar(s)) return false;
    const gamma = keyChallenge(ctx, pub, T);
    const a = eq.weight();
    eq.add(G, a * s);
    eq.add(pub, -a * gamma);
    eq.add(T, -a);
    return true;
  } catch {
    return false;
  }
}
