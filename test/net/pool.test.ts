/**
 * Issue 16: the cryptography of a table session runs in its pool, never in the
 * page's own thread, and checking the others' proofs overlaps with making this
 * seat's own; the audit view's cards are opened there too. Real sessions over the in-memory network and real proofs: in
 * crypto workers (Node's worker_threads over comlink, as a page's Web Workers),
 * or in a pool that holds the answers of some checks back until the test lets
 * them go, to see what a session does while its checks are under way.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import { gameById } from '../../src/engine/games/registry.ts';
import { makeDuty } from '../../src/engine/table/author.ts';
import type { ShuffleBody } from '../../src/engine/table/bodies.ts';
import { CheckBook, runCheck, type CheckJob } from '../../src/engine/table/checks.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import type { Genesis } from '../../src/engine/table/types.ts';
import type { SignedEvent } from '../../src/engine/events.ts';
import { parseWireMessage, type WireMessage } from '../../src/net/messages.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { Messenger } from '../../src/net/messenger.ts';
import { InThreadPool, type CryptoPool } from '../../src/net/pool.ts';
import { SeatLinks } from '../../src/net/seats.ts';
import { TableSession } from '../../src/net/table.ts';
import { work } from '../../src/net/work.ts';
import { TableController } from '../../src/ui/controllers/table.svelte.ts';
import type { PlayerProgress } from '../../src/ui/words/progress.ts';
import { auditLog, auditReport } from '../../src/engine/table/report.ts';
import {
  compensatedShuffleProof,
  expectOffence,
  loadHand,
  replicaBefore,
  scriptPlayable,
  signNext,
} from '../engine/helpers/cheats.ts';
import {
  authorOn,
  makeGenesis,
  makePlayers,
  setupOrThrow,
  type Player,
} from '../engine/helpers/table.ts';
import { closedAfterEach, listenAsCheater, until } from './helpers/seats.ts';
import { GatedPool } from './helpers/gated-pool.ts';
import { nodeWorker, nodeWorkerPool, spent, sum } from './helpers/tallies.ts';
import { WorkerPool } from '../../src/net/workers.ts';

const war = gameById('war')!;
const PEERS = ['alice', 'bob'];

const closeAfter = closedAfterEach();

function warTable(table: string) {
  const players = makePlayers(2);
  const genesis = { ...makeGenesis(players, war, {}), table, names: ['Alice', 'Bob'] };
  const net = new LoopbackNetwork();
  const messengers = PEERS.map((id) => new Messenger<WireMessage>(net.join(id), parseWireMessage));
  closeAfter(...messengers);
  const session = (seat: number, pool: CryptoPool) => {
    const made = new TableSession(
      messengers[seat]!,
      genesis,
      war,
      seat,
      players[seat]!.identity.secretKey,
      PEERS,
      undefined,
      pool,
    );
    closeAfter(made, pool);
    return made;
  };
  return { genesis, players, messengers, session };
}

/** Whether `session` has signed an event of `type` of its own. */
const signed = (session: TableSession<Json>, type: string) =>
  session.replica.log
    .entries()
    .some((e) => e.event.author === session.seat && e.event.body.type === type);

const stages = (players: readonly PlayerProgress[] | null | undefined) =>
  players?.map((p) => `${p.name} ${p.stage}`).join(', ');

