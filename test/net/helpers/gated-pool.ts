/**
 * Pools for session tests. `GatedPool` makes and checks every proof for real,
 * in this thread, but holds back the answers to the checks `hold` picks until
 * the test calls `open`: what a session does while its checks are under way
 * (a worker's answer that takes its time), in an order the test decides. It
 * records the step of every duty it was asked to make.
 */
import type { CheckJob } from '../../../src/engine/table/checks.ts';
import type { AuditLog } from '../../../src/engine/table/report.ts';
import { InThreadPool, type CryptoPool } from '../../../src/net/pool.ts';
import type {
  AuditDone,
  CheckDone,
  DutyDone,
  DutyRequest,
  WorkTally,
} from '../../../src/net/work.ts';

export class GatedPool implements CryptoPool {
  private readonly inner = new InThreadPool();
  private held: (() => void)[] | null = [];
  /** The step type of each duty made, in order. */
  readonly duties: string[] = [];

  /** `hold`: the checks whose answers wait for `open`. */
  constructor(private readonly hold: (job: CheckJob) => boolean) {}

  /** How many answers are held now. */
  get holding(): number {
    return this.held?.length ?? 0;
  }

  /** Gives every answer held, and holds no more. */
  open(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const give of held) give();
  }

  start(): void {
    this.inner.start();
  }

  check(job: CheckJob): Promise<CheckDone> {
    const answer = this.inner.check(job);
    const held = this.held;
    if (held === null || !this.hold(job)) return answer;
    return new Promise((resolve) => held.push(() => resolve(answer)));
  }

  duty(request: DutyRequest): Promise<DutyDone> {
    this.duties.push(request.state.step.type);
    return this.inner.duty(request);
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
