/**
 * Batch verification side by side (issue 28): the same proofs checked one by
 * one (`runCheck`, each its own MSM, as before batching) and together
 * (`runChecks`: one batch, one MSM), alternating in one run; and tables set
 * up in memory with a pool that batches the checks asked together and with
 * one that checks each alone (`PoolOptions.batchChecks`), alternating, on
 * the same seeds. It measures, never asserts.
 */
import {
  deckPoints,
  deriveContext,
  encodeDleqProof,
  encodeKeyProof,
  encodePoint,
  encodeShuffleProof,
  encodeUnlockProof,
  invertScalar,
  modL,
  mulBase,
  proveDleq,
  proveKey,
  proveShuffle,
  proveUnlock,
  randomScalar,
  type Point,
} from '../crypto/index.ts';
import {
  checkId,
  dleqCheck,
  keyCheck,
  runCheck,
  runChecks,
  shuffleCheck,
  unlockCheck,
  type CheckJob,
} from '../src/engine/table/checks.ts';
import { InThreadPool } from '../src/net/pool.ts';
import type { CheckDone } from '../src/net/work.ts';
import { label, runTable, type TableSpec } from './tables.ts';
import { median, ms, textTable } from './text.ts';

/** One side-by-side figure: medians of each way, in ms. */
export interface BatchFigure {
  label: string;
  /** How many proofs a run checks. */
  proofs: number;
  aloneMs: number;
  batchMs: number;
  runs: number;
}

const bytes = (p: Point) => encodePoint(p);
const rowBytes = (rows: Point[][]) => rows.map((row) => row.map(bytes));

/** `seats` shuffles of one 52-card deck in turn, each seat's input the one before's output. */
function shuffleChain(seats: number): CheckJob[] {
  let deck = deckPoints('bench-batch', 52).map((p) => [p]);
  return Array.from({ length: seats }, (_, seat) => {
    const ctx = deriveContext('bench-batch', 'deck', 1, 'shuffle', seat);
    const e = randomScalar();
    const { rows, proof } = proveShuffle(ctx, e, deck);
    const job = shuffleCheck(
      ctx,
      bytes(mulBase(e)),
      rowBytes(deck),
      rowBytes(rows),
      encodeShuffleProof(proof),
    );
    deck = rows;
    return job;
  });
}

/** A round of unlock shares: `seats` seats in turn take their layer off the same 52 cards. */
function unlockRound(seats: number): CheckJob[] {
  let cards = deckPoints('bench-batch', 52).map((p) => p.multiply(randomScalar()));
  return Array.from({ length: seats }, (_, seat) => {
    const ctx = deriveContext('bench-batch', 'deck', 2, 'unlock', seat);
    const e = randomScalar();
    const { cards: after, proof } = proveUnlock(ctx, e, cards);
    const job = unlockCheck(
      ctx,
      bytes(mulBase(e)),
      cards.map(bytes),
      after.map(bytes),
      encodeUnlockProof(proof),
    );
    cards = after;
    return job;
  });
}

/** One seat's re-key of `n` cards to one fresh key: a DLEQ proof per card. */
function rekeys(n: number): CheckJob[] {
  const s = randomScalar();
  const k = randomScalar();
  const x = modL(k * invertScalar(s));
  const K = mulBase(s);
  return deckPoints('bench-batch', n).map((card, i) => {
    const ctx = deriveContext('bench-batch', 'deck', 3, 'rekey', i);
    const h = card.multiply(s);
    const { u, v, proof } = proveDleq(ctx, x, K, h);
    return dleqCheck(ctx, [bytes(K), bytes(u), bytes(h), bytes(v)], encodeDleqProof(proof));
  });
}

/** Each of `seats` seats' key for each of `decks` decks, with its Schnorr proof. */
function keys(seats: number, decks: number): CheckJob[] {
  return Array.from({ length: seats * decks }, (_, i) => {
    const ctx = deriveContext('bench-batch', 'deck', i % decks, 'key', Math.floor(i / decks));
    const { pub, proof } = proveKey(ctx, randomScalar());
    return keyCheck(ctx, bytes(pub), encodeKeyProof(proof));
  });
}

/**
 * Checks each set of proofs `runs` times each way, alternating which goes
 * first, after a warm-up; `log` hears a line per set.
 */
