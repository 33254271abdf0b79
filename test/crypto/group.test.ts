import { concatBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  FixedBase,
  G,
  ORDER,
  Point,
  assertPoint,
  assertScalar,
  assertSecret,
  decodePoint,
  decodeScalar,
  decodeSecret,
  encodePoint,
  encodeScalar,
  fromHex,
  invertScalar,
  isPoint,
  isScalar,
  modL,
  msm,
  msmUnsafe,
  mulBase,
  mulUnsafe,
  pointHex,
  randomPermutation,
  randomScalar,
  randomScalars,
  toHex,
} from '../../crypto/index.ts';
import { random128, randomIndex } from '../../crypto/group/random.ts';
import { mulSecret } from '../../crypto/group/mul.ts';
import { pointBytes } from '../../crypto/group/point.ts';
import { doubleAndEncode } from '../../crypto/group/batch-encode.ts';
import { randomPoint, randomPoints } from './helpers.ts';

/** RFC 9496 Appendix A.1: encodings of k·B for k = 0..15. */
const RFC9496_MULTIPLES = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  'e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76',
  '6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919',
  '94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259',
  'da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57',
  'e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e',
  'f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403',
  '44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d',
  '903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c',
  '02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031',
  '20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f',
  'bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42',
  'e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460',
  'aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f',
  '46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e',
  'e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e',
];

