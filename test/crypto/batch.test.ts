/**
 * Batch verification (batch.ts, equations.ts): honest proofs of every kind
 * pass together, and one changed element anywhere in a batch (a point or
 * scalar of a proof, a point of a statement, a context) makes the batch fail
 * and its proof, and only it, false, as its own verifier finds it alone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BatchVerifier,
  G,
  ORDER,
  Point,
  deckPoints,
  deriveContext,
  mulBase,
  observeOperations,
  proveDleq,
  proveKey,
  proveShuffle,
  proveUnlock,
  randomScalar,
  verifyDleq,
  verifyKey,
  verifyShuffle,
  verifyUnlock,
  type DleqProof,
  type KeyProof,
  type ShuffleProof,
  type UnlockProof,
} from '../../crypto/index.ts';
import { Equations } from '../../crypto/equations.ts';
import { copyShuffleProof, randomPoint, referenceProveShuffle } from './helpers.ts';
import { lazy } from '../lazy.ts';

type Claim =
  | { kind: 'key'; ctx: Uint8Array; pub: Point; proof: KeyProof }
  | {
      kind: 'unlock';
      ctx: Uint8Array;
      pub: Point;
      before: Point[];
      after: Point[];
      proof: UnlockProof;
    }
  | { kind: 'dleq'; ctx: Uint8Array; g: Point; u: Point; h: Point; v: Point; proof: DleqProof }
  | {
      kind: 'shuffle';
      ctx: Uint8Array;
      pub: Point;
      input: Point[][];
      output: Point[][];
      proof: ShuffleProof;
    };

const ctxOf = (i: number, what: string) => deriveContext('batch-table', 'deck-a', i, what);

function keyClaim(i: number): Claim {
  const ctx = ctxOf(i, 'key');
  const { pub, proof } = proveKey(ctx, randomScalar());
  return { kind: 'key', ctx, pub, proof };
}

function unlockClaim(i: number, before: Point[]): Claim {
  const ctx = ctxOf(i, 'unlock');
  const e = randomScalar();
  const { cards, proof } = proveUnlock(ctx, e, before);
  return { kind: 'unlock', ctx, pub: mulBase(e), before, after: cards, proof };
}

function dleqClaim(i: number): Claim {
  const ctx = ctxOf(i, 'rekey');
  const g = randomPoint();
  const h = randomPoint();
  const { u, v, proof } = proveDleq(ctx, randomScalar(), g, h);
  return { kind: 'dleq', ctx, g, u, h, v, proof };
}

function shuffleClaim(i: number, input: Point[][]): Claim {
  const ctx = ctxOf(i, 'shuffle');
  const e = randomScalar();
  const { rows, proof } = proveShuffle(ctx, e, input);
  return { kind: 'shuffle', ctx, pub: mulBase(e), input, output: rows, proof };
}

/**
 * A round of every kind: keys, a width-2 re-mask, a deck shuffled by two seats
 * in turn (the second one's input is the first one's output, the same point
 * objects, so those points weigh once), an unlock of that deck's cards, re-keys.
 */
function round(): Claim[] {
  const deck = deckPoints('deck-a', 3).map((p) => [p]);
  const first = shuffleClaim(3, deck);
  const second = shuffleClaim(4, (first as { output: Point[][] }).output);
  const shuffled = (second as { output: Point[][] }).output.map((row) => row[0]!);
  const pairs = Array.from({ length: 3 }, () => [randomPoint(), randomPoint()]);
  return [
    keyClaim(1),
    shuffleClaim(2, pairs),
    first,
    second,
    unlockClaim(5, shuffled),
    dleqClaim(6),
    keyClaim(7),
  ];
}

const honest = lazy(round);

/** A copy of a claim with fresh arrays and ctx, to change one element of. */
function copy(c: Claim): Claim {
  const ctx = c.ctx.slice();
  switch (c.kind) {
    case 'key':
      return { ...c, ctx, proof: { ...c.proof } };
    case 'dleq':
      return { ...c, ctx, proof: { ...c.proof } };
    case 'unlock':
      return { ...c, ctx, before: c.before.slice(), after: c.after.slice(), proof: { ...c.proof } };
    case 'shuffle':
      return {
        ...c,
        ctx,
        input: c.input.map((r) => r.slice()),
        output: c.output.map((r) => r.slice()),
        proof: copyShuffleProof(c.proof),
      };
  }
}

function add(batch: BatchVerifier, c: Claim): number {
  switch (c.kind) {
    case 'key':
      return batch.key(c.ctx, c.pub, c.proof);
    case 'unlock':
      return batch.unlock(c.ctx, c.pub, c.before, c.after, c.proof);
    case 'dleq':
      return batch.dleq(c.ctx, c.g, c.u, c.h, c.v, c.proof);
    case 'shuffle':
      return batch.shuffle(c.ctx, c.pub, c.input, c.output, c.proof);
  }
}

