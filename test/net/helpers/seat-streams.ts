/**
 * A pool for sessions whose turns to draw randomness interleave by timing (an
 * IndexedDB store answers in its own time, so which seat makes its next duty
 * first varies run to run): each seat's duties draw from a stream of the
 * seat's own (`drawingFrom`), so a test deals the same cards every run. Five
 * cards each (`SHORT_WAR`) often deal a War that cycles to its 5,000-battle
 * limit, minutes of play: the streams' label is one under which no test here
 * deals one (checked over test/net and test/ui/lobby-reload).
 * Checks and everything else run as in the `InThreadPool` it wraps.
 */
import type { WorkTally } from '../../../crypto/index.ts';
import type { CheckJob } from '../../../src/engine/table/checks.ts';
import type { AuditLog } from '../../../src/engine/table/report.ts';
import { InThreadPool, type CryptoPool } from '../../../src/net/pool.ts';
import {
  work,
  type AuditDone,
  type CheckDone,
  type DutyDone,
  type DutyRequest,
} from '../../../src/net/work.ts';
import { drawingFrom } from '../../setup/seeded-random.ts';

export class SeatStreamsPool implements CryptoPool {
  private readonly inner = new InThreadPool();

  check(job: CheckJob): Promise<CheckDone> {
    return this.inner.check(job);
  }

  duty(request: DutyRequest): Promise<DutyDone> {
    return new Promise((resolve, reject) =>
      setTimeout(() => {
        try {
          const made = drawingFrom(`seat ${request.seat} draws`, () =>
            work.duty(structuredClone(request)),
          );
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