/** Encodings the canonical decoder must reject (RFC 9496 A.2 style), with the reason. */
const BAD_ENCODINGS: [string, string][] = [
  ['00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 'non-canonical (≥ p)'],
  ['ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 'non-canonical (≥ p)'],
  ['f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 'non-canonical (p + 6)'],
  ['edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 'non-canonical (p)'],
  ['0100000000000000000000000000000000000000000000000000000000000000', 'negative s = 1'],
  ['01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 'negative s = p - 2'],
  ['ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 's = -1 gives y = 0'],
  ['e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2df6', 'top bit set'],
];

/** The 32 little-endian bytes of `x < 2^256` (any value, unlike `encodeScalar`). */
function bytes32(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0, v = x; i < 32; i++, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

/** The bytes of 32-bit words as `getRandomValues` fills a `Uint32Array` on this machine. */
function words(...xs: number[]): Uint8Array {
  return new Uint8Array(Uint32Array.from(xs).buffer);
}

/**
 * Makes the next `crypto.getRandomValues` calls fill in these bytes, one array
 * per call (then the seeded stream resumes), to reach rejection branches.
 * Returns the byte lengths the calls asked for, filled in as they happen.
 */
function nextRandomBytes(...draws: Uint8Array[]): number[] {
  const sizes: number[] = [];
  for (const bytes of draws) {
    vi.mocked(crypto.getRandomValues).mockImplementationOnce(
      <T extends ArrayBufferView | null>(array: T): T => {
        if (array !== null) {
          sizes.push(array.byteLength);
          const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
          view.set(bytes.subarray(0, array.byteLength));
        }
        return array;
      },
    );
  }
  return sizes;
}

/**
 * Counts the ristretto255 additions and doublings `f` performs. noble freezes
 * the ristretto class's own prototype; `add` and `double` live on its parent's.
 */
function pointOperations(f: () => void): { add: number; double: number } {
  const methods = Object.getPrototypeOf(Point.prototype) as Pick<Point, 'add' | 'double'>;
  const add = vi.spyOn(methods, 'add');
  const double = vi.spyOn(methods, 'double');
  try {
    f();
    return { add: add.mock.calls.length, double: double.mock.calls.length };
  } finally {
    add.mockRestore();
    double.mockRestore();
  }
}

describe('errors name what is wrong', () => {
  const cases: [string, () => unknown, string][] = [
    ['assertScalar', () => assertScalar(ORDER), 'scalar: expected a bigint scalar with 0 <= s < ℓ'],
    [
      'decodeScalar',
      () => decodeScalar(new Uint8Array(31)),
      'scalar: expected 32 bytes for a scalar',
    ],
    ['decodeSecret', () => decodeSecret(new Uint8Array(32)), 'secret: a secret must not be zero'],
    ['decodePoint', () => decodePoint(new Uint8Array(31)), 'point: expected 32 bytes for a point'],
    ['assertPoint', () => assertPoint(Point.ZERO), 'point: the identity point is not allowed'],
    ['encodePoint', () => encodePoint(Point.ZERO), 'point: the identity point is not allowed'],
    [
      'assertPoint of bytes',
      () => assertPoint(G.toBytes(), 'pub'),
      'pub: expected a ristretto255 point',
    ],
    ['invertScalar', () => invertScalar(0n), 'invertScalar: zero has no inverse mod ℓ'],
    ['assertSecret', () => assertSecret(0n), 'secret: expected a bigint with 0 < s < ℓ'],
    [
      'assertSecret of ℓ',
      () => assertSecret(ORDER, 'key'),
      'key: expected a bigint with 0 < s < ℓ',
    ],
    [
      'msm of bytes',
      () => msm([G, G.toBytes() as unknown as Point], [1n, 2n]),
      'msm: points[1] is not a ristretto255 point',
    ],
  ];
  it.each(cases)('%s', (_, call, message) => {
    expect(call).toThrow(new Error(message));
  });
});

describe('points: canonical encoding (RFC 9496)', () => {
  it('encodes the multiples of G as RFC 9496 A.1', () => {
    RFC9496_MULTIPLES.forEach((hex, k) => {
      expect(toHex(mulBase(BigInt(k)).toBytes())).toBe(hex);
      if (k > 0) expect(encodePoint(G.multiply(BigInt(k)))).toEqual(fromHex(hex));
    });
  });

  it('decodes every non-identity A.1 vector back to the same point', () => {
    RFC9496_MULTIPLES.slice(1).forEach((hex, k) => {
      const p = decodePoint(fromHex(hex));
      expect(p.equals(mulBase(BigInt(k + 1)))).toBe(true);
      expect(pointHex(p)).toBe(hex);
    });
  });

  it('rejects the identity with a clear error', () => {
    expect(() => decodePoint(new Uint8Array(32), 'cards[3]')).toThrow(
      'cards[3]: the identity point is not allowed',
    );
    expect(() => encodePoint(Point.ZERO)).toThrow(/identity/);
    expect([G, Point.ZERO, G.toBytes(), null].map(isPoint)).toEqual([true, false, false, false]);
  });

  it.each(BAD_ENCODINGS)('rejects %s (%s)', (hex) => {
    expect(() => decodePoint(fromHex(hex), 'pub')).toThrow(
      'pub: not a canonical ristretto255 encoding',
    );
  });

  it('rejects wrong lengths and non-bytes', () => {
    expect(() => decodePoint(new Uint8Array(31), 'T')).toThrow('T: expected 32 bytes for a point');
    expect(() => decodePoint(new Uint8Array(33))).toThrow(/32 bytes/);
    expect(() => decodePoint('00' as unknown as Uint8Array)).toThrow(/32 bytes/);
  });

  it('encodePoint returns a copy: changing it changes no later encoding', () => {
    const p = randomPoint();
    encodePoint(p).fill(0);
    expect(encodePoint(p)).toEqual(p.toBytes());
    expect(pointHex(p)).toBe(toHex(p.toBytes()));
  });

  it('keeps one encoding per point, computed once', () => {
    const p = randomPoint();
    expect(pointBytes(p)).toBe(pointBytes(p));
  });

  it('round-trips random points and keeps a private copy of the received bytes', () => {
    for (const p of randomPoints(20)) {
      const bytes = encodePoint(p);
      const q = decodePoint(bytes);
      expect(q.equals(p)).toBe(true);
      bytes.fill(0);
      expect(encodePoint(q)).toEqual(p.toBytes());
    }
  });
});

describe('scalars', () => {
  it('encodes 32 bytes little-endian and round-trips', () => {
    expect(toHex(encodeScalar(1n))).toBe('01' + '00'.repeat(31));
    expect(decodeScalar(encodeScalar(ORDER - 1n))).toBe(ORDER - 1n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: ORDER - 1n }), (s) => {
        expect(decodeScalar(encodeScalar(s))).toBe(s);
      }),
      { numRuns: 50 },
    );
  });

  it('rejects scalars ≥ ℓ and wrong lengths with a clear error', () => {
    const l = new Uint8Array(32);
    let x = ORDER;
    for (let i = 0; i < 32; i++, x >>= 8n) l[i] = Number(x & 0xffn);
    expect(() => decodeScalar(l, 's1')).toThrow('s1: scalar is not below the group order ℓ');
    expect(() => decodeScalar(new Uint8Array(32).fill(0xff))).toThrow(/not below/);
    expect(() => decodeScalar(new Uint8Array(31), 's')).toThrow('s: expected 32 bytes');
    expect(() => encodeScalar(ORDER)).toThrow(/0 <= s < ℓ/);
    expect(() => assertScalar(-1n, 'se')).toThrow('se: expected a bigint scalar');
    expect(isScalar(5)).toBe(false);
  });

  it('takes 0..ℓ-1 as a scalar and 1..ℓ-1 as a secret', () => {
    expect([0n, 1n, ORDER - 1n].map(isScalar)).toEqual([true, true, true]);
    expect([-1n, ORDER, 1].map(isScalar)).toEqual([false, false, false]);
    expect(assertScalar(0n)).toBe(0n);
    expect([1n, ORDER - 1n].map((s) => assertSecret(s))).toEqual([1n, ORDER - 1n]);
  });

  it('decodeSecret takes 1..ℓ-1 and refuses zero, ℓ and wrong lengths', () => {
    expect(decodeSecret(encodeScalar(1n))).toBe(1n);
    expect(decodeSecret(encodeScalar(ORDER - 1n))).toBe(ORDER - 1n);
    expect(() => decodeSecret(new Uint8Array(32), 'remasks[0]')).toThrow(
      'remasks[0]: a secret must not be zero',
    );
    expect(() => decodeSecret(new Uint8Array(32).fill(0xff))).toThrow(/not below/);
    expect(() => decodeSecret(new Uint8Array(33))).toThrow(/32 bytes/);
  });

  it('randomScalar is in 1..ℓ-1 and does not repeat', () => {
    const seen = new Set<bigint>();
    for (let i = 0; i < 200; i++) {
      const s = randomScalar();
      expect(s > 0n && s < ORDER).toBe(true);
      seen.add(s);
    }
    expect(seen.size).toBe(200);
  });

  it('randomScalar rejects a candidate of exactly ℓ, and zero', () => {
    const sizes = nextRandomBytes(bytes32(ORDER), bytes32(0n), bytes32(ORDER - 1n));
    expect(randomScalar()).toBe(ORDER - 1n);
    expect(sizes).toEqual([32, 32, 32]);
  });

  it('randomScalars keeps the first n candidates in 1..ℓ-1 of its 253-bit draws', () => {
    const batch = [0n, ORDER, (1n << 256n) - 1n, ORDER - 1n, (1n << 253n) + 5n, 7n, 9n, 11n];
    const sizes = nextRandomBytes(concatBytes(...batch.map(bytes32)));
    expect(randomScalars(2)).toEqual([ORDER - 1n, 5n]);
    // 2n + 4 candidates of 32 bytes.
    expect(sizes).toEqual([8 * 32]);
  });

  it('randomScalars draws again for the scalars still missing', () => {
    const first = [0n, 3n, ORDER, ORDER, ORDER, ORDER, ORDER, ORDER];
    const sizes = nextRandomBytes(concatBytes(...first.map(bytes32)), bytes32(4n));
    expect(randomScalars(2)).toEqual([3n, 4n]);
    // One scalar missing: 2·1 + 4 candidates.
    expect(sizes).toEqual([8 * 32, 6 * 32]);
  });

  it('random128 never returns zero', () => {
    const sizes = nextRandomBytes(new Uint8Array(16), Uint8Array.of(1));
    expect(random128()).toBe(1n);
    expect(sizes).toEqual([16, 16]);
  });

  it('invertScalar gives the inverse mod ℓ, and refuses zero', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: ORDER - 1n }), (s) => {
        expect(modL(s * invertScalar(s))).toBe(1n);
      }),
      { numRuns: 50 },
    );
    expect(modL(-1n)).toBe(ORDER - 1n);
    expect(() => invertScalar(0n)).toThrow(/zero/);
    expect(() => invertScalar(ORDER)).toThrow(/zero/);
  });
});

