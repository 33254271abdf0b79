/**
 * What a table session keeps besides the replica, for the protocol panel and the
 * audit view: this device's time over each event (making its own, checking every one),
 * and the state hash each other seat says its replica reached once the table is done,
 * told again to a seat whose link comes back; and each other seat's invitation to play
 * again. Figures are not asserted, only that every event has its own and that they are times.
 */
import { expect, test } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import { parseWireMessage, type WireMessage } from '../../src/net/messages.ts';
import type { Messenger } from '../../src/net/messenger.ts';
import type { TableSession } from '../../src/net/table.ts';

/** Resolves once `holds` does, read after every change of `session`. */
const when = (session: TableSession, holds: () => boolean) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (holds()) resolve();
    };
    session.subscribe(check);
    check();
  });

/** Resolves once `session` holds what every other seat says it reached. */
const heardEveryHash = (session: TableSession) =>
  when(session, () => session.peerHashes.every((h, seat) => seat === session.seat || h !== null));

const messengerOf = (session: TableSession) =>
  (session.links as unknown as { messenger: Messenger<WireMessage> }).messenger;

test('a whole game: every event timed on each device, then every seat tells the hash it reached', async () => {
  const table = localTable({ game: 'town', names: ['Ann', 'Ben'], seed: 2, table: 'hashes' });
  await table.finished();
  const [ann, ben] = table.sessions as [TableSession, TableSession];
  await Promise.all([heardEveryHash(ann), heardEveryHash(ben)]);

  for (const session of [ann, ben]) {
    const other = 1 - session.seat;
    expect(session.peerHashes[session.seat]).toBeNull();
    expect(session.peerHashes[other]).toEqual({
      events: session.replica.log.size,
      hash: session.replica.stateHash,
    });
    for (const { hash, event } of session.replica.log.entries()) {
      const timing = session.timings.get(hash);
      expect(timing, `${event.body.type} by seat ${event.author}`).toBeDefined();
      expect(timing!.verifyMs).toBeGreaterThanOrEqual(0);
      // A page makes its own duties (proofs and all); a move is chosen, and others' events only checked.
      const made = event.author === session.seat && event.body.type !== 'ACT';
      expect(timing!.proveMs === null, `${event.body.type} by seat ${event.author}`).toBe(!made);
      if (made) expect(timing!.proveMs).toBeGreaterThanOrEqual(0);
    }
  }
  expect(ann.replica.stateHash).toBe(ben.replica.stateHash);

  // The link drops and comes back: the seat that proves itself again hears the hash again.
  const told = new Promise<WireMessage>((resolve) => {
    messengerOf(ben).on({
      message: (_, message) => {
        if (message.type === 'state-hash') resolve(message);
      },
    });
  });
  table.network.cut('local-0', 'local-1');
  messengerOf(ann).connect('local-1');
  expect(await told).toEqual({
    type: 'state-hash',
    events: ann.replica.log.size,
    hash: ann.replica.stateHash,
  });
  table.close();
});

test.each([
  [{ type: 'state-hash', events: -1, hash: 'ab'.repeat(32) }, 'bad event count'],
  [{ type: 'state-hash', events: 1.5, hash: 'ab'.repeat(32) }, 'bad event count'],
  [{ type: 'state-hash', events: '3', hash: 'ab'.repeat(32) }, 'bad event count'],
  [{ type: 'state-hash', events: 3, hash: 'ab'.repeat(31) }, 'bad state hash'],
  [{ type: 'state-hash', events: 3, hash: 'XY'.repeat(32) }, 'bad state hash'],
])('a state hash message of the wrong shape is refused: %j', (raw, reason) => {
  expect(parseWireMessage(raw)).toEqual({ ok: false, error: reason });
});

test('a state hash message of the right shape is taken as it is', () => {
  const raw = { type: 'state-hash', events: 12, hash: 'ab'.repeat(32) };
  expect(parseWireMessage(raw)).toEqual({ ok: true, value: raw });
});

test('an invitation to play again: one per seat, the latest; none to this very table; told again to a seat whose link comes back', async () => {
  const at = 'kkkkkkkkkk';
  const table = localTable({ game: 'war', names: ['Ann', 'Ben'], humans: [0, 1], table: at });
  const [ann, ben] = table.sessions as [TableSession, TableSession];
  const linked = (session: TableSession) =>
    when(session, () => session.links.states()[1 - session.seat] === 'connected');
  await Promise.all([linked(ann), linked(ben)]);

  // Every invitation Ben's session ever held: never one to the table at play.
  const held = new Set<string>();
  ben.subscribe(() => ben.invitations.forEach((i) => held.add(i.table)));
  messengerOf(ann).send('local-1', { type: 'rematch', table: at });
  ann.invite('kmnpqrstuv');
  await when(ben, () => ben.invitations.length === 1);
  expect(ben.invitations).toEqual([{ seat: 0, table: 'kmnpqrstuv' }]);
  expect(ann.invitations).toEqual([]);

  // The link drops and comes back: Ben hears the latest invitation again, and keeps one.
  ann.invite('pqrstuvwxy');
  table.network.cut('local-0', 'local-1');
  messengerOf(ann).connect('local-1');
  await when(ben, () => ben.invitations[0]?.table === 'pqrstuvwxy');
  expect(ben.invitations).toEqual([{ seat: 0, table: 'pqrstuvwxy' }]);
  expect([...held]).toEqual(['kmnpqrstuv', 'pqrstuvwxy']);
  table.close();
});
