/**
 * Encodings handed on without decoding (`splitPoints` / `joinPoints`,
 * `splitRows` / `joinRows`), faces read off encodings (`deckEncodings`,
 * `encodingIndex`) or taken from another thread (`learnDeck`), and the operations
 * reported to an observer.
 */
import { ristretto255_hasher } from '@noble/curves/ed25519.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  CARD_DST,
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
  learnDeck,
  MAX_WIDTH,
  mulBase,
  observeOperations,
  proveDleq,
  proveKey,
  proveShuffle,
  proveUnlock,
  splitPoints,
  splitRows,
  verifyDleq,
  verifyKey,
  verifyShuffle,
  verifyUnlock,
  type Operation,
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

  const enc = points.map(encodePoint);
  const short = enc[1]!.subarray(0, 31);
  const identityRows = encodeRows([[points[0]!], [points[1]!]]).fill(0, 9 + 32);
  const refused: [string, () => unknown, string][] = [
    [
      'an encoding a byte short',
      () => joinPoints([enc[0]!, short]),
      'points[1]: expected 32 bytes',
    ],
    [
      'an encoding that is no bytes',
      () => joinPoints([Array<number>(32).fill(1) as unknown as Uint8Array]),
      'points[0]: expected 32 bytes',
    ],
    ['a row a byte short', () => joinRows([[enc[0]!], [short]]), 'rows[1][0]: expected 32 bytes'],
    ['a row of no encodings', () => joinRows([[]]), 'rows: every row must have one width in 1..64'],
    [
      'rows wider than MAX_WIDTH',
      () => joinRows([Array<Uint8Array>(MAX_WIDTH + 1).fill(enc[0]!)]),
      'rows: every row must have one width in 1..64',
    ],
    [
      'the identity in a row to split',
      () => splitRows(identityRows),
      'rows: rows[1][0]: the identity point is not allowed',
    ],
  ];
  it.each(refused)('refuse %s, naming the field in full', (_name, run, message) => {
    expect(run).toThrow(message);
  });

  it('join rows of MAX_WIDTH encodings', () => {
    const wide = Array<Uint8Array>(MAX_WIDTH).fill(enc[0]!);
    expect(splitRows(joinRows([wide, wide]))).toEqual([wide, wide]);
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
    expect(encodingIndex(deck, 5, encodePoint(cardPoint(deck, 5)))).toBe(-1);
    expect(encodingIndex(deck, 6, encodePoint(points[0]!))).toBe(-1);
  });

  it('deckEncodings gives exactly the size asked for, whatever was built before', () => {
    const deck = 'split-test-sizes';
    deckPoints(deck, 6);
    expect(deckEncodings(deck, 2)).toEqual(deckPoints(deck, 2).map(encodePoint));
    expect(deckEncodings(deck, 0)).toEqual([]);
  });

  it('refuse a bad deck id or size, naming it', () => {
    const face = encodePoint(cardPoint('split-test-deck', 0));
    expect(() => deckEncodings('split-test-deck', -1)).toThrow(/^size: /);
    expect(() => deckEncodings('', 1)).toThrow(/^deckId: /);
    expect(() => encodingIndex('split-test-deck', 1.5, face)).toThrow(/^size: /);
    expect(() => encodingIndex('', 1, face)).toThrow(/^deckId: /);
    expect(() => learnDeck('', [face])).toThrow(/^deckId: /);
  });
});

/**
 * learnDeck takes the encodings as they are, without hashing: what another thread
 * hashed is what this one reads. A deck taught the faces of another deck shows it,
 * since no hash of its own name stands behind them.
 */
