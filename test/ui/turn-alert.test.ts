/**
 * When the table waits on a player's move (`waitsOnMove`), the turn alert may start:
 * not during the shuffle, not for the player who waits on the other, not once the game
 * is over. Real sessions over the in-memory network.
 */
import { expect, test, vi } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import type { TableSession } from '../../src/net/table.ts';
import { waitsOnMove } from '../../src/ui/controllers/turn-alert.svelte.ts';

test('the table waits on the move of the player who has one to choose, and on nobody once over', async () => {
  const table = localTable({
    game: 'redblack',
    options: { red: 9, black: 9, target: 1 },
    names: ['Ann', 'Ben'],
    humans: [0, 1],
    table: 'turns',
  });
  const sessions = table.sessions as [TableSession, TableSession];
  // The keys and the shuffle come first: no move for anyone yet.
  expect(sessions.map(waitsOnMove)).toEqual([false, false]);
  await vi.waitFor(() => expect(sessions.some((s) => s.legalActions().length > 0)).toBe(true), {
    timeout: 10_000,
  });
  const mover = sessions.find((s) => s.legalActions().length > 0)!;
  const other = sessions.find((s) => s !== mover)!;
  expect([waitsOnMove(mover), waitsOnMove(other)]).toEqual([true, false]);
  expect((await mover.resign()).ok).toBe(true);
  await vi.waitFor(() => expect(other.replica.outcome()).not.toBeNull());
  expect(sessions.map(waitsOnMove)).toEqual([false, false]);
  table.close();
});
