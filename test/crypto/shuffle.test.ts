import { describe, expect, it } from 'vitest';
import {
  G,
  ORDER,
  Point,
  deckPoints,
  challenges128,
  deriveContext,
  generatorH,
  invertScalar,
  modL,
  SHUFFLE_U,
  mulBase,
  proveShuffle,
  randomScalar,
  verifyShuffle,
  type ShuffleProof,
} from '../../crypto/index.ts';
import {
  copyRows,
  copyShuffleProof,
  randomPoint,
  randomRows,
  referenceProveShuffle,
  shuffleGamma,
  shuffleSeed,
  type ReferenceOptions,
} from './helpers.ts';
import { lazy } from '../lazy.ts';

const N = 5;
const ctx = deriveContext('table-1', 'deck-a', 3, 'shuffle');
const e = randomScalar();
const E = mulBase(e);
const X = deckPoints('deck-a', N).map((p) => [p]);
const honest = lazy(() => proveShuffle(ctx, e, X));

/** A statement and proof handed to the verifier; each case changes one thing. */
interface Statement {
  ctx: Uint8Array;
  pub: Point;
  input: Point[][];
  output: Point[][];
  proof: ShuffleProof;
}

function statement(): Statement {
  return {
    ctx: ctx.slice(),
    pub: E,
    input: copyRows(X),
    output: copyRows(honest().rows),
    proof: copyShuffleProof(honest().proof),
  };
}

function verify(s: Statement): boolean {
  return verifyShuffle(s.ctx, s.pub, s.input, s.output, s.proof);
}

/** Loosens types so a case can put malformed values where the verifier expects good ones. */
function loose<T>(x: T): Record<string, unknown> {
  return x as unknown as Record<string, unknown>;
}

const pointFields = ['t1', 't2', 't3', 't5'] as const;
const pointListFields = ['c', 'cHat', 't4', 'tHat'] as const;
const scalarFields = ['s1', 's2', 's3', 'se'] as const;
const scalarListFields = ['sHat', 'sPrime'] as const;

type Case = [name: string, tamper: (s: Statement) => void];

/**
 * A fresh shuffle of X into a different order from `output`: with N = 5, one
 * fresh shuffle in 120 repeats the order, and a proof of the same statement
 * rightly verifies.
 */
function anotherOrder(output: Point[][]): { rows: Point[][]; proof: ShuffleProof } {
  for (;;) {
    const shuffle = proveShuffle(ctx, e, X);
    if (shuffle.rows.some((row, i) => !row[0]!.equals(output[i]![0]!))) return shuffle;
  }
}

