/**
 * Absent players: on a table of protocol 4, a seat the table waits on whose link stays
 * down past the agreed limit may be declared absent, and the game ends naming it while
 * it stays away; one that comes back simply continues (its page answers a claim). On a
 * table made now (protocol 5), the table's clock survives a reload of the declaring page
 * and is the same on every page. Real
 * sessions over the in-memory network, real cryptography; the page's clock is vitest's,
 * moved by hand.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import { DEFAULT_ABSENT_AFTER_MS } from '../../src/engine/table/clock.ts';
import { hostPeerId } from '../../src/net/ids.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { MemoryStore } from '../../src/net/store.ts';
import type { Transport } from '../../src/net/transport.ts';
import { InThreadPool } from '../../src/net/pool.ts';
import { LobbyController } from '../../src/ui/controllers/lobby.svelte.ts';
import { TableController } from '../../src/ui/controllers/table.svelte.ts';

const LIMIT_SECONDS = DEFAULT_ABSENT_AFTER_MS / 1000;
type Session = ReturnType<typeof localTable>['sessions'][number];

afterEach(() => {
  vi.useRealTimers();
});

/** War between two people, both owing their first flip; the clock fake from then on. */
async function bothOweAFlip(id: string) {
  // Protocol 4: the pages keep the clock, for a seat whose link is down.
  const table = localTable({
    game: 'war',
    names: ['Alice', 'Bob'],
    humans: [0, 1],
    table: id,
    protocol: 4,
  });
  const [alice, bob] = table.sessions.map((s) => new TableController(s)) as [
    TableController,
    TableController,
  ];
  await vi.waitFor(() => expect(bob.seen.legal).toEqual([{ type: 'FLIP', seat: 1 }]), {
    timeout: 20_000,
    interval: 20,
  });
  expect(alice.seen.legal).toEqual([{ type: 'FLIP', seat: 0 }]);
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
  expect(alice.seen.waiting).toBe('Waiting for Bob to reconnect…');
  expect(alice.clocks.current).toEqual([
    { seat: 1, name: 'Bob', secondsLeft: LIMIT_SECONDS, timed: false, playsOn: false },
  ]);

  await vi.advanceTimersByTimeAsync(DEFAULT_ABSENT_AFTER_MS - 40_000);
  expect(alice.clocks.current).toEqual([
    { seat: 1, name: 'Bob', secondsLeft: 40, timed: false, playsOn: false },
  ]);
  // Before the limit nothing is signed.
  const size = table.sessions[0]!.replica.log.size;
  await alice.declareAbsent(1);
  expect(table.sessions[0]!.replica.log.size).toBe(size);
  expect(alice.seen.outcome).toBeNull();

  await vi.advanceTimersByTimeAsync(40_000);
  expect(alice.clocks.current).toEqual([
    { seat: 1, name: 'Bob', secondsLeft: 0, timed: false, playsOn: false },
  ]);
  await alice.declareAbsent(1);
  expect(alice.error).toBeNull();
  expect(alice.seen.outcome).toEqual({
    result: 'win',
    winners: [0],
    reason: 'Bob was declared absent',
  });
  expect(alice.seen.result).toEqual({
    headline: 'You win the game',
    reason: 'Bob was declared absent.',
  });
  expect(alice.clocks.current).toEqual([]);
  // The ending replaces the words about moves and links: Bob's link is still down, but
  // nothing waits on it now (the board's prompt says `ended`).
  expect(alice.seen.waiting).toBeNull();
  expect(alice.seen.ended).toBe('The game is over: Bob was declared absent.');

  // Bob's page never lost a game it was open for: once the link heals, it answers the
  // claim, which is void on both pages, and the game goes on from where it stood.
  table.network.heal('local-0', 'local-1');
  await until(() => bob.seen.legal.length > 0 && alice.seen.outcome === null);
  expect(bob.seen.outcome).toBeNull();
  expect(alice.seen.result).toBeNull();
  const [ann, ben] = table.sessions as [Session, Session];
  const kinds = ann.replica.log.entries().map((e) => e.event.body.type);
  expect(kinds.slice(-2)).toEqual(['ABSENT', 'PRESENT']);
  expect(ann.replica.entryVerdicts.slice(-2)).toEqual(['void', 'applied']);
  expect(ben.replica.stateHash).toBe(ann.replica.stateHash);
  table.close();
});