export function benchBatchChecks(runs: number, log: (line: string) => void): BatchFigure[] {
  const sets: [string, CheckJob[]][] = [
    ['shuffle, 52 cards, 1 proof', shuffleChain(1)],
    ['shuffle, 52 cards, 2 seats in turn', shuffleChain(2)],
    ['shuffle, 52 cards, 6 seats in turn', shuffleChain(6)],
    ['unlock, 52 cards, 6 seats in turn', unlockRound(6)],
    ['re-key (DLEQ), 52 cards, 1 proof each', rekeys(52)],
    ['keys (Schnorr), 6 seats × 3 decks', keys(6, 3)],
  ];
  const warmUntil = performance.now() + 2000;
  do {
    for (const [, jobs] of sets) {
      runChecks(jobs);
      jobs.forEach(runCheck);
    }
  } while (performance.now() < warmUntil);
  return sets.map(([name, jobs]) => {
    const alone: number[] = [];
    const batch: number[] = [];
    const time = (f: () => boolean[], into: number[]) => {
      const t = performance.now();
      const verdicts = f();
      into.push(performance.now() - t);
      if (!verdicts.every(Boolean)) throw new Error(`bench: an honest ${name} did not check`);
    };
    for (let i = 0; i < runs; i++) {
      const a = () => time(() => jobs.map(runCheck), alone);
      const b = () => time(() => runChecks(jobs), batch);
      for (const way of i % 2 === 0 ? [a, b] : [b, a]) way();
    }
    const figure = {
      label: name,
      proofs: jobs.length,
      aloneMs: median(alone),
      batchMs: median(batch),
      runs,
    };
    log(
      `${name}: one by one ${figure.aloneMs.toFixed(1)} ms, batched ${figure.batchMs.toFixed(1)} ms`,
    );
    return figure;
  });
}

/** The tables set up with and without batching: War at two seats and Batailles at six. */
export const BATCH_TABLES: readonly TableSpec[] = [
  { game: 'war', seats: 2 },
  { game: 'batailles', seats: 6 },
];

/**
 * An in-thread pool that adds up the time its checks took (a batch's time,
 * shared among its checks), each check once: in memory every check of the
 * table runs once, so this is about what one device spends checking.
 */
class TimedPool extends InThreadPool {
  checkMs = 0;
  private readonly timed = new Set<string>();

  override check(job: CheckJob): Promise<CheckDone> {
    const answer = super.check(job);
    const id = checkId(job);
    if (!this.timed.has(id)) {
      this.timed.add(id);
      void answer.then(({ ms }) => (this.checkMs += ms));
    }
    return answer;
  }
}

/**
 * Start to the first move of `spec` in memory, and the time spent in checks
 * meanwhile, `runs` times each way on seeds 1, 2, ...: each seed set up with a
 * pool that checks each proof alone and with one that batches, alternating
 * which goes first.
 */
export async function benchBatchTable(
  spec: TableSpec,
  runs: number,
  log: (line: string) => void,
): Promise<BatchFigure[]> {
  type Way = { start: number[]; check: number[] };
  const alone: Way = { start: [], check: [] };
  const batch: Way = { start: [], check: [] };
  for (let seed = 1; seed <= runs; seed++) {
    const setUp = async (batchChecks: boolean, into: Way) => {
      const pool = new TimedPool({ batchChecks });
      try {
        into.start.push((await runTable(spec.game, spec.seats, seed, false, pool)).startMs);
        into.check.push(pool.checkMs);
      } finally {
        pool.close();
      }
    };
    const a = () => setUp(false, alone);
    const b = () => setUp(true, batch);
    for (const way of seed % 2 === 1 ? [a, b] : [b, a]) await way();
    log(
      `${label(spec)} #${seed}: first move ${ms(alone.start.at(-1)!)} ms checked one by one ` +
        `(checks ${ms(alone.check.at(-1)!)} ms), ${ms(batch.start.at(-1)!)} ms batched ` +
        `(checks ${ms(batch.check.at(-1)!)} ms)`,
    );
  }
  const figure = (what: string, of: (way: Way) => number[]): BatchFigure => ({
    label: `${label(spec)}, ${what}`,
    proofs: 0,
    aloneMs: median(of(alone)),
    batchMs: median(of(batch)),
    runs,
  });
  return [
    figure('Start → first move', (way) => way.start),
    figure('time in checks', (way) => way.check),
  ];
}

/** The side-by-side table. */
export function formatBatch(figures: readonly BatchFigure[]): string {
  return textTable(
    ['checked', 'proofs', 'one by one, ms', 'batched, ms', 'ratio', 'runs each'],
    figures.map((f) => [
      f.label,
      f.proofs === 0 ? '' : String(f.proofs),
      f.aloneMs.toFixed(1),
      f.batchMs.toFixed(1),
      `${(f.aloneMs / f.batchMs).toFixed(2)}×`,
      String(f.runs),
    ]),
  );
}
