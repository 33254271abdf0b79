/**
 * Compact binary wire formats for point lists, rows and every proof, plus
 * strict base64 and hex text forms.
 *
 * Every format starts with one kind byte (so a key proof is never read as an
 * unlock proof), then fixed-size fields: counts as 4 bytes little-endian,
 * points as their 32-byte canonical ristretto255 encoding, scalars as 32 bytes
 * little-endian. Decoders check the kind, the exact total length, every point
 * (canonical, not the identity) and every scalar (`< ℓ`), and throw an Error
 * naming the bad field; they never return a wrong value. Decoded points keep
 * the bytes they came from, so verifiers hash them without re-encoding.
 */
import { decodePoint, assertPoint, POINT_BYTES, pointBytes, type Point } from './group/point.ts';
import { decodeScalar, encodeScalar, assertScalar, SCALAR_BYTES } from './group/scalar.ts';
import type { DleqProof } from './dleq.ts';
import type { KeyProof } from './key.ts';
import type { ShuffleProof } from './shuffle.ts';
import type { UnlockProof } from './unlock.ts';
import type { Complaint, Dealing } from './vss.ts';

/** The kind byte that opens each wire format. */
export const Kind = {
  points: 0x01,
  rows: 0x02,
  keyProof: 0x03,
  unlockProof: 0x04,
  shuffleProof: 0x05,
  dleqProof: 0x06,
  dealing: 0x07,
  complaint: 0x08,
} as const;

/** Most holders a dealing (vss.ts) shares among: the other seats of the largest table. */
export const MAX_HOLDERS = 16;

/** Largest number of points in a list or of rows accepted by a decoder. */
export const MAX_COUNT = 1 << 16;
/** Largest row width accepted by a decoder. */
export const MAX_WIDTH = 64;

class Writer {
  private readonly out: Uint8Array;
  private at = 0;
  constructor(size: number) {
    this.out = new Uint8Array(size);
  }
  byte(b: number): this {
    this.out[this.at++] = b;
    return this;
  }
  u32(n: number): this {
    for (let i = 0; i < 4; i++) this.out[this.at++] = (n >>> (8 * i)) & 0xff;
    return this;
  }
  point(p: Point, field: string): this {
    assertPoint(p, field);
    this.out.set(pointBytes(p), this.at);
    this.at += POINT_BYTES;
    return this;
  }
  points(ps: readonly Point[], field: string): this {
    ps.forEach((p, i) => this.point(p, `${field}[${i}]`));
    return this;
  }
  encoding(e: Uint8Array, field: string): this {
    if (!(e instanceof Uint8Array) || e.length !== POINT_BYTES)
      throw new Error(`${field}: expected ${POINT_BYTES} bytes`);
    this.out.set(e, this.at);
    this.at += POINT_BYTES;
    return this;
  }
  scalar(s: bigint, field: string): this {
    this.out.set(encodeScalar(assertScalar(s, field)), this.at);
    this.at += SCALAR_BYTES;
    return this;
  }
  scalars(ss: readonly bigint[], field: string): this {
    ss.forEach((s, i) => this.scalar(s, `${field}[${i}]`));
    return this;
  }
  /** A Chaum–Pedersen proof's `T1 ‖ T2 ‖ s` (unlock, DLEQ), each field named after `prefix`. */
  chaumPedersen(proof: { T1: Point; T2: Point; s: bigint }, prefix: string): this {
    return this.point(proof.T1, `${prefix}T1`)
      .point(proof.T2, `${prefix}T2`)
      .scalar(proof.s, `${prefix}s`);
  }
  done(): Uint8Array {
    if (this.at !== this.out.length) throw new Error('encoding: internal size mismatch');
    return this.out;
  }
}

