import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  G,
  Kind,
  MAX_COUNT,
  MAX_WIDTH,
  ORDER,
  Point,
  decodeDleqProof,
  decodeKeyProof,
  decodePoints,
  decodeRows,
  decodeShuffleProof,
  decodeUnlockProof,
  deriveContext,
  encodeDleqProof,
  encodeKeyProof,
  encodePoints,
  encodeRows,
  encodeScalar,
  encodeShuffleProof,
  encodeUnlockProof,
  fromBase64,
  fromHex,
  mulBase,
  proveDleq,
  proveKey,
  proveShuffle,
  proveUnlock,
  randomScalar,
  toBase64,
  toHex,
  verifyKey,
  verifyShuffle,
  verifyUnlock,
} from '../../crypto/index.ts';
import { randomPoints, randomRows } from './helpers.ts';

const ctx = deriveContext('encoding');
const e = randomScalar();
const E = mulBase(e);
const X = randomRows(3, 2);
const shuffled = proveShuffle(ctx, e, X);
const key = proveKey(ctx, e);
const unlock = proveUnlock(ctx, e, randomPoints(4));
/** Bytes of the identity, a non-canonical encoding (p) and a negative one. */
const IDENTITY = new Uint8Array(32);
const NON_CANONICAL = fromHex('edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f');
const NEGATIVE = fromHex('0100000000000000000000000000000000000000000000000000000000000000');
const SCALAR_L = encodeScalarUnchecked(ORDER);

function encodeScalarUnchecked(s: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, s >>= 8n) out[i] = Number(s & 0xffn);
  return out;
}

/** A copy of `bytes` with `patch` written at `at`. */
function patched(bytes: Uint8Array, at: number, patch: Uint8Array): Uint8Array {
  const out = bytes.slice();
  out.set(patch, at);
  return out;
}

describe('round trips', () => {
  it('points and rows', () => {
    const pts = randomPoints(5);
    expect(decodePoints(encodePoints(pts)).map((p) => p.toHex())).toEqual(
      pts.map((p) => p.toHex()),
    );
    expect(decodePoints(encodePoints([]))).toEqual([]);
    const rows = decodeRows(encodeRows(X));
    expect(rows.map((r) => r.map((p) => p.toHex()))).toEqual(X.map((r) => r.map((p) => p.toHex())));
    expect(decodeRows(encodeRows([]))).toEqual([]);
  });

  it('key proof (65 bytes) still verifies after the wire', () => {
    const bytes = encodeKeyProof(key.proof);
    expect(bytes).toHaveLength(65);
    expect(verifyKey(ctx, key.pub, decodeKeyProof(bytes))).toBe(true);
  });

  it('unlock proof (97 bytes) still verifies after the wire', () => {
    const bytes = encodeUnlockProof(unlock.proof);
    expect(bytes).toHaveLength(97);
    const before = unlock.cards.map((d) => d.multiply(e));
    const after = decodePoints(encodePoints(unlock.cards));
    expect(verifyUnlock(ctx, E, before, after, decodeUnlockProof(bytes))).toBe(true);
  });

  it('shuffle proof (32·(5N + W + 8) + 9 bytes) still verifies after the wire', () => {
    const bytes = encodeShuffleProof(shuffled.proof);
    expect(bytes).toHaveLength(32 * (5 * 3 + 2 + 8) + 9);
    const proof = decodeShuffleProof(bytes);
    const output = decodeRows(encodeRows(shuffled.rows));
    expect(verifyShuffle(ctx, E, X, output, proof)).toBe(true);
    expect(encodeShuffleProof(proof)).toEqual(bytes);
  });

  it('base64 and hex, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70 }), (bytes) => {
        expect(fromBase64(toBase64(bytes))).toEqual(bytes);
        expect(fromHex(toHex(bytes))).toEqual(bytes);
        expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      }),
      { numRuns: 200 },
    );
    expect(fromBase64(toBase64(encodeKeyProof(key.proof)))).toEqual(encodeKeyProof(key.proof));
  });
});

