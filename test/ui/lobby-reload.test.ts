/**
 * Reloads in the lobby, before Start: a page that comes back to `#table=<id>` finds its
 * table in its store. The guest asks for its seat again and proves its identity key; the
 * host opens the table again under its rendezvous with the seats it kept, and the guest
 * finds it there. Then the table starts and a short game ends the same on both pages.
 * Real lobby and table sessions over the in-memory network, real cryptography.
 */
import { expect, test } from 'vitest';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { MemoryStore } from '../../src/net/store.ts';
import { InThreadPool } from '../../src/net/pool.ts';
import { LobbyController } from '../../src/ui/controllers/lobby.svelte.ts';
import { SHORT_WAR, until } from '../net/helpers/seats.ts';

test('the guest, then the host, reload in the lobby: same seats, same keys, and the game plays out agreed', async () => {
  const net = new LoopbackNetwork();
  const open = (id: string) => Promise.resolve(net.join(id));
  const stores = { ann: new MemoryStore(), ben: new MemoryStore() };
  const ann = new LobbyController(open, new InThreadPool(), stores.ann);
  await ann.create('Ann', 'war', 2, SHORT_WAR);
  const id = ann.tableId!;
  const ben = new LobbyController(open, new InThreadPool(), stores.ben);
  await ben.join(id, 'Ben');
  await until('Ann can start', () => ann.canStart);
  const keys = ann.snapshot!.players.map((p) => p.identity);

  // Ben's page goes away and a new one opens #table=<id>: it proves his key, and has his seat.
  ben.session!.close();
  await until('Ann sees Ben’s page gone', () => ann.snapshot!.links[ben.session!.id] === 'lost');
  const ben2 = new LobbyController(open, new InThreadPool(), stores.ben);
  await ben2.comeback.resume(id);
  await until('Ben has his seat again', () => ann.canStart && ben2.snapshot?.seated === true);
  expect(ann.snapshot!.players.map((p) => p.peer)).toEqual([ann.session!.id, ben2.session!.id]);
  expect(ben2.snapshot!.players.map((p) => p.identity)).toEqual(keys);
  expect(ann.snapshot!.dropped).toEqual([]);

  // Ann's page goes away: the new one holds the table under its rendezvous, Ben's seat kept.
  ann.session!.close();
  await until('Ben sees Ann’s page gone', () => ben2.snapshot!.links[ann.session!.id] === 'lost');
  const ann2 = new LobbyController(open, new InThreadPool(), stores.ann);
  await ann2.comeback.resume(id);
  expect(ann2.session!.id).toBe(ann.session!.id);
  expect(ann2.snapshot!.players.map((p) => [p.name, p.peer, p.identity])).toEqual([
    ['Ann', ann2.session!.id, keys[0]],
    ['Ben', ben2.session!.id, keys[1]],
  ]);
  // Ben redials the host, proves his seat again, and Start is offered.
  await until('Ben is back, and Ann can start', () => ann2.canStart);
  ann2.start();
  await until('both tables open', () => ann2.table !== null && ben2.table !== null);
  expect(ben2.table!.session.genesis).toEqual(ann2.table!.session.genesis);
  expect(ann2.table!.session.genesis.identities).toEqual(keys);

  for (const page of [ann2, ben2]) page.table!.setAutoplay(true);
  await until(
    'both done',
    () => ann2.table!.seen.hashes !== null && ben2.table!.seen.hashes !== null,
  );
  expect(ben2.table!.seen.outcome).toEqual(ann2.table!.seen.outcome);
  expect(ben2.table!.session.replica.stateHash).toBe(ann2.table!.session.replica.stateHash);
  for (const page of [ann2, ben2]) expect(page.table!.seen.alarms).toEqual([]);
  ann2.leave();
  ben2.leave();
});