class Reader {
  private at = 0;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly what: string,
  ) {}
  fail(field: string, why: string): never {
    throw new Error(`${this.what}: ${field}: ${why}`);
  }
  kind(expected: number): void {
    if (this.bytes.length < 1) this.fail('kind', 'empty input');
    const k = this.bytes[this.at++]!;
    if (k !== expected) this.fail('kind', `expected ${expected}, got ${k}`);
  }
  u32(field: string, min: number, max: number): number {
    if (this.bytes.length < this.at + 4) this.fail(field, 'truncated input');
    let n = 0;
    for (let i = 0; i < 4; i++) n += this.bytes[this.at++]! * 2 ** (8 * i);
    if (n < min || n > max) this.fail(field, `expected ${min}..${max}, got ${n}`);
    return n;
  }
  /** Fails unless exactly `rest` bytes remain: checked before any point is decoded. */
  remaining(rest: number, detail: string): void {
    const left = this.bytes.length - this.at;
    if (left !== rest) {
      this.fail('length', `expected ${this.at + rest} bytes (${detail}), got ${this.bytes.length}`);
    }
  }
  point(field: string): Point {
    const p = decodePoint(
      this.bytes.subarray(this.at, this.at + POINT_BYTES),
      `${this.what}: ${field}`,
    );
    this.at += POINT_BYTES;
    return p;
  }
  points(n: number, field: string): Point[] {
    return Array.from({ length: n }, (_, i) => this.point(`${field}[${i}]`));
  }
  /** `n` encodings as they are (copies), the identity refused, none decoded. */
  encodings(n: number, field: string): Uint8Array[] {
    return Array.from({ length: n }, (_, i) => {
      const e = this.bytes.slice(this.at, this.at + POINT_BYTES);
      this.at += POINT_BYTES;
      if (e.every((b) => b === 0)) this.fail(`${field}[${i}]`, 'the identity point is not allowed');
      return e;
    });
  }
  scalar(field: string): bigint {
    const s = decodeScalar(
      this.bytes.subarray(this.at, this.at + SCALAR_BYTES),
      `${this.what}: ${field}`,
    );
    this.at += SCALAR_BYTES;
    return s;
  }
  scalars(n: number, field: string): bigint[] {
    return Array.from({ length: n }, (_, i) => this.scalar(`${field}[${i}]`));
  }
  /** A Chaum–Pedersen proof's `T1 ‖ T2 ‖ s`, each field named after `prefix`. */
  chaumPedersen(prefix: string): { T1: Point; T2: Point; s: bigint } {
    return {
      T1: this.point(`${prefix}T1`),
      T2: this.point(`${prefix}T2`),
      s: this.scalar(`${prefix}s`),
    };
  }
}

function bytesIn(bytes: unknown, what: string): Uint8Array {
  if (!(bytes instanceof Uint8Array)) throw new Error(`${what}: expected a Uint8Array`);
  return bytes;
}

/** Encodes a list of points: kind, count N, then N × 32 bytes. */
export function encodePoints(points: readonly Point[]): Uint8Array {
  if (!Array.isArray(points) || points.length > MAX_COUNT) {
    throw new Error(`points: expected an array of at most ${MAX_COUNT} points`);
  }
  return new Writer(5 + POINT_BYTES * points.length)
    .byte(Kind.points)
    .u32(points.length)
    .points(points, 'points')
    .done();
}

/** Reads the header of {@link encodePoints} and checks the length against it: how many points. */
function pointsHeader(bytes: Uint8Array): { r: Reader; n: number } {
  const r = new Reader(bytesIn(bytes, 'points'), 'points');
  r.kind(Kind.points);
  const n = r.u32('count', 0, MAX_COUNT);
  r.remaining(POINT_BYTES * n, `${n} points`);
  return { r, n };
}

/** Decodes {@link encodePoints}; throws an Error naming the bad field. */
export function decodePoints(bytes: Uint8Array): Point[] {
  const { r, n } = pointsHeader(bytes);
  return r.points(n, 'points');
}

function rowsShape(rows: readonly (readonly Point[])[], field: string): { n: number; w: number } {
  if (!Array.isArray(rows) || rows.length > MAX_COUNT) {
    throw new Error(`${field}: expected an array of at most ${MAX_COUNT} rows`);
  }
  const w = rows.length === 0 ? 1 : (rows[0]?.length ?? 0);
  if (w < 1 || w > MAX_WIDTH) throw new Error(`${field}: width must be 1..${MAX_WIDTH}`);
  rows.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== w) {
      throw new Error(`${field}[${i}]: expected a row of width ${w}`);
    }
  });
  return { n: rows.length, w };
}

/** Encodes rows of points of one width W: kind, N, W, then the N·W points row by row. */
export function encodeRows(rows: readonly (readonly Point[])[]): Uint8Array {
  const { n, w } = rowsShape(rows, 'rows');
  const out = new Writer(9 + POINT_BYTES * n * w).byte(Kind.rows).u32(n).u32(w);
  rows.forEach((row, i) => out.points(row, `rows[${i}]`));
  return out.done();
}

