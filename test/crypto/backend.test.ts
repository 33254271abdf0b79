/**
 * The two group backends against each other: libsodium's ristretto255
 * (WebAssembly) and noble's must accept exactly the same encodings and
 * compute exactly the same products, and a thread that chose none must be
 * told so, never run on a default it did not ask for.
 */
import fc from 'fast-check';
import sodium from 'libsodium-wrappers-sumo';
import { describe, expect, it, vi } from 'vitest';
import {
  G,
  ORDER,
  Point,
  currentBackend,
  decodePoint,
  encodePoint,
  fromHex,
  msm,
  msmUnsafe,
  mulSecret,
  mulUnsafe,
  randomScalar,
  useBackend,
} from '../../crypto/index.ts';
import { randomPoint, randomPoints } from './helpers.ts';

const P = 2n ** 255n - 19n;

/** The 32 little-endian bytes of `x < 2^256`. */
function bytes32(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0, v = x; i < 32; i++, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

/** Whether noble's canonical decoder takes `bytes` (the identity included, as libsodium's does). */
function nobleAccepts(bytes: Uint8Array): boolean {
  try {
    Point.fromBytes(bytes);
    return true;
  } catch {
    return false;
  }
}

const sodiumAccepts = (bytes: Uint8Array): boolean =>
  sodium.crypto_core_ristretto255_is_valid_point(bytes);

describe('the backends accept exactly the same encodings', () => {
  it('a canonical encoding, and each of its 256 one-bit changes', () => {
    for (const p of [G, ...randomPoints(3)]) {
      const good = encodePoint(p);
      expect([nobleAccepts(good), sodiumAccepts(good)]).toEqual([true, true]);
      for (let bit = 0; bit < 256; bit++) {
        const bad = good.slice();
        bad[bit >> 3]! ^= 1 << (bit & 7);
        expect(sodiumAccepts(bad)).toBe(nobleAccepts(bad));
      }
    }
  });

  it('the non-canonical field encodings s + p of every s < 19, and p itself', () => {
    for (let s = 0n; s < 19n; s++) {
      expect(nobleAccepts(bytes32(s + P))).toBe(false);
      expect(sodiumAccepts(bytes32(s + P))).toBe(false);
      // s itself: accepted by both exactly when it is an encoding at all.
      expect(sodiumAccepts(bytes32(s))).toBe(nobleAccepts(bytes32(s)));
    }
  });

  it('any 32 bytes (property), and any field element below 2^255', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(sodiumAccepts(bytes)).toBe(nobleAccepts(bytes));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 255n - 1n }), (x) => {
        // Even and below p makes a candidate more likely to be a point: half of these are.
        const bytes = bytes32(x & ~1n);
        expect(sodiumAccepts(bytes)).toBe(nobleAccepts(bytes));
      }),
      { numRuns: 1000 },
    );
  });

  it('both take the identity; decodePoint refuses it on top of both', () => {
    const zero = new Uint8Array(32);
    expect([nobleAccepts(zero), sodiumAccepts(zero)]).toEqual([true, true]);
    expect(() => decodePoint(zero)).toThrow(/identity/);
  });
});

describe('the backends compute the same products', () => {
  const on = <T>(backend: 'sodium' | 'noble', f: () => T): T => {
    useBackend(backend);
    try {
      return f();
    } finally {
      useBackend('sodium');
    }
  };

  it('mulSecret and mulUnsafe, for any point and scalar (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n * ORDER }), (s) => {
        const p = randomPoint();
        for (const mul of [mulSecret, mulUnsafe]) {
          const bySodium = on('sodium', () => mul(p, s));
          const byNoble = on('noble', () => mul(p, s));
          expect(bySodium.equals(byNoble)).toBe(true);
          expect(encodePoint(bySodium)).toEqual(byNoble.toBytes());
        }
      }),
      { numRuns: 30 },
    );
  });

  it('the identity: 0·P, ℓ·P and s·O are the identity on both', () => {
    const p = randomPoint();
    for (const backend of ['sodium', 'noble'] as const) {
      on(backend, () => {
        expect(mulSecret(p, 0n).is0()).toBe(true);
        expect(mulUnsafe(p, ORDER).is0()).toBe(true);
        expect(mulSecret(Point.ZERO, randomScalar()).is0()).toBe(true);
        expect(msmUnsafe([p, p], [1n, -1n]).is0()).toBe(true);
        expect(msm([p, Point.ZERO], [0n, 5n]).is0()).toBe(true);
      });
    }
  });

  it('msm and msmUnsafe of up to 20 terms, negative and zero scalars among them (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -ORDER, max: ORDER }), { minLength: 1, maxLength: 20 }),
        (scalars) => {
          const points = randomPoints(scalars.length);
          for (const f of [msm, msmUnsafe]) {
            const bySodium = on('sodium', () => f(points, scalars));
            expect(bySodium.equals(on('noble', () => f(points, scalars)))).toBe(true);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it("keeps libsodium's encoding of a product with it: it is the canonical one", () => {
    const p = randomPoint();
    const q = mulSecret(p, randomScalar());
    expect(encodePoint(q)).toEqual(fromHex(q.toHex()));
  });
});

describe('a thread that chose no backend', () => {
  it('is told to await cryptoReady at its first variable-base product, and cannot pick an unloaded libsodium', async () => {
    vi.resetModules();
    const fresh = await import('../../crypto/index.ts');
    expect(fresh.currentBackend()).toBeUndefined();
    const message = /await cryptoReady\(\) once in this thread before any proof/;
    expect(() => fresh.mulSecret(fresh.G, 3n)).toThrow(message);
    expect(() => fresh.mulUnsafe(fresh.G, 3n)).toThrow(message);
    expect(() => fresh.msmUnsafe([fresh.G], [3n])).toThrow(message);
    expect(() => fresh.proveUnlock(new Uint8Array(32), 3n, [fresh.G])).toThrow(message);
    // noble's fixed-base tables serve either backend: they need none.
    expect(fresh.mulBase(3n).equals(fresh.G.multiply(3n))).toBe(true);
    expect(() => fresh.useBackend('sodium')).toThrow(/libsodium is not loaded: await cryptoReady/);
    fresh.useBackend('noble');
    expect(fresh.mulSecret(fresh.G, 3n).equals(fresh.G.multiply(3n))).toBe(true);
    await fresh.cryptoReady();
    // An explicit choice stands: loading libsodium later does not override it.
    expect(fresh.currentBackend()).toBe('noble');
    fresh.useBackend('sodium');
    expect(fresh.mulSecret(fresh.G, 3n).equals(fresh.G.multiply(3n))).toBe(true);
    expect(currentBackend()).toBe('sodium');
  });
});
