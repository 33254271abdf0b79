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
import { pippenger } from '@noble/curves/abstract/curve.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** The ristretto255 point class of @noble/curves (`ristretto255.Point`). */
export const Point = ristretto255.Point;
/** A ristretto255 group element. Scalars are plain `bigint`s mod {@link ORDER}. */
export type Point = InstanceType<typeof ristretto255.Point>;

/** ℓ = 2^252 + 27742317777372353535851937790883648493, the prime order of the group. */
export const ORDER: bigint = Point.Fn.ORDER;

/** `G`, the ristretto255 base point (RFC 9496). */
export const G: Point = Point.BASE;

/** Length in bytes of an encoded point and of an encoded scalar. */
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

function bytesToBigLE(bytes: Uint8Array): bigint {
  let x = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(bytes[i]!);
  return x;
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
 * `s·P` for a secret scalar `s`: noble's constant-time `multiply` (fixed
 * window, or a cached table when `P` was precomputed). `0·P` is the identity.
 */
export function mulSecret(p: Point, s: bigint): Point {
  const k = modL(s);
  return k === 0n ? Point.ZERO : p.multiply(k);
}

/** `s·P` for public `s` and `P` (variable time). */
export function mulUnsafe(p: Point, s: bigint): Point {
  return p.multiplyUnsafe(modL(s));
}

/**
 * Multi-scalar multiplication `Σ s_i·P_i` (Pippenger's bucket method, noble's
 * `pippenger`). Scalars are reduced mod ℓ. The number of point operations does
 * not depend on the scalars, but memory access does: meant for public data and
 * for one-time random nonces whose bits never repeat across calls.
 */
export function msm(points: Point[], scalars: bigint[]): Point {
  if (points.length !== scalars.length) throw new Error('msm: points and scalars differ in length');
  if (points.length === 0) return Point.ZERO;
  return pippenger(Point, points, scalars.map(modL));
}

/**
 * A fixed-base table for one point: `mul(s)` is `s·P` with a precomputed
 * signed-window table (window 8: about 33 additions, no doublings), constant
 * time in `s`. The table is built on first use (a few thousand additions).
 */
export class FixedBase {
  /** The base point, a private copy that carries the table. */
  readonly base: Point;

  /** Wraps `p` with a lazily built table of window `windowBits` (2..16). */
  constructor(p: Point, windowBits = 8) {
    // A fresh object: noble attaches tables to point identity, and G itself
    // already carries noble's own (blinded, window 6) table.
    this.base = Point.fromAffine(p.toAffine());
    this.base.precompute(windowBits, true);
  }

  /** `s·P`, constant time; `0·P` is the identity. */
  mul(s: bigint): Point {
    return mulSecret(this.base, s);
  }
}

let baseTable: FixedBase | undefined;

/** `s·G` with a fixed-base table for `G` (built once, on first use). */
export function mulBase(s: bigint): Point {
  baseTable ??= new FixedBase(G);
  return baseTable.mul(s);
}
