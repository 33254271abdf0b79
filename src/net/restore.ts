/**
 * The restore of a seat's table session from its store, after a reload or a crash. The
 * kept log is replayed in slices, yielding between them so the page can say how far it
 * is, and only the proofs this device has not checked itself are checked again. The store
 * keeps the id of every check the pool found holding (`TableStore.saveChecked`): an id is
 * a digest of everything the check reads (context, statement, proof), so a kept answer is
 * the answer to those very bytes, as running the check again would give it. An event
 * changed in the store, or any event a peer sends, brings a proof with another id, and it
 * is checked in the pool like any other; only a check this device ran is skipped. Whoever
 * can write this page's store can also read the seat's secret keys there and sign as it,
 * so trusting the kept answers trusts nothing the keys did not already; and the peers
 * check everything themselves: a device that fools itself fools nobody else.
 */
import type { Json } from '../engine/encoding.ts';
import { gameById, type Playable } from '../engine/games/registry.ts';
import type { Keyring } from '../engine/table/keyring.ts';
import type { Replica } from '../engine/table/replica.ts';
import { err, ok, type Result } from '../engine/result.ts';
import type { StoredTable, TablePlay, TableStore } from './store.ts';

/** How far a restore is: of the `total` events kept, `done` are judged. */
export interface Restoring {
  readonly done: number;
  readonly total: number;
}

/** How long a restore replays kept events before yielding, in ms: a page stays responsive. */
const RESTORE_SLICE_MS = 25;

/** A table in play as the store kept it: what a session is made again from, then restored. */
export interface KeptPlay {
  readonly kept: StoredTable;
  readonly play: TablePlay;
  readonly game: Playable<Json>;
  /** Since when each seat had been out of reach, as `TableStore.saveUnreachable` kept it. */
  readonly unreachable: (number | null)[];
}

/**
 * What `store` kept of table `id`, started and of a game this build runs. Errors:
 * `ERR_NO_TABLE`, `ERR_NOT_STARTED` for a table still gathering players, `ERR_UNPLAYABLE`.
 */
export async function loadKept(store: TableStore, id: string): Promise<Result<KeptPlay, string>> {
  const kept = await store.loadTable(id);
  if (!kept) return err('ERR_NO_TABLE');
  const unreachable = await store.loadUnreachable(id);
  const { info, play } = kept.table;
  if (!play) return err('ERR_NOT_STARTED');
  const game = gameById(info.game);
  if (!game) return err('ERR_UNPLAYABLE');
  return ok({ kept, play, game, unreachable });
}

/** What a restore reads of its session, and what it asks of it. */
export interface RestoredSession {
  readonly replica: Replica<Json>;
  readonly keyring: Keyring;
  /** Checks this device found holding before: not run again. */
  knowChecked(ids: Iterable<string>): void;
  /** Has the replica take in a kept event, timed as any event taken in. */
  replay(event: string): void;
  /** Calls `listener` after every change; returns the way to stop. */
  subscribe(listener: () => void): () => void;
  /** The replica took in more. */
  changed(): void;
  /** True when the checks still owed will never be answered: the pool failed, or the page left. */
  givenUp(): boolean;
  /** Notes how far the restore is, where the page reads it. */
  mark(restoring: Restoring): void;
}

/**
 * Replays `kept` into `session`: a slice of events per task, `progress` told after each,
 * then waits for the checks the pool still owes. Settles once the replay is judged (or
 * the pool failed, or the page left); until then the session must sign nothing, as an
 * event made before every event of ours is back would reuse a seq.
 */
export async function restoreKept(
  kept: StoredTable,
  session: RestoredSession,
  progress: (restoring: Restoring) => void,
): Promise<void> {
  const { replica } = session;
  const total = kept.events.length;
  const report = () => {
    const restoring = { done: Math.min(replica.entryVerdicts.length, total), total };
    session.mark(restoring);
    progress(restoring);
  };
  session.mark({ done: 0, total });
  for (const secrets of kept.secrets) session.keyring.restore(secrets);
  session.knowChecked(kept.checked);
  const stop = session.subscribe(report);
  report();
  let next = 0;
  do {
    // Each slice is drawn before the next, and so is the restore's start.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const slice = performance.now();
    while (next < total && performance.now() - slice < RESTORE_SLICE_MS)
      session.replay(kept.events[next++]!);
    session.changed();
  } while (next < total);
  // The checks not kept are under way in the pool; it may fail, or the page leave.
  await new Promise<void>((resolve) => {
    const check = () => {
      if (replica.waiting && !session.givenUp()) return;
      off();
      resolve();
    };
    const off = session.subscribe(check);
    check();
  });
  stop();
}
