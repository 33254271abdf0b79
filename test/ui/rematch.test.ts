/**
 * Play again: the player who presses it opens a new table for the same game
 * and options and invites the others over the seat links of the table just played;
 * an invited player accepts and both sit at a new table with fresh keys, a player
 * whose page reloaded during the game too. Real lobby and table sessions over the
 * in-memory network, real cryptography.
 */
import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { GameHistory } from '../../src/net/history.ts';
import { YourGames } from '../../src/ui/controllers/history.svelte.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { MemoryStore } from '../../src/net/store.ts';
import { InThreadPool } from '../../src/net/pool.ts';
import { LobbyController } from '../../src/ui/controllers/lobby.svelte.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Waits, a bounded number of times, for `done`. */
async function until(done: () => boolean) {
  for (let i = 0; i < 3000 && !done(); i++) await settle();
  expect(done()).toBe(true);
}

/**
 * A short game of War: five cards a stack, the deck still the full 52, jointly shuffled.
 * One such deal in 27 repeats forever: the limit ends it after 100 battles, not 5,000.
 */
const SHORT = {
  stacks: [
    [0, 2, 4, 6, 8],
    [1, 3, 5, 7, 9],
  ],
  battleLimit: 100,
};

/** Ann and Ben at a table of War, started; Ben's page keeps its tables in `benStore`. */
async function seated(benStore = new MemoryStore()) {
  const net = new LoopbackNetwork();
  const open = (id: string) => Promise.resolve(net.join(id));
  const ann = new LobbyController(open, new InThreadPool());
  const ben = new LobbyController(open, new InThreadPool(), benStore);
  await ann.create('Ann', 'war', 2, SHORT);
  await ben.join(ann.snapshot!.table!.id, 'Ben');
  await until(() => ann.canStart);
  ann.start();
  await until(() => ann.table !== null && ben.table !== null);
  return { ann, ben, open };
}

/** Starts the new table once both sit at it, and returns both new table sessions. */
async function startAgain(ann: LobbyController, ben: LobbyController) {
  await until(() => ann.canStart);
  ann.start();
  await until(() => ann.table !== null && ben.table !== null);
  return [ann.table!.session, ben.table!.session];
}

test('Play again seats the same players at a new table of the same game, with fresh keys', async () => {
  const { ann, ben } = await seated();
  const first = ann.table!.session.genesis;
  // Ann's "Your games" keeps the game as her table screen does.
  const games = new YourGames(GameHistory.open('rematch-your-games'));
  const stopKeeping = games.follow(ann.table!);
  for (const page of [ann, ben]) page.table!.setAutoplay(true);
  await until(() => ann.table!.seen.result !== null && ben.table!.seen.result !== null);
  // Ann leaves the table's screen at once (Play again): the table stays open meanwhile.
  stopKeeping();
  // Kept once the table is done, and kept current as each player's CONFIRM comes after:
  // the game kept holds the whole log, its ending confirmed by every seat.
  const replica = ann.table!.session.replica;
  await until(() => replica.confirmedBy().length === 2);
  const keptEvents = async () => {
    const kept = await games.transcript(first.table);
    return kept.ok ? (kept.raw as { events: unknown[] }).events.length : 0;
  };
  const listed = () => games.games?.map((entry) => entry.ok && entry.game.events);
  // The list is read again after each write: on a busy machine it lags the transcript.
  const caughtUp = async () =>
    (await keptEvents()) === replica.log.size && listed()?.[0] === replica.log.size;
  for (let i = 0; i < 300 && !(await caughtUp()); i++) await settle();
  expect(await keptEvents()).toBe(replica.log.size);
  expect(listed()).toEqual([replica.log.size]);
  // The first game of a series: no score to tell yet.
  expect(ann.table!.series).toBeNull();
  const firstOutcome = ann.table!.seen.outcome!;
  const won = (name: string) =>
    firstOutcome.result === 'win' && firstOutcome.winners.some((s) => first.names[s] === name)
      ? 1
      : 0;

  await ben.playAgain();
  // Ben now waits in the lobby of his new table; Ann's page shows his invitation.
  expect(ben.table).toBeNull();
  const fresh = ben.snapshot!.table!;
  expect(fresh).toMatchObject({ game: 'war', seats: 2, options: SHORT });
  expect(fresh.id).not.toBe(first.table);
  await until(() => ann.invitation !== null);
  expect(ann.invitation).toMatchObject({ name: 'Ben', seat: 1, table: fresh.id });

  await ann.accept();
  await until(() => ann.snapshot?.players.length === 2 && ben.snapshot?.players.length === 2);
  expect(ann.snapshot!.players.map((p) => p.name)).toEqual(['Ben', 'Ann']);
  const [host, guest] = await startAgain(ben, ann);
  expect(host!.genesis).toEqual(guest!.genesis);
  expect(host!.genesis.table).toBe(fresh.id);
  // Fresh identity keys: nothing of the first table signs anything at the new one.
  for (const key of host!.genesis.identities) expect(first.identities).not.toContain(key);
  await until(() => ann.table!.seen.legal.length > 0);
  expect(ann.table!.seen.alarms).toEqual([]);
  // The score of the series goes on from the first game, the players named in their new seats.
  const drawn = firstOutcome.result === 'draw' ? ', one game drawn' : '';
  for (const page of [ann, ben])
    expect(page.table!.series).toBe(`Ben ${won('Ben')} – Ann ${won('Ann')} in this series${drawn}`);
});

