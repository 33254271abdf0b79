/**
 * The table screen's controller names whoever sends a bad event: a seat
 * relaying garbage, and a seated player whose signed event breaks the rules;
 * a stranger, who proved no seat, is not even heard.
 * Real sessions over the in-memory network, real cryptography.
 */
import { expect, test, vi } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import { composeEvent } from '../../src/engine/log.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import type { EventBody } from '../../src/engine/events.ts';
import { TableController } from '../../src/ui/table.svelte.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

async function ready() {
  const table = localTable({
    game: 'war',
    names: ['Alice', 'Bob'],
    humans: [0, 1],
    table: 'ui-test',
  });
  const controller = new TableController(table.sessions[0]!);
  // Keys and both shuffles, then both players owe a flip.
  for (let i = 0; i < 200 && controller.legal.length === 0; i++) await settle();
  expect(controller.legal).toEqual([{ type: 'FLIP', seat: 0 }]);
  return { table, controller };
}

const GARBAGE = '{"table":"ui-test","oops":1}';

test('garbage relayed by a seat is refused and that seat named; nothing changes', async () => {
  const { table, controller } = await ready();
  const before = table.sessions[0]!.replica.stateHash;
  table.sessions[1]!.links.send(0, { type: 'event', event: GARBAGE });
  await settle();
  expect(controller.alarms).toEqual(['Refused an event relayed by Bob: ERR_NONCANONICAL.']);
  expect(table.sessions[0]!.replica.stateHash).toBe(before);
  table.close();
});

test('an event from a peer that proved no seat is not heard at all', async () => {
  const { table, controller } = await ready();
  const before = table.sessions[0]!.replica.stateHash;
  const mallory = table.network.join('mallory');
  mallory.connect('local-0');
  mallory.send('local-0', JSON.stringify({ type: 'event', event: GARBAGE }));
  await settle();
  expect(controller.alarms).toEqual([]);
  expect(table.sessions[0]!.refusals).toEqual([]);
  expect(table.sessions[0]!.replica.stateHash).toBe(before);
  table.close();
});

test('a signed move out of turn stops the table and names the player', async () => {
  const { table, controller } = await ready();
  const bob = table.sessions[1]!;
  bob.act({ type: 'FLIP' });
  await settle();
  // Bob flips again, signed with his own key: the table owes him nothing now.
  const log = bob.replica.log;
  const secret = (bob as unknown as { secretKey: Uint8Array }).secretKey;
  const cheat = composeEvent(log, 1, makeAct({ type: 'FLIP' }) as unknown as EventBody, secret);
  if (!cheat.ok) throw new Error(cheat.error);
  bob.replica.receive(cheat.value.bytes);
  // It reaches Alice the way every event does: over Bob's link.
  const before = table.sessions[0]!.replica.stateHash;
  bob.links.send(0, { type: 'event', event: new TextDecoder().decode(cheat.value.bytes) });
  await settle();
  expect(table.sessions[0]!.replica.stateHash).toBe(before);
  expect(controller.alarms).toEqual(['Bob was caught: ERR_NOT_OWED. The table stopped.']);
  expect(controller.legal).toEqual([]);
  table.close();
});

test('each player’s link shows, and the table says in words whom it waits for', async () => {
  const { table, controller } = await ready();
  expect(controller.links).toEqual(['connected', 'connected']);
  expect(controller.waiting).toBeNull();

  // Bob owes his flip, and his link drops.
  table.network.partition('local-0', 'local-1');
  expect(controller.links).toEqual(['connected', 'reconnecting']);
  expect(controller.waiting).toBe('Waiting for Bob to reconnect…');

  // Redialled with backoff, he proves his seat again.
  table.network.heal('local-0', 'local-1');
  await vi.waitFor(() => expect(controller.links).toEqual(['connected', 'connected']), {
    timeout: 10_000,
    interval: 20,
  });
  expect(controller.waiting).toBeNull();

  table.sessions[0]!.links.markGone(1);
  expect(controller.links).toEqual(['connected', 'gone']);
  expect(controller.waiting).toBe('Bob has left the table.');
  table.close();
});
