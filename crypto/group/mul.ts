/**
 * Scalar multiplication `s·P` on signed windowed digits. Named as noble does:
 * `mulSecret` and `FixedBase` keep the sequence of point operations
 * independent of a secret scalar, `mulUnsafe` is variable time and may only
 * see public data. The digits are shared with the multi-scalar
 * multiplication of msm.ts.
 */
import { G, Point } from './point.ts';
import { modL } from './scalar.ts';

/**
 * `s·P` for a secret scalar `s`: signed fixed windows of 5 bits (a table of
 * P..16P, then 5 doublings and one table addition per window), a
 * data-oblivious scan of the table and a dummy addition for zero digits, so
 * the operation sequence does not depend on `s`. Unlike noble's `multiply` it
 * leaves the result in projective form (no inversion). `0·P` is the identity.
 */
export function mulSecret(p: Point, s: bigint): Point {
  const C = 5;
  const half = 1 << (C - 1);
  const windows = windowsFor(C);
  const table = new Array<Point>(half);
  table[0] = p;
  table[1] = p.double();
  for (let i = 2; i < half; i++) table[i] = table[i - 1]!.add(p);
  const negs = table.map((q) => q.negate());
  const digits = new Int32Array(windows);
  signedDigits(modL(s), C, windows, digits, 0);
  let acc = Point.ZERO;
  let dummy = Point.ZERO;
  for (let w = windows - 1; w >= 0; w--) {
    if (w !== windows - 1) for (let k = 0; k < C; k++) acc = acc.double();
    const d = digits[w]!;
    const idx = (d < 0 ? -d : d) - 1;
    let sel = table[0]!;
    let neg = negs[0]!;
    for (let i = 1; i < half; i++) {
      sel = i === idx ? table[i]! : sel;
      neg = i === idx ? negs[i]! : neg;
    }
    if (d === 0) dummy = dummy.add(sel);
    else acc = acc.add(d < 0 ? neg : sel);
  }
  return acc;
}

/** `s·P` for public `s` and `P` (variable time). */
export function mulUnsafe(p: Point, s: bigint): Point {
  return p.multiplyUnsafe(modL(s));
}

/**
 * Signed base-2^c digits of a scalar `s < 2^253`: `s = Σ d_w·2^(c·w)` with
 * `-2^(c-1) < d_w <= 2^(c-1)`, written to `out[at .. at + windows)`.
 * `windows = ceil(254 / c)` always suffices (the last carry lands in a zero bit).
 */
export function signedDigits(
  s: bigint,
  c: number,
  windows: number,
  out: Int32Array,
  at: number,
): void {
  const hex = s.toString(16).padStart(64, '0');
  const words = new Uint32Array(9);
  for (let k = 0; k < 8; k++) words[k] = parseInt(hex.slice(56 - 8 * k, 64 - 8 * k), 16);
  const size = 1 << c;
  const half = size >> 1;
  const mask = size - 1;
  let carry = 0;
  for (let w = 0; w < windows; w++) {
    const bit = w * c;
    const k = bit >>> 5;
    const sh = bit & 31;
    let v = words[k]! >>> sh;
    if (sh + c > 32) v |= words[k + 1]! << (32 - sh);
    v = (v & mask) + carry;
    if (v > half) {
      v -= size;
      carry = 1;
    } else carry = 0;
    out[at + w] = v;
  }
}

/** Number of signed windows of width c that cover any scalar below ℓ < 2^253. */
export function windowsFor(c: number): number {
  return Math.ceil(254 / c);
}

/**
 * A fixed-base table for one point P: `mul(s)` is `s·P` from signed windows of
 * 8 bits, one table addition per window (32 additions, no doublings), with a
 * data-oblivious scan of each window's entries and a dummy addition for zero
 * digits, so the operation sequence does not depend on `s`. The table
 * (32 × 128 points and their negatives) is built on first use.
 */
export class FixedBase {
  /** The base point P. */
  readonly base: Point;
  private tables: { table: Point[]; negs: Point[] } | undefined;
  private static readonly C = 8;

  /** A table for `p` (built lazily). */
  constructor(p: Point) {
    this.base = p;
  }

  private build(): { table: Point[]; negs: Point[] } {
    const half = 1 << (FixedBase.C - 1);
    const windows = windowsFor(FixedBase.C);
    const t = new Array<Point>(windows * half);
    let b = this.base; // 2^(C·w)·P
    for (let w = 0; w < windows; w++) {
      let acc = b;
      for (let i = 0; i < half; i++) {
        t[w * half + i] = acc;
        acc = acc.add(b);
      }
      b = t[w * half + half - 1]!.double();
    }
    return { table: t, negs: t.map((q) => q.negate()) };
  }

  /** `s·P` (s reduced mod ℓ; `0·P` is the identity). */
  mul(s: bigint): Point {
    const { table, negs } = (this.tables ??= this.build());
    const C = FixedBase.C;
    const half = 1 << (C - 1);
    const windows = windowsFor(C);
    const digits = new Int32Array(windows);
    signedDigits(modL(s), C, windows, digits, 0);
    let acc = Point.ZERO;
    let dummy = Point.ZERO;
    for (let w = 0; w < windows; w++) {
      const d = digits[w]!;
      const idx = (d < 0 ? -d : d) - 1;
      const start = w * half;
      let sel = table[start]!;
      let neg = negs[start]!;
      for (let i = 1; i < half; i++) {
        sel = i === idx ? table[start + i]! : sel;
        neg = i === idx ? negs[start + i]! : neg;
      }
      if (d === 0) dummy = dummy.add(sel);
      else acc = acc.add(d < 0 ? neg : sel);
    }
    return acc;
  }
}

let baseTable: FixedBase | undefined;

/** `s·G` with a fixed-base table for `G` (built once, on first use). */
export function mulBase(s: bigint): Point {
  baseTable ??= new FixedBase(G);
  return baseTable.mul(s);
}
