/**
 * Card faces. Card i of a deck is the point `P_i = hashToRistretto255("<deck-id>|i")`
 * (RFC 9380 `hash_to_ristretto255`, with a Fair Deal domain-separation tag), so
 * nobody chooses a face point and nobody knows a discrete-log relation between
 * any two of them. Anyone can map a fully unlocked point back to its face.
 */
import { ristretto255_hasher } from '@noble/curves/ed25519.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { Point, pointHex } from './group.ts';

/** The RFC 9380 domain-separation tag of card faces. */
export const CARD_DST = 'fairdeal/crypto/v1/card';

interface DeckTable {
  points: Point[];
  index: Map<string, number>;
}

/** At most this many decks keep their face table in memory (oldest dropped first). */
const MAX_DECKS = 32;
const decks = new Map<string, DeckTable>();

function deckTable(deckId: string, size: number): DeckTable {
  let table = decks.get(deckId);
  if (table === undefined) {
    if (decks.size >= MAX_DECKS) decks.delete(decks.keys().next().value!);
    table = { points: [], index: new Map() };
    decks.set(deckId, table);
  }
  while (table.points.length < size) {
    const i = table.points.length;
    const p = hashCard(deckId, i);
    table.points.push(p);
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
  return deckTable(deckId, index + 1).points[index]!;
}

/** The face points `P_0 .. P_{size-1}` of a deck (a fresh array; the points are shared). */
export function deckPoints(deckId: string, size: number): Point[] {
  checkDeck(deckId);
  checkIndex(size, 'size');
  return deckTable(deckId, size).points.slice(0, size);
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
  return i !== undefined && i < size ? i : -1;
}
