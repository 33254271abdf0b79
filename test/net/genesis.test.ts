/**
 * Adversary: a table creator that sends another player a different table.
 * Real lobby sessions, real identities, real table sessions over the
 * in-memory network; the creator's only trick is rewriting the roster its
 * transport sends to Ben. Before any KEY, both stop, and nobody is named.
 */
import { afterEach, expect, test } from 'vitest';
import { gameById } from '../../src/engine/games/registry.ts';
import { createIdentity, type Identity } from '../../src/engine/identity.ts';
import { CLOCKS, DEFAULT_CLOCK } from '../../src/engine/table/clock.ts';
import { PROTOCOL_VERSION, type Genesis } from '../../src/engine/table/types.ts';
import { GenesisAgreement } from '../../src/net/genesis.ts';
import { hostPeerId } from '../../src/net/ids.ts';
import { LobbySession } from '../../src/net/lobby.ts';
import type { TableInfo } from '../../src/net/messages.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { TableSession } from '../../src/net/table.ts';
import type { Transport } from '../../src/net/transport.ts';
import { sendingThrough } from './helpers/transport.ts';

const TABLE: TableInfo = {
  id: 'genesistst',
  game: 'war',
  seats: 2,
  options: {},
  clock: DEFAULT_CLOCK,
};
const HOST = hostPeerId(TABLE.id);
const BEN = `fairdeal-${TABLE.id}-bbbb`;

const open: { close(): void }[] = [];
afterEach(() => {
  for (const thing of open.splice(0)) thing.close();
});

const wait = () => new Promise((resolve) => setTimeout(resolve, 10));

type Roster = { table: TableInfo; players: { name: string; identity: string }[] };

/**
 * A transport that notes the type of every message it sends, and lets every roster that
 * seats Ben through `tamper` first.
 */
function watched(inner: Transport, sent: string[], tamper?: (roster: Roster) => void): Transport {
  return sendingThrough(inner, (peer, data) => {
    const message = JSON.parse(data) as { type: string } & Roster;
    sent.push(message.type);
    // The roster a visitor is sent before it asks to sit seats only Ann: it goes as it is.
    if (!tamper || peer !== BEN || message.type !== 'roster' || message.players.length < 2)
      return inner.send(peer, data);
    tamper(message);
    return inner.send(peer, JSON.stringify(message));
  });
}

/** What the page does: open the table session once every seat has signed the same genesis. */
function openWhenAgreed(lobby: LobbySession, identity: Identity) {
  const opened: { table: TableSession | null } = { table: null };
  lobby.subscribe((snapshot) => {
    const start = lobby.tableStart();
    if (snapshot.phase !== 'started' || !start || opened.table) return;
    opened.table = new TableSession(
      lobby.channel,
      start.genesis,
      gameById(lobby.snapshot().table!.game)!,
      start.seat,
      identity.secretKey,
      start.peers,
    );
    open.push(opened.table);
  });
  return opened;
}

async function lobby(tamper?: (roster: Roster) => void) {
  const net = new LoopbackNetwork();
  const sent: string[] = [];
  const ids = { ann: createIdentity(), ben: createIdentity() };
  const hostLink = net.join(HOST);
  const host = LobbySession.create(watched(hostLink, sent, tamper), TABLE, 'Ann', ids.ann);
  const guest = LobbySession.join(watched(net.join(BEN), sent), TABLE.id, 'Ben', ids.ben);
  open.push(host, guest);
  const tables = [openWhenAgreed(host, ids.ann), openWhenAgreed(guest, ids.ben)];
  for (let i = 0; i < 50 && !host.canStart(); i++) await wait();
  return { net, sent, ids, hostLink, host, guest, tables };
}

const settled = (lobbies: LobbySession[]) =>
  lobbies.every((l) => !['full', 'checking'].includes(l.snapshot().phase));

test.each<[string, (roster: Roster) => void]>([
  ['a renamed seat', (roster) => void (roster.players[0]!.name = 'Anna')],
  [
    'different options',
    (roster) =>
      void (roster.table.options = {
        stacks: [
          [0, 2],
          [1, 3],
        ],
      }),
  ],
  ['another time control', (roster) => void (roster.table.clock = CLOCKS.quick)],
  [
    'another key for Ann',
    (roster) => void (roster.players[0]!.identity = createIdentity().publicKey),
  ],
  [
    'another key for Ben',
    (roster) => void (roster.players[1]!.identity = createIdentity().publicKey),
  ],
])('a creator that sends Ben %s: both stop before any KEY, nobody named', async (_, tamper) => {
  const { sent, host, guest, tables } = await lobby(tamper);
  host.start();
  for (let i = 0; i < 50 && !settled([host, guest]); i++) await wait();
  // Give a KEY every chance to go out, were one ever to be made.
  await wait();

  for (const session of [host, guest]) {
    expect(session.snapshot().phase).toBe('mismatch');
    expect(session.tableStart()).toBeNull();
  }
  // No table session, so no replica that could name anyone, and no event on the wire.
  expect(tables.map((t) => t.table)).toEqual([null, null]);
  expect(sent).not.toContain('event');
  expect(sent.filter((type) => type === 'genesis')).toHaveLength(2);
});

