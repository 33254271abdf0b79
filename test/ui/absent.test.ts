/**
 * Absent players: a seat the table waits on whose link stays down past the agreed
 * limit may be declared absent, and the game ends naming it; one that comes back in
 * time simply continues. Real sessions over the in-memory network, real cryptography;
 * the page's clock is vitest's, moved by hand.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import { DEFAULT_ABSENT_AFTER_MS } from '../../src/engine/table/leave.ts';
import { TableController } from '../../src/ui/table.svelte.ts';

const LIMIT_SECONDS = DEFAULT_ABSENT_AFTER_MS / 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** War between two people, both owing their first flip; the clock fake from then on. */
async function bothOweAFlip(id: string) {
  const table = localTable({ game: 'war', names: ['Alice', 'Bob'], humans: [0, 1], table: id });
  const [alice, bob] = table.sessions.map((s) => new TableController(s)) as [
    TableController,
    TableController,
  ];
  await vi.waitFor(() => expect(bob.legal).toEqual([{ type: 'FLIP', seat: 1 }]), {
    timeout: 20_000,
    interval: 20,
  });
  expect(alice.legal).toEqual([{ type: 'FLIP', seat: 0 }]);
  vi.useFakeTimers();
  return { table, alice, bob };
}

/** Moves the fake clock on in short steps, a bounded number of times, until `done`. */
async function until(done: () => boolean) {
  for (let i = 0; i < 2000 && !done(); i++) await vi.advanceTimersByTimeAsync(50);
  expect(done()).toBe(true);
}

test('a player unreachable past the limit while he owes his move is declared absent; the game ends naming him', async () => {
  const { table, alice, bob } = await bothOweAFlip('absent-declared');
  table.network.partition('local-0', 'local-1');
  expect(alice.waiting).toBe('Waiting for Bob to reconnect…');
  expect(alice.absences).toEqual([{ seat: 1, name: 'Bob', secondsLeft: LIMIT_SECONDS }]);

  await vi.advanceTimersByTimeAsync(DEFAULT_ABSENT_AFTER_MS - 40_000);
  expect(alice.absences).toEqual([{ seat: 1, name: 'Bob', secondsLeft: 40 }]);
  // Before the limit nothing is signed.
  const size = table.sessions[0]!.replica.log.size;
  alice.declareAbsent(1);
  expect(table.sessions[0]!.replica.log.size).toBe(size);
  expect(alice.outcome).toBeNull();

  await vi.advanceTimersByTimeAsync(40_000);
  expect(alice.absences).toEqual([{ seat: 1, name: 'Bob', secondsLeft: 0 }]);
  alice.declareAbsent(1);
  expect(alice.error).toBeNull();
  expect(alice.outcome).toEqual({ result: 'win', winners: [0], reason: 'Bob was declared absent' });
  expect(alice.result).toEqual({
    headline: 'You win the game',
    reason: 'Bob was declared absent.',
  });
  expect(alice.absences).toEqual([]);

  // Once the link heals, Bob's page gets the event and ends the same way.
  table.network.heal('local-0', 'local-1');
  await until(() => bob.outcome !== null);
  expect(bob.outcome).toEqual(alice.outcome);
  expect(bob.result).toEqual({
    headline: 'Alice wins the game',
    reason: 'Bob was declared absent.',
  });
  expect(bob.absences).toEqual([]);
  expect(table.sessions[1]!.replica.stateHash).toBe(table.sessions[0]!.replica.stateHash);
  table.close();
});

test('a player who comes back before the limit simply continues, and his clock starts afresh', async () => {
  const { table, alice, bob } = await bothOweAFlip('absent-back');
  table.network.partition('local-0', 'local-1');
  await vi.advanceTimersByTimeAsync(DEFAULT_ABSENT_AFTER_MS - 20_000);
  expect(alice.absences).toEqual([{ seat: 1, name: 'Bob', secondsLeft: 20 }]);

  table.network.heal('local-0', 'local-1');
  await until(() => alice.links[1] === 'connected');
  expect(alice.absences).toEqual([]);
  expect(alice.waiting).toBeNull();
  // Long past the first limit: no offer, as Bob is back.
  await vi.advanceTimersByTimeAsync(DEFAULT_ABSENT_AFTER_MS);
  expect(alice.absences).toEqual([]);
  alice.declareAbsent(1);
  expect(alice.outcome).toBeNull();

  // The game goes on: both flip, and the table waits on nobody's link.
  bob.act({ type: 'FLIP' });
  alice.act({ type: 'FLIP' });
  await until(() => alice.legal.length > 0 && bob.legal.length > 0);
  expect(table.sessions[0]!.replica.state.acts).toBeGreaterThanOrEqual(2);
  expect(alice.outcome).toBeNull();
  expect(bob.outcome).toBeNull();

  // Dropped again later, his clock starts from the full limit.
  table.network.partition('local-0', 'local-1');
  expect(alice.absences).toEqual([{ seat: 1, name: 'Bob', secondsLeft: LIMIT_SECONDS }]);
  table.close();
});
