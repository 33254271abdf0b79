/**
 * The group: ristretto255 (RFC 9496), a prime-order group of order ℓ built on
 * Curve25519, as implemented by @noble/curves. Points, scalars mod ℓ, their
 * canonical 32-byte encodings, fixed-base tables and multi-scalar
 * multiplication. Everything else in crypto/ is built on these few functions.
 *
 * Naming follows noble: `*Secret` / constant-time paths for secret scalars,
 * `*Unsafe` for variable-time paths that may only see public data.
 */
import { ristretto255 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** The ristretto255 point class of @noble/curves (`ristretto255.Point`). */
export const Point = ristretto255.Point;
/** A ristretto255 group element. Scalars are plain `bigint`s mod {@link ORDER}. */
export type Point = InstanceType<typeof ristretto255.Point>;

/** ℓ = 2^252 + 27742317777372353535851937790883648493, the prime order of the group. */
export const ORDER: bigint = Point.Fn.ORDER;

/** `G`, the ristretto255 base point (RFC 9496). */
export const G: Point = Point.BASE;

/** Length in bytes of an encoded point (RFC 9496 §4.3.2). */
export const POINT_BYTES = 32;
/** Length in bytes of an encoded scalar (little-endian, as in RFC 8032 / RFC 9496). */
export const SCALAR_BYTES = 32;

const MASK_253 = (1n << 253n) - 1n;

/** Reduces any integer into the range `0 <= x < ℓ`. */
export function modL(x: bigint): bigint {
  const r = x % ORDER;
  return r < 0n ? r + ORDER : r;
}

/** True when `s` is a bigint with `0 <= s < ℓ` (a canonical scalar). */
export function isScalar(s: unknown): s is bigint {
  return typeof s === 'bigint' && s >= 0n && s < ORDER;
}

/** Throws unless `s` is a canonical scalar; `field` names it in the error. */
export function assertScalar(s: unknown, field = 'scalar'): bigint {
  if (!isScalar(s)) throw new Error(`${field}: expected a bigint scalar with 0 <= s < ℓ`);
  return s;
}

/** Throws unless `s` is a usable secret key: a scalar with `0 < s < ℓ`. */
export function assertSecret(s: unknown, field = 'secret'): bigint {
  if (!isScalar(s) || s === 0n) throw new Error(`${field}: expected a bigint with 0 < s < ℓ`);
  return s;
}

/** `s^-1 mod ℓ`, the multiplicative inverse of a non-zero scalar (throws for 0 mod ℓ). */
export function invertScalar(s: bigint): bigint {
  const a = modL(s);
  if (a === 0n) throw new Error('invertScalar: zero has no inverse mod ℓ');
  return Point.Fn.inv(a);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function bytesToBigLE(bytes: Uint8Array): bigint {
  let hex = '0x0';
  for (let i = bytes.length - 1; i >= 0; i--) hex += HEX[bytes[i]!]!;
  return BigInt(hex);
}

/**
 * A uniformly random scalar with `0 < s < ℓ`, from `crypto.getRandomValues`
 * (rejection sampling on 253-bit candidates: exactly uniform, never zero).
 */
export function randomScalar(): bigint {
  const buf = new Uint8Array(SCALAR_BYTES);
  for (;;) {
    crypto.getRandomValues(buf);
    const s = bytesToBigLE(buf) & MASK_253;
    if (s !== 0n && s < ORDER) return s;
  }
}

/**
 * `n` uniformly random scalars with `0 < s < ℓ`, as {@link randomScalar} but
 * drawing the random bytes in a few large `crypto.getRandomValues` calls.
 */
export function randomScalars(n: number): bigint[] {
  const out: bigint[] = [];
  while (out.length < n) {
    // About 2 candidates per scalar are needed (ℓ ≈ 2^252.0); 65536 bytes is the per-call limit.
    const count = Math.min(2 * (n - out.length) + 4, 2048);
    const buf = crypto.getRandomValues(new Uint8Array(SCALAR_BYTES * count));
    for (let k = 0; k < count && out.length < n; k++) {
      const s = bytesToBigLE(buf.subarray(k * SCALAR_BYTES, (k + 1) * SCALAR_BYTES)) & MASK_253;
      if (s !== 0n && s < ORDER) out.push(s);
    }
    buf.fill(0);
  }
  return out;
}

/** A uniformly random non-zero 128-bit integer (batch-verification weights, nonces of length λ). */
export function random128(): bigint {
  const buf = new Uint8Array(16);
  for (;;) {
    crypto.getRandomValues(buf);
    const s = bytesToBigLE(buf);
    if (s !== 0n) return s;
  }
}

/** A uniformly random integer in `[0, bound)` (rejection sampling on 32-bit words). */
export function randomIndex(bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) {
    throw new RangeError('randomIndex: bound must be an integer in [1, 2^32]');
  }
  const limit = 2 ** 32 - (2 ** 32 % bound);
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    const x = word[0]!;
    if (x < limit) return x % bound;
  }
}