test('two players who press Play again at once both sit at the lower seat’s new table', async () => {
  const { ann, ben } = await seated();
  await Promise.all([ann.playAgain(), ben.playAgain()]);
  await until(() => ben.snapshot?.table?.id === ann.snapshot?.table?.id);
  await until(() => ann.snapshot?.players.length === 2);
  expect(ann.snapshot!.players.map((p) => p.name)).toEqual(['Ann', 'Ben']);
  expect(ann.snapshot!.isHost).toBe(true);
  const [annSession, benSession] = await startAgain(ann, ben);
  expect(annSession!.genesis).toEqual(benSession!.genesis);
});

test('a player whose page reloaded during the game is invited to play again, accepts, and a reload in the new lobby keeps the seat', async () => {
  const store = new MemoryStore();
  const { ann, ben, open } = await seated(store);
  const first = ben.tableId!;
  // Ben's page goes away mid-game without a goodbye, and comes back to the table.
  ben.table!.close();
  ben.session!.close();
  const back = new LobbyController(open, new InThreadPool(), store);
  await back.comeback.resume(first);
  // Play again before the end, as at the end: no result is needed to invite.
  await ann.playAgain();
  await until(() => back.invitation !== null);
  expect(back.invitation).toMatchObject({ name: 'Ann', seat: 0, table: ann.snapshot!.table!.id });
  await back.accept();
  await until(() => ann.snapshot?.players.length === 2);
  expect(ann.snapshot!.players.map((p) => p.name)).toEqual(['Ann', 'Ben']);
  // The new table is the one Ben's page keeps and its URL names: a reload comes back to it.
  expect(back.tableId).toBe(ann.snapshot!.table!.id);
  const again = new LobbyController(open, new InThreadPool(), store);
  back.session!.close();
  await again.comeback.resume(back.tableId!);
  await until(() => again.snapshot?.seated === true);
  const [annSession, benSession] = await startAgain(ann, again);
  expect(benSession!.genesis).toEqual(annSession!.genesis);
});

test('a player whose page reloaded during the game invites the others to play again', async () => {
  const store = new MemoryStore();
  const { ann, ben, open } = await seated(store);
  ben.table!.close();
  ben.session!.close();
  const back = new LobbyController(open, new InThreadPool(), store);
  await back.comeback.resume(ben.tableId!);
  await back.playAgain();
  expect(back.snapshot?.table?.id).toBe(back.tableId);
  await until(() => ann.invitation !== null);
  expect(ann.invitation).toMatchObject({ name: 'Ben', seat: 1, table: back.tableId });
  await ann.accept();
  await until(() => back.snapshot?.players.length === 2);
  expect(back.snapshot!.players.map((p) => p.name)).toEqual(['Ben', 'Ann']);
});

test('against the computer, Play again keeps the score of the series', async () => {
  const net = new LoopbackNetwork();
  const ann = new LobbyController((id) => Promise.resolve(net.join(id)), new InThreadPool());
  await ann.playComputer('Ann', 'war', SHORT, 2, 'easy');
  ann.table!.setAutoplay(true);
  await until(() => ann.table?.seen.result !== null);
  const outcome = ann.table!.seen.outcome!;
  const won = (seat: number) =>
    outcome.result === 'win' && outcome.winners.includes(seat) ? 1 : 0;
  await ann.playAgain();
  await until(() => ann.table !== null);
  const drawn = outcome.result === 'draw' ? ', one game drawn' : '';
  expect(ann.table!.series).toBe(`Ann ${won(0)} – Computer ${won(1)} in this series${drawn}`);
  ann.leave();
});
