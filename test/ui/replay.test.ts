/**
 * The replay screen's controller checks every proof in the page's crypto pool
 * (issue 16: no frozen page at any step): a hand of Red & Black opened from its
 * transcript reaches the verdict and the state hash a check at once reaches,
 * each event's checking time is its workers' time and the page's; in crypto
 * workers (Node's worker_threads, as a page's Web Workers) this thread checks
 * no proof and opens no card, the audit view's included; a forged unlock share
 * still stops the replay at its event, named, with the evidence; and a pool
 * that fails stops the replay, in words.
 */
import { beforeAll, expect, test, vi } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import type { CheckJob } from '../../src/engine/table/checks.ts';
import {
  TranscriptCheck,
  describeFault,
  makeTranscript,
  verifyTranscript,
  type Transcript,
} from '../../src/engine/transcript.ts';
import { InThreadPool, type CryptoPool } from '../../src/net/pool.ts';
import { work, type CheckDone } from '../../src/net/work.ts';
import { ReplayController } from '../../src/ui/controllers/replay.svelte.ts';
import { forgedUnlockTranscript } from '../engine/helpers/forged.ts';
import { nodeWorkerPool, spent, sum } from '../net/helpers/tallies.ts';

let transcript: Transcript;

beforeAll(async () => {
  // One hand of Red & Black: keys, shuffles, deals, moves and the audit, and an end in sight.
  const table = localTable({
    game: 'redblack',
    names: ['Ada', 'Babbage'],
    seed: 5,
    table: 'replay-pool',
    options: { target: 1 },
  });
  await table.finished();
  transcript = makeTranscript(table.sessions[0]!.replica);
  table.close();
});

/** Opens `raw` (as read from a file) in a replay checked in `pool`, and waits for its verdict. */
async function replayed(raw: unknown, pool: CryptoPool): Promise<ReplayController> {
  const replay = ReplayController.open(JSON.parse(JSON.stringify(raw)), pool);
  if (typeof replay === 'string') throw new Error(replay);
  await vi.waitFor(() => expect(replay.status).not.toBe('verifying'), {
    timeout: 60_000,
    interval: 20,
  });
  return replay;
}

/** A check's time in a worker, as this pool says it: far above anything the page spends. */
const WORKER_MS = 1e6;

/** The in-thread pool, with every check said to have taken `WORKER_MS` in its worker. */
class StampedPool extends InThreadPool {
  override async check(job: CheckJob): Promise<CheckDone> {
    return { ...(await super.check(job)), ms: WORKER_MS };
  }
}

test('checked in the pool, the replay reaches the verdict and state hash a check at once reaches', async () => {
  const replay = await replayed(transcript, new StampedPool());
  const atOnce = TranscriptCheck.open(transcript);
  if (!atOnce.ok) throw new Error(atOnce.fault.reason);
  while (atOnce.check.step());
  const result = atOnce.check.result();
  if (!result.ok) throw new Error(result.fault.reason);

  expect(replay.status).toBe('verified');
  expect(replay.verified).toBe(transcript.events.length);
  expect(replay.verdict).toMatch(
    new RegExp(`^Verified: all ${result.events} events hold, every signature`),
  );
  const hash = atOnce.check.replica.stateHash;
  expect(replay.hashes!.verdict).toContain(`state hash ${hash.slice(0, 16)}…`);

  // Each step checked, its time the page's and its workers': a check's or more for an
  // event with proofs, the page's alone for a move or an audit.
  replay.goTo(replay.total);
  const steps = replay.protocol;
  expect(steps).toHaveLength(transcript.events.length);
  expect(steps.every((step) => step.status === 'checked')).toBe(true);
  const types = transcript.events.map((e) => (JSON.parse(e) as { body: { type: string } }).body);
  steps.forEach((step, i) => {
    const proving = ['KEY', 'SHUFFLE', 'UNLOCK', 'LOCK', 'REMASK'].includes(types[i]!.type);
    expect(step.verifyMs! >= WORKER_MS, `event ${i}, ${types[i]!.type}`).toBe(proving);
  });
  expect(steps.filter((step) => step.verifyMs! >= WORKER_MS).length).toBeGreaterThan(0);
});

test('in crypto workers, the replay and its audit view check no proof and open no card in this thread', async () => {
  const pool = nodeWorkerPool(2);
  try {
    const before = work.tally();
    const replay = await replayed(transcript, pool);
    expect(replay.status).toBe('verified');
    const audit = await replay.audit();
    if (typeof audit === 'string') throw new Error(audit);
    expect(audit.deals[0]!.shuffles.length).toBeGreaterThan(0);
    expect(Object.values(spent(before, work.tally())).every((n) => n === 0)).toBe(true);

    // Every proof of the game checked there, and every card of the audit view opened there.
    const workers = await pool.tally();
    expect(sum(workers, 'verifyKey')).toBeGreaterThanOrEqual(2);
    expect(sum(workers, 'verifyShuffle')).toBeGreaterThanOrEqual(2);
    expect(sum(workers, 'verifyUnlock')).toBeGreaterThan(0);
    const cards = audit.deals.flatMap((deal) => deal.shuffles).flatMap((s) => s.cards).length;
    expect(sum(workers, 'openCard')).toBeGreaterThanOrEqual(cards);
  } finally {
    pool.close();
  }
});

test('a forged unlock share stops the replay at its event, named, with the evidence', async () => {
  const { transcript: forged, index } = forgedUnlockTranscript();
  const replay = await replayed(forged, new InThreadPool());
  const result = verifyTranscript(forged);
  if (result.ok) throw new Error('the forged transcript verified');

  expect(replay.status).toBe('failed');
  const fault = describeFault(result.fault, replay.names);
  expect(fault).toBe(`event ${index} by Ada (seat 0) is bad: ERR_PROOF`);
  expect(replay.verdict).toBe(
    `E${fault.slice(1)}. The replay stops before it: events 0 to ${index - 1} hold.`,
  );
  expect(replay.verified).toBe(index);
  replay.goTo(replay.total);
  expect(replay.position).toBe(index);
  const refused = replay.protocol.at(-1)!;
  expect(refused).toMatchObject({ index, status: 'refused', author: 'Ada' });
  expect(refused.check).toBe('refused (ERR_PROOF): Ada broke the protocol and the table stopped');
  expect(refused.evidence!.found).toMatch(/that proof does not hold for that key and those cards/);
});

/** A pool whose every check fails to run, as a worker that could not start. */
class BrokenPool extends InThreadPool {
  override check(): Promise<CheckDone> {
    return Promise.reject(new Error('the worker did not start'));
  }
}

test('a pool that fails stops the replay where it stood, and says so', async () => {
  const replay = await replayed(transcript, new BrokenPool());
  expect(replay.status).toBe('failed');
  // The first event is a key, with a proof: nothing was checked.
  expect(replay.verified).toBe(0);
  expect(replay.verdict).toBe(
    'This page could not check the proofs (the worker did not start): the replay stops before its first event.',
  );
});