test('a player who comes back before the limit simply continues, and his clock starts afresh', async () => {
  const { table, alice, bob } = await bothOweAFlip('absent-back');
  table.network.partition('local-0', 'local-1');
  await vi.advanceTimersByTimeAsync(DEFAULT_ABSENT_AFTER_MS - 20_000);
  expect(alice.clocks.current).toEqual([
    { seat: 1, name: 'Bob', secondsLeft: 20, timed: false, playsOn: false },
  ]);

  table.network.heal('local-0', 'local-1');
  await until(() => alice.seen.links[1] === 'connected');
  expect(alice.clocks.current).toEqual([]);
  expect(alice.seen.waiting).toBeNull();
  // Long past the first limit: no offer, as Bob is back.
  await vi.advanceTimersByTimeAsync(DEFAULT_ABSENT_AFTER_MS);
  expect(alice.clocks.current).toEqual([]);
  await alice.declareAbsent(1);
  expect(alice.seen.outcome).toBeNull();

  // The game goes on: both flip, and the table waits on nobody's link.
  bob.act({ type: 'FLIP' });
  alice.act({ type: 'FLIP' });
  await until(() => alice.seen.legal.length > 0 && bob.seen.legal.length > 0);
  expect(table.sessions[0]!.replica.state.acts).toBeGreaterThanOrEqual(2);
  expect(alice.seen.outcome).toBeNull();
  expect(bob.seen.outcome).toBeNull();

  // Dropped again later, his clock starts from the full limit.
  table.network.partition('local-0', 'local-1');
  expect(alice.clocks.current).toEqual([
    { seat: 1, name: 'Bob', secondsLeft: LIMIT_SECONDS, timed: false, playsOn: false },
  ]);
  table.close();
});

/**
 * Alice's and Bob's pages (lobby controllers; Alice's keeps her tables in `store`) at a
 * started War table, both owing their first flip, then cut off from each other; the
 * clock fake from the cut on.
 */
async function cutOffAfterTheShuffle(store: MemoryStore) {
  const net = new LoopbackNetwork();
  const open = (id: string) => Promise.resolve(net.join(id));
  const alice = new LobbyController(open, new InThreadPool(), store);
  const bob = new LobbyController(open, new InThreadPool());
  await alice.create('Alice', 'war', 2, {});
  await bob.join(alice.tableId!, 'Bob');
  await vi.waitFor(() => expect(alice.canStart).toBe(true));
  alice.start();
  const flips = (page: LobbyController, seat: number) =>
    expect(page.table?.seen.legal).toEqual([{ type: 'FLIP', seat }]);
  await vi.waitFor(() => flips(bob, 1), { timeout: 20_000, interval: 20 });
  await vi.waitFor(() => flips(alice, 0), { timeout: 20_000, interval: 20 });
  // Each page done checking, and its duty loop run once more: it noticed its turn on the real
  // clock. Noticed only once the fake clock had moved on (a loaded machine checks slowly),
  // the turn would look late, and the page would say SEEN and restart its own time.
  await Promise.all([alice, bob].map((page) => page.table!.session.whenChecked()));
  await new Promise((resolve) => setTimeout(resolve, 10));
  vi.useFakeTimers();
  expect(alice.session!.id).toBe(hostPeerId(alice.tableId!));
  net.partition(alice.session!.id, bob.session!.id);
  return { net, open, alice, bob, id: alice.tableId! };
}

/** Alice's page goes away without a goodbye, and after `awayMs` comes back to `#table=<id>`. */
async function reload(alice: LobbyController, store: MemoryStore, awayMs: number, open: Opener) {
  const id = alice.tableId!;
  alice.table!.close();
  alice.session!.close();
  await vi.advanceTimersByTimeAsync(awayMs);
  const again = new LobbyController(open, new InThreadPool(), store);
  const back = again.comeback.resume(id);
  // The replay yields a task between its slices: the fake clock runs them without moving on.
  for (let i = 0; i < 10_000 && again.table === null; i++) await vi.advanceTimersByTimeAsync(0);
  await back;
  // The page is back once the log it kept is judged again, and only then says whom it waits on.
  expect(again.table!.session.replica.waiting).toBe(false);
  return again;
}

