import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FixedBase,
  G,
  ORDER,
  Point,
  assertScalar,
  decodePoint,
  decodeScalar,
  decodeSecret,
  encodePoint,
  encodeScalar,
  fromHex,
  invertScalar,
  isScalar,
  modL,
  msm,
  msmUnsafe,
  mulBase,
  pointHex,
  randomPermutation,
  randomScalar,
  toHex,
} from '../../crypto/index.ts';
import { doubleAndEncode, mulSecret } from '../../crypto/group.ts';
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

  it('doubleAndEncode returns 2·P with the same encoding as toBytes', () => {
    const points = [G, ...randomPoints(40), mulBase(ORDER - 1n)];
    const doubled = doubleAndEncode(points);
    doubled.forEach((q, i) => {
      expect(q.equals(points[i]!.double())).toBe(true);
      expect(encodePoint(q)).toEqual(points[i]!.double().toBytes());
    });
    expect(doubleAndEncode([Point.ZERO])[0]!.is0()).toBe(true);
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

describe('randomPermutation', () => {
  it('returns a permutation', () => {
    for (const n of [0, 1, 2, 10, 52]) {
      expect(randomPermutation(n).sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
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
