/**
 * The page's pool of crypto workers, so that proving and checking never hold up the
 * page: `WorkerPool` keeps one worker per core (at least two, so that checking the
 * others' proofs goes on while this player's own proof is being made) and gives each job
 * to the least busy, and the checks asked in one task together, in a batch per idle worker
 * (one MSM checks a batch: `work.checks`); comlink turns each worker's jobs into plain
 * async calls. A module apart from `InThreadPool` (`pool.ts`): the page loads it as it
 * opens, and would otherwise load with it every proof the workers make and check.
 */
import { releaseProxy, wrap, type Endpoint, type Remote } from 'comlink';
import type { CheckJob } from '../engine/table/check-id.ts';
import type { AuditLog } from '../engine/table/report.ts';
import { CheckBatcher, type PoolOptions } from './batcher.ts';
import { CheckMemo } from './memo.ts';
import type { CryptoPool } from './pool.ts';
import type { AuditDone, CheckDone, DutyDone, DutyRequest, Work, WorkTally } from './work.ts';

/** One thread of a `WorkerPool`: where to post its jobs, and how to stop it. */
export interface WorkerThread {
  readonly endpoint: Endpoint;
  terminate(): void;
}

/** How many workers a page gets: one per core, and at least two. */
export const poolSize = (cores: number | undefined): number => Math.max(2, cores ?? 0);

/**
 * A pool of crypto workers, each job to the worker with the fewest under way. Its workers
 * start with `start`, or with the first job: a page that never goes to a table starts none.
 */
export class WorkerPool implements CryptoPool {
  private workers: { thread: WorkerThread; remote: Remote<Work>; busy: number }[] = [];
  private closed = false;
  private readonly memo = new CheckMemo();
  private readonly batcher: CheckBatcher;

  /** `size` threads made by `spawn`, each running src/net/crypto-worker.ts (or its like). */
  constructor(
    private readonly spawn: () => WorkerThread,
    private readonly size: number,
    options: PoolOptions = {},
  ) {
    // A batch per idle worker, so checking goes on in parallel beside a duty being made.
    // With none idle, checks wait for the first worker done, gathering more meanwhile: it
    // would not have started them sooner.
    const batch = options.batchChecks ?? true;
    this.batcher = new CheckBatcher(
      // Not `queueMicrotask` itself: a browser's throws "Illegal invocation" called as a method.
      (flush) => queueMicrotask(flush),
      () => (batch ? this.workers.filter((w) => w.busy === 0).length : Infinity),
      (jobs) => this.run((remote) => remote.checks(jobs)),
    );
  }

  start(): void {
    if (this.workers.length > 0 || this.closed) return;
    this.workers = Array.from({ length: this.size }, () => {
      const thread = this.spawn();
      return { thread, remote: wrap<Work>(thread.endpoint), busy: 0 };
    });
  }

  check(job: CheckJob): Promise<CheckDone> {
    // Started before the batcher counts the idle workers it may give a batch to.
    this.start();
    return this.memo.run(job, () => this.batcher.check(job));
  }

  duty(request: DutyRequest): Promise<DutyDone> {
    return this.run((remote) => remote.duty(request));
  }

  faces(decks: readonly { id: string; size: number }[]): Promise<Uint8Array[][]> {
    return this.run((remote) => remote.faces(decks));
  }

  audit(log: AuditLog): Promise<AuditDone> {
    return this.run<AuditDone>((remote) => remote.audit(log));
  }

  tally(): Promise<WorkTally[]> {
    return Promise.all(this.workers.map((w) => w.remote.tally()));
  }

  close(): void {
    this.closed = true;
    for (const { thread, remote } of this.workers) {
      remote[releaseProxy]();
      thread.terminate();
    }
  }

  private async run<T>(job: (remote: Remote<Work>) => Promise<T>): Promise<T> {
    this.start();
    if (this.closed) return new Promise(() => {});
    const worker = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    worker.busy += 1;
    try {
      return await job(worker.remote);
    } finally {
      worker.busy -= 1;
      this.batcher.flushSoon();
    }
  }
}

/** The page's pool: one Web Worker per core, at least two. */
export function browserPool(): WorkerPool {
  return new WorkerPool(() => {
    const worker = new Worker(new URL('./crypto-worker.ts', import.meta.url), {
      type: 'module',
      name: 'crypto',
    });
    return { endpoint: worker, terminate: () => worker.terminate() };
  }, poolSize(navigator.hardwareConcurrency));
}