/**
 * A fresh uniformly random permutation of `0..n-1` (Fisher–Yates, indices from
 * `crypto.getRandomValues` with rejection sampling; never `Math.random`).
 */
export function randomPermutation(n: number): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  return p;
}

/** The 32-byte little-endian encoding of a canonical scalar. */
export function encodeScalar(s: bigint): Uint8Array {
  assertScalar(s);
  const out = new Uint8Array(SCALAR_BYTES);
  let x = s;
  for (let i = 0; i < SCALAR_BYTES; i++) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

/**
 * Decodes a 32-byte little-endian scalar; throws (naming `field`) on a wrong
 * length or a value `>= ℓ` (which would make `s + ℓ` a second valid proof).
 */
export function decodeScalar(bytes: Uint8Array, field = 'scalar'): bigint {
  if (!(bytes instanceof Uint8Array) || bytes.length !== SCALAR_BYTES) {
    throw new Error(`${field}: expected ${SCALAR_BYTES} bytes for a scalar`);
  }
  const s = bytesToBigLE(bytes);
  if (s >= ORDER) throw new Error(`${field}: scalar is not below the group order ℓ`);
  return s;
}

/**
 * Decodes a published secret key or factor (an audit's deck secret, a
 * re-mask factor): a canonical scalar that must also be non-zero, since no
 * honest key is 0 and `0·G` is the identity, which every point check refuses.
 */
export function decodeSecret(bytes: Uint8Array, field = 'secret'): bigint {
  const s = decodeScalar(bytes, field);
  if (s === 0n) throw new Error(`${field}: a secret must not be zero`);
  return s;
}

/** Encodings already known for a point: computed once, or kept from the bytes it was decoded from. */
const encodings = new WeakMap<Point, Uint8Array>();

/**
 * The canonical 32-byte encoding of `p` (RFC 9496 §4.3.2), cached per point
 * object so that a point decoded from the network is hashed from the bytes as
 * received. The result is shared: callers must not modify it.
 */
export function pointBytes(p: Point): Uint8Array {
  let b = encodings.get(p);
  if (b === undefined) {
    b = p.toBytes();
    encodings.set(p, b);
  }
  return b;
}

/** The canonical 32-byte encoding of a point (a fresh copy). */
export function encodePoint(p: Point): Uint8Array {
  assertPoint(p, 'point');
  return pointBytes(p).slice();
}

/** Hex of the canonical encoding of a point (lower case, 64 characters). */
export function pointHex(p: Point): string {
  return bytesToHex(pointBytes(p));
}

/**
 * Canonical decoder (RFC 9496 §4.3.1): accepts only the unique encoding of a
 * group element, and rejects the identity. Throws an Error naming `field`.
 */
export function decodePoint(bytes: Uint8Array, field = 'point'): Point {
  if (!(bytes instanceof Uint8Array) || bytes.length !== POINT_BYTES) {
    throw new Error(`${field}: expected ${POINT_BYTES} bytes for a point`);
  }
  let p: Point;
  try {
    p = Point.fromBytes(bytes);
  } catch {
    throw new Error(`${field}: not a canonical ristretto255 encoding`);
  }
  if (p.is0()) throw new Error(`${field}: the identity point is not allowed`);
  encodings.set(p, bytes.slice());
  return p;
}

/** Throws unless `p` is a ristretto255 point other than the identity; `field` names it. */
export function assertPoint(p: unknown, field = 'point'): Point {
  if (!(p instanceof Point)) throw new Error(`${field}: expected a ristretto255 point`);
  if (p.is0()) throw new Error(`${field}: the identity point is not allowed`);
  return p;
}

/** True when `p` is a ristretto255 point other than the identity. */
export function isPoint(p: unknown): p is Point {
  return p instanceof Point && !p.is0();
}

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
function signedDigits(s: bigint, c: number, windows: number, out: Int32Array, at: number): void {
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
function windowsFor(c: number): number {
  return Math.ceil(254 / c);
}

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

/** `1/2 mod ℓ`: the prover computes `P/2` and lets {@link doubleAndEncode} return `P`. */
export const HALF: bigint = (ORDER + 1n) / 2n;

const Fp = Point.Fp;
/** Edwards `d` of Curve25519, `√-1`, and `1/√(a-d)` (RFC 9496 §4.1 constants). */
const EDWARDS_D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
const SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752n;
const INVSQRT_A_MINUS_D =
  54469307008909316920995813868745141605393597292927456921205312896311721017578n;

/** Extended Edwards coordinates (X : Y : Z : T) of the representative a noble ristretto point wraps. */
interface Extended {
  readonly X: bigint;
  readonly Y: bigint;
  readonly Z: bigint;
  readonly T: bigint;
}

function extended(p: Point): Extended {
  // `ep` is declared (protected) in noble's PrimeEdwardsPoint typings.
  const ep = (p as unknown as { ep?: Extended }).ep;
  if (ep === undefined || typeof ep.X !== 'bigint' || typeof ep.T !== 'bigint') {
    throw new Error('doubleAndEncode: unexpected @noble/curves point layout');
  }
  return ep;
}

/**
 * Returns `2·P_i` for every `P_i`, with the canonical encodings of the doubled
 * points computed in one batch (one field inversion for the whole list instead
 * of an inverse square root per point) and cached, so hashing them is free.
 * The ristretto255 encoding is not batchable, but that of a doubled point is:
 * the "double-and-compress batch" of curve25519-dalek, from the Ristretto
 * notes (ristretto.group). Callers compute `P_i = Q_i/2` with {@link HALF} to
 * get `Q_i` encoded. Matches `toBytes()` exactly (tested on random points).
 */
export function doubleAndEncode(points: readonly Point[]): Point[] {
  const n = points.length;
  const st = points.map((p) => {
    const { X, Y, Z, T } = extended(p);
    const XX = Fp.sqr(X);
    const YY = Fp.sqr(Y);
    const ZZ = Fp.sqr(Z);
    const dTT = Fp.mul(Fp.sqr(T), EDWARDS_D);
    const e = Fp.mul(X, Fp.add(Y, Y)); // 2XY
    const f = Fp.add(ZZ, dTT); // Z² + dT²
    const g = Fp.add(YY, XX); // Y² − aX² (a = −1)
    const h = Fp.sub(ZZ, dTT); // Z² − dT²
    const eg = Fp.mul(e, g);
    const fh = Fp.mul(f, h);
    return { e, f, g, h, eg, fh, efgh: Fp.mul(eg, fh) };
  });
  const inv = Fp.invertBatch(st.map((x) => x.efgh));
  const out = new Array<Point>(n);
  for (let i = 0; i < n; i++) {
    const doubled = points[i]!.double();
    const x = st[i]!;
    const iv = inv[i];
    if (x.efgh === 0n || iv === undefined) {
      out[i] = doubled; // the identity or a torsion representative: encode the slow way
      continue;
    }
    const zInv = Fp.mul(x.eg, iv);
    const tInv = Fp.mul(x.fh, iv);
    let { e, g, h } = x;
    let magic = INVSQRT_A_MINUS_D;
    if (Fp.isOdd!(Fp.mul(x.eg, zInv))) {
      const minusE = Fp.neg(e);
      e = g;
      g = minusE;
      h = Fp.mul(x.f, SQRT_M1);
      magic = SQRT_M1;
    }
    if (Fp.isOdd!(Fp.mul(Fp.mul(h, e), zInv))) g = Fp.neg(g);
    let s = Fp.mul(Fp.sub(h, g), Fp.mul(magic, Fp.mul(g, tInv)));
    if (Fp.isOdd!(s)) s = Fp.neg(s);
    encodings.set(doubled, Fp.toBytes(s));
    out[i] = doubled;
  }
  return out;
}

/** `s·G` with a fixed-base table for `G` (built once, on first use). */
export function mulBase(s: bigint): Point {
  baseTable ??= new FixedBase(G);
  return baseTable.mul(s);
}