test('an honest lobby agrees at once, and the table plays past its keys with nobody named', async () => {
  const { host, guest, tables } = await lobby();
  host.start();
  for (let i = 0; i < 50 && !settled([host, guest]); i++) await wait();
  expect([host.snapshot().phase, guest.snapshot().phase]).toEqual(['started', 'started']);
  expect(host.tableStart()!.genesis).toEqual(guest.tableStart()!.genesis);

  const replicas = () => tables.map((t) => t.table!.replica);
  for (let i = 0; i < 200 && replicas().some((r) => r.state.step.type === 'KEYS'); i++)
    await wait();
  for (const replica of replicas()) {
    expect(replica.state.step.type).not.toBe('KEYS');
    expect(replica.offences()).toEqual([]);
  }
});

/** Seat 0's signed statement on a War genesis. */
function statement(players: [string, Identity][], peers: string[], table = TABLE.id) {
  const genesis: Genesis = {
    table,
    game: 'war',
    names: players.map(([name]) => name),
    identities: players.map(([, id]) => id.publicKey),
    deckSize: 52,
    options: {},
    clock: TABLE.clock,
    protocol: PROTOCOL_VERSION,
  };
  return new GenesisAgreement(genesis, 0, peers, players[0]![1]).statement;
}

/** The statement Ann makes at an honest Start. */
const annStatement = (ids: { ann: Identity; ben: Identity }, table = TABLE.id) =>
  statement(
    [
      ['Ann', ids.ann],
      ['Ben', ids.ben],
    ],
    [HOST, BEN],
    table,
  );

test('forged, garbled and strangers’ statements are dropped and change nothing', async () => {
  const { net, ids, hostLink, host, guest } = await lobby();
  const real = annStatement(ids);
  // Over Ann's own link: a different hash under her key but not her signature, her real
  // signature for another table, a signature that is not even hex, and broken JSON.
  hostLink.send(BEN, JSON.stringify({ ...real, hash: 'ab'.repeat(32) }));
  hostLink.send(BEN, JSON.stringify(annStatement(ids, 'othertable')));
  hostLink.send(BEN, JSON.stringify({ ...real, sig: 'zz'.repeat(64) }));
  hostLink.send(BEN, '{"type":"genesis"');
  // A stranger at the door, well signed by its own key, on a table of its own.
  const MAL = `fairdeal-${TABLE.id}-mmmm`;
  const mallory = net.join(MAL);
  mallory.connect(BEN);
  mallory.send(BEN, JSON.stringify(statement([['Mal', createIdentity()]], [MAL])));
  await wait();
  expect(guest.snapshot().dropped).toEqual([
    `${HOST}: bad genesis signature`,
    `${HOST}: bad genesis signature`,
    `${HOST}: malformed message (bad genesis signature)`,
    `${HOST}: malformed message (not JSON)`,
  ]);
  expect(guest.snapshot().phase).toBe('full');

  host.start();
  for (let i = 0; i < 50 && !settled([host, guest]); i++) await wait();
  expect([host.snapshot().phase, guest.snapshot().phase]).toEqual(['started', 'started']);
  expect(guest.snapshot().dropped.at(-1)).toBe(
    `${MAL}: a genesis statement from a peer without a seat`,
  );
});

test('a statement that arrives before Start is kept, and counts at Start', async () => {
  const net = new LoopbackNetwork({ manual: true });
  const ids = { ann: createIdentity(), ben: createIdentity() };
  const raw = net.join(HOST);
  const host = LobbySession.create(raw, TABLE, 'Ann', ids.ann);
  const guest = LobbySession.join(net.join(BEN), TABLE.id, 'Ben', ids.ben);
  net.deliverAll();
  expect(host.canStart()).toBe(true);

  raw.send(BEN, JSON.stringify(annStatement(ids)));
  host.start();
  // Ann's early statement, then Start; her own statement from `start` is still queued.
  const toBen = () => net.pending.findIndex((e) => e.to === BEN);
  net.deliver(toBen());
  expect(guest.snapshot().phase).toBe('full');
  net.deliver(toBen());
  expect(guest.snapshot().phase).toBe('started');
  expect(net.pending.some((e) => e.to === BEN)).toBe(true);
});
