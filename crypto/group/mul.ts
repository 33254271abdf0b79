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
 * The multiples `d·P` of every digit `d` a window of `c` bits takes, in order
 * (`-2^(c-1) < d <= 2^(c-1)`, the identity for 0): `d·P` is at `d + 2^(c-1) - 1`.
 */
function signedMultiples(p: Point, c: number): Point[] {
  const half = (1 << c) >> 1; // 2^(c-1), the largest digit
  let acc = p;
  const pos = Array.from({ length: half }, (_, i) => (i === 0 ? p : (acc = acc.add(p))));
  return [
    ...pos
      .slice(0, -1)
      .reverse()
      .map((q) => q.negate()),
    Point.ZERO,
    ...pos,
  ];
}

/**
 * `d·P` from a row of {@link signedMultiples}, read by a scan of the whole row
 * (a zero digit is the identity, added like any other), so that which entry
 * was taken shows in no point operation.
 */
function select(row: readonly Point[], d: number): Point {
  const at = d + row.length / 2 - 1;
  return row.reduce((sel, q, i) => (i === at ? q : sel), Point.ZERO);
}

/**
 * `s·P` for a secret scalar `s`: signed fixed windows of 5 bits (a table of
 * -15P..16P, then 5 doublings and one table addition per window), a
 * data-oblivious scan of the table, so the operation sequence does not depend
 * on `s`. Unlike noble's `multiply` it leaves the result in projective form
 * (no inversion). `0·P` is the identity.
 */
export function mulSecret(p: Point, s: bigint): Point {
  const C = 5;
  const windows = windowsFor(C);
  const row = signedMultiples(p, C);
  const digits = signedDigits(modL(s), C, windows);
  // The top window starts the sum: doubling the identity before it would only cost time.
  let acc = select(row, digits[windows - 1]!);
  for (let w = windows - 2; w >= 0; w--) {
    for (let k = 0; k < C; k++) acc = acc.double();
    acc = acc.add(select(row, digits[w]!));
  }
  return acc;
}

/** `s·P` for public `s` and `P` (variable time). */
export function mulUnsafe(p: Point, s: bigint): Point {
  return p.multiplyUnsafe(modL(s));
}

/**
 * Signed base-2^c digits of a scalar `s < 2^253`: `s = Σ d_w·2^(c·w)` with
 * `-2^(c-1) < d_w <= 2^(c-1)`, one per window.
 * `windows = ceil(254 / c)` always suffices (the last carry lands in a zero bit).
 */
export function signedDigits(s: bigint, c: number, windows: number): Int32Array {
  // Nine 32-bit words, little-endian: the ninth, 0, is read by a window that ends past bit 256.
  const hex = s.toString(16).padStart(72, '0');
  const words = Uint32Array.from({ length: 9 }, (_, k) =>
    parseInt(hex.slice(64 - 8 * k, 72 - 8 * k), 16),
  );
  const size = 1 << c;
  const half = size >> 1;
  const mask = size - 1;
  let carry = 0;
  return Int32Array.from({ length: windows }, (_, w) => {
    const bit = w * c;
    const k = bit >>> 5;
    const sh = bit & 31;
    // The next word's bits above the window's: shifted by 1 then 31 - sh, as a
    // shift by 32 - sh = 32 would be one by 0.
    let v = (words[k]! >>> sh) | ((words[k + 1]! << 1) << (31 - sh));
    v = (v & mask) + carry;
    carry = v > half ? 1 : 0;
    return v - carry * size;
  });
}

/** Number of signed windows of width c that cover any scalar below ℓ < 2^253. */
export function windowsFor(c: number): number {
  return Math.ceil(254 / c);
}

/**
 * A fixed-base table for one point P: `mul(s)` is `s·P` from signed windows of
 * 8 bits, one table addition per window (32 additions, no doublings), with a
 * data-oblivious scan of each window's entries, so the operation sequence
 * does not depend on `s`. The table (32 rows of -127·2^(8w)·P..128·2^(8w)·P)
 * is built on first use.
 */
export class FixedBase {
  /** The base point P. */
  readonly base: Point;
  private rows: Point[][] | undefined;
  private static readonly C = 8;

  /** A table for `p` (built lazily). */
  constructor(p: Point) {
    this.base = p;
  }

  private build(): Point[][] {
    let b = this.base; // 2^(C·w)·P
    return Array.from({ length: windowsFor(FixedBase.C) }, () => {
      const row = signedMultiples(b, FixedBase.C);
      b = row.at(-1)!.double();
      return row;
    });
  }

  /** `s·P` (s reduced mod ℓ; `0·P` is the identity). */
  mul(s: bigint): Point {
    const rows = (this.rows ??= this.build());
    const digits = signedDigits(modL(s), FixedBase.C, rows.length);
    return rows.reduce((acc, row, w) => acc.add(select(row, digits[w]!)), Point.ZERO);
  }
}

let baseTable: FixedBase | undefined;

/** `s·G` with a fixed-base table for `G` (built once, on first use). */
export function mulBase(s: bigint): Point {
  baseTable ??= new FixedBase(G);
  return baseTable.mul(s);
}
