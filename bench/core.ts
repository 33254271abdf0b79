/**
 * The crypto benchmark itself, runtime-agnostic: Node runs it directly
 * (bench/main.ts) and headless Chromium runs the same code bundled
 * (bench/browser.ts, by bench/crypto.ts). It measures, never asserts.
 */
import {
  decodeRows,
  decodeShuffleProof,
  decodeUnlockProof,
  deckPoints,
  deriveContext,
  encodeRows,
  encodeShuffleProof,
  encodeUnlockProof,
  mulBase,
  proveShuffle,
  proveUnlock,
  randomScalar,
  verifyShuffle,
  verifyUnlock,
  type Point,
} from '../crypto/index.ts';
import { median, textTable } from './text.ts';

/** One measured operation: median milliseconds and its cost in variable-base multiplications. */
export interface Figure {
  name: string;
  /** Median wall time in milliseconds. */
  ms: number;
  /** `ms` divided by the median time of one variable-base `multiply` over the whole run. */
  mults: number;
  /** `mults` divided by the number of cards (shuffle only). */
  perCard?: number;
  runs: number;
}

/** Everything one runtime reports. */
export interface BenchResult {
  runtime: string;
  /** Median ms of one constant-time variable-base `Point.multiply` (the unit), over the whole run. */
  mulMs: number;
  /** Median ms of one variable-time `Point.multiplyUnsafe`, for reference. */
  mulUnsafeMs: number;
  figures: Figure[];
}

/**
 * Times `runs` samples of `op`, each followed by one sample of the unit (16
 * variable-base multiplications), so the unit is sampled throughout the run in
 * the same JIT and machine state. A sample repeats a fast `op` until it lasts
 * about 10 ms, so the coarse browser clock (0.1 ms) costs at most 1%.
 */
function sample(runs: number, op: () => void, unit: () => number, units: number[]): number {
  const t0 = performance.now();
  op();
  const reps = Math.max(1, Math.ceil(10 / Math.max(performance.now() - t0, 0.1)));
  const ops: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    for (let k = 0; k < reps; k++) op();
    ops.push((performance.now() - t) / reps);
    units.push(unit());
  }
  return median(ops);
}

function randomPoints(n: number): Point[] {
  return Array.from({ length: n }, () => mulBase(randomScalar()));
}

/** Runs the whole benchmark; `log` receives progress lines. */
export function runBench(runtime: string, log: (line: string) => void = () => {}): BenchResult {
  const pts = randomPoints(16);
  const scalars = pts.map(() => randomScalar());
  const perMult = (mul: (p: Point, s: bigint) => Point) => (): number => {
    const t = performance.now();
    for (let i = 0; i < pts.length; i++) mul(pts[i]!, scalars[i]!);
    return (performance.now() - t) / pts.length;
  };
  const unit = perMult((p, s) => p.multiply(s));
  const unitUnsafe = perMult((p, s) => p.multiplyUnsafe(s));

  const decks = [52, 16].map((n) => {
    const deckId = `bench-${n}`;
    const e = randomScalar();
    return {
      n,
      input: deckPoints(deckId, n).map((p) => [p]),
      e,
      E: mulBase(e),
      ctx: deriveContext('bench', deckId, 1),
    };
  });
  const hand = randomPoints(13);
  const ue = randomScalar();
  const uE = mulBase(ue);
  const uctx = deriveContext('bench', 'unlock');

  // Warm up until the JIT has settled (Chromium tiers up later than Node):
  // tables for G and H, generator and card caches, every code path below.
  const warmUntil = performance.now() + 2500;
  do {
    for (const d of decks) {
      const s = proveShuffle(d.ctx, d.e, d.input);
      verifyShuffle(d.ctx, d.E, d.input, decodeRows(encodeRows(s.rows)), s.proof);
    }
    const u = proveUnlock(uctx, ue, hand);
    verifyUnlock(uctx, uE, hand, u.cards, u.proof);
    unit();
    unitUnsafe();
  } while (performance.now() < warmUntil);

  const units: number[] = [];
  const timed: { name: string; ms: number; runs: number; cards?: number }[] = [];
  const run = (name: string, runs: number, op: () => void, cards?: number): void => {
    const ms = sample(runs, op, unit, units);
    timed.push({ name, ms, runs, cards });
    log(`${runtime}: ${name} ${ms.toFixed(2)} ms`);
  };

  for (const { n, input, e, E, ctx } of decks) {
    const runs = n === 52 ? 15 : 25;
    let last = proveShuffle(ctx, e, input);
    run(`proveShuffle N=${n}`, runs, () => (last = proveShuffle(ctx, e, input)), n);
    // The verifier sees what came over the wire: decoding is timed apart from verifyShuffle.
    const proofBytes = encodeShuffleProof(last.proof);
    const rowBytes = encodeRows(last.rows);
    const decode = (): void => {
      decodeShuffleProof(proofBytes);
      decodeRows(rowBytes);
    };
    run(`decode output+proof N=${n}`, runs, decode, n);
    const proof = decodeShuffleProof(proofBytes);
    const output = decodeRows(rowBytes);
    let ok = true;
    run(
      `verifyShuffle N=${n}`,
      runs,
      () => (ok = verifyShuffle(ctx, E, input, output, proof) && ok),
      n,
    );
    if (!ok) throw new Error('bench: an honest shuffle proof did not verify');
  }

  let unlocked = proveUnlock(uctx, ue, hand);
  run('proveUnlock 13 cards', 25, () => (unlocked = proveUnlock(uctx, ue, hand)));
  const after = decodeRows(encodeRows(unlocked.cards.map((p) => [p]))).map((r) => r[0]!);
  const uproof = decodeUnlockProof(encodeUnlockProof(unlocked.proof));
  let ok = true;
  run('verifyUnlock 13 cards', 25, () => (ok = verifyUnlock(uctx, uE, hand, after, uproof) && ok));
  if (!ok) throw new Error('bench: an honest unlock proof did not verify');

  const mulMs = median(units);
  const figures = timed.map(({ name, ms, runs, cards }): Figure => {
    const mults = ms / mulMs;
    return cards === undefined
      ? { name, ms, mults, runs }
      : { name, ms, mults, runs, perCard: mults / cards };
  });
  return { runtime, mulMs, mulUnsafeMs: median(Array.from({ length: 15 }, unitUnsafe)), figures };
}

/** A text table of one runtime's results. */
export function formatResult(r: BenchResult): string {
  return [
    `  ${r.runtime}: unit = one variable-base noble Point.multiply, median ${r.mulMs.toFixed(3)} ms ` +
      `(multiplyUnsafe ${r.mulUnsafeMs.toFixed(3)} ms), sampled between the runs below`,
    '',
    textTable(
      ['operation', 'median ms', '× unit', '× unit per card', 'runs'],
      r.figures.map((f) => [
        f.name,
        f.ms.toFixed(2),
        f.mults.toFixed(1),
        f.perCard === undefined ? '' : f.perCard.toFixed(2),
        String(f.runs),
      ]),
    ),
  ].join('\n');
}
