/**
 * Encodings handed on without decoding (`splitPoints` / `joinPoints`,
 * `splitRows` / `joinRows`), faces read off encodings (`deckEncodings`,
 * `encodingIndex`), and the count of proofs a thread makes and checks.
 */
import { describe, expect, it } from 'vitest';
import {
  cardIndex,
  cardPoint,
  decodePoints,
  deckEncodings,
  deckPoints,
  deriveContext,
  encodePoint,
  encodePoints,
  encodeRows,
  encodingIndex,
  joinPoints,
  joinRows,
  mulBase,
  proveKey,
  splitPoints,
  splitRows,
  verifyKey,
  workTally,
} from '../../crypto/index.ts';

const points = [3n, 5n, 7n, 11n].map((s) => mulBase(s));

describe('split and join', () => {
  it('split what encodePoints and encodeRows write into the encodings, and join them back', () => {
    const list = encodePoints(points);
    expect(splitPoints(list)).toEqual(points.map(encodePoint));
    expect(joinPoints(splitPoints(list))).toEqual(list);
    const rows = [points.slice(0, 2), points.slice(2)];
    const bytes = encodeRows(rows);
    expect(splitRows(bytes)).toEqual(rows.map((row) => row.map(encodePoint)));
    expect(joinRows(splitRows(bytes))).toEqual(bytes);
    expect(joinRows([])).toEqual(encodeRows([]));
  });

  it('check the framing and refuse the identity, naming the field', () => {
    const list = encodePoints(points);
    expect(() => splitPoints(list.subarray(0, list.length - 1))).toThrow(/points: length/);
    expect(() => splitPoints(encodeRows([points]))).toThrow(/points: kind/);
    const identity = Uint8Array.from(list);
    identity.fill(0, 5 + 32, 5 + 64);
    expect(() => splitPoints(identity)).toThrow(/points\[1\]: the identity/);
    expect(() =>
      joinRows([points.slice(0, 2).map(encodePoint), [encodePoint(points[2]!)]]),
    ).toThrow(/one width/);
  });

  it('leave a non-canonical encoding to whoever decodes it', () => {
    const list = encodePoints(points);
    list.fill(0xff, 5, 5 + 32);
    expect(splitPoints(list)[0]).toEqual(new Uint8Array(32).fill(0xff));
    expect(() => decodePoints(list)).toThrow(/canonical/);
  });
});

describe('faces from encodings', () => {
  it('deckEncodings are the encodings of deckPoints, and encodingIndex reads a face as cardIndex does', () => {
    const deck = 'split-test-deck';
    expect(deckEncodings(deck, 6)).toEqual(deckPoints(deck, 6).map(encodePoint));
    for (const face of [0, 3, 5]) {
      const p = cardPoint(deck, face);
      expect(encodingIndex(deck, 6, encodePoint(p))).toBe(face);
      expect(encodingIndex(deck, 6, encodePoint(p))).toBe(cardIndex(deck, 6, p));
    }
    // A face past the size asked for, or no face at all, is none.
    expect(encodingIndex(deck, 3, encodePoint(cardPoint(deck, 5)))).toBe(-1);
    expect(encodingIndex(deck, 6, encodePoint(points[0]!))).toBe(-1);
  });
});

it('workTally counts each prover and verifier called in this thread', () => {
  const ctx = deriveContext('tally');
  const before = workTally();
  const { pub, proof } = proveKey(ctx, 5n);
  expect(verifyKey(ctx, pub, proof)).toBe(true);
  expect(verifyKey(ctx, points[0]!, proof)).toBe(false);
  const after = workTally();
  expect(after.proveKey - before.proveKey).toBe(1);
  expect(after.verifyKey - before.verifyKey).toBe(2);
  expect(after.verifyShuffle).toBe(before.verifyShuffle);
});
