import { describe, expect, it } from 'vitest';
import {
  ORDER,
  Point,
  deriveContext,
  invertScalar,
  mulBase,
  proveUnlock,
  randomScalar,
  verifyUnlock,
  type UnlockProof,
} from '../../crypto/index.ts';
import { randomPoint, randomPoints, referenceProveUnlock } from './helpers.ts';
import { lazy } from '../lazy.ts';

const ctx = deriveContext('table-1', 'deck-a', 12, 'unlock');
const e = randomScalar();
const E = mulBase(e);
const before = randomPoints(6);
const honest = lazy(() => proveUnlock(ctx, e, before));

interface Statement {
  ctx: Uint8Array;
  pub: Point;
  before: Point[];
  after: Point[];
  proof: UnlockProof;
}

function statement(): Statement {
  return {
    ctx: ctx.slice(),
    pub: E,
    before: before.slice(),
    after: honest().cards.slice(),
    proof: { ...honest().proof },
  };
}

function loose<T>(x: T): Record<string, unknown> {
  return x as unknown as Record<string, unknown>;
}

type Case = [name: string, tamper: (s: Statement) => void];

const cases: Case[] = [
  ['a changed output point', (s) => (s.after[2] = randomPoint())],
  ['one card replaced by a duplicate of another', (s) => (s.after[1] = s.after[0]!)],
  [
    'one card multiplied by a different exponent',
    (s) => (s.after[3] = s.before[3]!.multiply(invertScalar(randomScalar()))),
  ],
  ['one card left locked', (s) => (s.after[4] = s.before[4]!)],
  [
    'two outputs swapped after proving',
    (s) => ([s.after[0], s.after[1]] = [s.after[1]!, s.after[0]!]),
  ],
  ['two inputs swapped', (s) => ([s.before[0], s.before[5]] = [s.before[5]!, s.before[0]!])],
  ['a changed input point', (s) => (s.before[0] = randomPoint())],
  ['a wrong pub', (s) => (s.pub = mulBase(randomScalar()))],
  ['pub of the inverse secret', (s) => (s.pub = mulBase(invertScalar(e)))],
  ['a changed ctx', (s) => (s.ctx = deriveContext('table-1', 'deck-a', 13, 'unlock'))],
  ['an empty ctx', (s) => (s.ctx = new Uint8Array(0))],
  ['proof field T1 changed', (s) => (s.proof.T1 = randomPoint())],
  ['proof field T2 changed', (s) => (s.proof.T2 = randomPoint())],
  ['proof field s + 1', (s) => (s.proof.s = (s.proof.s + 1n) % ORDER)],
  ['proof field s + ℓ (non-canonical)', (s) => (s.proof.s += ORDER)],
  ['proof field s negative', (s) => (s.proof.s -= ORDER)],
  ['T1 and T2 swapped', (s) => ([s.proof.T1, s.proof.T2] = [s.proof.T2, s.proof.T1])],
  ['one output missing', (s) => s.after.pop()],
  ['one input missing', (s) => s.before.pop()],
  ['an extra output', (s) => s.after.push(randomPoint())],
  ['no cards at all', (s) => ((s.before = []), (s.after = []))],
  ['the identity as pub', (s) => (s.pub = Point.ZERO)],
  ['the identity as an output', (s) => (s.after[0] = Point.ZERO)],
  ['the identity as an input', (s) => (s.before[0] = Point.ZERO)],
  ['the identity as T1', (s) => (s.proof.T1 = Point.ZERO)],
  ['the identity as T2', (s) => (s.proof.T2 = Point.ZERO)],
  ['a proof field missing', (s) => delete loose(s.proof).T2],
  ['a scalar given as a string', (s) => (loose(s.proof).s = '5')],
  ['a proof that is undefined', (s) => (s.proof = undefined as unknown as UnlockProof)],
  ['outputs that are not an array', (s) => (s.after = {} as unknown as Point[])],
  [
    'the proof of an unlock of other cards under the same key',
    (s) => (s.proof = proveUnlock(ctx, e, randomPoints(6)).proof),
  ],
  [
    'a changed output and the proof recomputed for other cards',
    (s) => {
      const other = proveUnlock(ctx, e, [randomPoint(), ...before.slice(1)]);
      s.after = other.cards;
      s.proof = other.proof;
    },
  ],
];

describe('verifyUnlock (6 cards)', () => {
  it('accepts the honest proof, and each output is e⁻¹ times its input', () => {
    expect(verifyUnlock(ctx, E, before, honest().cards, honest().proof)).toBe(true);
    honest().cards.forEach((d, i) => expect(d.multiply(e).equals(before[i]!)).toBe(true));
  });

  it.each(cases)('returns false for %s', (_name, tamper) => {
    const s = statement();
    tamper(s);
    let result: boolean | undefined;
    expect(() => (result = verifyUnlock(s.ctx, s.pub, s.before, s.after, s.proof))).not.toThrow();
    expect(result).toBe(false);
  });

  it('accepts a single card', () => {
    const one = proveUnlock(ctx, e, [before[0]!]);
    expect(verifyUnlock(ctx, E, [before[0]!], one.cards, one.proof)).toBe(true);
  });
});

describe('verifyUnlock against a cheating prover that follows the protocol otherwise', () => {
  it('accepts the reference prover when honest', () => {
    const ref = referenceProveUnlock(ctx, e, before);
    expect(verifyUnlock(ctx, E, before, ref.cards, ref.proof)).toBe(true);
  });

  it('returns false when one card is unlocked with a different exponent', () => {
    const after = before.map((c) => c.multiply(invertScalar(e)));
    after[2] = before[2]!.multiply(invertScalar(randomScalar()));
    const ref = referenceProveUnlock(ctx, e, before, after);
    expect(verifyUnlock(ctx, E, before, ref.cards, ref.proof)).toBe(false);
  });

  it('returns false when one card is replaced by a duplicate of another', () => {
    const after = before.map((c) => c.multiply(invertScalar(e)));
    after[5] = after[4]!;
    const ref = referenceProveUnlock(ctx, e, before, after);
    expect(verifyUnlock(ctx, E, before, ref.cards, ref.proof)).toBe(false);
  });

  it('returns false when two shares are exchanged (each valid for the other card)', () => {
    const after = before.map((c) => c.multiply(invertScalar(e)));
    [after[0], after[1]] = [after[1]!, after[0]!];
    const ref = referenceProveUnlock(ctx, e, before, after);
    expect(verifyUnlock(ctx, E, before, ref.cards, ref.proof)).toBe(false);
  });

  it('returns false for one share too many, though the proof binds it and holds for the rest', () => {
    // The equations weigh only as many outputs as inputs: only the count check refuses the extra.
    const after = [...before.map((c) => c.multiply(invertScalar(e))), randomPoint()];
    const ref = referenceProveUnlock(ctx, e, before, after);
    expect(verifyUnlock(ctx, E, before, ref.cards, ref.proof)).toBe(false);
  });
});

describe('proveUnlock', () => {
  it('rejects bad input with a clear error', () => {
    expect(() => proveUnlock(ctx, 0n, before)).toThrow(/secret/);
    expect(() => proveUnlock(ctx, e, [])).toThrow(/cards/);
    expect(() => proveUnlock('ctx' as unknown as Uint8Array, e, before)).toThrow(/^ctx: /);
    expect(() => proveUnlock(ctx, e, [before[0]!, Point.ZERO])).toThrow(/cards\[1\]/);
  });
});
