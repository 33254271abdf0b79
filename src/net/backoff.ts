/**
 * Retrying with backoff: a lost link or an unreachable signaling server is tried again
 * soon, then less and less often, so a long outage costs little and a short one is
 * over quickly. No jitter: when both ends redial each other at once, the transport keeps
 * exactly one of the two links (`PeerJsTransport`), so lockstep does no harm.
 */

/** The first wait, and the longest: each wait doubles the last up to `maxMs`. */
export interface Backoff {
  readonly firstMs: number;
  readonly maxMs: number;
}

/** The wait after one of `ms`. */
export const nextDelay = (ms: number, backoff: Backoff): number => Math.min(ms * 2, backoff.maxMs);

/** Resolves after `ms`. */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` after growing waits, one at a time, until `reset` or `stop`. */
export class Retry {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delayMs: number;

  constructor(
    private readonly attempt: () => void,
    private readonly backoff: Backoff,
  ) {
    this.delayMs = backoff.firstMs;
  }

  /** True while an attempt is waiting to run. */
  get scheduled(): boolean {
    return this.timer !== null;
  }

  /** Schedules the next attempt, unless one is waiting already; the wait after it doubles. */
  schedule(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.attempt();
    }, this.delayMs);
    this.delayMs = nextDelay(this.delayMs, this.backoff);
  }

  /** It worked: nothing waits, and the next failure starts again from the first, short wait. */
  reset(): void {
    this.stop();
    this.delayMs = this.backoff.firstMs;
  }

  /** Cancels the waiting attempt, if any. */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
