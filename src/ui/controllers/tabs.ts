/**
 * One tab per table. Two tabs of one browser at one table would run two sessions under
 * the same identity key, each signing its own events: the others would see the player
 * sign two events at one seq (equivocation) and name them. So a tab holds its table
 * through the Web Locks API, one lock per table id, which the browser lets go when the
 * tab closes or leaves the page; a tab that finds the table held says so, and may wait.
 */

/** Lets go of a table this tab held. */
export type Release = () => void;

export interface TableLocks {
  /** Takes table `id` for this tab; null when another tab holds it. */
  take(id: string): Promise<Release | null>;
  /** Waits until no other tab holds table `id`, then takes it; rejects once `signal` aborts. */
  wait(id: string, signal: AbortSignal): Promise<Release>;
}

/**
 * How long `take` waits for a holder to let go: a reloaded page's old document lets go as
 * it unloads, which may come a moment after the new one asks.
 */
export const TAKE_GRACE_MS = 2000;

const lockName = (id: string) => `fair-deal/table/${id}`;

/** Requests the lock of table `id`; resolves once it is held, with what lets it go. */
function hold(locks: LockManager, id: string, signal: AbortSignal): Promise<Release> {
  return new Promise((resolve, reject) => {
    // The lock is held until the promise the callback returns settles: until `Release`.
    locks
      .request(lockName(id), { signal }, () => new Promise<void>((release) => resolve(release)))
      .catch(reject);
  });
}

/** Tables held through `navigator.locks`. */
export function webLocks(locks: LockManager): TableLocks {
  return {
    async take(id) {
      const signal = AbortSignal.timeout(TAKE_GRACE_MS);
      try {
        return await hold(locks, id, signal);
      } catch (error) {
        if (signal.aborted) return null;
        throw error;
      }
    },
    wait: (id, signal) => hold(locks, id, signal),
  };
}

/** Every table free in every tab: for a browser without Web Locks, and for tests in Node. */
export const unlocked: TableLocks = {
  take: () => Promise.resolve(() => {}),
  wait: () => Promise.resolve(() => {}),
};
