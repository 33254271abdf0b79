/**
 * Batch verification (batch.ts, equations.ts): honest proofs of every kind
 * pass together; false ones, cheats and malformed ones are named, each as its
 * own verifier finds it alone (one changed element anywhere: batch-tamper.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BatchVerifier,
  ORDER,
  Point,
  deckPoints,
  mulBase,
  observeOperations,
  randomScalar,
  type KeyProof,
} from '../../crypto/index.ts';
import { Equations } from '../../crypto/equations.ts';
import { randomPoint, referenceProveShuffle } from './helpers.ts';
import {
  type Claim,
  add,
  alone,
  bumped,
  copy,
  ctxOf,
  dleqClaim,
  honest,
  keyClaim,
  shuffleClaim,
  unlockClaim,
  verifyBatch,
} from './batch-claims.ts';

describe('batch verification (small-exponent test, Bellare–Garay–Rabin)', () => {
  it('passes a round of honest proofs of every kind, each weighed once', () => {
    const claims = honest();
    expect(claims.map(alone)).toEqual(claims.map(() => true));
    const { verdicts, reports } = verifyBatch(claims);
    expect(verdicts).toEqual(claims.map(() => true));
    expect(reports).toBe(claims.length);
  });

  it('passes honest batches of any make-up (property)', () => {
    const kinds = fc.constantFrom('key', 'unlock', 'dleq', 'shuffle');
    fc.assert(
      fc.property(fc.array(kinds, { minLength: 1, maxLength: 6 }), fc.nat(3), (list, extra) => {
        const claims = list.map((kind, i) =>
          kind === 'key'
            ? keyClaim(i)
            : kind === 'dleq'
              ? dleqClaim(i)
              : kind === 'unlock'
                ? unlockClaim(i, [randomPoint(), ...Array.from({ length: extra }, randomPoint)])
                : shuffleClaim(
                    i,
                    Array.from({ length: extra + 1 }, () => [randomPoint()]),
                  ),
        );
        const { verdicts, reports } = verifyBatch(claims);
        return (
          verdicts.every(Boolean) && verdicts.length === claims.length && reports === claims.length
        );
      }),
      { numRuns: 15 },
    );
  });

  it('catches false proofs whose errors cancel in a plain sum, and names both', () => {
    // s+1 and s−1: unweighted, (s1+1)·G + (s2−1)·G is what the two honest proofs sum to.
    const [a, b] = [keyClaim(1), keyClaim(2)] as Extract<Claim, { kind: 'key' }>[];
    a!.proof = { ...a!.proof, s: bumped(a!.proof.s) };
    b!.proof = { ...b!.proof, s: (b!.proof.s + ORDER - 1n) % ORDER };
    const { verdicts } = verifyBatch([a!, b!, keyClaim(3)]);
    expect(verdicts).toEqual([false, false, true]);
  });

  it('catches a cheating shuffle that follows the protocol otherwise (a duplicated card)', () => {
    const e = randomScalar();
    const X = deckPoints('deck-a', 4).map((p) => [p]);
    const psi = [2, 0, 3, 1];
    const output = psi.map((j) => X[j]!.map((p) => p.multiply(e)));
    output[1] = output[0]!;
    const ctx = ctxOf(9, 'shuffle');
    const ref = referenceProveShuffle(ctx, e, X, { psi, output });
    const cheat: Claim = {
      kind: 'shuffle',
      ctx,
      pub: mulBase(e),
      input: X,
      output: ref.rows,
      proof: ref.proof,
    };
    const claims = [...honest(), cheat];
    expect(verifyBatch(claims).verdicts).toEqual(claims.map((c) => c !== cheat));
  });

  it('answers false, without throwing or checking again, for malformed proofs and the identity', () => {
    const [key, , first] = honest() as [
      Extract<Claim, { kind: 'key' }>,
      Claim,
      Extract<Claim, { kind: 'shuffle' }>,
    ];
    const claims: Claim[] = [
      ...honest(),
      { ...key, pub: Point.ZERO },
      { ...key, proof: { ...key.proof, T: Point.ZERO } },
      { ...key, proof: { ...key.proof, s: key.proof.s + ORDER } },
      { ...key, proof: null as unknown as KeyProof },
      { ...first, output: first.output.slice(1) },
      { ...first, proof: { ...first.proof, sHat: [] } },
    ];
    const { verdicts, reports } = verifyBatch(claims);
    expect(verdicts).toEqual(claims.map((_, i) => i < honest().length));
    // The malformed ones stay out of the sum, which holds: nothing is checked again.
    expect(reports).toBe(claims.length);
  });

  it('checks a lone false proof once, and gives nothing for an empty batch', () => {
    const bad = copy(honest()[0]!) as Extract<Claim, { kind: 'key' }>;
    bad.proof.s = bumped(bad.proof.s);
    expect(verifyBatch([bad])).toEqual({ verdicts: [false], reports: 1 });
    expect(verifyBatch([])).toEqual({ verdicts: [], reports: 0 });
  });

  it('passes the same proof given twice, and one point object given to many proofs', () => {
    const [key, , first, second] = honest();
    expect(verifyBatch([key!, key!, first!, first!, second!]).verdicts).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });
  it("lets an observer's error leave every verifier and a batch, never taken for a false proof", () => {
    const claims = honest();
    const stop = observeOperations(() => {
      throw new Error('observer failed');
    });
    try {
      for (const claim of claims) expect(() => alone(claim)).toThrow('observer failed');
      const batch = new BatchVerifier();
      for (const claim of claims) add(batch, claim);
      expect(() => batch.verify()).toThrow('observer failed');
    } finally {
      stop();
    }
  });
});

describe('Equations (the weighted sum)', () => {
  it('weighs the first equation 1 and every other with a fresh non-zero 128-bit weight', () => {
    const eq = new Equations();
    expect(eq.weight()).toBe(1n);
    const weights = Array.from({ length: 50 }, () => eq.weight());
    expect(weights.every((w) => w > 0n && w < 1n << 128n)).toBe(true);
    expect(new Set(weights).size).toBe(50);
    expect(new Equations().weight()).toBe(1n);
  });

  it('merges the terms of one point object, and holds exactly when the sum is the identity', () => {
    const eq = new Equations();
    const p = randomPoint();
    const q = randomPoint();
    eq.add(p, 3n);
    eq.add(q, ORDER - 2n);
    eq.add(p, -5n);
    expect(eq.size).toBe(2);
    expect(eq.holds()).toBe(false);
    eq.add(p, 2n);
    eq.add(q, 2n);
    expect(eq.holds()).toBe(true);
    expect(new Equations().holds()).toBe(true);
  });
});
