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
  for (let c = 2; c <= 16; c++) {
    const cost = windowsFor(c) * (n + 2 ** c + c);
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
  const half = 1 << (c - 1);
  const digits = new Int32Array(n * windows);
  const pos: Point[] = new Array<Point>(n);
  const neg: Point[] = new Array<Point>(n);
  for (let j = 0; j < n; j++) {
    const p = points[j]!;
    if (!(p instanceof Point)) throw new Error(`msm: points[${j}] is not a ristretto255 point`);
    let s = modL(scalars[j]!);
    if (!uniform && s > ORDER >> 1n) {
      s = ORDER - s;
      pos[j] = p.negate();
      neg[j] = p;
    } else {
      pos[j] = p;
      neg[j] = p.negate();
    }
    signedDigits(s, c, windows, digits, j * windows);
  }
  const buckets = new Array<Point | undefined>(half + 1);
  let acc: Point | undefined;
  for (let w = windows - 1; w >= 0; w--) {
    if (acc !== undefined) for (let k = 0; k < c; k++) acc = acc.double();
    buckets.fill(uniform ? ZERO : undefined);
    for (let j = 0; j < n; j++) {
      const d = digits[j * windows + w]!;
      if (d === 0 && !uniform) continue;
      const b = d < 0 ? -d : d; // bucket 0 is the dummy of the uniform path
      const q = d < 0 ? neg[j]! : pos[j]!;
      const cur = buckets[b];
      buckets[b] = cur === undefined ? q : cur.add(q);
    }
    let run: Point | undefined;
    let sum: Point | undefined;
    for (let b = half; b >= 1; b--) {
      const x = buckets[b];
      if (x !== undefined) run = run === undefined ? x : run.add(x);
      if (run !== undefined) sum = sum === undefined ? run : sum.add(run);
    }
    if (sum !== undefined) acc = acc === undefined ? sum : acc.add(sum);
  }
  return acc ?? ZERO;
}
