import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  G,
  ORDER,
  Point,
  decodeDleqProof,
  deriveContext,
  encodeDleqProof,
  mulBase,
  proveDleq,
  randomScalar,
  verifyDleq,
  type DleqProof,
} from '../../crypto/index.ts';
import { randomPoint } from './helpers.ts';
import { lazy } from '../lazy.ts';

const ctx = deriveContext('table-1', 'deck-a', 12, 'rekey', 3);

/** A card re-keyed from its own key `K = s·G` to `K' = k·G`: `x = k/s` on both. */
function rekeyed() {
  const s = randomScalar();
  const k = randomScalar();
  const x = (k * Point.Fn.inv(s)) % ORDER;
  const g = mulBase(s);
  const h = randomPoint();
  const { u, v, proof } = proveDleq(ctx, x, g, h);
  return { g, u, h, v, proof, k };
}

const honest = lazy(() => rekeyed());
type Fields = { ctx: Uint8Array; g: Point; u: Point; h: Point; v: Point; proof: DleqProof };
const statement = (): Fields => ({ ...honest(), ctx: ctx.slice(), proof: { ...honest().proof } });
const check = (f: Fields) => verifyDleq(f.ctx, f.g, f.u, f.h, f.v, f.proof);

describe('DLEQ (Chaum–Pedersen re-key proof)', () => {
  it('re-keys a card to the fresh key: u = k·G, and the proof verifies', () => {
    expect(honest().u.equals(mulBase(honest().k))).toBe(true);
    expect(check(statement())).toBe(true);
  });

  it('verifies for any secret and bases (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: ORDER - 1n }), (x) => {
        const g = randomPoint();
        const h = randomPoint();
        const { u, v, proof } = proveDleq(ctx, x, g, h);
        return (
          u.equals(g.multiply(x)) && v.equals(h.multiply(x)) && verifyDleq(ctx, g, u, h, v, proof)
        );
      }),
      { numRuns: 20 },
    );
  });

  const other = randomPoint();
  const tampered: [string, (f: Fields) => void][] = [
    ['ctx', (f) => (f.ctx[0]! ^= 1)],
    ['g', (f) => (f.g = other)],
    ['u', (f) => (f.u = f.u.add(G))],
    ['h', (f) => (f.h = other)],
    ['v', (f) => (f.v = f.v.add(G))],
    ['v under another secret', (f) => (f.v = f.h.multiply(2n))],
    ['T1', (f) => (f.proof.T1 = f.proof.T1.add(G))],
    ['T2', (f) => (f.proof.T2 = f.proof.T2.add(G))],
    ['s', (f) => (f.proof.s = (f.proof.s + 1n) % ORDER)],
    ['s + ℓ', (f) => (f.proof.s = f.proof.s + ORDER)],
    ['the identity as g', (f) => (f.g = Point.ZERO)],
    ['the identity as T2', (f) => (f.proof.T2 = Point.ZERO)],
    ['a missing proof', (f) => (f.proof = null as unknown as DleqProof)],
    ['a proof of wrong types', (f) => (f.proof = { T1: 1, T2: 2, s: 'x' } as never)],
  ];
  it.each(tampered)('refuses a changed %s, without throwing', (_name, change) => {
    const f = statement();
    change(f);
    expect(() => check(f)).not.toThrow();
    expect(check(f)).toBe(false);
  });

  it('refuses a proof that u and v are both the identity, though its equations hold', () => {
    // s·g − T1 − γ·O = O and s·h − T2 − γ·O = O for T1 = s·g, T2 = s·h, whatever γ is:
    // only the identity checks stand between this and re-keying a card to nothing.
    const s = randomScalar();
    const { g, h } = honest();
    const proof = { T1: g.multiply(s), T2: h.multiply(s), s };
    expect(verifyDleq(ctx, g, Point.ZERO, h, Point.ZERO, proof)).toBe(false);
  });

  it('refuses a zero secret and the identity when proving', () => {
    expect(() => proveDleq(ctx, 0n, G, other)).toThrow(/secret/);
    expect(() => proveDleq(ctx, 5n, Point.ZERO, other)).toThrow(/^g: .*identity/);
    expect(() => proveDleq(ctx, 5n, G, Point.ZERO)).toThrow(/^h: .*identity/);
    expect(() => proveDleq('ctx' as unknown as Uint8Array, 5n, G, other)).toThrow(/^ctx: /);
  });

  it('round-trips its wire format and names a bad field', () => {
    const bytes = encodeDleqProof(honest().proof);
    expect(bytes).toHaveLength(97);
    const back = decodeDleqProof(bytes);
    expect(verifyDleq(ctx, honest().g, honest().u, honest().h, honest().v, back)).toBe(true);
    expect(() => decodeDleqProof(bytes.subarray(0, 96))).toThrow(/dleqProof: length/);
    const bad = bytes.slice();
    bad.fill(0xff, 65, 97);
    expect(() => decodeDleqProof(bad)).toThrow(/dleqProof: s/);
    const identity = bytes.slice();
    identity.fill(0, 33, 65);
    expect(() => decodeDleqProof(identity)).toThrow(/dleqProof: T2/);
    const kind = bytes.slice();
    kind[0] = 4;
    expect(() => decodeDleqProof(kind)).toThrow(/dleqProof: kind/);
  });
});