describe('decoding malformed input throws a clear error', () => {
  const shuffleBytes = encodeShuffleProof(shuffled.proof);
  const keyBytes = encodeKeyProof(key.proof);
  const unlockBytes = encodeUnlockProof(unlock.proof);
  // Offsets in a shuffle proof with N = 3, W = 2: 9-byte header, then c, cHat, t1, t2, t3, t4, t5, tHat, s1...
  const P = 32;
  const off = {
    c0: 9,
    cHat1: 9 + 4 * P,
    t3: 9 + 8 * P,
    t4_1: 9 + 10 * P,
    tHat2: 9 + 14 * P,
    s1: 9 + 15 * P,
    sPrime2: 9 + 24 * P,
  };

  const cases: [string, () => unknown, string | RegExp][] = [
    [
      'garbage bytes',
      () => decodeShuffleProof(fromHex('deadbeef')),
      'shuffleProof: kind: expected 5, got 222',
    ],
    ['an empty buffer', () => decodeKeyProof(new Uint8Array(0)), 'keyProof: kind: empty input'],
    [
      'not a Uint8Array',
      () => decodeUnlockProof('AAAA' as unknown as Uint8Array),
      'unlockProof: expected a Uint8Array',
    ],
    ['the wrong kind', () => decodeUnlockProof(keyBytes), 'unlockProof: kind: expected 4, got 3'],
    [
      'a truncated key proof',
      () => decodeKeyProof(keyBytes.subarray(0, 64)),
      /keyProof: length: expected 65 bytes .* got 64/,
    ],
    [
      'a key proof with a byte too many',
      () => decodeKeyProof(Uint8Array.of(...keyBytes, 0)),
      /keyProof: length: expected 65/,
    ],
    [
      'a truncated shuffle header',
      () => decodeShuffleProof(shuffleBytes.subarray(0, 6)),
      'shuffleProof: W: truncated input',
    ],
    [
      'a truncated shuffle proof',
      () => decodeShuffleProof(shuffleBytes.subarray(0, shuffleBytes.length - 1)),
      /shuffleProof: length: expected \d+ bytes \(N = 3, W = 2\)/,
    ],
    [
      'N = 0',
      () => decodeShuffleProof(patched(shuffleBytes, 1, new Uint8Array(4))),
      'shuffleProof: N: expected 1..65536, got 0',
    ],
    [
      'W too large',
      () => decodeShuffleProof(patched(shuffleBytes, 5, Uint8Array.of(0, 1, 0, 0))),
      /shuffleProof: W: expected 1\.\.64, got 256/,
    ],
    [
      'a huge count',
      () => decodePoints(Uint8Array.of(Kind.points, 255, 255, 255, 255)),
      /points: count: expected 0\.\.65536/,
    ],
    [
      'a non-canonical point',
      () => decodeShuffleProof(patched(shuffleBytes, off.cHat1, NON_CANONICAL)),
      'shuffleProof: cHat[1]: not a canonical ristretto255 encoding',
    ],
    [
      'a negative point encoding',
      () => decodeShuffleProof(patched(shuffleBytes, off.t3, NEGATIVE)),
      'shuffleProof: t3: not a canonical ristretto255 encoding',
    ],
    [
      'the identity point',
      () => decodeShuffleProof(patched(shuffleBytes, off.c0, IDENTITY)),
      'shuffleProof: c[0]: the identity point is not allowed',
    ],
    [
      'the identity in t4',
      () => decodeShuffleProof(patched(shuffleBytes, off.t4_1, IDENTITY)),
      'shuffleProof: t4[1]: the identity point is not allowed',
    ],
    [
      'a random 32 bytes as tHat',
      () => decodeShuffleProof(patched(shuffleBytes, off.tHat2, new Uint8Array(32).fill(0x55))),
      /shuffleProof: tHat\[2\]: not a canonical/,
    ],
    [
      'a scalar equal to ℓ',
      () => decodeShuffleProof(patched(shuffleBytes, off.s1, SCALAR_L)),
      'shuffleProof: s1: scalar is not below the group order ℓ',
    ],
    [
      'a scalar of all ones',
      () => decodeShuffleProof(patched(shuffleBytes, off.sPrime2, new Uint8Array(32).fill(255))),
      'shuffleProof: sPrime[2]: scalar is not below the group order ℓ',
    ],
    [
      'a key proof scalar s + ℓ',
      () =>
        decodeKeyProof(
          patched(keyBytes, 33, encodeScalarUnchecked((key.proof.s + ORDER) % (1n << 256n))),
        ),
      'keyProof: s: scalar is not below the group order ℓ',
    ],
    [
      'an unlock proof with T2 the identity',
      () => decodeUnlockProof(patched(unlockBytes, 33, IDENTITY)),
      'unlockProof: T2: the identity point is not allowed',
    ],
    [
      'rows with a bad point',
      () => decodeRows(patched(encodeRows(X), 9 + 3 * 32, NON_CANONICAL)),
      'rows: rows[1][1]: not a canonical ristretto255 encoding',
    ],
    [
      'zero rows of width 2',
      () => decodeRows(Uint8Array.of(Kind.rows, 0, 0, 0, 0, 2, 0, 0, 0)),
      'rows: width: must be 1 when there are no rows',
    ],
    [
      'rows of width 0',
      () => decodeRows(Uint8Array.of(Kind.rows, 1, 0, 0, 0, 0, 0, 0, 0)),
      'rows: width: expected 1..64, got 0',
    ],
    [
      'points truncated inside a point',
      () => decodePoints(encodePoints(randomPoints(2)).subarray(0, 50)),
      /points: length: expected 69 bytes/,
    ],
    ['base64 with a bad character', () => fromBase64('AA*A'), 'base64: invalid character at 2'],
    ['base64 without padding', () => fromBase64('AAA'), 'base64: length must be a multiple of 4'],
    [
      'base64 with non-zero padding bits',
      () => fromBase64('AB=='),
      'base64: non-zero padding bits',
    ],
    ['base64 with padding inside', () => fromBase64('A=AA'), 'base64: invalid character at 1'],
    [
      'hex of odd length',
      () => fromHex('abc'),
      'hex: expected an even number of lower-case hex digits',
    ],
    [
      'hex with a non-hex digit',
      () => fromHex('zz'),
      'hex: expected an even number of lower-case hex digits',
    ],
    // Upper case would give one secret two encodings, so two different signed events.
    [
      'upper-case hex',
      () => fromHex('AB'),
      'hex: expected an even number of lower-case hex digits',
    ],
    ['base64 of a length not a multiple of 4', () => fromBase64('abc'), 'base64: length must be'],
    [
      'base64 padding inside the text',
      () => fromBase64('AA==AAAA'),
      'base64: invalid character at 2',
    ],
    [
      'a bad character in the last group',
      () => fromBase64('AAA!'),
      'base64: invalid character at 3',
    ],
    ['base64 with bits under "=="', () => fromBase64('AB=='), 'base64: non-zero padding bits'],
    ['base64 with bits under "="', () => fromBase64('AAB='), 'base64: non-zero padding bits'],
  ];

  it.each(cases)('%s', (_name, run, message) => {
    expect(run).toThrow(message);
  });

  it('never returns a value for random garbage of a valid length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 97, maxLength: 97 }), (bytes) => {
        bytes[0] = Kind.unlockProof;
        try {
          const p = decodeUnlockProof(bytes);
          // Rarely, random bytes are canonical: then they must re-encode to themselves.
          expect(encodeUnlockProof(p)).toEqual(bytes);
        } catch (err) {
          expect((err as Error).message).toMatch(/^unlockProof: (T1|T2|s): /);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('refuses to encode an invalid proof', () => {
    expect(() => encodeKeyProof({ T: Point.ZERO, s: 1n })).toThrow(
      'keyProof: T: the identity point is not allowed',
    );
    expect(() => encodeKeyProof({ T: G, s: ORDER })).toThrow(
      /keyProof: s: expected a bigint scalar/,
    );
    expect(() => encodeShuffleProof({ ...shuffled.proof, sHat: [] })).toThrow(
      'shuffleProof: sHat: expected 3 entries',
    );
    expect(() => encodeRows([[G], [G, G]])).toThrow('rows[1]: expected a row of width 1');
    expect(() => encodePoints([G, Point.ZERO])).toThrow(
      'points[1]: the identity point is not allowed',
    );
    expect(encodeScalar(0n)).toEqual(new Uint8Array(32));
  });
});

describe('every field of every proof is named when it is bad', () => {
  const dleq = proveDleq(ctx, e, G, randomPoints(1)[0]!);
  type Field = [field: string, offset: number, type: 'point' | 'scalar'];
  const threeFields: Field[] = [
    ['T1', 1, 'point'],
    ['T2', 33, 'point'],
    ['s', 65, 'scalar'],
  ];
  // The shuffle proof of 3 rows of width 2: a 9-byte header, then each field in wire order.
  const shuffleFields: Field[] = [
    ['c[0]', 9, 'point'],
    ['cHat[0]', 105, 'point'],
    ['t1', 201, 'point'],
    ['t2', 233, 'point'],
    ['t3', 265, 'point'],
    ['t4[0]', 297, 'point'],
    ['t5', 361, 'point'],
    ['tHat[0]', 393, 'point'],
    ['s1', 489, 'scalar'],
    ['s2', 521, 'scalar'],
    ['s3', 553, 'scalar'],
    ['se', 585, 'scalar'],
    ['sHat[0]', 617, 'scalar'],
    ['sPrime[0]', 713, 'scalar'],
  ];
  const kinds: [string, Uint8Array, (bytes: Uint8Array) => unknown, Field[]][] = [
    [
      'keyProof',
      encodeKeyProof(key.proof),
      decodeKeyProof,
      [
        ['T', 1, 'point'],
        ['s', 33, 'scalar'],
      ],
    ],
    ['unlockProof', encodeUnlockProof(unlock.proof), decodeUnlockProof, threeFields],
    ['dleqProof', encodeDleqProof(dleq.proof), decodeDleqProof, threeFields],
    ['shuffleProof', encodeShuffleProof(shuffled.proof), decodeShuffleProof, shuffleFields],
  ];
  const rows = kinds.flatMap(([kind, bytes, decode, fields]) =>
    fields.map(([field, offset, type]) => ({ kind, bytes, decode, field, offset, type })),
  );

  it.each(rows)('$kind $field', ({ kind, bytes, decode, field, offset, type }) => {
    const bad = patched(bytes, offset, type === 'point' ? IDENTITY : SCALAR_L);
    const name = `${kind}: ${field}: `.replace(/[[\]]/g, '\\$&');
    expect(() => decode(bad)).toThrow(new RegExp(`^${name}`));
  });

  it('names the bad field when encoding, too', () => {
    const zero = Point.ZERO;
    expect(() => encodeUnlockProof({ ...unlock.proof, T2: zero })).toThrow(/^unlockProof: T2: /);
    expect(() => encodeUnlockProof({ ...unlock.proof, s: ORDER })).toThrow(/^unlockProof: s: /);
    expect(() => encodeDleqProof({ ...dleq.proof, T1: zero })).toThrow(/^dleqProof: T1: /);
    expect(() => encodeDleqProof({ ...dleq.proof, T2: zero })).toThrow(/^dleqProof: T2: /);
    expect(() => encodeDleqProof({ ...dleq.proof, s: ORDER })).toThrow(/^dleqProof: s: /);
    const p = shuffled.proof;
    for (const field of ['t1', 't2', 't3', 't5'] as const)
      expect(() => encodeShuffleProof({ ...p, [field]: zero })).toThrow(
        new RegExp(`^shuffleProof: ${field}: `),
      );
    for (const field of ['c', 'cHat', 't4', 'tHat'] as const)
      expect(() => encodeShuffleProof({ ...p, [field]: [zero, ...p[field].slice(1)] })).toThrow(
        new RegExp(`^shuffleProof: ${field}\\[0\\]: `),
      );
    for (const field of ['s1', 's2', 's3', 'se'] as const)
      expect(() => encodeShuffleProof({ ...p, [field]: ORDER })).toThrow(
        new RegExp(`^shuffleProof: ${field}: `),
      );
    for (const field of ['sHat', 'sPrime'] as const)
      expect(() => encodeShuffleProof({ ...p, [field]: [ORDER, ...p[field].slice(1)] })).toThrow(
        new RegExp(`^shuffleProof: ${field}\\[0\\]: `),
      );
  });

  it('bounds counts and widths when encoding', () => {
    const many = Array<Point>(MAX_COUNT + 1).fill(G);
    expect(() => encodePoints(many)).toThrow(/^points: expected an array of at most 65536/);
    expect(() => encodePoints('G' as unknown as Point[])).toThrow(/^points: expected an array/);
    expect(() => encodeRows(many.map((p) => [p]))).toThrow(/^rows: expected an array of at most/);
    expect(() => encodeRows([Array<Point>(MAX_WIDTH + 1).fill(G)])).toThrow(
      /^rows: width must be 1\.\.64/,
    );
    expect(() => encodeRows([[]])).toThrow(/^rows: width must be 1\.\.64/);
    expect(encodeRows([Array<Point>(MAX_WIDTH).fill(G)]).length).toBe(9 + 32 * MAX_WIDTH);
    expect(() => encodeShuffleProof({ ...shuffled.proof, c: [] })).toThrow(/^shuffleProof: c: /);
    expect(() => encodeShuffleProof({ ...shuffled.proof, t4: [] })).toThrow(/^shuffleProof: t4: /);
  });
});

describe('limits, exactly at the maximum and one over', () => {
  /** A count or width as the 4 little-endian bytes of the wire. */
  const u32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24];

  const cases: [string, () => unknown, string][] = [
    [
      'a list of MAX_COUNT points is counted, then measured',
      () => decodePoints(Uint8Array.of(Kind.points, ...u32(MAX_COUNT))),
      'points: length: expected 2097157 bytes (65536 points), got 5',
    ],
    [
      'a list of MAX_COUNT + 1 points',
      () => decodePoints(Uint8Array.of(Kind.points, ...u32(MAX_COUNT + 1))),
      'points: count: expected 0..65536, got 65537',
    ],
    [
      'MAX_COUNT + 1 rows',
      () => decodeRows(Uint8Array.of(Kind.rows, ...u32(MAX_COUNT + 1), ...u32(1))),
      'rows: count: expected 0..65536, got 65537',
    ],
    [
      'a row of MAX_WIDTH points is measured',
      () => decodeRows(Uint8Array.of(Kind.rows, ...u32(1), ...u32(MAX_WIDTH))),
      'rows: length: expected 2057 bytes (1 rows of width 64), got 9',
    ],
    [
      'rows of MAX_WIDTH + 1 points',
      () => decodeRows(Uint8Array.of(Kind.rows, ...u32(1), ...u32(MAX_WIDTH + 1))),
      'rows: width: expected 1..64, got 65',
    ],
    [
      'a shuffle proof of MAX_WIDTH is measured',
      () => decodeShuffleProof(Uint8Array.of(Kind.shuffleProof, ...u32(1), ...u32(MAX_WIDTH))),
      'shuffleProof: length: expected 2473 bytes (N = 1, W = 64), got 9',
    ],
  ];

  it.each(cases)('%s', (_name, run, message) => {
    expect(run).toThrow(message);
  });

  it('encodes MAX_COUNT points and MAX_COUNT rows, and refuses one more', () => {
    const most = Array<Point>(MAX_COUNT).fill(G);
    expect(encodePoints(most)).toHaveLength(5 + 32 * MAX_COUNT);
    expect(encodeRows(most.map((p) => [p]))).toHaveLength(9 + 32 * MAX_COUNT);
    expect(() => encodePoints([...most, G])).toThrow(
      'points: expected an array of at most 65536 points',
    );
    expect(() => encodeRows([...most, G].map((p) => [p]))).toThrow(
      'rows: expected an array of at most 65536 rows',
    );
  });

  it('encodes a shuffle proof of one row and of MAX_WIDTH, and refuses more', () => {
    const p = shuffled.proof;
    const one = { ...p, c: [p.c[0]!], cHat: [p.cHat[0]!], tHat: [p.tHat[0]!] };
    const oneRow = { ...one, sHat: [p.sHat[0]!], sPrime: [p.sPrime[0]!] };
    expect(encodeShuffleProof(oneRow)).toHaveLength(32 * (5 + 2 + 8) + 9);
    const wide = Array<Point>(MAX_WIDTH).fill(G);
    expect(encodeShuffleProof({ ...p, t4: wide })).toHaveLength(32 * (15 + 64 + 8) + 9);
    expect(() => encodeShuffleProof({ ...p, t4: [...wide, G] })).toThrow(
      'shuffleProof: t4: expected 1..64 points',
    );
    // The count is checked before the other lists are measured against it.
    const many = Array<Point>(MAX_COUNT).fill(G);
    expect(() => encodeShuffleProof({ ...p, c: many })).toThrow(
      'shuffleProof: cHat: expected 65536 entries',
    );
    expect(() => encodeShuffleProof({ ...p, c: [...many, G] })).toThrow(
      'shuffleProof: c: expected 1..65536 points',
    );
  });
});

describe('errors name the format, the field and the expected length in full', () => {
  const notBytes = 'AAAA' as unknown as Uint8Array;
  const unlockBytes = encodeUnlockProof(unlock.proof);
  const dleqBytes = encodeDleqProof(proveDleq(ctx, e, G, randomPoints(1)[0]!).proof);

  const cases: [string, () => unknown, string][] = [
    ['points not bytes', () => decodePoints(notBytes), 'points: expected a Uint8Array'],
    ['rows not bytes', () => decodeRows(notBytes), 'rows: expected a Uint8Array'],
    ['a key proof not bytes', () => decodeKeyProof(notBytes), 'keyProof: expected a Uint8Array'],
    ['a DLEQ proof not bytes', () => decodeDleqProof(notBytes), 'dleqProof: expected a Uint8Array'],
    [
      'a shuffle proof not bytes',
      () => decodeShuffleProof(notBytes),
      'shuffleProof: expected a Uint8Array',
    ],
    [
      'a key proof of its kind byte alone',
      () => decodeKeyProof(Uint8Array.of(Kind.keyProof)),
      'keyProof: length: expected 65 bytes (T, s), got 1',
    ],
    [
      'an unlock proof a byte short',
      () => decodeUnlockProof(unlockBytes.subarray(0, 96)),
      'unlockProof: length: expected 97 bytes (T1, T2, s), got 96',
    ],
    [
      'a DLEQ proof a byte short',
      () => decodeDleqProof(dleqBytes.subarray(0, 96)),
      'dleqProof: length: expected 97 bytes (T1, T2, s), got 96',
    ],
    [
      'rows a byte short',
      () => decodeRows(encodeRows(X).subarray(0, 200)),
      'rows: length: expected 201 bytes (3 rows of width 2), got 200',
    ],
    [
      'the identity in a list of points',
      () => decodePoints(encodePoints([G, G]).fill(0, 37)),
      'points: points[1]: the identity point is not allowed',
    ],
    [
      'a row that is no array',
      () => encodeRows([undefined as unknown as Point[]]),
      'rows: width must be 1..64',
    ],
    [
      'the identity in a row to encode',
      () => encodeRows([[G], [Point.ZERO]]),
      'rows[1][0]: the identity point is not allowed',
    ],
    [
      'an unlock proof to encode with T1 the identity',
      () => encodeUnlockProof({ ...unlock.proof, T1: Point.ZERO }),
      'unlockProof: T1: the identity point is not allowed',
    ],
    // A sparse array has a length but no entries to visit: the size check catches it.
    [
      'a list of points with holes',
      () => encodePoints(Array<Point>(2)),
      'encoding: internal size mismatch',
    ],
    // An array has a length, but it is no text: refused before its length is trusted.
    [
      'base64 of an empty array',
      () => fromBase64([] as unknown as string),
      'base64: length must be a multiple of 4',
    ],
    [
      'hex of an empty array',
      () => fromHex([] as unknown as string),
      'hex: expected an even number of lower-case hex digits',
    ],
    [
      'base64 padding ending a group not the last',
      () => fromBase64('AA==AA=='),
      'base64: invalid character at 2',
    ],
    ['base64 of padding only', () => fromBase64('===='), 'base64: invalid character at 0'],
  ];

  it.each(cases)('%s', (_name, run, message) => {
    expect(run).toThrow(message);
  });
});
