/**
 * Per-table identity keys: ed25519 (RFC 8032) from @noble/curves.
 *
 * Each player makes a fresh identity for each table and signs every event
 * with it. Verification is strict (RFC 8032 / FIPS 186-5, `zip215: false`):
 * canonical point encodings, `s < L`, no small-order public keys. Strictness
 * is what makes a signature non-malleable, and that matters here: if a relay
 * could turn one valid signature into another, it could make two "different"
 * events out of one honest event and frame its author for equivocation.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { isHex } from './encoding.ts';

/** Bytes in an ed25519 secret key (the RFC 8032 seed). */
export const SECRET_KEY_BYTES = 32;
/** Bytes in an ed25519 public key. */
export const PUBLIC_KEY_BYTES = 32;
/** Bytes in an ed25519 signature. */
export const SIGNATURE_BYTES = 64;

/** A player's signing identity at one table. Keep `secretKey` on the device. */
export interface Identity {
  /** The 32-byte RFC 8032 seed. */
  readonly secretKey: Uint8Array;
  /** The public key as 64 lowercase hex characters; this is what other peers register. */
  readonly publicKey: string;
}

/**
 * Makes an identity: from `secretKey` when given (restoring a saved one, or a
 * fixed key in tests), otherwise from the platform's secure random source.
 */
export function createIdentity(secretKey?: Uint8Array): Identity {
  const sk = ed25519.utils.randomSecretKey(secretKey);
  return { secretKey: sk, publicKey: bytesToHex(ed25519.getPublicKey(sk)) };
}

/** Signs `message`; returns the 64-byte signature as 128 lowercase hex characters. */
export function signMessage(secretKey: Uint8Array, message: Uint8Array): string {
  return bytesToHex(ed25519.sign(message, secretKey));
}

/**
 * Strictly verifies a hex signature by a hex public key. Never throws: any
 * malformed key or signature is simply not valid.
 */
export function verifyMessage(publicKey: string, message: Uint8Array, signature: string): boolean {
  if (!isHex(publicKey, PUBLIC_KEY_BYTES) || !isHex(signature, SIGNATURE_BYTES)) return false;
  try {
    return ed25519.verify(hexToBytes(signature), message, hexToBytes(publicKey), { zip215: false });
  } catch {
    return false;
  }
}

/**
 * True when `publicKey` is a lowercase-hex ed25519 public key that strict
 * verification can accept (canonical, on the curve, not of small order).
 */
export function isValidPublicKey(publicKey: unknown): publicKey is string {
  if (!isHex(publicKey, PUBLIC_KEY_BYTES)) return false;
  try {
    return !ed25519.Point.fromHex(publicKey, false).isSmallOrder();
  } catch {
    return false;
  }
}
