/**
 * The group: ristretto255 (RFC 9496), a prime-order group built on
 * Curve25519, as implemented by @noble/curves. Its points, their canonical
 * 32-byte encodings (kept with the point, so that a point decoded from the
 * network is hashed from the bytes as received) and the checks on them.
 */
import { ristretto255 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** The ristretto255 point class of @noble/curves (`ristretto255.Point`). */
export const Point: typeof ristretto255.Point = ristretto255.Point;
/** A ristretto255 group element. Scalars are plain `bigint`s mod ℓ (scalar.ts). */
export type Point = InstanceType<typeof ristretto255.Point>;

/** `G`, the ristretto255 base point (RFC 9496). */
export const G: Point = Point.BASE;

/** Length in bytes of an encoded point (RFC 9496 §4.3.2). */
export const POINT_BYTES = 32;

/** Encodings already known for a point: computed once, or kept from the bytes it was decoded from. */
const encodings = new WeakMap<Point, Uint8Array>();

/**
 * Records `bytes` as the canonical encoding of `p`, for a caller that
 * computed it another way (the batch of batch-encode.ts) and vouches for it.
 */
// Stryker disable next-line BlockStatement: pointBytes would compute the same canonical bytes on first use (noble freezes its prototypes: no test sees which way)
export function rememberEncoding(p: Point, bytes: Uint8Array): void {
  encodings.set(p, bytes);
}

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
