/**
 * A restore that trusts only what this device checked itself: one whole War game, its
 * seat 0 resumed from what its store kept. Resumed with the checks it kept, it runs none
 * of them again and reaches the same log and state as a resume that checks every proof;
 * an event changed in the store and signed again is checked and refused at that event,
 * though the device had checked the event it replaced.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import { composeEvent, createLog } from '../../src/engine/log.ts';
import type { EventBody } from '../../src/engine/events.ts';
import type { KeyBody } from '../../src/engine/table/bodies.ts';
import { checkId, type CheckJob } from '../../src/engine/table/checks.ts';
import { genesisHash } from '../../src/engine/table/fold.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { parseWireMessage } from '../../src/net/messages.ts';
import { Messenger } from '../../src/net/messenger.ts';
import { InThreadPool } from '../../src/net/pool.ts';
import type { CheckDone } from '../../src/net/work.ts';
import { MemoryStore, type StoredTable } from '../../src/net/store.ts';
import { TableSession, type Restoring } from '../../src/net/table.ts';
import { lazy } from '../lazy.ts';
import {
  SHORT_WAR,
  closedAfterEach,
  eventOf,
  finished,
  sit,
  testTable,
  until,
} from './helpers/seats.ts';

const table = testTable('restore-war', 'war', SHORT_WAR);
const closeLater = closedAfterEach();

/** A pool that notes the id of every check it is asked to run. */
class CountingPool extends InThreadPool {
  readonly asked: string[] = [];

  override check(job: CheckJob): Promise<CheckDone> {
    this.asked.push(checkId(job));
    return super.check(job);
  }
}

/** One whole game; what seat 0's store kept of it, and the state hash its replica reached. */
const played = lazy(async () => {
  const net = new LoopbackNetwork();
  const store = new MemoryStore();
  const zero = await sit(net, table, 0, store);
  const one = await sit(net, table, 1, new MemoryStore());
  closeLater({ close: () => zero.kill() }, { close: () => one.kill() });
  await until('both replicas are done', () => finished([zero.session, one.session]));
  const { replica } = zero.session;
  // A read waits for every write issued before it.
  const kept = (await store.loadTable(table.id))!;
  return { kept, digest: replica.log.digest(), stateHash: replica.stateHash };
});

/** Seat 0 resumed from `kept`, alone on a network of its own, with how far it said it was. */
async function resumeFrom(kept: StoredTable) {
  const store = new MemoryStore();
  await store.saveTable(kept.table);
  for (const secrets of kept.secrets) await store.saveSecrets(table.id, secrets);
  for (const event of kept.events) await store.saveEvent(table.id, event);
  await store.saveChecked(table.id, kept.checked);
  const messenger = new Messenger(new LoopbackNetwork().join('peer-0'), parseWireMessage);
  const pool = new CountingPool();
  const progress: Restoring[] = [];
  const resumed = await TableSession.resume(messenger, store, table.id, pool, (p) =>
    progress.push(p),
  );
  if (!resumed.ok) throw new Error(resumed.error);
  const session: TableSession<Json> = resumed.value;
  closeLater(session, messenger);
  return { session, asked: pool.asked, progress };
}

test('a resume runs no check this device kept as holding, and reaches the state of one that runs them all', async () => {
  const { kept, digest, stateHash } = await played();
  expect(kept.checked.length).toBeGreaterThan(0);
  const trusted = await resumeFrom(kept);
  const checked = await resumeFrom({ ...kept, checked: [] });

  expect(trusted.asked).toEqual([]);
  expect(new Set(checked.asked)).toEqual(new Set(kept.checked));
  for (const { session, progress } of [trusted, checked]) {
    expect({ digest: session.replica.log.digest(), stateHash: session.replica.stateHash }).toEqual({
      digest,
      stateHash,
    });
    expect(session.replica.offences()).toEqual([]);
    expect(session.restoring).toBeNull();
    const total = kept.events.length;
    expect(progress[0]).toEqual({ done: 0, total });
    expect(progress.at(-1)).toEqual({ done: total, total });
    progress.slice(1).forEach((p, i) => expect(p.done).toBeGreaterThanOrEqual(progress[i]!.done));
  }
});

test('a kept event changed and signed again is checked, and refused at that event, though its original was checked', async () => {
  const { kept } = await played();
  // Seat 1's first KEY, a bit of its proof changed, signed again with seat 1's key (as a
  // thief of that key could): it names a check this device never ran.
  const at = kept.events.findIndex((text) => {
    const { author, body } = eventOf(text);
    return author === 1 && body.type === 'KEY';
  });
  const log = createLog({
    table: genesisHash(table.genesis),
    keys: table.genesis.identities,
    heads: true,
    times: true,
  });
  if (!log.ok) throw new Error(log.error);
  for (const event of kept.events.slice(0, at)) log.value.append(event);
  const body = eventOf(kept.events[at]!).body as unknown as KeyBody;
  const proof = body.keys[0]!.proof;
  const changed: KeyBody = {
    ...body,
    keys: [{ ...body.keys[0]!, proof: `${proof.slice(0, -1)}${proof.endsWith('0') ? '1' : '0'}` }],
  };
  const signed = composeEvent(
    log.value,
    1,
    changed as unknown as EventBody,
    table.identities[1]!.secretKey,
  );
  if (!signed.ok) throw new Error(signed.error);
  const tampered = new TextDecoder().decode(signed.value.bytes);
  const events = kept.events.map((event, i) => (i === at ? tampered : event));

  const { session, asked } = await resumeFrom({ ...kept, events });
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((id) => kept.checked.includes(id))).toEqual([]);
  expect(session.replica.offences()).toEqual([
    { seat: 1, reason: 'ERR_PROOF', event: signed.value.hash },
  ]);
});
