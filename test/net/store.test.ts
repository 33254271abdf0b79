/**
 * What a peer keeps of its tables: both stores keep records, secrets,
 * events and checks found holding in the order written and apart per table; IndexedDB keeps them
 * across a reopen; a whole real game kept in IndexedDB replays to the same
 * log and state, with every secret the seat published at its audit.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, test } from 'vitest';
import { encodeScalar, toHex } from '../../crypto/index.ts';
import { Keyring, type KeyringSecrets } from '../../src/engine/table/keyring.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { IdbStore, MemoryStore, type TableStore } from '../../src/net/store.ts';
import {
  SHORT_WAR,
  finished,
  sit,
  summary,
  testTable,
  until,
  closedAfterEach,
} from './helpers/seats.ts';

let opened = 0;
const closeLater = closedAfterEach();

/** A fresh IndexedDB database (fake-indexeddb), closed after the test. */
async function idb(name = `store-test-${opened++}`): Promise<IdbStore> {
  const store = await IdbStore.open(name);
  closeLater(store);
  return store;
}

const table = testTable('table-a', 'war', SHORT_WAR);
const other = testTable('table-b', 'redblack', { red: 9, black: 9 });
const batch = (n: number, coin: KeyringSecrets['coin'] = null): KeyringSecrets => ({
  scalars: [[`key-${n}`, toHex(encodeScalar(BigInt(n)))]],
  coin,
});

describe.each([
  ['IdbStore', () => idb()],
  ['MemoryStore', async (): Promise<TableStore> => new MemoryStore()],
])('%s', (_, make) => {
  test('keeps a record, its secrets and its events in the order written, apart from other tables', async () => {
    const store = await make();
    await store.saveTable(table.record(1));
    await store.saveTable(other.record(0));
    const writes = [
      store.saveSecrets(table.id, batch(1)),
      store.saveEvent(table.id, 'first'),
      store.saveEvent(other.id, 'elsewhere'),
      store.saveSecrets(table.id, batch(2, { stepNo: 7, bit: 1, salt: 'ab' })),
      store.saveEvent(table.id, 'second'),
      store.saveChecked(table.id, ['check-a', 'check-b']),
      store.saveChecked(other.id, ['check-elsewhere']),
      store.saveChecked(table.id, ['check-c']),
    ];
    await Promise.all(writes);
    const kept = await store.loadTable(table.id);
    expect(kept).toEqual({
      table: table.record(1),
      secrets: [batch(1), batch(2, { stepNo: 7, bit: 1, salt: 'ab' })],
      events: ['first', 'second'],
      checked: ['check-a', 'check-b', 'check-c'],
    });
    expect(kept!.table.identity.secretKey).toBeInstanceOf(Uint8Array);
    expect(await store.loadTable(other.id)).toEqual({
      table: other.record(0),
      secrets: [],
      events: ['elsewhere'],
      checked: ['check-elsewhere'],
    });
    const ids = (await store.listTables()).map((t) => t.id).sort();
    expect(ids).toEqual([table.id, other.id]);
  });

  test('a record saved again replaces the old one and keeps the secrets and events', async () => {
    const store = await make();
    await store.saveTable({ ...table.record(0), play: null });
    await store.saveEvent(table.id, 'kept');
    await store.saveTable(table.record(0));
    expect(await store.loadTable(table.id)).toEqual({
      table: table.record(0),
      secrets: [],
      events: ['kept'],
      checked: [],
    });
  });

  test('a deleted table is forgotten whole, and no other table loses anything', async () => {
    const store = await make();
    for (const t of [table, other]) {
      await store.saveTable(t.record(0));
      await store.saveSecrets(t.id, batch(3));
      await store.saveEvent(t.id, `event of ${t.id}`);
      await store.saveChecked(t.id, [`check of ${t.id}`]);
    }
    await store.deleteTable(table.id);
    expect(await store.loadTable(table.id)).toBeNull();
    expect((await store.listTables()).map((t) => t.id)).toEqual([other.id]);
    expect(await store.loadTable(other.id)).toMatchObject({
      secrets: [batch(3)],
      events: [`event of ${other.id}`],
      checked: [`check of ${other.id}`],
    });
    // Its id is free again: nothing of the old table comes back with a new one.
    await store.saveTable(table.record(1));
    expect(await store.loadTable(table.id)).toEqual({
      table: table.record(1),
      secrets: [],
      events: [],
      checked: [],
    });
  });

  test('where the seats are is replaced for a started table, and nothing else is touched', async () => {
    const store = await make();
    await store.saveTable(table.record(1));
    await store.saveEvent(table.id, 'kept');
    await store.saveTable({ ...other.record(0), play: null });
    const moved = ['peer-0', 'peer-1-again'];
    await store.savePeers(table.id, moved);
    await store.savePeers(other.id, moved);
    await store.savePeers('nothing', moved);
    const record = table.record(1);
    expect(await store.loadTable(table.id)).toEqual({
      table: { ...record, play: { ...record.play!, peers: moved } },
      secrets: [],
      events: ['kept'],
      checked: [],
    });
    expect((await store.loadTable(other.id))!.table).toEqual({ ...other.record(0), play: null });
    expect(await store.loadTable('nothing')).toBeNull();
  });

  test('the clock of unreachable seats is replaced whole, apart per table, and forgotten with its table', async () => {
    const store = await make();
    await store.saveTable(table.record(0));
    await store.saveTable(other.record(0));
    expect(await store.loadUnreachable(table.id)).toEqual([]);
    await store.saveUnreachable(table.id, [null, 1_700_000_000_000]);
    await store.saveUnreachable(other.id, [5, null]);
    await store.saveUnreachable(table.id, [null, 1_700_000_060_000]);
    expect(await store.loadUnreachable(table.id)).toEqual([null, 1_700_000_060_000]);
    expect(await store.loadUnreachable(other.id)).toEqual([5, null]);
    // What a caller does with what it loaded changes nothing kept.
    (await store.loadUnreachable(table.id))[1] = 0;
    expect(await store.loadUnreachable(table.id)).toEqual([null, 1_700_000_060_000]);
    await store.deleteTable(table.id);
    expect(await store.loadUnreachable(table.id)).toEqual([]);
    expect(await store.loadUnreachable(other.id)).toEqual([5, null]);
  });

  test('a table never saved loads as null', async () => {
    const store = await make();
    await store.saveEvent('stray', 'an event without a record');
    expect(await store.loadTable('stray')).toBeNull();
    expect(await store.loadTable('nothing')).toBeNull();
    expect(await store.listTables()).toEqual([]);
  });
});