test("while Alice's shuffle is checked, Bob's is already being made: signed once the check holds, made once", async () => {
  const { session } = warTable('pool-overlap');
  const gate = new GatedPool((job) => job.kind === 'shuffle');
  const alice = session(0, new InThreadPool());
  const bob = session(1, gate);
  const page = new TableController(bob);
  closeAfter(page);
  const seen: string[] = [];
  bob.subscribe(() => seen.push(stages(page.seen.progress?.players) ?? ''));

  // Alice's shuffle reaches Bob; its check is held, and Bob makes his own shuffle meanwhile.
  await until(
    'Bob made his shuffle ahead',
    () => gate.duties.includes('SHUFFLE') && !bob.proving && gate.holding > 0,
  );
  expect(bob.replica.waiting).toBe(true);
  expect(seen).toContain('Alice checking, Bob working');
  expect(stages(page.seen.progress?.players)).toBe('Alice checking, Bob waiting');
  // Made for the state Alice's shuffle leads to, but not signed before it is known to hold.
  expect(signed(bob, 'SHUFFLE')).toBe(false);
  expect(page.seen.legal).toEqual([]);

  gate.open();
  await until(
    'both shuffles are in',
    () => alice.replica.state.step.type === 'PLAY' && !bob.replica.waiting,
  );
  expect(signed(bob, 'SHUFFLE')).toBe(true);
  expect(gate.duties.filter((step) => step === 'SHUFFLE')).toEqual(['SHUFFLE']);
  await until(
    "Alice has checked Bob's shuffle",
    () => bob.replica.log.size === alice.replica.log.size && !alice.replica.waiting,
  );
  expect(bob.replica.stateHash).toBe(alice.replica.stateHash);
  expect(bob.replica.offences()).toEqual([]);
});

/**
 * Alice as a cheater: her own replica and links, every duty honest but her
 * shuffle, whose proof she breaks. Resolves with her bad shuffle once sent.
 */
function cheatingAlice(
  genesis: Genesis,
  player: Player,
  messenger: Messenger<WireMessage>,
): Promise<SignedEvent> {
  const { identity } = player;
  const own = new Replica(genesis, war, setupOrThrow(war, {}));
  const links = new SeatLinks(messenger, genesis, 0, identity.secretKey, PEERS);
  closeAfter(links);
  const send = (event: { bytes: Uint8Array }) =>
    links.send(1, { type: 'event', event: new TextDecoder().decode(event.bytes) });
  return new Promise((resolve) => {
    let cheated = false;
    const move = () => {
      for (let body = makeDuty(own.state, 0, player.keyring, war); body && !cheated;) {
        if (body.type !== 'SHUFFLE') {
          send(authorOn(own, player, body));
          body = makeDuty(own.state, 0, player.keyring, war);
          continue;
        }
        const shuffles = (body as ShuffleBody).shuffles.map((s) => ({
          ...s,
          proof: compensatedShuffleProof(s.proof),
        }));
        const bad = signNext(own.log, player, { type: 'SHUFFLE', shuffles });
        cheated = true;
        send(bad);
        resolve(bad);
      }
    };
    listenAsCheater(links, own, move);
  });
}

test('a shuffle Bob made ahead on a shuffle of Alice that does not check is never signed', async () => {
  const { genesis, players, messengers, session } = warTable('pool-cheat');
  const gate = new GatedPool((job) => job.kind === 'shuffle');
  const bad = cheatingAlice(genesis, players[0]!, messengers[0]!);
  const bob = session(1, gate);

  await until(
    'Bob made his shuffle ahead',
    () => gate.duties.includes('SHUFFLE') && !bob.proving && gate.holding > 0,
  );
  expect(bob.replica.log.entry((await bad).hash)).toBeDefined();
  expect(bob.replica.waiting).toBe(true);
  expect(signed(bob, 'SHUFFLE')).toBe(false);

  gate.open();
  await until('Bob stopped the table', () => bob.replica.stopped);
  expectOffence(bob.replica, await bad, 0, 'ERR_PROOF');
  await bob.whenSent();
  expect(signed(bob, 'SHUFFLE')).toBe(false);
});

test('a pool of crypto workers starts them at `start` or at its first job, once, and none once closed', async () => {
  let spawned = 0;
  const counted = () => {
    spawned += 1;
    return nodeWorker();
  };
  // A page that shows only the home screen or an invitation starts no worker.
  const started = new WorkerPool(counted, 2);
  expect(await started.tally()).toEqual([]);
  expect(spawned).toBe(0);
  started.start();
  started.start();
  expect(spawned).toBe(2);
  expect(await started.tally()).toHaveLength(2);
  started.close();

  const asked = new WorkerPool(counted, 2);
  const [faces] = await asked.faces([{ id: 'deck', size: 3 }]);
  expect(faces).toHaveLength(3);
  expect(spawned).toBe(4);
  asked.close();

  const closed = new WorkerPool(counted, 2);
  closed.close();
  closed.start();
  expect(spawned).toBe(4);
});

