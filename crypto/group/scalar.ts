/**
 * Scalars: plain `bigint`s mod ℓ, the prime order of the group, with their
 * checks and their canonical 32-byte little-endian encoding.
 */
import { Point } from './point.ts';

/** ℓ = 2^252 + 27742317777372353535851937790883648493, the prime order of the group. */
export const ORDER: bigint = Point.Fn.ORDER;

/** Length in bytes of an encoded scalar (little-endian, as in RFC 8032 / RFC 9496). */
export const SCALAR_BYTES = 32;

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

/** The integer of little-endian `bytes` (any length, any value). */
export function bytesToBigLE(bytes: Uint8Array): bigint {
  let hex = '0x0';
  for (let i = bytes.length - 1; i >= 0; i--) hex += HEX[bytes[i]!]!;
  return BigInt(hex);
}

/** The 32-byte little-endian encoding of a canonical scalar. */
export function encodeScalar(s: bigint): Uint8Array {
  return Point.Fn.toBytes(assertScalar(s));
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
