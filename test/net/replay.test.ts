/**
 * Events from another table or an earlier game are refused, and nobody honest is named.
 * The attack: Ann and Ben sit at two tables with the same identity keys; the first
 * table's events, signed by both, are replayed into the second over Ben's link, which
 * has proven his seat (a peer that proved none is not heard at all, see `seats.test.ts`).
 * Real sessions, real cryptography, over the in-memory network.
 */
import { afterEach, expect, test } from 'vitest';
import { gameById, totalDeckSize } from '../../src/engine/games/registry.ts';
import { createIdentity, type Identity } from '../../src/engine/identity.ts';
import type { Genesis } from '../../src/engine/table/types.ts';
import { parseWireMessage } from '../../src/net/messages.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { Messenger } from '../../src/net/messenger.ts';
import { TableSession } from '../../src/net/table.ts';
import { DEFAULT_CLOCK } from '../../src/engine/table/clock.ts';
import { TableController } from '../../src/ui/controllers/table.svelte.ts';

const open: { close(): void }[] = [];
afterEach(() => {
  for (const thing of open.splice(0)) thing.close();
});

const war = gameById('war')!;
const text = new TextDecoder();

/** Ann and Ben at a War table `table`, signing with `identities`; `names` as the genesis says. */
function seat(table: string, identities: Identity[], names = ['Ann', 'Ben']) {
  const net = new LoopbackNetwork();
  const peers = ['ann', 'ben'];
  const genesis: Genesis = {
    table,
    game: 'war',
    names,
    identities: identities.map((i) => i.publicKey),
    deckSize: totalDeckSize(war, {}),
    options: {},
    clock: DEFAULT_CLOCK,
  };
  const messengers = peers.map((peer) => new Messenger(net.join(peer), parseWireMessage));
  const sessions = messengers.map(
    (messenger, s) => new TableSession(messenger, genesis, war, s, identities[s]!.secretKey, peers),
  );
  open.push(...sessions, ...messengers);
  return { sessions };
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(done()).toBe(true);
}

/** Both seats owe their first flip: keys and shuffles are done. */
const dealt = (sessions: TableSession[]) => sessions.every((s) => s.legalActions().length > 0);

/** Plays the first table to its first flip; returns every event of it, as sent on the wire. */
async function earlierTable(table: string, identities: Identity[], names?: string[]) {
  const { sessions } = seat(table, identities, names);
  await until(() => dealt(sessions));
  return sessions[0]!.replica.log.entries().map((e) => text.decode(e.bytes));
}

/** Ben's session sends Ann every event of `events` over his proven link, as it relays any event. */
function replay(ben: TableSession, events: string[]): void {
  for (const event of events) expect(ben.links.send(0, { type: 'event', event })).toBe(true);
}

test('events signed for another table with the same keys are refused; nobody is named', async () => {
  const identities = [createIdentity(), createIdentity()];
  const events = await earlierTable('table-a', identities);
  const { sessions } = seat('table-b', identities);
  const [ann, ben] = sessions as [TableSession, TableSession];
  const controller = new TableController(ann);
  await until(() => dealt(sessions));
  const before = ann.replica.stateHash;
  replay(ben, events);
  await until(() => ann.refusals.length > 0);
  await new Promise((r) => setTimeout(r, 20));
  expect(ann.replica.stateHash).toBe(before);
  expect(ann.replica.offences()).toEqual([]);
  expect(ann.refusals.map((r) => r.from)).toEqual([1]);
  expect(controller.seen.alarms).toEqual([
    'Refused an event relayed by Ben: it belongs to another table or an earlier game (ERR_TABLE).',
  ]);
  // The table plays on: both flip, and the round is played.
  ann.act({ type: 'FLIP' });
  ben.act({ type: 'FLIP' });
  await until(() => ben.replica.state.acts === 2 && ann.replica.state.acts === 2);
  expect(ben.replica.stateHash).toBe(ann.replica.stateHash);
});

test('events of an earlier game at the same table, same keys, are refused; nobody is named', async () => {
  const identities = [createIdentity(), createIdentity()];
  // The same table id and keys, but another genesis: the names differ.
  const events = await earlierTable('table-x', identities, ['Ann', 'Benjamin']);
  const { sessions } = seat('table-x', identities);
  const [ann, ben] = sessions as [TableSession, TableSession];
  await until(() => dealt(sessions));
  const before = ann.replica.stateHash;
  replay(ben, events);
  await until(() => ann.refusals.length > 0);
  await new Promise((r) => setTimeout(r, 20));
  expect(ann.replica.offences()).toEqual([]);
  expect(ann.replica.stateHash).toBe(before);
  expect(new Set(ann.refusals.map((r) => r.reason))).toEqual(new Set(['ERR_TABLE']));
});
