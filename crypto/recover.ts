/**
 * Threshold unlock: the holders of a leaver's shares (vss.ts) take its layer
 * off cards without it. Holder `j` publishes `R_{j,i} = s_j·C_i` for every
 * card with one unlock proof (unlock.ts) under its share's public image
 * `S_j = s_j·G`: the same statement as an unlock share, "`before = s_j·after`",
 * with the points as `before` and the cards as `after`. Any `t` proven
 * recovery shares give each card without the layer by Lagrange interpolation
 * at 0 in the exponent: `Σ_j λ_j·R_{j,i} = p(0)·C_i = e⁻¹·C_i`, with
 * `λ_j = Π_{m ≠ j} x_m / (x_m − x_j)` over the holders' points `x = j + 1`.
 *
 * Fewer than `t` shares say nothing about `e⁻¹·C_i` (under DDH), so a group
 * of holders short of the threshold opens nothing it could not open before.
 */
import { assertPoint, type Point } from './group/point.ts';
import { assertSecret, invertScalar, modL } from './group/scalar.ts';
import { mulSecret } from './group/mul.ts';
import { msmUnsafe } from './group/msm.ts';
import { proveLayerOf, verifyUnlock, type UnlockProof } from './unlock.ts';
import { report } from './observe.ts';

/**
 * Holder's recovery share of `cards`: `s·C_i` for each, with a proof, bound
 * to `ctx`, that the `s` behind `S = s·G` made them all. Throws on bad input
 * (a bad share, no cards, a card that is no point).
 */
export function proveRecovery(
  ctx: Uint8Array,
  share: bigint,
  cards: Point[],
): { points: Point[]; proof: UnlockProof } {
  report('proveRecovery');
  if (!(ctx instanceof Uint8Array)) throw new Error('ctx: expected a Uint8Array');
  const s = assertSecret(share, 'share');
  if (!Array.isArray(cards) || cards.length === 0) throw new Error('cards: expected at least one');
  cards.forEach((C, i) => assertPoint(C, `cards[${i}]`));
  const points = cards.map((C) => mulSecret(C, s));
  return { points, proof: proveLayerOf(ctx, s, points, cards) };
}

/**
 * Checks a recovery share: `points[i] = s·cards[i]` for the `s` behind the
 * share's public image `S` (vss.ts `shareImage`). Returns false (never
 * throws) on any mismatch or malformed input. A batch checks it as the
 * unlock proof it is: `BatchVerifier.unlock(ctx, S, points, cards, proof)`.
 */
export function verifyRecovery(
  ctx: Uint8Array,
  S: Point,
  cards: Point[],
  points: Point[],
  proof: UnlockProof,
): boolean {
  return verifyUnlock(ctx, S, points, cards, proof);
}

/**
 * The Lagrange coefficients at 0 of the holders' points `xs` (distinct
 * positive integers): `λ_j = Π_{m ≠ j} x_m / (x_m − x_j) mod ℓ`.
 */
export function lagrangeAtZero(xs: readonly number[]): bigint[] {
  if (new Set(xs).size !== xs.length || !xs.every((x) => Number.isSafeInteger(x) && x > 0))
    throw new Error('xs: expected distinct positive integers');
  return xs.map((xj, j) =>
    xs.reduce((acc, xm, m) => {
      if (m === j) return acc;
      return modL(acc * BigInt(xm) * invertScalar(modL(BigInt(xm - xj))));
    }, 1n),
  );
}

/**
 * Each card without the leaver's layer, from the proven recovery shares of
 * the holders at `xs` (`shares[k][i]` is holder `xs[k]`'s point for card
 * `i`): `Σ_k λ_k·shares[k][i]`. Right exactly when `xs` counts at least the
 * dealing's threshold; the caller checks every share first.
 */
export function combineRecovery(xs: readonly number[], shares: readonly Point[][]): Point[] {
  if (shares.length !== xs.length || shares.length === 0)
    throw new Error('shares: expected one list per holder');
  const cards = shares[0]!.length;
  if (shares.some((points) => points.length !== cards))
    throw new Error('shares: every holder must give one point per card');
  const lambdas = lagrangeAtZero(xs);
  return Array.from({ length: cards }, (_, i) =>
    msmUnsafe(
      shares.map((points) => points[i]!),
      lambdas,
    ),
  );
}
