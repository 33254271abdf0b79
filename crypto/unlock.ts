/**
 * Unlock shares: a player removes their layer from ciphertexts `C_i` by
 * publishing `D_i = e⁻¹·C_i`, with one batched Chaum–Pedersen proof
 * (Chaum & Pedersen 1992) that `log_G E = log_{D_i} C_i` for every i.
 *
 * Batching: `z_i = H("fairdeal/unlock/z", ctx, E, C, D, i)` (128 bits),
 * `C* = Σ z_i·C_i`, `D* = Σ z_i·D_i`. If some `C_i ≠ e·D_i` then
 * `C* ≠ e·D*` except with probability about 2⁻¹²⁸.
 *
 * Prover: `w` random, `T1 = w·G`, `T2 = w·D*`,
 * `γ = H("fairdeal/unlock/gamma", seed, T1, T2)`, `s = w + γ·e`.
 * Verifier: `s·G == T1 + γ·E` and `s·D* == T2 + γ·C*`, folded with random
 * weights into one multi-scalar multiplication (equations.ts).
 */
import { assertPoint, G, isPoint, type Point } from './group/point.ts';
import { assertSecret, invertScalar, isScalar, modL } from './group/scalar.ts';
import { randomScalar } from './group/random.ts';
import { mulBase, mulSecret } from './group/mul.ts';
import { msmUnsafe } from './group/msm.ts';
import { holdsAlone, type Equations } from './equations.ts';
import { challenges128, Transcript } from './transcript.ts';
import { report } from './observe.ts';

/** Batched Chaum–Pedersen (DLEQ) proof for a list of unlock shares. */
export interface UnlockProof {
  /** `T1 = w·G`. */
  T1: Point;
  /** `T2 = w·D*`, with `D* = Σ z_i·D_i`. */
  T2: Point;
  /** `s = w + γ·e mod ℓ`. */
  s: bigint;
}

/** Domain tag of the batching coefficients `z_i`. */
export const UNLOCK_Z = 'fairdeal/unlock/z';
/** Domain tag of the unlock proof's challenge γ. */
export const UNLOCK_GAMMA = 'fairdeal/unlock/gamma';

function unlockSeed(ctx: Uint8Array, E: Point, C: Point[], D: Point[]): Uint8Array {
  return new Transcript(UNLOCK_Z).bytes(ctx).point(E).points(C).points(D).digest();
}

function unlockChallenge(seed: Uint8Array, T1: Point, T2: Point): bigint {
  return new Transcript(UNLOCK_GAMMA).bytes(seed).point(T1).point(T2).challenge();
}

/**
 * Removes the layer of `secret = e` from every card: returns `D_i = e⁻¹·C_i`
 * and one proof, bound to `ctx`, that all of them used the `e` behind
 * `E = e·G`. Throws on bad input (an empty list, the identity, a bad secret).
 */
export function proveUnlock(
  ctx: Uint8Array,
  secret: bigint,
  cards: Point[],
): { cards: Point[]; proof: UnlockProof } {
  report('proveUnlock');
  if (!(ctx instanceof Uint8Array)) throw new Error('ctx: expected a Uint8Array');
  const e = assertSecret(secret);
  if (!Array.isArray(cards) || cards.length === 0) throw new Error('cards: expected at least one');
  cards.forEach((p, i) => assertPoint(p, `cards[${i}]`));
  const eInv = invertScalar(e);
  const D = cards.map((C) => mulSecret(C, eInv));
  return { cards: D, proof: proveLayerOf(ctx, e, cards, D) };
}

/**
 * The unlock proof of lists the caller already holds, `before[i] = e·after[i]`
 * for the `e` behind `E = e·G`: what `proveUnlock` proves once it has
 * computed `after`, and what a recovery share (recover.ts) proves with its
 * share as `e`, `before` its points and `after` the cards.
 */
export function proveLayerOf(
  ctx: Uint8Array,
  e: bigint,
  before: Point[],
  after: Point[],
): UnlockProof {
  const seed = unlockSeed(ctx, mulBase(e), before, after);
  const z = challenges128(UNLOCK_Z, seed, before.length);
  const Dstar = msmUnsafe(after, z);
  const w = randomScalar();
  const T1 = mulBase(w);
  const T2 = mulSecret(Dstar, w);
  const gamma = unlockChallenge(seed, T1, T2);
  return { T1, T2, s: modL(w + gamma * e) };
}

/**
 * Checks that `after[i] = e⁻¹·before[i]` for every i, for the `e` behind
 * `pub = e·G`, under `ctx`. Returns false (never throws) on any mismatch or
 * malformed input: lengths, identity points, scalars out of range.
 */
export function verifyUnlock(
  ctx: Uint8Array,
  pub: Point,
  before: Point[],
  after: Point[],
  proof: UnlockProof,
): boolean {
  return holdsAlone((eq) => weighUnlock(eq, ctx, pub, before, after, proof));
}

/**
 * Writes the unlock proof's two equations into `eq`, each with a weight of
 * `eq`: `α·(s·G − T1 − γ·E) + β·(s·D* − T2 − γ·C*) = O`, with `D*` and `C*`
 * spelt out as `Σ z_i·D_i` and `Σ z_i·C_i` (so a card that is in several
 * proofs of a batch weighs once). For `verifyUnlock` or a batch (batch.ts).
 * Returns false, and writes nothing, on malformed input; never throws.
 */
export function weighUnlock(
  eq: Equations,
  ctx: Uint8Array,
  pub: Point,
  before: Point[],
  after: Point[],
  proof: UnlockProof,
): boolean {
  report('verifyUnlock');
  try {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a ctx that is no bytes or a pub that is no point throws in the transcript, and the catch answers false; the identity is defence in depth (γ would have to be solved for)
    if (!(ctx instanceof Uint8Array) || !isPoint(pub)) return false;
    // Lists that are no arrays throw below (no `every`), and the catch answers false.
    const n = before.length;
    // Stryker disable next-line ConditionalExpression: with no cards the second equation is β·T2 = O, which only the identity passes, and assertPoint refuses it below
    if (n === 0 || after.length !== n) return false;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression: a card that is no point throws in the transcript, and the catch answers false; the identity is defence in depth (γ would have to be solved for)
    if (!before.every(isPoint) || !after.every(isPoint)) return false;
    const { T1, T2, s } = proof;
    // The identity or no point throws, and the catch answers false.
    assertPoint(T1);
    assertPoint(T2);
    if (!isScalar(s)) return false;
    const seed = unlockSeed(ctx, pub, before, after);
    const z = challenges128(UNLOCK_Z, seed, n);
    const gamma = unlockChallenge(seed, T1, T2);
    const a = eq.weight();
    const b = eq.weight();
    eq.add(G, a * s);
    eq.add(T1, -a);
    eq.add(pub, -a * gamma);
    eq.add(T2, -b);
    const bs = modL(b * s);
    const bg = modL(b * gamma);
    for (let i = 0; i < n; i++) {
      eq.add(after[i]!, bs * z[i]!);
      eq.add(before[i]!, -bg * z[i]!);
    }
    return true;
  } catch {
    return false;
  }
}
