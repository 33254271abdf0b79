/**
 * Card faces. Card i of a deck is the point `P_i = hashToRistretto255("<deck-id>|i")`
 * (RFC 9380 `hash_to_ristretto255`, with a Fair Deal domain-separation tag), so
 * nobody chooses a face point and nobody knows a discrete-log relation between
 * any two of them. Anyone can map a fully unlocked point back to its face.
 */
import { ristretto255_hasher } from '@noble/curves/ed25519.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { decodePoint, Point, pointBytes, pointHex } from './group/point.ts';
import { invertScalar, modL } from './group/scalar.ts';
import { mulUnsafe } from './group/mul.ts';
import { report } from './observe.ts';

/** The RFC 9380 domain-separation tag of card faces. */
export const CARD_DST = 'fairdeal/crypto/v1/card';

interface DeckTable {
  /** The encodings of `P_0, P_1, ...`, as far as known. */
  encodings: Uint8Array[];
  /** The points themselves, decoded from their encodings when first asked for. */
  points: (Point | undefined)[];
  /** Index of each face point by the hex of its encoding. */
  index: Map<string, number>;
}

/** At most this many decks keep their face table in memory (oldest dropped first). */
const MAX_DECKS = 32;
const decks = new Map<string, DeckTable>();

function tableOf(deckId: string): DeckTable {
  let table = decks.get(deckId);
  if (table === undefined) {
    if (decks.size >= MAX_DECKS) decks.delete(decks.keys().next().value!);
    table = { encodings: [], points: [], index: new Map() };
    decks.set(deckId, table);
  }
  return table;
}

function deckTable(deckId: string, size: number): DeckTable {
  const table = tableOf(deckId);
  while (table.encodings.length < size) {
    const i = table.encodings.length;
    const p = hashCard(deckId, i);
    table.points[i] = p;
    table.encodings.push(pointBytes(p));
    table.index.set(pointHex(p), i);
  }
  return table;
}

function hashCard(deckId: string, index: number): Point {
  return ristretto255_hasher.hashToCurve(utf8ToBytes(`${deckId}|${index}`), { DST: CARD_DST });
}

function checkDeck(deckId: string): void {
  if (typeof deckId !== 'string' || deckId.length === 0) {
    throw new Error('deckId: expected a non-empty string');
  }
}

function checkIndex(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${field}: expected a non-negative integer`);
  }
}

/**
 * `P_i`, the face point of card `index` of deck `deckId`:
 * `hash_to_ristretto255("<deck-id>|<index>")`. Deterministic, cached per deck.
 */
export function cardPoint(deckId: string, index: number): Point {
  checkDeck(deckId);
  checkIndex(index, 'index');
  const table = deckTable(deckId, index + 1);
  return (table.points[index] ??= decodePoint(table.encodings[index]!, 'card point'));
}

/** The face points `P_0 .. P_{size-1}` of a deck (a fresh array; the points are shared). */
export function deckPoints(deckId: string, size: number): Point[] {
  checkDeck(deckId);
  checkIndex(size, 'size');
  return Array.from({ length: size }, (_, i) => cardPoint(deckId, i));
}

/**
 * The encodings of the face points `P_0 .. P_{size-1}` (a fresh array; the
 * encodings are shared: callers must not modify them).
 */
export function deckEncodings(deckId: string, size: number): Uint8Array[] {
  checkDeck(deckId);
  checkIndex(size, 'size');
  return deckTable(deckId, size).encodings.slice(0, size);
}

/**
 * Takes the encodings of a deck's face points from {@link deckEncodings} run
 * in another thread of the same program (a worker), so that this thread need
 * not hash them again. They are taken as they are: give nothing else.
 */
export function learnDeck(deckId: string, encodings: readonly Uint8Array[]): void {
  checkDeck(deckId);
  const table = tableOf(deckId);
  for (let i = table.encodings.length; i < encodings.length; i++) {
    const e = encodings[i]!.slice();
    table.encodings.push(e);
    table.index.set(bytesToHex(e), i);
  }
}

/**
 * The index i with `P_i == p` among the first `size` cards of deck `deckId`,
 * or -1 when `p` is no card of that deck (still encrypted, another deck's
 * card, or garbage). One map lookup per call, on a table built once per deck.
 */
export function cardIndex(deckId: string, size: number, p: Point): number {
  checkDeck(deckId);
  checkIndex(size, 'size');
  if (!(p instanceof Point) || p.is0()) return -1;
  const i = deckTable(deckId, size).index.get(pointHex(p));
  return i === undefined || i >= size ? -1 : i;
}

/** {@link cardIndex} of the point with this encoding, without decoding it. */
export function encodingIndex(deckId: string, size: number, encoding: Uint8Array): number {
  checkDeck(deckId);
  checkIndex(size, 'size');
  const i = deckTable(deckId, size).index.get(bytesToHex(encoding));
  return i === undefined || i >= size ? -1 : i;
}

/**
 * A card opened with the scalar of every layer on it (`scalars`, published by
 * the audit): `(s_1·…·s_k)⁻¹·c`, one multiplication however many layers.
 * Variable time: the scalars are public once published, never a secret in play.
 */
export function openCard(c: Point, scalars: readonly bigint[]): Point {
  report('openCard');
  const product = scalars.reduce((a, s) => modL(a * s), 1n);
  return mulUnsafe(c, invertScalar(product));
}
