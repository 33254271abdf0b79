/**
 * The snapshot a seat's session hands its page (`TableSession.snapshot`): one per change,
 * never changed after, and what the page reads of the table, among it whether the table
 * waits on this player's move (`yourMove`, when the turn alert may start): not during the
 * shuffle, not for the player who waits on the other, not once the game is over. Real
 * sessions over the in-memory network.
 */
import { expect, test, vi } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import type { TableSession } from '../../src/net/table.ts';

const redBlack = () =>
  localTable({
    game: 'redblack',
    options: { red: 9, black: 9, target: 1 },
    names: ['Ann', 'Ben'],
    humans: [0, 1],
    table: 'turns',
  });

test('the table waits on the move of the player who has one to choose, and on nobody once over', async () => {
  const table = redBlack();
  const sessions = table.sessions as [TableSession, TableSession];
  // The keys and the shuffle come first: no move for anyone yet.
  expect(sessions.map((s) => s.snapshot.yourMove)).toEqual([false, false]);
  await vi.waitFor(() => expect(sessions.some((s) => s.legalActions().length > 0)).toBe(true), {
    timeout: 10_000,
  });
  const mover = sessions.find((s) => s.legalActions().length > 0)!;
  const other = sessions.find((s) => s !== mover)!;
  expect([mover.snapshot.yourMove, other.snapshot.yourMove]).toEqual([true, false]);
  expect((await mover.resign()).ok).toBe(true);
  await vi.waitFor(() => expect(other.replica.outcome()).not.toBeNull());
  expect(sessions.map((s) => s.snapshot.yourMove)).toEqual([false, false]);
  table.close();
});

test('a snapshot is made anew after each change and stays as it was', async () => {
  const table = redBlack();
  const ann = table.sessions[0]!;
  await vi.waitFor(
    () => expect(table.sessions.some((s) => s.legalActions().length > 0)).toBe(true),
    {
      timeout: 10_000,
    },
  );
  const mover = table.sessions.find((s) => s.legalActions().length > 0)!;
  const before = mover.snapshot;
  // No change, no new snapshot: every reader of one change shares it.
  expect(mover.snapshot).toBe(before);
  expect(before.legal).toEqual(mover.legalActions());
  expect(before.events).toBe(mover.replica.log.size);
  expect(before.state).toBe(mover.replica.state);
  const legalThen = structuredClone(before.legal);
  const seen: number[] = [];
  const stop = ann.subscribe(() => seen.push(ann.snapshot.events));
  expect(mover.act(before.legal[0]!).ok).toBe(true);
  const after = mover.snapshot;
  expect(after).not.toBe(before);
  expect(after.events).toBe(before.events + 1);
  // The old snapshot is what the page drew then, whatever came after.
  expect(before.events).toBe(after.events - 1);
  expect(before.legal).toEqual(legalThen);
  expect(before.state).not.toBe(after.state);
  await vi.waitFor(() => expect(seen).toContain(after.events));
  stop();
  table.close();
});
