/**
 * Multi-scalar multiplication `Σ s_i·P_i` (Pippenger's bucket method on the
 * signed digits of mul.ts): `msm` for a prover's secret scalars, `msmUnsafe`
 * for a verifier's public ones.
 */
import { signedDigits, windowsFor } from './mul.ts';
import { Point } from './point.ts';
import { modL, ORDER } from './scalar.ts';

/** The window width minimising Pippenger's additions for n points. */
function pippengerWindow(n: number): number {
  let best = 2;
  let bestCost = Infinity;
  // Every width gives the same sum (c·windows >= 254 for each): the choice is only speed.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: another width (2 when the loop never runs), the same sum
  for (let c = 2; c <= 16; c++) {
    // Stryker disable next-line ArithmeticOperator: another cost picks another width, the same sum
    const cost = windowsFor(c) * (n + 2 ** c + c);
    // Stryker disable next-line all: another width (the larger of equals, 2 or 16), the same sum
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}

/**
 * Multi-scalar multiplication `Σ s_i·P_i` by Pippenger's bucket method with
 * signed digits. Scalars are reduced mod ℓ. Every point meets one addition per
 * window (zero digits go to a dummy bucket) and every bucket is summed, so the
 * sequence of point operations does not depend on the scalars (memory access
 * does): use it for the prover's secret nonces; verifiers use {@link msmUnsafe}.
 */
export function msm(points: readonly Point[], scalars: readonly bigint[]): Point {
  return pippenger(points, scalars, true);
}

/**
 * Multi-scalar multiplication for public data only (verifiers): like
 * {@link msm}, but skips zero digits and empty buckets, and runs a scalar
 * `s > ℓ/2` as `(ℓ - s)·(-P)` so that small negative coefficients stay short.
 */
export function msmUnsafe(points: readonly Point[], scalars: readonly bigint[]): Point {
  return pippenger(points, scalars, false);
}

function pippenger(points: readonly Point[], scalars: readonly bigint[], uniform: boolean): Point {
  const n = points.length;
  if (n !== scalars.length) throw new Error('msm: points and scalars differ in length');
  const ZERO = Point.ZERO;
  if (n === 0) return ZERO;
  const c = pippengerWindow(n);
  const windows = windowsFor(c);
  const half = (1 << c) >> 1; // 2^(c-1), the largest digit
  const terms = points.map((p, j) => {
    if (!(p instanceof Point)) throw new Error(`msm: points[${j}] is not a ristretto255 point`);
    const s = modL(scalars[j]!);
    // The point each sign of digit adds, at Math.sign(d) + 1: a zero digit adds the identity.
    // Stryker disable next-line all: (ℓ - s)·(-P) = s·P for any s, and the uniform path's operations stay fixed either way
    if (!uniform && s > ORDER >> 1n) {
      return { signed: [p, ZERO, p.negate()], digits: signedDigits(ORDER - s, c, windows) };
    }
    return { signed: [p.negate(), ZERO, p], digits: signedDigits(s, c, windows) };
  });
  const buckets = new Array<Point | undefined>(half + 1);
  let acc: Point | undefined;
  // From the top window down; a window past either end would double the sum or read no digit.
  for (let w = windows; w-- > 0;) {
    if (acc !== undefined) for (let k = 0; k < c; k++) acc = acc.double();
    buckets.fill(uniform ? ZERO : undefined);
    for (const { signed, digits } of terms) {
      const d = digits[w]!;
      if (d === 0 && !uniform) continue;
      // Bucket 0 is the uniform path's dummy, never summed.
      const b = Math.abs(d);
      const q = signed[Math.sign(d) + 1]!;
      const cur = buckets[b];
      buckets[b] = cur === undefined ? q : cur.add(q);
    }
    let run: Point | undefined;
    let sum: Point | undefined;
    for (let b = half; b >= 1; b--) {
      const x = buckets[b];
      if (x !== undefined) run = run === undefined ? x : run.add(x);
      // sum stays undefined until run is defined, and run stays defined.
      sum = sum === undefined ? run : sum.add(run!);
    }
    if (sum !== undefined) acc = acc === undefined ? sum : acc.add(sum);
  }
  return acc ?? ZERO;
}
