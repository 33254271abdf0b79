/**
 * The table's clock on two real pages' sessions (real keys and proofs, the in-memory
 * network, vitest's clock moved by hand): Bob stays linked and never flips. Alice's page
 * counts his time down and offers the claim once it ran out; Bob's page counts his own,
 * then his answer window; once it is over Alice's page settles the claim, and both say
 * Bob lost on time, final. A move within the window instead voids the claim.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import type { Clock } from '../../src/engine/table/clock.ts';
import { TableController } from '../../src/ui/controllers/table.svelte.ts';

const CLOCK: Clock = { moveMs: 20_000, dutyMs: 5_000 };

afterEach(() => {
  vi.useRealTimers();
});

/** War between two people on CLOCK; Alice has flipped, the table waits on Bob alone. */
async function bobOwes(id: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const table = localTable({
    game: 'war',
    names: ['Alice', 'Bob'],
    humans: [0, 1],
    table: id,
    clock: CLOCK,
  });
  const [alice, bob] = table.sessions.map((s) => new TableController(s)) as [
    TableController,
    TableController,
  ];
  await vi.waitFor(() => expect(alice.seen.legal).toEqual([{ type: 'FLIP', seat: 0 }]), {
    timeout: 30_000,
    interval: 20,
  });
  alice.act({ type: 'FLIP' });
  await vi.waitFor(
    () => expect(table.sessions[0]!.replica.owed().map((o) => o.seat)).toEqual([1]),
    { timeout: 30_000, interval: 20 },
  );
  await vi.waitFor(() => expect(bob.clocks.own).not.toBeNull(), { timeout: 5_000, interval: 20 });
  return { table, alice, bob };
}

test('a linked player who never moves is claimed once his time ran out, and loses on time', async () => {
  const { table, alice, bob } = await bobOwes('clock-stall');
  const [ann] = table.sessions;
  expect(alice.clocks.current).toMatchObject([{ seat: 1, name: 'Bob', timed: true }]);
  expect(alice.clocks.current[0]!.secondsLeft).toBeGreaterThan(15);
  expect(bob.clocks.own).toMatchObject({ claimed: false });
  expect(bob.clocks.own!.secondsLeft).toBeGreaterThan(15);

  // Before his time ran out Alice's page signs nothing.
  const size = ann!.replica.log.size;
  await alice.declareAbsent(1);
  expect(ann!.replica.log.size).toBe(size);

  await vi.advanceTimersByTimeAsync(CLOCK.moveMs);
  await vi.waitFor(() => expect(alice.clocks.current).toMatchObject([{ secondsLeft: 0 }]));
  expect(bob.clocks.own).toMatchObject({ secondsLeft: 0, claimed: false });
  await alice.declareAbsent(1);
  expect(alice.error).toBeNull();
  expect(alice.seen.outcome).toEqual({
    result: 'win',
    winners: [0],
    reason: 'Bob ran out of time',
  });
  expect(alice.seen.result!.note).toBe(
    'Not final yet: ended by your claim. Bob may still answer within the answer time.',
  );
  expect(alice.words.log.at(-1)?.text).toBe("Alice claimed the game: Bob's time ran out.");
  await vi.waitFor(() => expect(bob.clocks.own).toMatchObject({ claimed: true }));
  expect(bob.clocks.own!.secondsLeft).toBeGreaterThan(0);
  // Nor is the claim final before its window is over.
  expect(ann!.replica.finality()).not.toEqual({ kind: 'final' });

  await vi.advanceTimersByTimeAsync(CLOCK.dutyMs + 3_000);
  await vi.waitFor(() => expect(ann!.replica.finality()).toEqual({ kind: 'final' }), {
    timeout: 10_000,
    interval: 20,
  });
  await vi.waitFor(() =>
    expect(bob.seen.result).toEqual({
      headline: 'Alice wins the game',
      reason: 'Bob ran out of time.',
    }),
  );
  // Past the window his page offers no move, and no clock runs for him.
  expect(bob.seen.legal).toEqual([]);
  expect(bob.clocks.own).toBeNull();
  expect(alice.seen.result!.note).toBeUndefined();
  expect(table.sessions[1]!.replica.stateHash).toBe(ann!.replica.stateHash);
  table.close();
});

test('a move within the answer window voids the claim, and the game goes on', async () => {
  const { table, alice, bob } = await bobOwes('clock-answer');
  await vi.advanceTimersByTimeAsync(CLOCK.moveMs);
  await vi.waitFor(() => expect(alice.clocks.current).toMatchObject([{ secondsLeft: 0 }]));
  await alice.declareAbsent(1);
  await vi.waitFor(() => expect(bob.clocks.own).toMatchObject({ claimed: true }));
  expect(bob.seen.legal).toEqual([{ type: 'FLIP', seat: 1 }]);
  bob.act({ type: 'FLIP' });
  await vi.waitFor(() => expect(alice.seen.outcome).toBeNull(), { timeout: 10_000, interval: 20 });
  await vi.advanceTimersByTimeAsync(CLOCK.dutyMs + 3_000);
  expect(alice.seen.outcome).toBeNull();
  expect(bob.seen.outcome).toBeNull();
  expect(table.sessions[0]!.replica.offences()).toEqual([]);
  table.close();
});

