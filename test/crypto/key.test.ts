import { describe, expect, it } from 'vitest';
import {
  G,
  ORDER,
  Point,
  deriveContext,
  mulBase,
  proveKey,
  randomScalar,
  verifyKey,
  type KeyProof,
} from '../../crypto/index.ts';
import { randomPoint } from './helpers.ts';
import { lazy } from '../lazy.ts';

const ctx = deriveContext('table-1', 'deck-a', 'player-2', 'key');
const e = randomScalar();
const honest = lazy(() => proveKey(ctx, e));

interface Statement {
  ctx: Uint8Array;
  pub: Point;
  proof: KeyProof;
}

type Case = [name: string, tamper: (s: Statement) => void];

const cases: Case[] = [
  ['a changed output (pub) point', (s) => (s.pub = randomPoint())],
  ['a wrong pub: another player key', (s) => (s.pub = proveKey(ctx, randomScalar()).pub)],
  ['pub doubled (a different exponent)', (s) => (s.pub = s.pub.double())],
  ['pub negated', (s) => (s.pub = s.pub.negate())],
  ['a changed ctx', (s) => (s.ctx = deriveContext('table-1', 'deck-a', 'player-3', 'key'))],
  ['an empty ctx', (s) => (s.ctx = new Uint8Array(0))],
  ['proof field T changed', (s) => (s.proof.T = randomPoint())],
  ['proof field s + 1', (s) => (s.proof.s = (s.proof.s + 1n) % ORDER)],
  ['proof field s + ℓ (non-canonical)', (s) => (s.proof.s += ORDER)],
  ['proof field s negative', (s) => (s.proof.s -= ORDER)],
  ['the identity as pub', (s) => (s.pub = Point.ZERO)],
  ['the identity as T', (s) => (s.proof.T = Point.ZERO)],
  ['the proof of another key', (s) => (s.proof = proveKey(ctx, randomScalar()).proof)],
  ['a proof that is null', (s) => (s.proof = null as unknown as KeyProof)],
  ['a proof with a hex string for T', (s) => (s.proof = { ...s.proof, T: G.toHex() as never })],
  ['a pub that is not a point', (s) => (s.pub = new Uint8Array(32) as unknown as Point)],
];

describe('verifyKey (Schnorr)', () => {
  it('accepts the honest proof, and pub = e·G', () => {
    expect(honest().pub.equals(mulBase(e))).toBe(true);
    expect(verifyKey(ctx, honest().pub, honest().proof)).toBe(true);
  });

  it.each(cases)('returns false for %s', (_name, tamper) => {
    const s: Statement = { ctx: ctx.slice(), pub: honest().pub, proof: { ...honest().proof } };
    tamper(s);
    let result: boolean | undefined;
    expect(() => (result = verifyKey(s.ctx, s.pub, s.proof))).not.toThrow();
    expect(result).toBe(false);
  });

  it('refuses a key proof for the identity, though its equation holds for any s', () => {
    // s·G − γ·O − T = O for T = s·G whatever γ is: only the identity check stands in the way.
    const s = randomScalar();
    expect(verifyKey(ctx, Point.ZERO, { T: mulBase(s), s })).toBe(false);
  });

  it('rejects a secret out of range', () => {
    expect(() => proveKey(ctx, 0n)).toThrow(/secret/);
    expect(() => proveKey(ctx, ORDER)).toThrow(/secret/);
    expect(() => proveKey(ctx, -1n)).toThrow(/secret/);
    expect(() => proveKey('ctx' as unknown as Uint8Array, 5n)).toThrow(/^ctx: /);
  });
});