/** Reads the header of {@link encodeRows} and checks the length against it: how many rows, how wide. */
function rowsHeader(bytes: Uint8Array): { r: Reader; n: number; w: number } {
  const r = new Reader(bytesIn(bytes, 'rows'), 'rows');
  r.kind(Kind.rows);
  const n = r.u32('count', 0, MAX_COUNT);
  const w = r.u32('width', 1, MAX_WIDTH);
  if (n === 0 && w !== 1) r.fail('width', 'must be 1 when there are no rows');
  r.remaining(POINT_BYTES * n * w, `${n} rows of width ${w}`);
  return { r, n, w };
}

/** Decodes {@link encodeRows}; throws an Error naming the bad field. */
export function decodeRows(bytes: Uint8Array): Point[][] {
  const { r, n, w } = rowsHeader(bytes);
  return Array.from({ length: n }, (_, i) => r.points(w, `rows[${i}]`));
}

/**
 * The 32-byte encodings in {@link encodePoints}, split without decoding them:
 * the framing (kind, count, length) is checked and the identity refused (its
 * one encoding is 32 zero bytes), but whether each is a canonical encoding is
 * left to whoever decodes it: a verifier, which answers false if one is not.
 * For a fold that only passes points on to proof checks and stores them.
 * Throws an Error naming the bad field.
 */
export function splitPoints(bytes: Uint8Array): Uint8Array[] {
  const { r, n } = pointsHeader(bytes);
  return r.encodings(n, 'points');
}

/** The rows of {@link encodeRows} as encodings, split like {@link splitPoints}. */
export function splitRows(bytes: Uint8Array): Uint8Array[][] {
  const { r, n, w } = rowsHeader(bytes);
  return Array.from({ length: n }, (_, i) => r.encodings(w, `rows[${i}]`));
}

/** {@link encodePoints} of points given as their encodings (what {@link splitPoints} splits). */
export function joinPoints(encodings: readonly Uint8Array[]): Uint8Array {
  const out = new Writer(5 + POINT_BYTES * encodings.length)
    .byte(Kind.points)
    .u32(encodings.length);
  encodings.forEach((e, i) => out.encoding(e, `points[${i}]`));
  return out.done();
}

/** {@link encodeRows} of rows of encodings (what {@link splitRows} splits). */
export function joinRows(rows: readonly (readonly Uint8Array[])[]): Uint8Array {
  const n = rows.length;
  const w = n === 0 ? 1 : rows[0]!.length;
  if (w < 1 || w > MAX_WIDTH || rows.some((row) => row.length !== w))
    throw new Error(`rows: every row must have one width in 1..${MAX_WIDTH}`);
  const out = new Writer(9 + POINT_BYTES * n * w).byte(Kind.rows).u32(n).u32(w);
  rows.forEach((row, i) => row.forEach((e, k) => out.encoding(e, `rows[${i}][${k}]`)));
  return out.done();
}

/** Encodes a Schnorr key proof: kind, T, s (65 bytes). */
export function encodeKeyProof(proof: KeyProof): Uint8Array {
  return new Writer(1 + POINT_BYTES + SCALAR_BYTES)
    .byte(Kind.keyProof)
    .point(proof.T, 'keyProof: T')
    .scalar(proof.s, 'keyProof: s')
    .done();
}

/** Decodes {@link encodeKeyProof}; throws an Error naming the bad field. */
export function decodeKeyProof(bytes: Uint8Array): KeyProof {
  const r = new Reader(bytesIn(bytes, 'keyProof'), 'keyProof');
  r.kind(Kind.keyProof);
  r.remaining(POINT_BYTES + SCALAR_BYTES, 'T, s');
  return { T: r.point('T'), s: r.scalar('s') };
}

/** Encodes a batched Chaum–Pedersen unlock proof: kind, T1, T2, s (97 bytes). */
export function encodeUnlockProof(proof: UnlockProof): Uint8Array {
  return new Writer(1 + 2 * POINT_BYTES + SCALAR_BYTES)
    .byte(Kind.unlockProof)
    .chaumPedersen(proof, 'unlockProof: ')
    .done();
}

/** Decodes {@link encodeUnlockProof}; throws an Error naming the bad field. */
export function decodeUnlockProof(bytes: Uint8Array): UnlockProof {
  const r = new Reader(bytesIn(bytes, 'unlockProof'), 'unlockProof');
  r.kind(Kind.unlockProof);
  r.remaining(2 * POINT_BYTES + SCALAR_BYTES, 'T1, T2, s');
  return r.chaumPedersen('');
}