/** The claim's own verifier, alone. */
function alone(c: Claim): boolean {
  switch (c.kind) {
    case 'key':
      return verifyKey(c.ctx, c.pub, c.proof);
    case 'unlock':
      return verifyUnlock(c.ctx, c.pub, c.before, c.after, c.proof);
    case 'dleq':
      return verifyDleq(c.ctx, c.g, c.u, c.h, c.v, c.proof);
    case 'shuffle':
      return verifyShuffle(c.ctx, c.pub, c.input, c.output, c.proof);
  }
}

/** Verdicts of a batch of `claims`, and how many verifier calls it reported (one per proof weighed). */
function verifyBatch(claims: readonly Claim[]): { verdicts: boolean[]; reports: number } {
  let reports = 0;
  const stop = observeOperations(() => (reports += 1));
  try {
    const batch = new BatchVerifier();
    claims.forEach((c, i) => expect(add(batch, c)).toBe(i));
    expect(batch.size).toBe(claims.length);
    return { verdicts: batch.verify(), reports };
  } finally {
    stop();
  }
}

const moved = (p: Point): Point => p.add(G);
const bumped = (s: bigint): bigint => (s + 1n) % ORDER;

/** One change per element of a claim: its context, every point of its statement and proof, every scalar. */
function changes(c: Claim): [string, (c: Claim) => void][] {
  const each = <T>(n: number, name: string, f: (c: T, i: number) => void) =>
    Array.from({ length: n }, (_, i): [string, (c: Claim) => void] => [
      `${name}[${i}]`,
      (x) => f(x as T, i),
    ]);
  const common: [string, (c: Claim) => void][] = [['ctx', (x) => (x.ctx[0]! ^= 1)]];
  switch (c.kind) {
    case 'key': {
      type K = Extract<Claim, { kind: 'key' }>;
      return [
        ...common,
        ['pub', (x) => ((x as K).pub = moved((x as K).pub))],
        ['T', (x) => ((x as K).proof.T = moved((x as K).proof.T))],
        ['s', (x) => ((x as K).proof.s = bumped((x as K).proof.s))],
      ];
    }
    case 'dleq': {
      type D = Extract<Claim, { kind: 'dleq' }>;
      return [
        ...common,
        ...(['g', 'u', 'h', 'v'] as const).map((k): [string, (c: Claim) => void] => [
          k,
          (x) => ((x as D)[k] = moved((x as D)[k])),
        ]),
        ['T1', (x) => ((x as D).proof.T1 = moved((x as D).proof.T1))],
        ['T2', (x) => ((x as D).proof.T2 = moved((x as D).proof.T2))],
        ['s', (x) => ((x as D).proof.s = bumped((x as D).proof.s))],
      ];
    }
    case 'unlock': {
      type U = Extract<Claim, { kind: 'unlock' }>;
      return [
        ...common,
        ['pub', (x) => ((x as U).pub = moved((x as U).pub))],
        ...each<U>(c.before.length, 'before', (x, i) => (x.before[i] = moved(x.before[i]!))),
        ...each<U>(c.after.length, 'after', (x, i) => (x.after[i] = moved(x.after[i]!))),
        ['T1', (x) => ((x as U).proof.T1 = moved((x as U).proof.T1))],
        ['T2', (x) => ((x as U).proof.T2 = moved((x as U).proof.T2))],
        ['s', (x) => ((x as U).proof.s = bumped((x as U).proof.s))],
      ];
    }
    case 'shuffle': {
      type S = Extract<Claim, { kind: 'shuffle' }>;
      const n = c.input.length;
      const w = c.input[0]!.length;
      const rows = (name: 'input' | 'output') =>
        Array.from({ length: n * w }, (_, at): [string, (c: Claim) => void] => [
          `${name}[${Math.floor(at / w)}][${at % w}]`,
          (x) => {
            const row = (x as S)[name][Math.floor(at / w)]!;
            row[at % w] = moved(row[at % w]!);
          },
        ]);
      const points = (['c', 'cHat', 'tHat', 't4'] as const).flatMap((k) =>
        each<S>(c.proof[k].length, k, (x, i) => (x.proof[k][i] = moved(x.proof[k][i]!))),
      );
      const scalars = (['sHat', 'sPrime'] as const).flatMap((k) =>
        each<S>(n, k, (x, i) => (x.proof[k][i] = bumped(x.proof[k][i]!))),
      );
      return [
        ...common,
        ['pub', (x) => ((x as S).pub = moved((x as S).pub))],
        ...rows('input'),
        ...rows('output'),
        ...points,
        ...(['t1', 't2', 't3', 't5'] as const).map((k): [string, (c: Claim) => void] => [
          k,
          (x) => ((x as S).proof[k] = moved((x as S).proof[k])),
        ]),
        ...(['s1', 's2', 's3', 'se'] as const).map((k): [string, (c: Claim) => void] => [
          k,
          (x) => ((x as S).proof[k] = bumped((x as S).proof[k])),
        ]),
        ...scalars,
      ];
    }
  }
}

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