const cases: Case[] = [
  ['a changed output point', (s) => (s.output[2]![0] = randomPoint())],
  ['one card replaced by a duplicate of another', (s) => (s.output[1] = s.output[0]!)],
  [
    'one card multiplied by a different exponent',
    (s) => (s.output[3]![0] = s.output[3]![0]!.multiply(randomScalar())),
  ],
  [
    'two outputs swapped after proving',
    (s) => ([s.output[0], s.output[1]] = [s.output[1]!, s.output[0]!]),
  ],
  ['a changed input point', (s) => (s.input[4]![0] = randomPoint())],
  ['two inputs swapped', (s) => ([s.input[0], s.input[2]] = [s.input[2]!, s.input[0]!])],
  ['a wrong pub', (s) => (s.pub = mulBase(randomScalar()))],
  ['pub of the inverse secret', (s) => (s.pub = mulBase(invertScalar(e)))],
  ['a changed ctx byte', (s) => (s.ctx = Uint8Array.from(s.ctx, (b, i) => (i === 0 ? b ^ 1 : b)))],
  ['a longer ctx', (s) => (s.ctx = Uint8Array.of(...s.ctx, 0))],
  ['an empty ctx', (s) => (s.ctx = new Uint8Array(0))],
  ['the identity as pub', (s) => (s.pub = Point.ZERO)],
  ['the identity as an output point', (s) => (s.output[0]![0] = Point.ZERO)],
  ['the identity as an input point', (s) => (s.input[1]![0] = Point.ZERO)],
  ['the identity as t1', (s) => (s.proof.t1 = Point.ZERO)],
  ['the identity in c', (s) => (s.proof.c[0] = Point.ZERO)],
  ['the identity in cHat', (s) => (s.proof.cHat[N - 1] = Point.ZERO)],
  ['an output row missing', (s) => s.output.pop()],
  ['an extra output row', (s) => s.output.push([randomPoint()])],
  ['an input row missing', (s) => s.input.pop()],
  ['an output row too wide', (s) => s.output[0]!.push(randomPoint())],
  ['an output row empty', (s) => (s.output[0] = [])],
  ['no rows at all', (s) => ((s.input = []), (s.output = []))],
  ['c one short', (s) => s.proof.c.pop()],
  ['cHat one long', (s) => s.proof.cHat.push(randomPoint())],
  ['tHat one short', (s) => s.proof.tHat.pop()],
  ['t4 one long', (s) => s.proof.t4.push(randomPoint())],
  ['t4 empty', (s) => (s.proof.t4 = [])],
  ['sHat one short', (s) => s.proof.sHat.pop()],
  ['sPrime one long', (s) => s.proof.sPrime.push(1n)],
  ['a proof field missing', (s) => delete loose(s.proof).se],
  ['a point field of the wrong type', (s) => (loose(s.proof).t2 = 'not a point')],
  ['a scalar given as a number', (s) => (loose(s.proof).s1 = 1)],
  ['a point array that is not an array', (s) => (loose(s.proof).c = {})],
  ['a proof that is null', (s) => (s.proof = null as unknown as ShuffleProof)],
  ['rows that are not arrays', (s) => (s.output = 'rows' as unknown as Point[][])],
  ['a ctx that is not bytes', (s) => (s.ctx = 'ctx' as unknown as Uint8Array)],
  // Every proof field, one at a time.
  ...pointFields.map((f): Case => [
    `proof field ${f} changed`,
    (s) => (s.proof[f] = randomPoint()),
  ]),
  ...pointListFields.flatMap((f): Case[] => [
    [`proof field ${f}[0] changed`, (s) => (s.proof[f][0] = randomPoint())],
    [`proof field ${f}[last] changed`, (s) => (s.proof[f][s.proof[f].length - 1] = randomPoint())],
  ]),
  ...scalarFields.flatMap((f): Case[] => [
    [`proof field ${f} + 1`, (s) => (s.proof[f] = (s.proof[f] + 1n) % ORDER)],
    [`proof field ${f} + ℓ (non-canonical)`, (s) => (s.proof[f] = s.proof[f] + ORDER)],
    [`proof field ${f} negative`, (s) => (s.proof[f] = s.proof[f] - ORDER)],
  ]),
  ...scalarListFields.flatMap((f): Case[] => [
    [`proof field ${f}[0] + 1`, (s) => (s.proof[f][0] = (s.proof[f][0]! + 1n) % ORDER)],
    [`proof field ${f}[last] + 1`, (s) => (s.proof[f][N - 1] = (s.proof[f][N - 1]! + 1n) % ORDER)],
    [`proof field ${f}[1] + ℓ (non-canonical)`, (s) => (s.proof[f][1] = s.proof[f][1]! + ORDER)],
  ]),
  // Each pair leaves the sum of G's coefficients as it was: only a verifier that weighs
  // the equations with independent random weights, not all 1, tells them from honest ones.
  [
    'sHat[0] + 1 offset by sHat[1] − 1',
    (s) => {
      s.proof.sHat[0] = (s.proof.sHat[0]! + 1n) % ORDER;
      s.proof.sHat[1] = (s.proof.sHat[1]! - 1n + ORDER) % ORDER;
    },
  ],
  [
    's1 + 1 offset by s2 − 1',
    (s) => {
      s.proof.s1 = (s.proof.s1 + 1n) % ORDER;
      s.proof.s2 = (s.proof.s2 - 1n + ORDER) % ORDER;
    },
  ],
  [
    'the proof of another shuffle of the same deck',
    (s) => (s.proof = anotherOrder(s.output).proof),
  ],
  [
    'the output of another shuffle with this proof',
    (s) => (s.output = anotherOrder(s.output).rows),
  ],
];

describe('verifyShuffle (N = 5, W = 1)', () => {
  it('accepts the honest proof', () => {
    expect(verify(statement())).toBe(true);
  });

  it('outputs a permutation of the inputs, each multiplied by the secret', () => {
    const expected = X.map((r) => r[0]!.multiply(e).toHex()).sort();
    expect(
      honest()
        .rows.map((r) => r[0]!.toHex())
        .sort(),
    ).toEqual(expected);
  });

  it.each(cases)('returns false for %s', (_name, tamper) => {
    const s = statement();
    tamper(s);
    let result: boolean | undefined;
    expect(() => (result = verify(s))).not.toThrow();
    expect(result).toBe(false);
  });
});