function shuffleSize(n: number, w: number): number {
  return POINT_BYTES * (3 * n + 4 + w) + SCALAR_BYTES * (4 + 2 * n);
}

/** A DLEQ (re-key) proof: `06 ‖ T1 ‖ T2 ‖ s`, 97 bytes. */
export function encodeDleqProof(proof: DleqProof): Uint8Array {
  return new Writer(1 + 2 * POINT_BYTES + SCALAR_BYTES)
    .byte(Kind.dleqProof)
    .chaumPedersen(proof, 'dleqProof: ')
    .done();
}

/** Decodes {@link encodeDleqProof}; throws an Error naming the bad field. */
export function decodeDleqProof(bytes: Uint8Array): DleqProof {
  const r = new Reader(bytesIn(bytes, 'dleqProof'), 'dleqProof');
  r.kind(Kind.dleqProof);
  r.remaining(2 * POINT_BYTES + SCALAR_BYTES, 'T1, T2, s');
  return r.chaumPedersen('');
}

/**
 * A dealing (vss.ts): `07 ‖ t ‖ n ‖ A_0 … A_{t−1} ‖ R ‖ T1 ‖ T2 ‖ s ‖ c_0 … c_{n−1}`,
 * with t and n each 4 bytes little-endian, `1 ≤ t ≤ n ≤ MAX_HOLDERS`.
 */
export function encodeDealing(dealing: Dealing): Uint8Array {
  const t = dealing.commitments.length;
  const n = dealing.shares.length;
  if (t < 1 || t > n || n > MAX_HOLDERS)
    throw new Error(`dealing: expected 1 ≤ t ≤ n ≤ ${MAX_HOLDERS}`);
  return new Writer(9 + POINT_BYTES * (t + 3) + SCALAR_BYTES * (n + 1))
    .byte(Kind.dealing)
    .u32(t)
    .u32(n)
    .points(dealing.commitments, 'dealing: commitments')
    .point(dealing.R, 'dealing: R')
    .chaumPedersen(dealing.proof, 'dealing: proof.')
    .scalars(dealing.shares, 'dealing: shares')
    .done();
}

/** Decodes {@link encodeDealing}; throws an Error naming the bad field. */
export function decodeDealing(bytes: Uint8Array): Dealing {
  const r = new Reader(bytesIn(bytes, 'dealing'), 'dealing');
  r.kind(Kind.dealing);
  const t = r.u32('t', 1, MAX_HOLDERS);
  const n = r.u32('n', t, MAX_HOLDERS);
  r.remaining(POINT_BYTES * (t + 3) + SCALAR_BYTES * (n + 1), 'commitments, R, proof, shares');
  const commitments = r.points(t, 'commitments');
  const R = r.point('R');
  const proof = r.chaumPedersen('proof.');
  return { commitments, proof, R, shares: r.scalars(n, 'shares') };
}

/** A complaint (vss.ts): `08 ‖ K ‖ T1 ‖ T2 ‖ s`, 129 bytes. */
export function encodeComplaint(complaint: Complaint): Uint8Array {
  return new Writer(1 + 3 * POINT_BYTES + SCALAR_BYTES)
    .byte(Kind.complaint)
    .point(complaint.K, 'complaint: K')
    .chaumPedersen(complaint.proof, 'complaint: proof.')
    .done();
}

/** Decodes {@link encodeComplaint}; throws an Error naming the bad field. */
export function decodeComplaint(bytes: Uint8Array): Complaint {
  const r = new Reader(bytesIn(bytes, 'complaint'), 'complaint');
  r.kind(Kind.complaint);
  r.remaining(3 * POINT_BYTES + SCALAR_BYTES, 'K, T1, T2, s');
  const K = r.point('K');
  return { K, proof: r.chaumPedersen('proof.') };
}

/**
 * Encodes a shuffle proof: kind, N, W, then points `c, ĉ, t1, t2, t3, t4, t5, t̂`
 * and scalars `s1, s2, s3, se, ŝ, s'` (32·(5N + W + 8) + 9 bytes).
 */
