/**
 * Where the cryptography ran, for the tests of issue 16: a pool of crypto
 * workers in Node's worker_threads (over comlink, as a page's Web Workers),
 * and the work tallies of this thread and of those workers.
 */
import { Worker } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { PoolOptions } from '../../../src/net/batcher.ts';
import { WorkerPool, type WorkerThread } from '../../../src/net/workers.ts';
import type { WorkTally } from '../../../src/net/work.ts';

/** One crypto worker in Node's worker_threads, running test/net/helpers/node-worker.ts. */
export function nodeWorker(): WorkerThread {
  const worker = new Worker(new URL('./node-worker.mjs', import.meta.url));
  return { endpoint: nodeEndpoint(worker), terminate: () => void worker.terminate() };
}

/** A pool of `size` crypto workers, each a `nodeWorker`. */
export function nodeWorkerPool(size: number, options: PoolOptions = {}): WorkerPool {
  return new WorkerPool(nodeWorker, size, options);
}

/** `after` minus `before`, function by function. */
export const spent = (before: WorkTally, after: WorkTally) =>
  Object.fromEntries(
    Object.entries(after).map(([fn, n]) => [fn, n - before[fn as keyof WorkTally]]),
  );

/** The calls of `fn` in all of `tallies`. */
export const sum = (tallies: readonly WorkTally[], fn: keyof WorkTally) =>
  tallies.reduce((n, t) => n + t[fn], 0);