describe('verifyShuffle against a cheating prover that follows the protocol otherwise', () => {
  const psi = [2, 0, 4, 1, 3];

  it('accepts an honest proof from the reference prover (written from docs/shuffle-proof.md)', () => {
    const ref = referenceProveShuffle(ctx, e, X, { psi });
    expect(ref.rows.map((r) => r[0]!.toHex())).toEqual(
      psi.map((j) => X[j]![0]!.multiply(e).toHex()),
    );
    expect(verifyShuffle(ctx, E, X, ref.rows, ref.proof)).toBe(true);
  });

  it('returns false when one card is replaced by a duplicate of another', () => {
    const output = psi.map((j) => X[j]!.map((p) => p.multiply(e)));
    output[1] = output[0]!;
    const ref = referenceProveShuffle(ctx, e, X, { psi, output });
    expect(verifyShuffle(ctx, E, X, ref.rows, ref.proof)).toBe(false);
  });

  it('returns false when one card is multiplied by a different exponent', () => {
    const exponents = psi.map(() => e);
    exponents[2] = randomScalar();
    const ref = referenceProveShuffle(ctx, e, X, { psi, exponents });
    expect(verifyShuffle(ctx, E, X, ref.rows, ref.proof)).toBe(false);
  });

  it('returns false when the outputs are not the committed permutation', () => {
    const output = [1, 0, 4, 2, 3].map((j) => X[j]!.map((p) => p.multiply(e)));
    const ref = referenceProveShuffle(ctx, e, X, { psi, output });
    expect(verifyShuffle(ctx, E, X, ref.rows, ref.proof)).toBe(false);
  });
});

/**
 * Proofs whose equations hold but whose shape is wrong. The transcript binds one point
 * more than any equation weighs (a card added to the deck, a component added to every
 * card, one commitment more), or a zero nonce puts the identity in the proof. Only the
 * verifier's checks of lengths, widths and identities refuse them.
 */
describe('verifyShuffle refuses a proof that holds but is malformed', () => {
  const attacks: [string, ReferenceOptions][] = [
    ['a card added to the output', { extend: 'output rows' }],
    ['a component added to every output card', { extend: 'output width' }],
    ['one commitment c more', { extend: 'c' }],
    ['one cHat more', { extend: 'cHat' }],
    ['one t4 more', { extend: 't4' }],
    ['one tHat more', { extend: 'tHat' }],
    ['t1 the identity (w1 = 0)', { zeroNonce: 'w1' }],
    ["tHat[0] the identity (ŵ_0 = w'_0 = 0)", { zeroNonce: 'tHat0' }],
  ];

  it.each(attacks)('%s', (_name, opts) => {
    const ref = referenceProveShuffle(ctx, e, X, { psi: [2, 0, 4, 1, 3], ...opts });
    expect(verifyShuffle(ctx, E, X, ref.rows, ref.proof)).toBe(false);
  });
});

describe('verifyShuffle with width-2 rows (hand re-mask of (C, K) pairs)', () => {
  const rows = randomRows(4, 2);
  const r = randomScalar();
  const R = mulBase(r);
  const ctx2 = deriveContext('table-1', 'remask', 9);
  const remask = lazy(() => proveShuffle(ctx2, r, rows));

  it('accepts the honest proof and moves both components together', () => {
    expect(verifyShuffle(ctx2, R, rows, remask().rows, remask().proof)).toBe(true);
    const pairs = (rs: Point[][]) => rs.map(([a, b]) => `${a!.toHex()}/${b!.toHex()}`).sort();
    expect(pairs(remask().rows)).toEqual(pairs(rows.map((row) => row.map((p) => p.multiply(r)))));
  });

  const second: Case[] = [
    ['the second component replaced', (s) => (s.output[1]![1] = randomPoint())],
    [
      'the second component under another exponent',
      (s) => (s.output[2]![1] = s.output[2]![1]!.multiply(randomScalar())),
    ],
    [
      'second components swapped between two rows',
      (s) => ([s.output[0]![1], s.output[3]![1]] = [s.output[3]![1]!, s.output[0]![1]!]),
    ],
    [
      'the second component duplicated from another row',
      (s) => (s.output[0]![1] = s.output[1]![1]!),
    ],
    ['the identity as a second component', (s) => (s.output[3]![1] = Point.ZERO)],
    ['a width-1 output for width-2 input', (s) => (s.output = s.output.map((row) => [row[0]!]))],
    ['t4[1] changed', (s) => (s.proof.t4[1] = randomPoint())],
  ];

  it.each(second)('returns false for %s', (_name, tamper) => {
    const s: Statement = {
      ctx: ctx2,
      pub: R,
      input: copyRows(rows),
      output: copyRows(remask().rows),
      proof: copyShuffleProof(remask().proof),
    };
    tamper(s);
    expect(verify(s)).toBe(false);
  });

  it('returns false for a cheating prover changing only a second component', () => {
    const psi = [3, 1, 0, 2];
    const output = psi.map((j) => rows[j]!.map((p) => p.multiply(r)));
    output[1]![1] = rows[psi[1]!]![1]!.multiply(randomScalar());
    const ref = referenceProveShuffle(ctx2, r, rows, { psi, output });
    expect(verifyShuffle(ctx2, R, rows, ref.rows, ref.proof)).toBe(false);
  });
});