export function encodeShuffleProof(proof: ShuffleProof): Uint8Array {
  const n = proof.c.length;
  const w = proof.t4.length;
  if (n < 1 || n > MAX_COUNT) throw new Error(`shuffleProof: c: expected 1..${MAX_COUNT} points`);
  if (w < 1 || w > MAX_WIDTH) throw new Error(`shuffleProof: t4: expected 1..${MAX_WIDTH} points`);
  for (const f of ['cHat', 'tHat', 'sHat', 'sPrime'] as const) {
    if (proof[f].length !== n) throw new Error(`shuffleProof: ${f}: expected ${n} entries`);
  }
  const s = 'shuffleProof: ';
  return new Writer(9 + shuffleSize(n, w))
    .byte(Kind.shuffleProof)
    .u32(n)
    .u32(w)
    .points(proof.c, s + 'c')
    .points(proof.cHat, s + 'cHat')
    .point(proof.t1, s + 't1')
    .point(proof.t2, s + 't2')
    .point(proof.t3, s + 't3')
    .points(proof.t4, s + 't4')
    .point(proof.t5, s + 't5')
    .points(proof.tHat, s + 'tHat')
    .scalar(proof.s1, s + 's1')
    .scalar(proof.s2, s + 's2')
    .scalar(proof.s3, s + 's3')
    .scalar(proof.se, s + 'se')
    .scalars(proof.sHat, s + 'sHat')
    .scalars(proof.sPrime, s + 'sPrime')
    .done();
}

/** Decodes {@link encodeShuffleProof}; throws an Error naming the bad field. */
export function decodeShuffleProof(bytes: Uint8Array): ShuffleProof {
  const r = new Reader(bytesIn(bytes, 'shuffleProof'), 'shuffleProof');
  r.kind(Kind.shuffleProof);
  const n = r.u32('N', 1, MAX_COUNT);
  const w = r.u32('W', 1, MAX_WIDTH);
  r.remaining(shuffleSize(n, w), `N = ${n}, W = ${w}`);
  const c = r.points(n, 'c');
  const cHat = r.points(n, 'cHat');
  const t1 = r.point('t1');
  const t2 = r.point('t2');
  const t3 = r.point('t3');
  const t4 = r.points(w, 't4');
  const t5 = r.point('t5');
  const tHat = r.points(n, 'tHat');
  const s1 = r.scalar('s1');
  const s2 = r.scalar('s2');
  const s3 = r.scalar('s3');
  const se = r.scalar('se');
  const sHat = r.scalars(n, 'sHat');
  const sPrime = r.scalars(n, 'sPrime');
  return { c, cHat, t1, t2, t3, t4, t5, tHat, s1, s2, s3, se, sHat, sPrime };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((ch, i) => [ch, i]));

/** Standard base64 (RFC 4648 §4, with padding) of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const x = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += B64[(x >> 18) & 63]! + B64[(x >> 12) & 63]!;
    out += b === undefined ? '=' : B64[(x >> 6) & 63]!;
    out += c === undefined ? '=' : B64[x & 63]!;
  }
  return out;
}

/**
 * Strict base64 decoder: only the canonical form {@link toBase64} produces
 * (padding required, no whitespace, unused bits zero); throws otherwise.
 */
export function fromBase64(text: string): Uint8Array {
  if (typeof text !== 'string' || text.length % 4 !== 0) {
    throw new Error('base64: length must be a multiple of 4');
  }
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3);
  for (let i = 0; i < text.length; i += 4) {
    const last = i + 4 === text.length;
    const v = [0, 1, 2, 3].map((k) => {
      // `pad` counts the trailing '=': these positions hold nothing else.
      if (last && k >= 4 - pad) return 0;
      const d = B64_INDEX.get(text[i + k]!);
      if (d === undefined) throw new Error(`base64: invalid character at ${i + k}`);
      return d;
    });
    const x = (v[0]! << 18) | (v[1]! << 12) | (v[2]! << 6) | v[3]!;
    if (last && ((pad === 2 && (x & 0xffff) !== 0) || (pad === 1 && (x & 0xff) !== 0))) {
      throw new Error('base64: non-zero padding bits');
    }
    out.set([(x >> 16) & 0xff, (x >> 8) & 0xff, x & 0xff], (i / 4) * 3);
  }
  // The padded group's last bytes are the zero bits checked above: drop them.
  return out.slice(0, out.length - pad);
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/**
 * Strict hex decoder: only the lower-case form {@link toHex} produces (even
 * length, 0-9a-f), so each byte string has one text form; throws otherwise.
 */
export function fromHex(text: string): Uint8Array {
  if (typeof text !== 'string' || text.length % 2 !== 0 || !/^[0-9a-f]*$/.test(text)) {
    throw new Error('hex: expected an even number of lower-case hex digits');
  }
  return Uint8Array.from({ length: text.length / 2 }, (_, i) =>
    parseInt(text.slice(2 * i, 2 * i + 2), 16),
  );
}