test('a claim made while the link is down is not final: the claimer’s page says so, and a move made in time carries the game on once linked again', async () => {
  const { table, alice, bob } = await bobOwes('clock-split');
  table.network.partition('local-0', 'local-1');
  // Bob flips in time, but his page cannot reach Alice's.
  bob.act({ type: 'FLIP' });
  await vi.advanceTimersByTimeAsync(CLOCK.moveMs);
  await vi.waitFor(() => expect(alice.clocks.current).toMatchObject([{ seat: 1, secondsLeft: 0 }]));
  await alice.declareAbsent(1);
  expect(alice.seen.outcome).toMatchObject({ result: 'win', winners: [0] });
  expect(alice.seen.result!.note).toBe(
    'Not final yet: ended by your claim. This page cannot reach Bob now, so the claim stays ' +
      'open until you are linked again: if Bob answered in time, the game goes on.',
  );
  // Past the answer time, a page that reaches nobody settles nothing.
  await vi.advanceTimersByTimeAsync(CLOCK.dutyMs + 5_000);
  const [ann, ben] = table.sessions;
  expect(ann!.replica.finality()).not.toEqual({ kind: 'final' });
  expect(ann!.replica.confirmedBy()).toEqual([]);

  table.network.heal('local-0', 'local-1');
  // Linked again, the pages exchange and check what each missed: seconds on a loaded machine.
  await vi.waitFor(() => expect(alice.seen.outcome).toBeNull(), { timeout: 30_000, interval: 20 });
  await vi.waitFor(() => expect(ben!.replica.stateHash).toBe(ann!.replica.stateHash), {
    timeout: 30_000,
    interval: 20,
  });
  expect(bob.seen.outcome).toBeNull();
  expect(ann!.replica.offences()).toEqual([]);
  table.close();
});

test('a claim stamped in the future waits on the claimed page until its time comes: the turn is not cut short', async () => {
  const { table, bob } = await bobOwes('clock-future');
  const [ann, ben] = table.sessions;
  // Alice's modified page signs a claim dated when Bob's time will have run out, and sends it now.
  const due = ann!.replica.due(1)!;
  const claim = ann!.replica.author(
    0,
    table.identities[0]!.secretKey,
    { type: 'ABSENT', seat: 1 },
    due,
  );
  if (!claim.ok) throw new Error(claim.error);
  expect(claim.value.event.at).toBe(due);
  ann!.links.send(1, { type: 'event', event: new TextDecoder().decode(claim.value.bytes) });
  await vi.advanceTimersByTimeAsync(1_000);
  // Bob's page holds it back: more than 5 s ahead of its clock.
  expect(ben!.replica.log.entry(claim.value.hash)).toBeUndefined();
  expect(bob.clocks.own).toMatchObject({ claimed: false });
  // Bob flips within his time; once the claim's time comes it lands, void.
  bob.act({ type: 'FLIP' });
  await vi.advanceTimersByTimeAsync(CLOCK.moveMs);
  await vi.waitFor(() => expect(ben!.replica.log.entry(claim.value.hash)).toBeDefined(), {
    timeout: 10_000,
    interval: 20,
  });
  for (const session of [ann!, ben!]) {
    expect(session.replica.state.ending).toBeNull();
    expect(session.replica.offences()).toEqual([]);
  }
  table.close();
});

test('a page that saw its turn late says SEEN once: claimed when its time from there ran out, it loses on time and is not named', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const table = localTable({
    game: 'war',
    names: ['Alice', 'Bob'],
    humans: [0, 1],
    table: 'clock-late',
    clock: CLOCK,
  });
  const [alice, bob] = table.sessions.map((s) => new TableController(s)) as [
    TableController,
    TableController,
  ];
  const [ann, ben] = table.sessions;
  await vi.waitFor(() => expect(alice.seen.legal).toEqual([{ type: 'FLIP', seat: 0 }]), {
    timeout: 30_000,
    interval: 20,
  });
  await vi.waitFor(() => expect(bob.seen.legal).toEqual([{ type: 'FLIP', seat: 1 }]), {
    timeout: 30_000,
    interval: 20,
  });
  // Bob's phone sleeps through Alice's flip: his page learns of it ten seconds on.
  table.network.partition('local-0', 'local-1');
  alice.act({ type: 'FLIP' });
  await vi.advanceTimersByTimeAsync(10_000);
  table.network.heal('local-0', 'local-1');
  const seenBy = (session: typeof ben) =>
    session!.replica.log.entries().filter((e) => e.event.body.type === 'SEEN');
  await vi.waitFor(() => expect(seenBy(ann)).toHaveLength(1), { timeout: 10_000, interval: 20 });

  // Then Bob never flips: his time, from his SEEN, runs out, and Alice claims.
  await vi.advanceTimersByTimeAsync(CLOCK.moveMs);
  await vi.waitFor(() => expect(alice.clocks.current).toMatchObject([{ secondsLeft: 0 }]));
  await alice.declareAbsent(1);
  expect(alice.error).toBeNull();
  await vi.waitFor(() => expect(bob.clocks.own).toMatchObject({ claimed: true }));
  await vi.advanceTimersByTimeAsync(CLOCK.dutyMs + 3_000);
  await vi.waitFor(() => expect(ann!.replica.finality()).toEqual({ kind: 'final' }), {
    timeout: 10_000,
    interval: 20,
  });
  for (const page of [alice, bob]) expect(page.seen.result?.reason).toBe('Bob ran out of time.');
  for (const session of [ann, ben]) {
    expect(seenBy(session)).toHaveLength(1);
    expect(session!.replica.offences()).toEqual([]);
  }
  table.close();
});
