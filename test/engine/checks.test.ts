/**
 * Proof checks done elsewhere (checks.ts, the replica's "Checks done
 * elsewhere"): a replica that takes its answers from a `CheckBook` waits at
 * the first unanswered check, looks ahead at every check it will ask, and,
 * given the answers crypto/ gives, reaches exactly the verdicts and states of
 * a replica that checks every proof at once, whatever order the answers come
 * in. Played on the recorded hand, whose events cover every kind of proof.
 */
import { describe, expect, test } from 'vitest';
import { fromBase64, toBase64 } from '../../crypto/index.ts';
import type { SignedEvent } from '../../src/engine/events.ts';
import type { ShuffleBody } from '../../src/engine/table/bodies.ts';
import {
  CheckBook,
  checkId,
  runCheck,
  runChecks,
  type CheckJob,
} from '../../src/engine/table/checks.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import type { Json } from '../../src/engine/encoding.ts';
import {
  compensatedShuffleProof,
  expectOffence,
  indexOf,
  loadHand,
  replicaBefore,
  scriptPlayable,
  signNext,
  type Recording,
} from './helpers/cheats.ts';

const hand = loadHand();

const booked = (rec: Recording) =>
  new Replica(rec.genesis, scriptPlayable, rec.initial, new CheckBook());

/** Answers the checks `replica` wants, `order` picking which next, until it waits on none. */
function answer(replica: Replica<Json>, order: (ids: string[]) => string[]): CheckJob[] {
  const asked: CheckJob[] = [];
  while (replica.waiting) {
    const wanted = replica.ahead().wanted;
    const id = order([...wanted.keys()])[0]!;
    asked.push(wanted.get(id)!);
    replica.learn([[id, runCheck(wanted.get(id)!)]]);
  }
  return asked;
}

test.each<[string, (ids: string[]) => string[]]>([
  ['in the order asked', (ids) => ids],
  ['last first', (ids) => [...ids].reverse()],
])('answers given %s lead to the verdicts and states of checks done at once', (_, order) => {
  const now = replicaBefore(hand, hand.events.length);
  const later = booked(hand);
  for (const { bytes } of hand.events) later.receive(bytes);
  expect(later.waiting).toBe(true);
  expect(later.entryVerdicts.length).toBeLessThan(hand.events.length);
  // Looking ahead, every check counted as passed: where the whole hand leads.
  expect(later.ahead().state).toEqual(now.state);
  const asked = answer(later, order);
  expect(later.entryVerdicts).toEqual(now.entryVerdicts);
  expect(later.stateHash).toBe(now.stateHash);
  expect(new Set(asked.map(checkId)).size).toBe(asked.length);
  expect(new Set(asked.map((job) => job.kind))).toEqual(
    new Set(['key', 'shuffle', 'unlock', 'dleq']),
  );
});

test('a replica waiting on a check signs nothing: its event would name events not judged yet', () => {
  const i = indexOf(hand, 1, 'SHUFFLE');
  const replica = new Replica(hand.genesis, scriptPlayable, hand.initial, new CheckBook());
  for (const { bytes } of hand.events.slice(0, i + 1)) replica.receive(bytes);
  expect(replica.waiting).toBe(true);
  const player = hand.players[0]!;
  expect(replica.author(0, player.identity.secretKey, { type: 'RESIGN' })).toEqual({
    ok: false,
    error: 'ERR_UNCHECKED',
  });
  answer(replica, (ids) => ids);
  expect(replica.author(0, player.identity.secretKey, { type: 'RESIGN' }).ok).toBe(true);
});

/** A replica with a book that has every check answered up to seat 1's first shuffle, and waits on its check. */
function waitingOnShuffle() {
  const i = indexOf(hand, 1, 'SHUFFLE');
  const replica = booked(hand);
  for (const { bytes } of hand.events.slice(0, i)) replica.receive(bytes);
  answer(replica, (ids) => ids);
  replica.receive(hand.events[i]!.bytes);
  expect(replica.waiting).toBe(true);
  return { i, replica };
}

// Seat 0's PRESENT, answering no claim, was signed beside seat 1's shuffle and sorts before
// it: the replica waiting on the shuffle's check stops there, and nothing after it is judged.
test('an offence that lands before the entry a replica waits on ends the wait', () => {
  const { i, replica } = waitingOnShuffle();
  const offence = signNext(replicaBefore(hand, i).log, hand.players[0]!, { type: 'PRESENT' });
  replica.receive(offence.bytes);
  expect(replica.waiting).toBe(false);
  expect(replica.ahead().wanted.size).toBe(0);
  expectOffence(replica, offence, 0, 'ERR_NO_CLAIM');
});