test('IndexedDB keeps everything across closing and reopening the database, as a reload does', async () => {
  const first = await idb('reload');
  await first.saveTable(table.record(1));
  await first.saveSecrets(table.id, batch(5));
  await first.saveEvent(table.id, 'before the reload');
  await first.saveChecked(table.id, ['checked before the reload']);
  first.close();
  const again = await idb('reload');
  expect(await again.loadTable(table.id)).toEqual({
    table: table.record(1),
    secrets: [batch(5)],
    events: ['before the reload'],
    checked: ['checked before the reload'],
  });
});

test('a database of version 1 (before the clock of unreachable seats) opens with its tables kept', async () => {
  const name = `store-test-v1-${opened++}`;
  const v1 = await openDB(name, 1, {
    upgrade(db) {
      db.createObjectStore('tables', { keyPath: 'id' });
      db.createObjectStore('secrets', { autoIncrement: true }).createIndex('table', 'table');
      db.createObjectStore('events', { autoIncrement: true }).createIndex('table', 'table');
    },
  });
  await v1.put('tables', table.record(1));
  await v1.add('events', { table: table.id, event: 'kept in version 1' });
  v1.close();
  const store = await idb(name);
  expect(await store.loadTable(table.id)).toEqual({
    table: table.record(1),
    secrets: [],
    events: ['kept in version 1'],
    checked: [],
  });
  await store.saveUnreachable(table.id, [null, 42]);
  expect(await store.loadUnreachable(table.id)).toEqual([null, 42]);
});

test('a whole War game kept in IndexedDB replays to the same log and state, with every secret its seat used', async () => {
  const net = new LoopbackNetwork();
  const stores = [await idb(), await idb()];
  const zero = await sit(net, table, 0, stores[0]!);
  const one = await sit(net, table, 1, stores[1]!);
  closeLater({ close: () => zero.kill() }, { close: () => one.kill() });
  const sessions = [zero.session, one.session];
  await until('both replicas are done', () => finished(sessions));

  for (const [seat, session] of sessions.entries()) {
    // A read waits for every write issued before it, and each event was written as it came.
    const kept = (await stores[seat]!.loadTable(table.id))!;
    const logged = session.replica.log.entries().map((e) => new TextDecoder().decode(e.bytes));
    expect(new Set(kept.events).size).toBe(kept.events.length);
    expect([...kept.events].sort()).toEqual([...logged].sort());

    const replayed = new Replica(table.genesis, table.playable, start());
    for (const event of kept.events) replayed.receive(event);
    expect({ digest: replayed.log.digest(), stateHash: replayed.stateHash }).toEqual({
      digest: session.replica.log.digest(),
      stateHash: session.replica.stateHash,
    });

    const restored = new Keyring();
    for (const secrets of kept.secrets) restored.restore(secrets);
    const pubs = session.replica.state.pubs[seat]!;
    expect(pubs.length).toBeGreaterThan(0);
    for (const pub of pubs) expect(restored.scalarFor(pub)).toBe(session.keyring.scalarFor(pub));
  }
  const [a, b] = sessions.map(summary);
  expect(a).toMatchObject({ refusals: [], offences: [], storeError: null });
  expect(b).toEqual(a);
});

/** War's starting state for the short deal. */
function start() {
  const made = table.playable.setup(table.genesis.options);
  if (!made.ok) throw new Error(made.error);
  return made.value;
}
