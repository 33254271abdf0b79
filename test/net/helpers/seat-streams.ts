/**
 * A pool for sessions whose duties come by timing (an IndexedDB store answers
 * in its own time, and a duty is made again when an event lands meanwhile):
 * each duty draws its randomness from a stream named by its seat and the state
 * it is made for (`drawingFrom`), so a test deals the same cards every run,
 * in whatever order the seats made their duties and however often a duty was
 * made again for the same state (each time alike). A session resumed after a
 * crash has a pool of its own, numbered in the test's order of pools, so it
 * draws afresh as a reloaded page would. Checks and everything else run as in
 * the `InThreadPool` it wraps.
 */
import type { CheckJob } from '../../../src/engine/table/checks.ts';
import type { AuditLog } from '../../../src/engine/table/report.ts';
import { InThreadPool, type CryptoPool } from '../../../src/net/pool.ts';
import {
  work,
  type AuditDone,
  type CheckDone,
  type DutyDone,
  type DutyRequest,
  type WorkTally,
} from '../../../src/net/work.ts';
import { drawingFrom, numbered } from '../../setup/seeded-random.ts';
import { stateHash, type Json } from '../../../src/engine/encoding.ts';

export class SeatStreamsPool implements CryptoPool {
  private readonly inner = new InThreadPool();
  private readonly name = numbered('pool');

  start(): void {
    this.inner.start();
  }

  check(job: CheckJob): Promise<CheckDone> {
    return this.inner.check(job);
  }

  duty(request: DutyRequest): Promise<DutyDone> {
    return new Promise((resolve, reject) =>
      setTimeout(() => {
        try {
          const at = `${this.name}, seat ${request.seat} at ${stateHash(request.state as unknown as Json)}`;
          const made = drawingFrom(at, () => work.duty(structuredClone(request)));
          resolve(structuredClone(made));
        } catch (e) {
          reject(e);
        }
      }, 0),
    );
  }

  faces(decks: readonly { id: string; size: number }[]): Promise<Uint8Array[][]> {
    return this.inner.faces(decks);
  }

  audit(log: AuditLog): Promise<AuditDone> {
    return this.inner.audit(log);
  }

  tally(): Promise<WorkTally[]> {
    return this.inner.tally();
  }

  close(): void {
    this.inner.close();
  }
}