describe('scalar multiplication', () => {
  const edge = [0n, 1n, 2n, 15n, 16n, 17n, 31n, 32n, 33n, 1n << 252n, ORDER - 1n, ORDER - 16n];

  it('mulSecret (signed windows, constant time) agrees with noble', () => {
    const p = randomPoint();
    for (const s of [...edge, randomScalar(), randomScalar()]) {
      expect(mulSecret(p, s).equals(p.multiplyUnsafe(s))).toBe(true);
    }
  });

  it('mulUnsafe agrees with noble, for scalars reduced mod ℓ', () => {
    const p = randomPoint();
    for (const s of [...edge, randomScalar()]) {
      expect(mulUnsafe(p, s).equals(p.multiplyUnsafe(s))).toBe(true);
      expect(mulUnsafe(p, s + ORDER).equals(p.multiplyUnsafe(s))).toBe(true);
    }
  });

  it('fixed-base tables for G and for another point agree with noble', () => {
    const h = randomPoint();
    const table = new FixedBase(h);
    for (const s of [...edge, randomScalar()]) {
      expect(mulBase(s).equals(G.multiplyUnsafe(s))).toBe(true);
      expect(table.mul(s).equals(h.multiplyUnsafe(s))).toBe(true);
    }
  });

  it('msm and msmUnsafe agree with the naive sum, for any count and sign', () => {
    for (const n of [0, 1, 2, 3, 7, 33]) {
      const points = randomPoints(n);
      const scalars = points.map((_, i) =>
        i % 3 === 0 ? -randomScalar() : i % 3 === 1 ? 0n : randomScalar(),
      );
      const naive = points.reduce(
        (acc, p, i) => acc.add(p.multiplyUnsafe(modL(scalars[i]!))),
        Point.ZERO,
      );
      expect(msm(points, scalars).equals(naive)).toBe(true);
      expect(msmUnsafe(points, scalars).equals(naive)).toBe(true);
    }
    expect(() => msm([G], [])).toThrow(/length/);
  });

  it('msm runs the same point operations whatever the scalars', () => {
    const points = randomPoints(3);
    const scalarSets = [
      [0n, 0n, 0n],
      [1n, 1n, 1n],
      [2n, 2n, 2n],
      [ORDER - 1n, 0n, 1n << 252n],
      randomScalars(3),
    ];
    const counts = scalarSets.map((scalars) => pointOperations(() => msm(points, scalars)));
    expect(counts[0]!.add).toBeGreaterThan(0);
    for (const count of counts) expect(count).toEqual(counts[0]);
  });

  it('msmUnsafe does no point operation for zero coefficients, nor msm for no points', () => {
    const points = randomPoints(3);
    expect(pointOperations(() => msmUnsafe(points, [0n, ORDER, 0n]))).toEqual({
      add: 0,
      double: 0,
    });
    expect(pointOperations(() => msm([], []))).toEqual({ add: 0, double: 0 });
  });

  it.each([
    ['no extended coordinates', {}],
    ['a number for X', { ep: { X: 1, Y: 1n, Z: 1n, T: 0n } }],
    ['a number for T', { ep: { X: 0n, Y: 1n, Z: 1n, T: 0 } }],
  ])('doubleAndEncode refuses a point with %s', (_, fake) => {
    expect(() => doubleAndEncode([fake as unknown as Point])).toThrow(
      new Error('doubleAndEncode: unexpected @noble/curves point layout'),
    );
  });

  it('doubleAndEncode returns 2·P with the same encoding as toBytes', () => {
    const points = [G, ...randomPoints(40), mulBase(ORDER - 1n)];
    const doubled = doubleAndEncode(points);
    doubled.forEach((q, i) => {
      expect(q.equals(points[i]!.double())).toBe(true);
      expect(encodePoint(q)).toEqual(points[i]!.double().toBytes());
    });
    const identity = doubleAndEncode([Point.ZERO])[0]!;
    expect(identity.is0()).toBe(true);
    expect(pointHex(identity)).toBe('00'.repeat(32));
  });

  it('layers commute: b·(a·P) == a·(b·P)', () => {
    const P = randomPoint();
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: ORDER - 1n }),
        fc.bigInt({ min: 1n, max: ORDER - 1n }),
        (a, b) => {
          expect(mulSecret(mulSecret(P, a), b).equals(mulSecret(mulSecret(P, b), a))).toBe(true);
        },
      ),
      { numRuns: 10 },
    );
  });
});

