import { describe, expect, it } from 'vitest';
import {
  G,
  ORDER,
  Transcript,
  challenges128,
  deriveContext,
  mulBase,
  toHex,
} from '../../crypto/index.ts';

const b = (s: string) => new TextEncoder().encode(s);

describe('Transcript', () => {
  it('is length-prefixed: moving a byte between items changes the hash', () => {
    const x = new Transcript('test').bytes(b('ab')).bytes(b('c')).digest();
    const y = new Transcript('test').bytes(b('a')).bytes(b('bc')).digest();
    expect(toHex(x)).not.toBe(toHex(y));
  });

  it('is domain-separated by its tag', () => {
    const x = new Transcript('fairdeal/key/gamma').point(G).challenge();
    const y = new Transcript('fairdeal/unlock/gamma').point(G).challenge();
    expect(x).not.toBe(y);
  });

  it('keeps the transcript open after reading a challenge', () => {
    const t = new Transcript('test').u32(1);
    const first = t.digest();
    expect(t.digest()).toEqual(first);
    expect(t.point(G).digest()).not.toEqual(first);
  });

  it('binds counts: rows of 2×1 and 1×2 differ', () => {
    const [p, q] = [G, mulBase(2n)];
    const x = new Transcript('t').rows([[p], [q]]).digest();
    const y = new Transcript('t').rows([[p, q]]).digest();
    expect(toHex(x)).not.toBe(toHex(y));
    expect(() => new Transcript('t').rows([[p], [p, q]])).toThrow(/width/);
  });

  it('gives challenges below ℓ', () => {
    for (let i = 0; i < 20; i++) {
      const c = new Transcript('t').u32(i).challenge();
      expect(c >= 0n && c < ORDER).toBe(true);
    }
  });
});

describe('Transcript counts', () => {
  it('take every integer in [0, 2^32), and nothing else', () => {
    expect(() => new Transcript('t').u32(0).u32(2 ** 32 - 1)).not.toThrow();
    for (const n of [-1, 1.5, 2 ** 32, Number.NaN])
      expect(() => new Transcript('t').u32(n)).toThrow(/^transcript: count must be an integer/);
  });

  it('bind an empty list of rows as N = 0, W = 0', () => {
    const empty = new Transcript('t').rows([]).digest();
    expect(empty).toEqual(new Transcript('t').u32(0).u32(0).digest());
  });
});

describe('challenges128', () => {
  it('gives n distinct 128-bit values, depending on the seed and the tag', () => {
    const seed = new Uint8Array(64).fill(7);
    const u = challenges128('fairdeal/shuffle/u', seed, 50);
    expect(u).toHaveLength(50);
    expect(new Set(u).size).toBe(50);
    for (const x of u) expect(x >= 0n && x < 1n << 128n).toBe(true);
    expect(challenges128('fairdeal/shuffle/u', seed, 3)).toEqual(u.slice(0, 3));
    expect(challenges128('fairdeal/unlock/z', seed, 1)[0]).not.toBe(u[0]);
    expect(challenges128('fairdeal/shuffle/u', new Uint8Array(64), 1)[0]).not.toBe(u[0]);
  });
});

describe('deriveContext', () => {
  it('is deterministic, 32 bytes, and typed', () => {
    const a = deriveContext('table-1', 'deck-a', 7);
    expect(a).toHaveLength(32);
    expect(deriveContext('table-1', 'deck-a', 7)).toEqual(a);
    expect(deriveContext('table-1', 'deck-a', '7')).not.toEqual(a);
    expect(deriveContext('table-1', 'deck-a', 8)).not.toEqual(a);
    expect(deriveContext('table-1deck-a', 7)).not.toEqual(a);
    expect(deriveContext('table-1', 'deck-a', 7, new Uint8Array(0))).not.toEqual(a);
  });

  it('is frozen for every kind of part, numbers above one byte included', () => {
    expect(toHex(deriveContext('table-1', 300, new Uint8Array([1, 2])))).toBe(
      '8ac94c4522a1fa8ce34a7da06a2fe64e8fa18604b1f2cb3df57eb02cdde9cf13',
    );
  });

  it('takes every non-negative safe integer, zero and the largest included', () => {
    const zero = deriveContext('table-1', 0);
    expect(zero).toHaveLength(32);
    expect(zero).not.toEqual(deriveContext('table-1', 1));
    expect(zero).not.toEqual(deriveContext('table-1', new Uint8Array(8)));
    expect(deriveContext(Number.MAX_SAFE_INTEGER)).toHaveLength(32);
  });

  it('rejects parts it cannot encode unambiguously', () => {
    expect(() => deriveContext(-1)).toThrow(/non-negative/);
    expect(() => deriveContext(1.5)).toThrow(/non-negative/);
    expect(() => deriveContext(Number.MAX_SAFE_INTEGER + 1)).toThrow(/non-negative/);
    expect(() => deriveContext({} as unknown as string)).toThrow(/parts/);
  });
});
