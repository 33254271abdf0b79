/**
 * How a pool hands its checks over (`pool.ts`, `workers.ts`): gathered, and checked
 * together in batches. A module of its own, so that the page's pool of workers loads none
 * of the cryptography the in-thread pool runs.
 */
import type { CheckJob } from '../engine/table/check-id.ts';
import type { CheckDone } from './work.ts';

/** A check asked of a pool, waiting for the batch it goes in. */
interface Asked {
  readonly job: CheckJob;
  readonly resolve: (done: CheckDone) => void;
  readonly reject: (e: unknown) => void;
}

/** How a pool hands its checks over. */
export interface PoolOptions {
  /**
   * Checks pending together go together, in a batch per idle worker (true, the
   * default); or each check alone, as a job of its own.
   */
  readonly batchChecks?: boolean;
}

/**
 * Gathers the checks asked and hands them over in batches: a session asks
 * every check it wants at once, and a batch costs one MSM where its checks
 * alone cost one each, with `G`, `H`, the shuffle generators and a deck
 * shared by two shuffles weighed once. `schedule` says when to hand over what
 * is pending, `batches` into how many batches (0: not yet, `flushSoon` is
 * called again when that may change), and `run` checks a batch.
 */
export class CheckBatcher {
  private pending: Asked[] = [];
  private scheduled = false;

  constructor(
    private readonly schedule: (flush: () => void) => void,
    private readonly batches: () => number,
    private readonly run: (jobs: CheckJob[]) => Promise<CheckDone[]>,
  ) {}

  check(job: CheckJob): Promise<CheckDone> {
    return new Promise((resolve, reject) => {
      this.pending.push({ job, resolve, reject });
      this.flushSoon();
    });
  }

  /** Hands over what is pending once `schedule` says so. */
  flushSoon(): void {
    if (this.scheduled || this.pending.length === 0) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      const count = this.batches();
      if (count === 0) return;
      for (const batch of split(this.pending.splice(0), count)) {
        this.run(batch.map((a) => a.job)).then(
          (done) => batch.forEach((a, i) => a.resolve(done[i]!)),
          (e: unknown) => batch.forEach((a) => a.reject(e)),
        );
      }
    });
  }
}

/** The bytes of a check: what its cost grows with. */
const sizeOf = (asked: Asked): number => asked.job.parts.reduce((n, part) => n + part.length, 0);

/**
 * `asked` cut in order into at most `count` runs of about equal size, so that
 * checks asked one after the other (a chain of shuffles) stay together.
 */
function split(asked: readonly Asked[], count: number): Asked[][] {
  const parts = Math.min(Math.max(1, count), asked.length);
  const total = asked.reduce((n, a) => n + sizeOf(a), 0);
  const out: Asked[][] = [];
  let run: Asked[] = [];
  let sum = 0;
  for (const a of asked) {
    run.push(a);
    sum += sizeOf(a);
    if (out.length < parts - 1 && sum * parts >= total * (out.length + 1)) {
      out.push(run);
      run = [];
    }
  }
  if (run.length > 0) out.push(run);
  return out;
}
