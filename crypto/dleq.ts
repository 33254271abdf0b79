/**
 * Re-keying a card: a Chaum–Pedersen proof (Chaum & Pedersen 1992) that two
 * points were multiplied by one secret, `u = x·g` and `v = x·h`, i.e.
 * `log_g u = log_h v`, without revealing `x`.
 *
 * Used before a hand re-mask: a card `(C, K)` under its own layer key `K`
 * becomes `(x·C, x·K)` with `x·K` the one fresh key every card of the hand is
 * moved to, so the shuffle that follows sees rows that all share a key. And
 * before a card is shown to a few players: each moves its layer to a fresh
 * key of its own for that show (`g = G` where it had none), so the copies of
 * two shows of one card share no point.
 *
 * Prover: `w` random, `T1 = w·g`, `T2 = w·h`,
 * `γ = H("fairdeal/dleq/gamma", ctx, g, u, h, v, T1, T2)`, `s = w + γ·x`.
 * Verifier: `s·g == T1 + γ·u` and `s·h == T2 + γ·v`.
 */
import { assertPoint, isPoint, type Point } from './group/point.ts';
import { assertSecret, isScalar, modL } from './group/scalar.ts';
import { randomScalar } from './group/random.ts';
import { mulSecret } from './group/mul.ts';
import { holdsAlone, type Equations } from './equations.ts';
import { Transcript } from './transcript.ts';
import { report } from './observe.ts';

/** Chaum–Pedersen proof that `log_g u = log_h v`. */
export interface DleqProof {
  /** `T1 = w·g`. */
  T1: Point;
  /** `T2 = w·h`. */
  T2: Point;
  /** `s = w + γ·x mod ℓ`. */
  s: bigint;
}

/** Domain tag of the DLEQ proof's challenge γ. */
export const DLEQ_GAMMA = 'fairdeal/dleq/gamma';

function dleqChallenge(
  ctx: Uint8Array,
  g: Point,
  u: Point,
  h: Point,
  v: Point,
  T1: Point,
  T2: Point,
): bigint {
  return new Transcript(DLEQ_GAMMA)
    .bytes(ctx)
    .point(g)
    .point(u)
    .point(h)
    .point(v)
    .point(T1)
    .point(T2)
    .challenge();
}

/**
 * Multiplies `g` and `h` by `secret = x`: returns `u = x·g`, `v = x·h` and a
 * proof, bound to `ctx`, that one `x` made both. Throws on bad input (a zero
 * secret, the identity).
 */
export function proveDleq(
  ctx: Uint8Array,
  secret: bigint,
  g: Point,
  h: Point,
): { u: Point; v: Point; proof: DleqProof } {
  report('proveDleq');
  if (!(ctx instanceof Uint8Array)) throw new Error('ctx: expected a Uint8Array');
  const x = assertSecret(secret);
  assertPoint(g, 'g');
  assertPoint(h, 'h');
  const u = mulSecret(g, x);
  const v = mulSecret(h, x);
  const w = randomScalar();
  const T1 = mulSecret(g, w);
  const T2 = mulSecret(h, w);
  const gamma = dleqChallenge(ctx, g, u, h, v, T1, T2);
  return { u, v, proof: { T1, T2, s: modL(w + gamma * x) } };
}

/**
 * Checks a proof that `log_g u = log_h v` under `ctx`. Returns false (never
 * throws) on a false statement or malformed input: the identity anywhere,
 * scalars out of range, missing fields.
 */
export function verifyDleq(
  ctx: Uint8Array,
  g: Point,
  u: Point,
  h: Point,
  v: Point,
  proof: DleqProof,
): boolean {
  return holdsAlone((eq) => weighDleq(eq, ctx, g, u, h, v, proof));
}

/**
 * Writes the DLEQ proof's two equations into `eq`, each with a weight of `eq`:
 * `α·(s·g − T1 − γ·u) + β·(s·h − T2 − γ·v) = O`. For `verifyDleq` or a batch
 * (batch.ts). Returns false, and writes nothing, on malformed input; never throws.
 */
export function weighDleq(
  eq: Equations,
  ctx: Uint8Array,
  g: Point,
  u: Point,
  h: Point,
  v: Point,
  proof: DleqProof,
): boolean {
  report('verifyDleq');
  try {
    if (!(ctx instanceof Uint8Array) || ![g, u, h, v].every(isPoint)) return false;
    // A proof that is no object throws here, and the catch answers false.
    const { T1, T2, s } = proof;
    // The identity or no point throws, and the catch answers false.
    assertPoint(T1);
    assertPoint(T2);
    if (!isScalar(s)) return false;
    const gamma = dleqChallenge(ctx, g, u, h, v, T1, T2);
    const a = eq.weight();
    const b = eq.weight();
    eq.add(g, a * s);
    eq.add(T1, -a);
    eq.add(u, -a * gamma);
    eq.add(h, b * s);
    eq.add(T2, -b);
    eq.add(v, -b * gamma);
    return true;
  } catch {
    return false;
  }
}
