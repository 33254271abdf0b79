/**
 * A game against the computer kept across a reload (`resumeLocalTable`): every seat of
 * the page's table keeps its secrets and events in one store, the computer seats under
 * keys of their own (`seatStore`), and comes back from them. Nothing any seat had seen
 * changes: each seat's log goes on from exactly the events it held, so a reload can
 * neither undo a move nor deal again. Real sessions and computer players over the
 * in-memory network, real cryptography.
 */
import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { localTable, resumeLocalTable, seatRecords } from '../../src/bots/table.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { IdbStore, seatStore } from '../../src/net/store.ts';
import type { TableSession } from '../../src/net/table.ts';

const TABLE = 'kmnpqrstuv';

/** Resolves once every session's log holds at least `size` events. */
const logsReach = (sessions: readonly TableSession[], size: number) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (sessions.every((s) => s.replica.log.size >= size)) resolve();
    };
    for (const s of sessions) s.subscribe(check);
    check();
  });

const hashes = (session: TableSession) => session.replica.log.entries().map((e) => e.hash);

test('a game against the computer, closed mid-game and resumed from the store: every seat goes on from the events it held', async () => {
  const store = await IdbStore.open(`local-resume-${Math.random()}`);
  const stores = [store, seatStore(store, 1)];
  const first = localTable({
    game: 'war',
    names: ['Ann', 'Computer'],
    seed: 5,
    level: 'easy',
    table: TABLE,
    stores,
  });
  await Promise.all(seatRecords(first).map((table, seat) => stores[seat]!.saveTable(table)));
  // The record says the computers play easy, so a reload resumes them at that level.
  expect((await store.loadTable(TABLE))?.table.computers).toBe('easy');
  await logsReach(first.sessions, 12);
  // The page goes away: every seat at once, whatever it was doing.
  first.close();
  const seen = first.sessions.map(hashes);

  const again = await resumeLocalTable({
    table: TABLE,
    stores,
    humans: [],
    seed: 6,
    delayMs: 0,
    pool: first.sessions[0]!.pool,
    network: new LoopbackNetwork(),
  });
  if (!again.ok) throw new Error(again.error);
  const { sessions } = again.value;
  await logsReach(sessions, Math.max(...seen.map((h) => h.length)) + 10);
  sessions.forEach((session, seat) => {
    expect(hashes(session).slice(0, seen[seat]!.length)).toEqual(seen[seat]);
    expect(session.refusals).toEqual([]);
    expect(session.replica.stopped).toBe(false);
  });
  // The computer seat's own record is apart from the player's, under a key no link names.
  expect((await store.listTables()).map((t) => t.id).sort()).toEqual([TABLE, `${TABLE}.1`]);
  expect((await stores[1]!.listTables()).map((t) => t.id)).toEqual([TABLE]);
  again.value.close();
  // A table not kept for every seat is not resumed.
  await store.deleteTable(TABLE);
  const gone = await resumeLocalTable({
    table: TABLE,
    stores,
    humans: [],
    seed: 7,
    delayMs: 0,
    pool: first.sessions[0]!.pool,
    network: new LoopbackNetwork(),
  });
  expect(gone).toEqual({ ok: false, error: 'ERR_NO_TABLE' });
  store.close();
});
