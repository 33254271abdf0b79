/**
 * Where a table session's cryptography runs: a pool of crypto workers, so
 * that proving and checking never hold up the page. `WorkerPool` keeps one
 * worker per core (at least two, so that checking the others' proofs goes on
 * while this player's own proof is being made) and gives each job to the
 * least busy; comlink turns each worker's jobs into plain async calls. A
 * pool does each check once, however many of its sessions ask it, and the
 * checks asked in one task together, in a batch per idle worker (one MSM
 * checks a batch: `work.checks`).
 * `InThreadPool` runs the same jobs in this thread, one task each, for Node
 * (tests, the simulator) where a session has no page to keep responsive.
 */
import { releaseProxy, wrap, type Endpoint, type Remote } from 'comlink';
import { checkId, type CheckJob } from '../engine/table/checks.ts';
import type { AuditLog } from '../engine/table/report.ts';
import {
  work,
  type AuditDone,
  type CheckDone,
  type DutyDone,
  type DutyRequest,
  type Work,
  type WorkTally,
} from './work.ts';

/** The jobs of src/net/work.ts, each done in some thread of the pool. */
export interface CryptoPool {
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

/** Answers kept by a `CheckMemo`: a few hundred checks, more than a table has under way. */
const KEPT_CHECKS = 512;

/**
 * Each check done once however often it is asked: the sessions of a page with
 * computer players share one pool, and every one of them checks every event.
 * A check that failed to run (not one that answered false) is forgotten.
 */
class CheckMemo {
  private readonly answers = new Map<string, Promise<CheckDone>>();

  run(job: CheckJob, check: () => Promise<CheckDone>): Promise<CheckDone> {
    const id = checkId(job);
    const kept = this.answers.get(id);
    if (kept) return kept;
    const answer = check();
    this.answers.set(id, answer);
    answer.catch(() => this.answers.delete(id));
    if (this.answers.size > KEPT_CHECKS) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }
}

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
class CheckBatcher {
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

/** One thread of a `WorkerPool`: where to post its jobs, and how to stop it. */
export interface WorkerThread {
  readonly endpoint: Endpoint;
  terminate(): void;
}

/** How many workers a page gets: one per core, and at least two. */
export const poolSize = (cores: number | undefined): number => Math.max(2, cores ?? 0);

/** A pool of crypto workers, each job to the worker with the fewest under way. */
export class WorkerPool implements CryptoPool {
  private readonly workers: { thread: WorkerThread; remote: Remote<Work>; busy: number }[];
  private readonly memo = new CheckMemo();
  private readonly batcher: CheckBatcher;

  /** `size` threads made by `spawn`, each running src/net/crypto-worker.ts (or its like). */
  constructor(spawn: () => WorkerThread, size: number, options: PoolOptions = {}) {
    this.workers = Array.from({ length: size }, () => {
      const thread = spawn();
      return { thread, remote: wrap<Work>(thread.endpoint), busy: 0 };
    });
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

  check(job: CheckJob): Promise<CheckDone> {
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
    for (const { thread, remote } of this.workers) {
      remote[releaseProxy]();
      thread.terminate();
    }
  }

  private async run<T>(job: (remote: Remote<Work>) => Promise<T>): Promise<T> {
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
