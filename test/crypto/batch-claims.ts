/**
 * The claims of batch.test.ts and batch-tamper.test.ts: a round of honest proofs of every
 * kind, each with what changes one element of it, and the batch's and each proof's
 * own verdicts on them.
 */
import { expect } from 'vitest';
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
import { copyShuffleProof, randomPoint } from './helpers.ts';
import { lazy } from '../lazy.ts';

export type Claim =
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

export const ctxOf = (i: number, what: string) => deriveContext('batch-table', 'deck-a', i, what);

export function keyClaim(i: number): Claim {
  const ctx = ctxOf(i, 'key');
  const { pub, proof } = proveKey(ctx, randomScalar());
  return { kind: 'key', ctx, pub, proof };
}

export function unlockClaim(i: number, before: Point[]): Claim {
  const ctx = ctxOf(i, 'unlock');
  const e = randomScalar();
  const { cards, proof } = proveUnlock(ctx, e, before);
  return { kind: 'unlock', ctx, pub: mulBase(e), before, after: cards, proof };
}

export function dleqClaim(i: number): Claim {
  const ctx = ctxOf(i, 'rekey');
  const g = randomPoint();
  const h = randomPoint();
  const { u, v, proof } = proveDleq(ctx, randomScalar(), g, h);
  return { kind: 'dleq', ctx, g, u, h, v, proof };
}

export function shuffleClaim(i: number, input: Point[][]): Claim {
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

export const honest = lazy(round);

/** A copy of a claim with fresh arrays and ctx, to change one element of. */
export function copy(c: Claim): Claim {
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

/** Adds `c` to `batch` with its verifier's arguments; its index in the batch. */
export function add(batch: BatchVerifier, c: Claim): number {
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
export function alone(c: Claim): boolean {
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
export function verifyBatch(claims: readonly Claim[]): { verdicts: boolean[]; reports: number } {
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

export const moved = (p: Point): Point => p.add(G);
export const bumped = (s: bigint): bigint => (s + 1n) % ORDER;

/** One change per element of a claim: its context, every point of its statement and proof, every scalar. */
export function changes(c: Claim): [string, (c: Claim) => void][] {
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