describe('learnDeck', () => {
  const source = 'learn-source';
  const taught = () => deckEncodings(source, 4).map((e) => e.slice());

  it('answers every lookup from the encodings it was given', () => {
    const deck = 'learn-all';
    learnDeck(deck, taught());
    expect(deckEncodings(deck, 4)).toEqual(taught());
    for (const face of [0, 3]) {
      expect(cardPoint(deck, face).equals(cardPoint(source, face))).toBe(true);
      expect(encodingIndex(deck, 4, encodePoint(cardPoint(source, face)))).toBe(face);
      expect(cardIndex(deck, 4, cardPoint(source, face))).toBe(face);
    }
    expect(deckPoints(deck, 4).map(encodePoint)).toEqual(taught());
  });

  it('keeps the faces the deck already has and hashes on past the ones it learned', () => {
    const deck = 'learn-after';
    const own = deckEncodings(deck, 2);
    learnDeck(deck, taught());
    const faces = [...own, ...taught().slice(2), hashedFace(deck, 4)];
    expect(deckEncodings(deck, 5)).toEqual(faces);
    // Learning fewer faces than the deck has changes none.
    learnDeck(deck, taught().slice(0, 1));
    expect(deckEncodings(deck, 5)).toEqual(faces);
  });

  it('copies what it is given: changing the arrays afterwards changes no face', () => {
    const deck = 'learn-copy';
    const given = taught();
    learnDeck(deck, given);
    given.forEach((e) => e.fill(0xff));
    expect(deckEncodings(deck, 4)).toEqual(taught());
    expect(cardPoint(deck, 1).equals(cardPoint(source, 1))).toBe(true);
  });

  it('keeps the faces of the 32 decks last opened: the 33rd drops the oldest', () => {
    const deck = 'learn-evicted';
    const faces = taught();
    learnDeck(deck, faces);
    const open = (from: number, to: number) => {
      for (let i = from; i < to; i++) deckEncodings(`evict-${i}`, 1);
    };
    open(0, 31);
    expect(deckEncodings(deck, 4)).toEqual(faces);
    open(31, 32);
    expect(deckEncodings(deck, 1)).toEqual([hashedFace(deck, 0)]);
  });

  it('decodes a face only when asked, and names it when it is no point', () => {
    const deck = 'learn-garbage';
    learnDeck(deck, [new Uint8Array(32).fill(0xff)]);
    expect(() => cardPoint(deck, 0)).toThrow(/^card point: /);
  });
});

/** The encoding of face `i` of `deck` as the RFC 9380 hash defines it, outside any table. */
function hashedFace(deck: string, i: number): Uint8Array {
  return ristretto255_hasher.hashToCurve(utf8ToBytes(`${deck}|${i}`), { DST: CARD_DST }).toBytes();
}

describe('observeOperations', () => {
  const ctx = deriveContext('tally');
  /** The operations reported while `run` runs, in order. */
  const reported = (run: () => unknown): Operation[] => {
    const seen: Operation[] = [];
    const stop = observeOperations((op) => seen.push(op));
    try {
      run();
    } finally {
      stop();
    }
    return seen;
  };

  const pairs: [prove: Operation, verify: Operation, run: () => boolean][] = [
    [
      'proveKey',
      'verifyKey',
      () => {
        const { pub, proof } = proveKey(ctx, 5n);
        return verifyKey(ctx, pub, proof);
      },
    ],
    [
      'proveUnlock',
      'verifyUnlock',
      () => {
        const { cards, proof } = proveUnlock(ctx, 5n, points.slice(0, 2));
        return verifyUnlock(ctx, mulBase(5n), points.slice(0, 2), cards, proof);
      },
    ],
    [
      'proveDleq',
      'verifyDleq',
      () => {
        const [g, h] = [points[0]!, points[1]!];
        const { u, v, proof } = proveDleq(ctx, 5n, g, h);
        return verifyDleq(ctx, g, u, h, v, proof);
      },
    ],
    [
      'proveShuffle',
      'verifyShuffle',
      () => {
        const input = points.slice(0, 2).map((p) => [p]);
        const { rows, proof } = proveShuffle(ctx, 5n, input);
        return verifyShuffle(ctx, mulBase(5n), input, rows, proof);
      },
    ],
  ];

  it.each(pairs)('reports %s and %s once each, and nothing else', (prove, verify, run) => {
    let holds = false;
    expect(reported(() => (holds = run()))).toEqual([prove, verify]);
    expect(holds).toBe(true);
  });

  it('reports a verifier that answers false and a prover that throws', () => {
    const { proof } = proveKey(ctx, 5n);
    expect(reported(() => verifyKey(ctx, points[0]!, proof))).toEqual(['verifyKey']);
    expect(reported(() => expect(() => proveKey(ctx, 0n)).toThrow())).toEqual(['proveKey']);
  });

  it('tells every observer until it stops, each on its own', () => {
    const first: Operation[] = [];
    const second: Operation[] = [];
    const stopFirst = observeOperations((op) => first.push(op));
    const stopSecond = observeOperations((op) => second.push(op));
    proveKey(ctx, 5n);
    stopFirst();
    proveKey(ctx, 5n);
    stopSecond();
    proveKey(ctx, 5n);
    expect(first).toEqual(['proveKey']);
    expect(second).toEqual(['proveKey', 'proveKey']);
  });
});