test('in crypto workers over comlink, a table is set up with no proof made or checked in this thread', async () => {
  const { session } = warTable('pool-workers');
  const pools = [nodeWorkerPool(2), nodeWorkerPool(2)];
  const before = work.tally();
  const [alice, bob] = pools.map((pool, seat) => session(seat, pool)) as [
    TableSession<Json>,
    TableSession<Json>,
  ];
  await until(
    'both owe their first flip',
    () =>
      [alice, bob].every((s) => s.legalActions().length > 0) &&
      alice.replica.stateHash === bob.replica.stateHash,
  );
  expect(Object.values(spent(before, work.tally())).every((n) => n === 0)).toBe(true);
  const [aliceWorkers, bobWorkers] = await Promise.all(pools.map((pool) => pool.tally()));
  for (const workers of [aliceWorkers!, bobWorkers!]) {
    expect(workers).toHaveLength(2);
    // Each page made its own keys and shuffle, and checked both seats' keys and shuffles
    // (a duty is made again when an event lands while it is being made).
    expect(sum(workers, 'proveShuffle')).toBeGreaterThanOrEqual(1);
    expect(sum(workers, 'verifyShuffle')).toBe(2);
    expect(sum(workers, 'proveKey')).toBeGreaterThanOrEqual(1);
    expect(sum(workers, 'verifyKey')).toBe(2);
  }
});

test('the audit job opens the game as this thread would, from plain data copied as to a worker', async () => {
  const rec = loadHand();
  const pool = new InThreadPool();
  closeAfter(pool);
  const log = auditLog(replicaBefore(rec, rec.events.length));
  const report = await pool.audit(log);
  expect(report.ok).toBe(true);
  expect(report).toEqual(auditReport(log));
  // Before the last seat's secrets are in, there is nothing to open.
  expect(await pool.audit(auditLog(replicaBefore(rec, rec.events.length - 1)))).toEqual({
    ok: false,
    error: 'ERR_NO_AUDIT',
  });
});

/** Every check of the recorded hand, one of them with a byte of its proof changed. */
function handChecks(): { jobs: CheckJob[]; bad: number } {
  const rec = loadHand();
  const replica = new Replica(rec.genesis, scriptPlayable, rec.initial, new CheckBook());
  for (const { bytes } of rec.events) replica.receive(bytes);
  const jobs = [...replica.ahead().wanted.values()];
  const bad = jobs.findIndex((job) => job.kind === 'unlock');
  const proof = Uint8Array.from(jobs[bad]!.parts[4]!);
  proof[proof.length - 2]! ^= 1;
  jobs[bad] = { ...jobs[bad]!, parts: jobs[bad]!.parts.map((p, i) => (i === 4 ? proof : p)) };
  return { jobs, bad };
}

test.each([
  ['in this thread, in one batch', () => new InThreadPool()],
  ['in this thread, each alone', () => new InThreadPool({ batchChecks: false })],
  ['in two crypto workers, a batch each', () => nodeWorkerPool(2)],
  ['in two crypto workers, each alone', () => nodeWorkerPool(2, { batchChecks: false })],
])(
  'checks asked together are answered as each alone, a false one among them: %s',
  async (_, make) => {
    const { jobs, bad } = handChecks();
    expect(jobs.length).toBeGreaterThan(10);
    const pool: CryptoPool = make();
    closeAfter(pool);
    const done = await Promise.all(jobs.map((job) => pool.check(job)));
    expect(done.map((d) => d.holds)).toEqual(jobs.map(runCheck));
    expect(done.map((d) => d.holds)).toEqual(jobs.map((_, i) => i !== bad));
    expect(done.every((d) => d.ms >= 0)).toBe(true);
    // Asked again, each answer is the one kept.
    expect((await pool.check(jobs[bad]!)).holds).toBe(false);
  },
);
