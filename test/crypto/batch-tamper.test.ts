/**
 * Batch verification, every element of every proof of a round changed alone
 * (a point or scalar of a proof, a point of a statement, a context): the batch
 * fails and names that proof only, as its own verifier finds it alone. A case
 * per element, a second or less each: left out of the crypto part's mutation
 * run (batch.test.ts is in it), as protocol.test.ts is.
 */
import { describe, expect, it } from 'vitest';
import { alone, changes, copy, honest, verifyBatch } from './batch-claims.ts';

describe('batch verification, one element changed', () => {
  // Every element of every proof of the round, changed alone: the batch fails (each proof
  // is checked again alone, so reports double) and the verdicts name that proof only.
  const cases = honest().flatMap((claim, index) =>
    changes(claim).map(([name, change]) => ({
      label: `${claim.kind} #${index}: ${name}`,
      index,
      change,
    })),
  );
  it.each(cases)('names exactly the proof with a changed $label', ({ index, change }) => {
    const claims = honest().map((c, i) => {
      if (i !== index) return c;
      const changed = copy(c);
      change(changed);
      return changed;
    });
    expect(alone(claims[index]!)).toBe(false);
    const { verdicts, reports } = verifyBatch(claims);
    expect(verdicts).toEqual(claims.map((_, i) => i !== index));
    expect(reports).toBe(2 * claims.length);
  });
});