type Opener = (id: string) => Promise<Transport>;

/** Seconds before `page` may claim `seat`, by the table's clock (the page's ticks aside). */
const secondsLeft = (page: LobbyController, seat: number) => {
  const due = page.table!.session.absences().find((a) => a.seat === seat)!.due;
  return Math.ceil((due - Date.now()) / 1000);
};

test('the declaring player reloads her page: the table’s clock goes on from where it was, and she claims on time', async () => {
  const store = new MemoryStore();
  const { open, alice } = await cutOffAfterTheShuffle(store);
  expect(alice.table!.clocks.current).toMatchObject([{ seat: 1, name: 'Bob', timed: true }]);
  const left = secondsLeft(alice, 1);
  expect(left).toBeGreaterThan(50);
  await vi.advanceTimersByTimeAsync(30_000);
  expect(secondsLeft(alice, 1)).toBe(left - 30);

  // Away for 10 s: back, the time left is the table's, not the whole move time again.
  const again = await reload(alice, store, 10_000, open);
  expect(secondsLeft(again, 1)).toBe(left - 40);
  await vi.advanceTimersByTimeAsync((left - 41) * 1000);
  await again.table!.declareAbsent(1);
  expect(again.table!.seen.outcome).toBeNull();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(secondsLeft(again, 1)).toBeLessThanOrEqual(0);
  // The page's countdown reads the clock once a second.
  await vi.advanceTimersByTimeAsync(1_000);
  expect(again.table!.clocks.current).toMatchObject([{ seat: 1, secondsLeft: 0 }]);
  await again.table!.declareAbsent(1);
  expect(again.table!.error).toBeNull();
  expect(again.table!.seen.outcome).toEqual({
    result: 'win',
    winners: [0],
    reason: 'Bob ran out of time',
  });
  again.table!.close();
});

test('reloaded or not, both pages count the same time for the seat the table waits on', async () => {
  const store = new MemoryStore();
  const { open, alice, bob } = await cutOffAfterTheShuffle(store);
  await vi.advanceTimersByTimeAsync(20_000);
  const again = await reload(alice, store, 5_000, open);
  expect(bob.table!.session.ownDeadline()).toEqual({
    due: again.table!.session.absences().find((a) => a.seat === 1)!.due,
    claimed: false,
  });
  // Bob's own page counts Alice's time too, link down or not: she owes her flip.
  expect(secondsLeft(bob, 0)).toBe(secondsLeft(again, 1));
  again.table!.close();
  bob.table!.close();
});

test('a page that said SEEN and reloads does not say it again: its log, not its memory, tells it said it this turn', async () => {
  const store = new MemoryStore();
  const { net, open, alice, bob } = await cutOffAfterTheShuffle(store);
  // Bob flips while the link is down: Alice's page hears of it 10 s later, and says SEEN.
  bob.table!.act({ type: 'FLIP' });
  await vi.advanceTimersByTimeAsync(10_000);
  net.heal(alice.session!.id, bob.session!.id);
  const seen = (page: LobbyController) =>
    page
      .table!.session.replica.log.entries()
      .filter((e) => e.event.author === 0 && e.event.body.type === 'SEEN').length;
  await until(() => seen(alice) === 1 && seen(bob) === 1);

  // Away 10 s, her page comes back to the same turn, long after its SEEN.
  const again = await reload(alice, store, 10_000, open);
  await until(() => again.table!.seen.legal.length > 0);
  await vi.advanceTimersByTimeAsync(2_000);
  expect(seen(again)).toBe(1);
  again.table!.act({ type: 'FLIP' });
  await until(() => bob.table!.session.replica.state.acts >= 2);
  for (const page of [again, bob]) {
    expect(seen(page)).toBe(1);
    expect(page.table!.session.replica.offences()).toEqual([]);
  }
  again.table!.close();
  bob.table!.close();
});