describe('randomIndex', () => {
  // -1 and 1.5 first: without the check, 0 and bounds above 2^32 would loop forever.
  it.each([-1, 1.5, 0, NaN, Infinity, 2 ** 32 + 1])('refuses the bound %s', (bound) => {
    expect(() => randomIndex(bound)).toThrow(
      new RangeError('randomIndex: bound must be an integer in [1, 2^32]'),
    );
  });

  it('takes the bounds 1 and 2^32', () => {
    expect(randomIndex(1)).toBe(0);
    nextRandomBytes(words(2 ** 32 - 1));
    expect(randomIndex(2 ** 32)).toBe(2 ** 32 - 1);
  });

  it('rejects the words at and above the last whole multiple of the bound', () => {
    // 2^32 mod 3 = 1: the words below 2^32 - 1 are accepted, 2^32 - 1 is redrawn.
    const sizes = nextRandomBytes(words(2 ** 32 - 1), words(2 ** 32 - 2));
    expect(randomIndex(3)).toBe((2 ** 32 - 2) % 3);
    expect(sizes).toEqual([4, 4]);
  });
});

describe('randomPermutation', () => {
  it('returns a permutation', () => {
    for (const n of [0, 1, 2, 10, 52]) {
      expect(randomPermutation(n).sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
    }
  });

  it('draws one index per position but the first', () => {
    const draws = vi.mocked(crypto.getRandomValues).mock.calls;
    for (const n of [1, 2, 10]) {
      const before = draws.length;
      randomPermutation(n);
      expect(draws.length - before).toBe(n - 1);
    }
  });

  it('is uniform over the 24 orders of 4 (chi-square)', () => {
    const counts = new Map<string, number>();
    const runs = 24 * 250;
    for (let i = 0; i < runs; i++) {
      const k = randomPermutation(4).join('');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    let chi = 0;
    for (const c of counts.values()) chi += (c - 250) ** 2 / 250;
    // 23 degrees of freedom: P(χ² > 60) < 10⁻⁴.
    expect(chi).toBeLessThan(60);
  });
});
