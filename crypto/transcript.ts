/**
 * The Fiat–Shamir transcript: every challenge of every proof is a SHA-512 hash
 * of a domain tag of its own followed by length-prefixed items in canonical
 * encoding (points as their 32 bytes, scalars as 32 bytes little-endian, counts
 * as 4 bytes little-endian). Length prefixes make the encoding injective, so
 * two different statements never hash the same bytes.
 */
import { sha512 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { pointBytes, type Point } from './group/point.ts';
import { encodeScalar, modL } from './group/scalar.ts';

/** The protocol tag hashed first into every transcript (bump it to change every proof). */
export const PROTOCOL = 'fairdeal/crypto/v1';

function u32le(n: number): Uint8Array {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) {
    throw new RangeError('transcript: count must be an integer in [0, 2^32)');
  }
  return Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff);
}

type Sha512 = ReturnType<typeof sha512.create>;

function leToBig(bytes: Uint8Array): bigint {
  let x = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(bytes[i]!);
  return x;
}

/**
 * A running Fiat–Shamir hash, opened with a domain tag. Items are appended
 * with their length; {@link Transcript.challenge} and
 * {@link Transcript.digest} read the hash without closing the transcript.
 */
export class Transcript {
  private readonly h: Sha512 = sha512.create();

  /** Starts a transcript for the derived value named `domain` (e.g. `fairdeal/key/gamma`). */
  constructor(domain: string) {
    this.label(PROTOCOL);
    this.label(domain);
  }

  /** Appends `bytes`, prefixed with their length. */
  bytes(bytes: Uint8Array): this {
    this.h.update(u32le(bytes.length));
    this.h.update(bytes);
    return this;
  }

  /** Appends a UTF-8 string, length-prefixed. */
  label(text: string): this {
    return this.bytes(utf8ToBytes(text));
  }

  /** Appends a count (N, W, an index) as 4 bytes little-endian, length-prefixed. */
  u32(n: number): this {
    return this.bytes(u32le(n));
  }

  /** Appends the canonical encoding of a point (the bytes as received, when it was decoded). */
  point(p: Point): this {
    return this.bytes(pointBytes(p));
  }

  /** Appends a list of points: its length, then each point. */
  points(ps: readonly Point[]): this {
    this.u32(ps.length);
    for (const p of ps) this.point(p);
    return this;
  }

  /** Appends rows of points: N, W, then every point row by row. */
  rows(rows: readonly (readonly Point[])[]): this {
    const w = rows[0]?.length ?? 0;
    this.u32(rows.length).u32(w);
    for (const row of rows) {
      if (row.length !== w) throw new Error('transcript: rows differ in width');
      for (const p of row) this.point(p);
    }
    return this;
  }

  /** Appends a scalar as 32 bytes little-endian. */
  scalar(s: bigint): this {
    return this.bytes(encodeScalar(s));
  }

  /** The 64-byte SHA-512 digest of everything so far (the transcript stays open). */
  digest(): Uint8Array {
    return this.h.clone().digest();
  }

  /** A full-size challenge: the digest read as a little-endian integer, reduced mod ℓ. */
  challenge(): bigint {
    return modL(leToBig(this.digest()));
  }
}

/**
 * `n` challenges of 128 bits derived from one seed: `x_j = SHA-512(tag, seed, j)`
 * cut to 16 bytes, for j = 0..n-1. The statement is hashed once into the seed,
 * not n times. Used for the shuffle's `u_j` and the unlock batching `z_i`.
 */
export function challenges128(domain: string, seed: Uint8Array, n: number): bigint[] {
  const base = sha512.create();
  for (const part of [utf8ToBytes(PROTOCOL), utf8ToBytes(domain), seed]) {
    base.update(u32le(part.length));
    base.update(part);
  }
  return Array.from({ length: n }, (_, j) =>
    leToBig(base.clone().update(u32le(4)).update(u32le(j)).digest().subarray(0, 16)),
  );
}

/** One part of a proof context: a string, a non-negative safe integer, or raw bytes. */
export type ContextPart = string | number | Uint8Array;

/**
 * Derives the 32-byte `ctx` an engine passes to a prover and verifier, from
 * typed, length-prefixed parts such as table id, deck id, step number and
 * action name: `deriveContext('table-1', 'deck-a', 7, 'shuffle')`. Each part
 * is tagged with its type, so `'7'` and `7` give different contexts.
 */
export function deriveContext(...parts: ContextPart[]): Uint8Array {
  const t = new Transcript('fairdeal/context').u32(parts.length);
  for (const part of parts) {
    if (typeof part === 'string') t.label('s').label(part);
    else if (typeof part === 'number') {
      if (!Number.isSafeInteger(part) || part < 0) {
        throw new RangeError('deriveContext: numbers must be non-negative safe integers');
      }
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigUint64(0, BigInt(part), true); // little-endian
      t.label('n').bytes(b);
    } else if (part instanceof Uint8Array) t.label('b').bytes(part);
    else throw new TypeError('deriveContext: parts must be strings, numbers or Uint8Arrays');
  }
  return t.digest().slice(0, 32);
}