// Seat 0 signs two PRESENTs after seat 1's shuffle, answering no claim. Looking ahead past
// the shuffle's check, the first is an offence and the second is judged no further: the
// look ahead ends where the offence left the table, as the replica itself will.
test('looking ahead past an offence, the state is the one before the offence', () => {
  const { i, replica } = waitingOnShuffle();
  const { log } = replicaBefore(hand, i + 1);
  const first = signNext(log, hand.players[0]!, { type: 'PRESENT' });
  log.append(first.bytes);
  const second = signNext(log, hand.players[0]!, { type: 'PRESENT' });
  for (const { bytes } of [first, second]) replica.receive(bytes);
  expect(
    replica.log
      .entries()
      .slice(-2)
      .map((e) => e.hash),
  ).toEqual([first.hash, second.hash]);
  expect(replica.ahead().state).toEqual(replicaBefore(hand, i + 1).state);
});

/** The first shuffle of the hand with its body rewritten by `edit`, on a replica with a book and one without. */
function badShuffle(edit: (body: ShuffleBody) => ShuffleBody) {
  const i = indexOf(hand, 0, 'SHUFFLE');
  const now = replicaBefore(hand, i);
  const honest = hand.events[i]!.event.body as unknown as ShuffleBody;
  const bad = signNext(now.log, hand.players[0]!, edit(honest));
  const later = booked(hand);
  for (const { bytes } of hand.events.slice(0, i)) later.receive(bytes);
  answer(later, (ids) => ids);
  now.receive(bad.bytes);
  later.receive(bad.bytes);
  expect(later.waiting).toBe(true);
  answer(later, (ids) => ids);
  return { bad, now, later };
}

test('a proof that does not check is refused alike, at once or from the book', () => {
  const { bad, now, later } = badShuffle((body) => ({
    ...body,
    shuffles: body.shuffles.map((s) => ({ ...s, proof: compensatedShuffleProof(s.proof) })),
  }));
  expectOffence(now, bad, 0, 'ERR_PROOF');
  expectOffence(later, bad, 0, 'ERR_PROOF');
});

test('a row that is no canonical encoding is decoded by its check only, and fails it', () => {
  const { bad, now, later } = badShuffle((body) => ({
    ...body,
    shuffles: body.shuffles.map((s) => {
      const rows = fromBase64(s.rows);
      // The first row's point: 32 bytes of 0xff, above the field's prime, so no encoding.
      rows.fill(0xff, 9, 41);
      return { ...s, rows: toBase64(rows) };
    }),
  }));
  expectOffence(now, bad, 0, 'ERR_PROOF');
  expectOffence(later, bad, 0, 'ERR_PROOF');
});

test('a check names everything it is about: change one byte of any part and it is another check', () => {
  const replica = booked(hand);
  for (const { bytes } of hand.events) replica.receive(bytes);
  const job = [...replica.ahead().wanted.values()].find((j) => j.kind === 'shuffle')!;
  expect(runCheck(job)).toBe(true);
  job.parts.forEach((part, k) => {
    const changed = Uint8Array.from(part);
    changed[changed.length - 1]! ^= 1;
    const other = { ...job, parts: job.parts.map((p, j) => (j === k ? changed : p)) };
    expect(checkId(other)).not.toBe(checkId(job));
    expect(runCheck(other)).toBe(false);
  });
});

/** Feeds `events` to a replica with a book, one by one: the checks each makes wanted are the ones it first asks. */
function expectFirstAskers(events: readonly SignedEvent[]): void {
  const replica = booked(hand);
  const askedBy = new Map<string, string>();
  for (const { bytes, hash } of events) {
    replica.receive(bytes);
    // Nothing is answered, so every check wanted before is wanted still: the new ones are this entry's.
    for (const id of replica.ahead().wanted.keys()) if (!askedBy.has(id)) askedBy.set(id, hash);
  }
  expect(askedBy.size).toBeGreaterThan(0);
  expect(replica.ahead().askedBy).toEqual(askedBy);
}

