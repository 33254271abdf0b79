/**
 * Where a table session's cryptography runs: a pool of crypto workers, so
 * that proving and checking never hold up the page (`WorkerPool`, in
 * `workers.ts`), or `InThreadPool`, which runs the same jobs in this thread,
 * one task each, for Node (tests, the simulator) where a session has no page
 * to keep responsive. A pool does each check once, however many of its
 * sessions ask it (`CheckMemo`), and the checks asked together in batches (`CheckBatcher`).
 */
import type { CheckJob } from '../engine/table/checks.ts';
import type { AuditLog } from '../engine/table/report.ts';
import { CheckBatcher, type PoolOptions } from './batcher.ts';
import { CheckMemo } from './memo.ts';
import {
  work,
  type AuditDone,
  type CheckDone,
  type DutyDone,
  type DutyRequest,
  type WorkTally,
} from './work.ts';

/** The jobs of src/net/work.ts, each done in some thread of the pool. */
export interface CryptoPool {
  /**
   * Starts the pool's threads, if not yet, so that their tables are built before the first
   * job: as the page goes to a table. A job starts them too.
   */
  start(): void;
  /** Whether the proof of `job` holds, and how long checking it took. */
  check(job: CheckJob): Promise<CheckDone>;
  /** This seat's duty, made in a worker. */
  duty(request: DutyRequest): Promise<DutyDone>;
  /** The encodings of each deck's face points (`work.faces`). */
  faces(decks: readonly { id: string; size: number }[]): Promise<Uint8Array[][]>;
  /** The game of `log` opened with the published keys (`work.audit`). */
  audit(log: AuditLog): Promise<AuditDone>;
  /** The proofs each thread of the pool has made and checked, and the cards it opened. */
  tally(): Promise<WorkTally[]>;
  /** Stops every thread; jobs under way never answer. */
  close(): void;
}

/**
 * The jobs done in this thread, each in a task of its own after the current
 * one (as a worker's answer comes back), its request and answer copied as a
 * worker's are: what cannot cross to a worker fails here too. The checks
 * asked in one task are one job, a batch.
 */
export class InThreadPool implements CryptoPool {
  private closed = false;
  private readonly memo = new CheckMemo();
  private readonly batcher: CheckBatcher;

  constructor(options: PoolOptions = {}) {
    // Batched: one task checks every check asked before it starts, from any session.
    this.batcher =
      (options.batchChecks ?? true)
        ? new CheckBatcher(
            (flush) => setTimeout(flush, 0),
            () => 1,
            (jobs) =>
              this.closed
                ? new Promise(() => {})
                : this.now(() => work.checks(structuredClone(jobs))),
          )
        : new CheckBatcher(
            (flush) => queueMicrotask(flush),
            () => Infinity,
            (jobs) => this.run(() => work.checks(structuredClone(jobs))),
          );
  }

  /** Nothing to start: this thread builds its tables as its first proof needs them. */
  start(): void {}

  check(job: CheckJob): Promise<CheckDone> {
    return this.memo.run(job, () => this.batcher.check(job));
  }

  duty(request: DutyRequest): Promise<DutyDone> {
    return this.run(() => work.duty(structuredClone(request)));
  }

  faces(decks: readonly { id: string; size: number }[]): Promise<Uint8Array[][]> {
    return this.run(() => work.faces(structuredClone(decks)));
  }

  audit(log: AuditLog): Promise<AuditDone> {
    return this.run(() => work.audit(structuredClone(log)));
  }

  async tally(): Promise<WorkTally[]> {
    return [work.tally()];
  }

  close(): void {
    this.closed = true;
  }

  private run<T>(job: () => T): Promise<T> {
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        if (!this.closed) this.now(job).then(resolve, reject);
      }, 0);
    });
  }

  /** Does `job` at once, its answer copied as a worker's is. */
  private now<T>(job: () => T): Promise<T> {
    try {
      return Promise.resolve(structuredClone(job()));
    } catch (e) {
      return Promise.reject(e);
    }
  }
}