describe('proveShuffle', () => {
  it('rejects bad input with a clear error', () => {
    expect(() => proveShuffle(ctx, 0n, X)).toThrow(/secret/);
    expect(() => proveShuffle(ctx, ORDER, X)).toThrow(/secret/);
    expect(() => proveShuffle(ctx, e, [])).toThrow('rows: expected >= 1 row');
    expect(() => proveShuffle(ctx, e, [[G], [G, G]])).toThrow('rows[1]: expected a row of width 1');
    expect(() => proveShuffle(ctx, e, [[G], [Point.ZERO]])).toThrow(
      'rows[1][0]: the identity point is not allowed',
    );
    expect(() => proveShuffle(ctx, e, [[]])).toThrow('rows: rows must have width >= 1');
    expect(() => proveShuffle('ctx' as unknown as Uint8Array, e, X)).toThrow(
      'ctx: expected a Uint8Array',
    );
  });

  it('draws a fresh order each time (all 6 orders of 3 cards show up)', () => {
    const deck = deckPoints('order', 3).map((p) => [p]);
    const name = new Map(deck.map((row, j) => [row[0]!.multiply(2n).toHex(), j]));
    const seen = new Set<string>();
    // 120 runs: the chance that one of the 6 orders never shows is about 6·(5/6)^120 < 10⁻⁸.
    for (let k = 0; k < 120 && seen.size < 6; k++) {
      seen.add(
        proveShuffle(ctx, 2n, deck)
          .rows.map((row) => name.get(row[0]!.toHex()))
          .join(''),
      );
    }
    expect([...seen].sort()).toEqual(['012', '021', '102', '120', '201', '210']);
  });
});

/**
 * The responses ŝ_i = ŵ_i + γ·r̂_i hide r̂_i only while the nonces ŵ_i are fresh. A
 * prover that reuses r̂ as ŵ still verifies (the verifier checks equations, not where
 * nonces came from), but then anyone reads r̂_0 = ŝ_0/(1+γ) from the proof, and with it
 * u'_0·H = ĉ_0 − r̂_0·G, which names the input row that went first. So the test is the
 * observer's attack itself.
 */
describe('proveShuffle keeps the order secret from what it publishes', () => {
  /** The input row an observer finds at output 0 if ŵ_0 = r̂_0; -1 when the proof hides it. */
  function leakedFirst(rows: Point[][], proof: ShuffleProof): number {
    const seed = shuffleSeed(ctx, E, X, rows, proof.c);
    const u = challenges128(SHUFFLE_U, seed, N);
    const gamma = shuffleGamma(seed, proof);
    const rHat0 = modL(proof.sHat[0]! * invertScalar(modL(gamma + 1n)));
    const rest = proof.cHat[0]!.subtract(G.multiply(rHat0));
    return u.findIndex((uj) => generatorH().multiply(uj).equals(rest));
  }

  it('a prover reusing r̂ as the nonces of t̂ verifies, and gives its first row away', () => {
    const psi = [3, 0, 4, 1, 2];
    const leaky = referenceProveShuffle(ctx, e, X, { psi, wHat: (rHat) => rHat });
    expect(verifyShuffle(ctx, E, X, leaky.rows, leaky.proof)).toBe(true);
    expect(leakedFirst(leaky.rows, leaky.proof)).toBe(3);
  });

  it("proveShuffle's proofs give the first row away to no one", () => {
    const { rows, proof } = proveShuffle(ctx, e, X);
    expect(verifyShuffle(ctx, E, X, rows, proof)).toBe(true);
    expect(leakedFirst(rows, proof)).toBe(-1);
  });
});