describe('looking ahead names, for each check it wants, the entry that first asks it', () => {
  test('on the hand as played', () => expectFirstAskers(hand.events));

  // Seat 0 resigns as seat 1 makes its unlock share, then its move. The log puts the
  // resignation first; the move is judged where seat 1 stood, without it: seat 1's share is
  // checked again on the move's behalf, and is still the share's check.
  test("where a later entry's judging asks an earlier entry's check again", () => {
    const at = indexOf(hand, 1, 'ACT') - 1;
    expect(hand.events[at]!.event).toMatchObject({ author: 1, body: { type: 'UNLOCK' } });
    const resign = signNext(replicaBefore(hand, at).log, hand.players[0]!, { type: 'RESIGN' });
    const [share, move] = hand.events.slice(at, at + 2);
    expectFirstAskers([...hand.events.slice(0, at), resign, share!, move!]);
  });
});

test('a replica that waits on nothing looks ahead at nothing, and an answer coming then changes nothing', () => {
  const now = replicaBefore(hand, hand.events.length);
  const later = booked(hand);
  for (const { bytes } of hand.events) later.receive(bytes);
  answer(later, (ids) => ids);
  for (const replica of [now, later]) {
    const { state } = replica;
    const verdicts = [...replica.entryVerdicts];
    expect(replica.ahead()).toEqual({ wanted: new Map(), askedBy: new Map(), state });
    expect(replica.ahead().state).toBe(state);
    // An answer nobody asked for (a replica without a book has nowhere to put it): no judging again.
    replica.learn([['0'.repeat(64), true]]);
    expect(replica.state).toBe(state);
    expect(replica.entryVerdicts).toEqual(verdicts);
    expect(replica.waiting).toBe(false);
  }
});

/** Every check the hand asks, in the order a replica that received it all wants them. */
const handJobs = () => {
  const replica = booked(hand);
  for (const { bytes } of hand.events) replica.receive(bytes);
  return answer(replica, (ids) => ids);
};

describe('checked together in one batch, each check is answered as alone', () => {
  test('every check of the hand holds, in one batch', () => {
    const jobs = handJobs();
    expect(jobs.length).toBeGreaterThan(10);
    expect(runChecks(jobs)).toEqual(jobs.map(() => true));
    expect(runChecks([])).toEqual([]);
  });

  // One byte changed in one part of one job (its last, inside a point, a scalar, or ctx):
  // that job, and only it, is false, whether the byte makes a bad proof or no encoding.
  test('a byte changed in any part of any one job makes that job false, and no other', () => {
    const jobs = handJobs();
    const kinds = new Set<string>();
    jobs.forEach((job, j) => {
      if (kinds.has(job.kind)) return;
      kinds.add(job.kind);
      job.parts.forEach((part, k) => {
        const changed = Uint8Array.from(part);
        changed[changed.length - 1]! ^= 1;
        const other = { ...job, parts: job.parts.map((p, i) => (i === k ? changed : p)) };
        const batch = jobs.map((x, i) => (i === j ? other : x));
        expect(runChecks(batch), `${job.kind} part ${k}`).toEqual(batch.map((_, i) => i !== j));
      });
    });
    expect(kinds).toEqual(new Set(['key', 'shuffle', 'unlock', 'dleq']));
  });

  test('a point that is no canonical encoding fails its job only, though other jobs hold it', () => {
    const jobs = handJobs();
    const j = jobs.findIndex((job) => job.kind === 'shuffle');
    const rows = Uint8Array.from(jobs[j]!.parts[3]!);
    rows.fill(0xff, 9, 41); // the first output row's point: above the field's prime
    const bad = { ...jobs[j]!, parts: jobs[j]!.parts.map((p, i) => (i === 3 ? rows : p)) };
    const batch = jobs.map((x, i) => (i === j ? bad : x));
    expect(runCheck(bad)).toBe(false);
    expect(runChecks(batch)).toEqual(batch.map((_, i) => i !== j));
  });

  test('a job of no kind, or with parts missing, is false and leaves the others alone', () => {
    const jobs = handJobs().slice(0, 4);
    const odd = [
      { kind: 'nothing', parts: jobs[0]!.parts } as unknown as CheckJob,
      { kind: 'shuffle', parts: jobs[0]!.parts.slice(0, 1) } as CheckJob,
    ];
    expect(runChecks([...odd, ...jobs])).toEqual([false, false, true, true, true, true]);
  });
});
