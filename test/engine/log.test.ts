import { utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex, stateHash } from '../../src/engine/encoding.ts';
import {
  MAX_EVENT_BYTES,
  ZERO_HASH,
  makeEvent,
  signEvent,
  type EventBody,
  type SignedEvent,
  type UnsignedEvent,
} from '../../src/engine/events.ts';
import {
  MAX_EVIDENCE,
  MAX_MISSING,
  MAX_PENDING_PER_SEAT,
  composeEvent,
  createLog,
  earliestAt,
  forkedBy,
  headsFor,
  type EventLog,
} from '../../src/engine/log.ts';
import { lazy } from '../lazy.ts';
import { seeded, shuffled, testIdentities, testIdentity, testLog } from './helpers.ts';

const ids = testIdentities(3);
const mallory = testIdentity(9);

/** Composes `seat`'s next event on `log` and appends it there. */
function act(log: EventLog, seat: number, body: EventBody = { type: 'NOTE' }): SignedEvent {
  const made = composeEvent(log, seat, body, (ids[seat] ?? mallory).secretKey);
  if (!made.ok) throw new Error(made.error);
  const appended = log.append(made.value.bytes);
  if (!appended.ok || appended.value.status !== 'accepted') throw new Error('own event refused');
  return made.value;
}

/** Signs an arbitrary event for `seat` (by default with that seat's key). */
function forge(event: UnsignedEvent, secretKey = (ids[event.author] ?? mallory).secretKey) {
  const signed = signEvent(event, secretKey);
  if (!signed.ok) throw new Error(signed.error);
  return signed.value;
}

/** Everything observable about a log, to show that a refused event changed nothing. */
function snapshot(log: EventLog) {
  return {
    digest: log.digest(),
    head: log.head,
    size: log.size,
    pending: log.pendingCount,
    halted: log.halted,
    next: [0, 1, 2].map((seat) => [log.nextSeq(seat), log.lastHash(seat)]),
  };
}

/** Seat `author`'s first event on an empty `table-1`. */
function genesis(author: number): UnsignedEvent {
  return {
    table: 'table-1',
    author,
    seq: 0,
    prev: ZERO_HASH,
    basis: [0, 0, 0],
    body: { type: 'X' },
  };
}

/** A log where seat 0 and seat 1 each made two events, alternating. */
function started() {
  const log = testLog(ids);
  const events = [act(log, 0), act(log, 1), act(log, 0), act(log, 1)];
  return { log, events };
}

describe('createLog', () => {
  it.each([
    ['a bad table id', { table: 'a b', keys: [ids[0]!.publicKey] }, 'ERR_TABLE_ID'],
    ['no seats', { table: 't', keys: [] }, 'ERR_ROSTER'],
    ['seven seats', { table: 't', keys: testIdentities(7).map((i) => i.publicKey) }, 'ERR_ROSTER'],
    ['a repeated key', { table: 't', keys: [ids[0]!.publicKey, ids[0]!.publicKey] }, 'ERR_ROSTER'],
    ['a key that is no point', { table: 't', keys: ['ff'.repeat(32)] }, 'ERR_ROSTER'],
    [
      'one good key and one that is no point',
      { table: 't', keys: [ids[0]!.publicKey, 'ff'.repeat(32)] },
      'ERR_ROSTER',
    ],
    ['a small-order key', { table: 't', keys: ['01' + '00'.repeat(31)] }, 'ERR_ROSTER'],
  ])('refuses %s', (_name, roster, code) => {
    expect(createLog({ ...roster, heads: true })).toEqual({ ok: false, error: code });
  });

  it('seats up to six, and starts empty', () => {
    const created = createLog({
      table: 't',
      keys: testIdentities(6).map((i) => i.publicKey),
      heads: true,
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const log = created.value;
    expect([log.seats, log.size, log.head, log.seen()]).toEqual([
      6,
      0,
      ZERO_HASH,
      [0, 0, 0, 0, 0, 0],
    ]);
    // The digest of nothing: SHA-256 of the empty string.
    expect(log.digest()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect([log.nextSeq(9), log.lastHash(9), log.at(9, 0)]).toEqual([0, ZERO_HASH, undefined]);
  });
});

describe('composeEvent', () => {
  it.each([6, 3, -1])('refuses seat %i, which has no place in a three-seat roster', (seat) => {
    expect(composeEvent(testLog(ids), seat, { type: 'X' }, ids[0]!.secretKey)).toEqual({
      ok: false,
      error: 'ERR_UNKNOWN_SEAT',
    });
  });
});

describe('append', () => {
  it('accepts chained events and tracks head, seq and prev', () => {
    const { log, events } = started();
    for (const e of events) {
      expect(log.entry(e.hash)?.bytes).toEqual(e.bytes);
      expect(log.at(e.event.author, e.event.seq)?.hash).toBe(e.hash);
    }
    expect(log.digest()).toBe(
      sha256Hex(
        utf8ToBytes(
          log
            .entries()
            .map((entry) => entry.hash)
            .join(''),
        ),
      ),
    );
    expect(log.size).toBe(4);
    expect(log.head).toBe(events[3]!.hash);
    expect(log.nextSeq(0)).toBe(2);
    expect(log.lastHash(1)).toBe(events[3]!.hash);
    expect(log.entries().map((e) => e.height)).toEqual([1, 2, 3, 4]);
    expect(events[2]!.event).toMatchObject({ seq: 1, prev: events[0]!.hash, basis: [1, 1, 0] });
    expect(log.evidence).toEqual([]);
  });

  it('treats an exact copy (gossip, or a replay) as a duplicate that changes nothing', () => {
    const { log, events } = started();
    const before = snapshot(log);
    for (const e of events) {
      expect(log.append(e.bytes)).toEqual({
        ok: true,
        value: { status: 'duplicate', placed: [], from: 4 },
      });
    }
    expect(snapshot(log)).toEqual(before);
    expect(log.evidence).toEqual([]);
  });

  it('keeps its own copy of the bytes, so a reused buffer cannot rewrite history', () => {
    const source = testLog(ids);
    const event = act(source, 0);
    const log = testLog(ids);
    const buffer = event.bytes.slice();
    log.append(buffer);
    buffer.fill(0);
    expect(log.entries()[0]!.bytes).toEqual(event.bytes);
  });

  it('refuses an event replayed from another table with the same roster', () => {
    const other = testLog(ids, 'table-2');
    const foreign = act(other, 2);
    const { log } = started();
    const before = snapshot(log);
    expect(log.append(foreign.bytes)).toEqual({ ok: false, error: 'ERR_TABLE' });
    expect(snapshot(log)).toEqual(before);
    expect(log.evidence).toEqual([
      { bytes: foreign.bytes, author: 2, signed: true, reason: 'ERR_TABLE' },
    ]);
  });

  it('refuses a forged signature, names the claimed author and marks it unsigned', () => {
    const { log } = started();
    const before = snapshot(log);
    const fake = forge({ ...genesis(2), basis: [2, 2, 0] }, mallory.secretKey);
    expect(log.append(fake.bytes)).toEqual({ ok: false, error: 'ERR_SIGNATURE' });
    expect(snapshot(log)).toEqual(before);
    expect(log.evidence).toEqual([
      { bytes: fake.bytes, author: 2, signed: false, reason: 'ERR_SIGNATURE' },
    ]);
  });

  it('refuses an event whose body was altered after signing', () => {
    const { log } = started();
    const honest = composeEvent(log, 2, { type: 'BET', amount: 1 }, ids[2]!.secretKey);
    if (!honest.ok) throw new Error(honest.error);
    const altered = makeEvent({ ...honest.value.event, body: { type: 'BET', amount: 1000 } });
    const before = snapshot(log);
    expect(log.append(altered)).toEqual({ ok: false, error: 'ERR_SIGNATURE' });
    expect(snapshot(log)).toEqual(before);
    expect(log.evidence[0]).toMatchObject({ author: 2, signed: false });
  });

  it('refuses an author without a seat', () => {
    const log = testLog(ids.slice(0, 2));
    const ghost = forge(genesis(2));
    expect(log.append(ghost.bytes)).toEqual({ ok: false, error: 'ERR_UNKNOWN_SEAT' });
    expect(log.evidence[0]).toMatchObject({ author: 2, signed: false });
  });

  it('refuses garbage bytes with no author to name', () => {
    const { log } = started();
    const before = snapshot(log);
    const garbage = new Uint8Array([0xde, 0xad, 0xbe, 0xef]);
    expect(log.append(garbage)).toEqual({ ok: false, error: 'ERR_UTF8' });
    expect(log.append('{"not":"an event"}')).toEqual({ ok: false, error: 'ERR_FIELDS' });
    expect(snapshot(log)).toEqual(before);
    expect(log.evidence.map((e) => [e.author, e.signed, e.reason])).toEqual([
      [null, false, 'ERR_UTF8'],
      [null, false, 'ERR_FIELDS'],
    ]);
  });

  it('refuses an oversized event and keeps only a bounded prefix as evidence', () => {
    const { log } = started();
    const before = snapshot(log);
    const huge = 'x'.repeat(MAX_EVENT_BYTES * 4);
    expect(log.append(huge)).toEqual({ ok: false, error: 'ERR_TOO_LARGE' });
    expect(log.append(utf8ToBytes(huge))).toEqual({ ok: false, error: 'ERR_TOO_LARGE' });
    expect(snapshot(log)).toEqual(before);
    expect(log.evidence).toHaveLength(1);
    expect(log.evidence[0]).toMatchObject({ author: null, signed: false, reason: 'ERR_TOO_LARGE' });
    expect(log.evidence[0]!.bytes).toEqual(utf8ToBytes(huge.slice(0, MAX_EVENT_BYTES)));
  });

  it('reads an event of exactly MAX_EVENT_BYTES, and refuses one byte more', () => {
    const { log } = started();
    const exact = 'x'.repeat(MAX_EVENT_BYTES);
    // Not JSON, so refused, but for what it says, not for its size.
    expect(log.append(exact)).toEqual({ ok: false, error: 'ERR_JSON' });
    expect(log.append(exact + 'x')).toEqual({ ok: false, error: 'ERR_TOO_LARGE' });
  });

  it('keeps one record of oversized texts that share their bounded prefix', () => {
    const { log } = started();
    const prefix = 'x'.repeat(MAX_EVENT_BYTES);
    for (const tail of ['y', 'z'.repeat(MAX_EVENT_BYTES)])
      expect(log.append(prefix + tail)).toEqual({ ok: false, error: 'ERR_TOO_LARGE' });
    expect(log.evidence).toHaveLength(1);
  });

  it('keeps a bounded prefix of a text whose characters each take two bytes', () => {
    const { log } = started();
    // As many characters as the limit allows bytes: twice too many bytes.
    const wide = 'é'.repeat(MAX_EVENT_BYTES);
    expect(log.append(wide)).toEqual({ ok: false, error: 'ERR_TOO_LARGE' });
    expect(log.evidence[0]!.bytes).toEqual(utf8ToBytes(wide).slice(0, MAX_EVENT_BYTES));
  });

  it('keeps at most MAX_EVIDENCE records, however much garbage arrives', () => {
    const { log } = started();
    for (let i = 0; i <= MAX_EVIDENCE; i++) log.append(`garbage ${i}`);
    expect(log.evidence).toHaveLength(MAX_EVIDENCE);
    expect(log.evidence.every((e) => e.author === null && !e.signed)).toBe(true);
  });

  it('keeps one evidence record per distinct bad event, however often it is relayed', () => {
    const { log } = started();
    for (let i = 0; i < 5; i++) {
      expect(log.append('garbage')).toEqual({ ok: false, error: 'ERR_JSON' });
    }
    expect(log.evidence).toHaveLength(1);
  });

  it('refuses a seq gap: prev names an older event of the author', () => {
    const { log, events } = started();
    const before = snapshot(log);
    const skip = forge({
      table: 'table-1',
      author: 0,
      seq: 3,
      prev: events[0]!.hash,
      basis: [3, 2, 0],
      body: { type: 'X' },
    });
    expect(log.append(skip.bytes)).toEqual({ ok: false, error: 'ERR_SEQ' });
    expect(snapshot(log)).toEqual(before);
    expect(log.evidence[0]).toMatchObject({ author: 0, signed: true, reason: 'ERR_SEQ' });
  });

  it.each([
    ["another author's event", 1],
    ["the author's own older event", 0],
  ])('refuses a wrong prev: %s', (_name, index) => {
    const { log, events } = started();
    const before = snapshot(log);
    const bad = forge({
      table: 'table-1',
      author: 0,
      seq: 2,
      prev: events[index]!.hash,
      basis: [2, 2, 0],
      body: { type: 'X' },
    });
    expect(log.append(bad.bytes)).toEqual({ ok: false, error: 'ERR_PREV' });
    expect(snapshot(log)).toEqual(before);
  });

  it.each([
    ['less than its own last event had seen', [1, 2, 0]],
    ['a basis for another number of seats', [2, 2]],
  ])('refuses a basis that claims %s', (_name, basis) => {
    const { log, events } = started();
    const before = snapshot(log);
    const stale = forge({
      table: 'table-1',
      author: 1,
      seq: 2,
      prev: events[3]!.hash,
      basis,
      body: { type: 'X' },
    });
    expect(log.append(stale.bytes)).toEqual({ ok: false, error: 'ERR_BASIS' });
    expect(snapshot(log)).toEqual(before);
  });

  it('refuses a basis that is not whole: an event seen without what it had seen', () => {
    const { log, events } = started();
    const before = snapshot(log);
    // Seat 0's second event had seen seat 1's first; claiming the one without the other is no knowledge anyone can have.
    const gap = forge({
      table: 'table-1',
      author: 2,
      seq: 0,
      prev: ZERO_HASH,
      basis: [2, 0, 0],
      body: { type: 'X' },
    });
    expect(events[2]!.event.basis).toEqual([1, 1, 0]);
    expect(log.append(gap.bytes)).toEqual({ ok: false, error: 'ERR_BASIS' });
    expect(snapshot(log)).toEqual(before);
  });

  it('holds events until prev and basis arrive, then places them in order', () => {
    const source = testLog(ids);
    const events = [act(source, 0), act(source, 1), act(source, 0), act(source, 2)];
    const log = testLog(ids);
    expect(log.append(events[3]!.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(log.append(events[2]!.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(log.append(events[1]!.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(log.size).toBe(0);
    expect(log.pendingCount).toBe(3);
    const last = log.append(events[0]!.bytes);
    expect(last.ok && last.value.status).toBe('accepted');
    expect(last.ok && last.value.placed.map((e) => e.hash)).toEqual(events.map((e) => e.hash));
    expect(log.pendingCount).toBe(0);
    expect(log.digest()).toBe(source.digest());
  });

  it('refuses to hold more than MAX_PENDING_PER_SEAT events of one author, without blame', () => {
    const first = forge({ ...genesis(0), body: { type: 'X' } });
    const chain = [first];
    for (let seq = 1; seq <= MAX_PENDING_PER_SEAT + 1; seq++) {
      const prev = chain[seq - 1]!;
      chain.push(forge({ ...genesis(0), seq, prev: prev.hash, basis: [seq, 0, 0] }));
    }
    const log = testLog(ids);
    for (const e of chain.slice(1, -1)) {
      expect(log.append(e.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    }
    const overflow = chain.at(-1)!;
    expect(log.append(overflow.bytes)).toEqual({ ok: false, error: 'ERR_PENDING_FULL' });
    expect(log.evidence).toEqual([]);
    expect(log.append(first.bytes)).toMatchObject({ ok: true, value: { status: 'accepted' } });
    expect(log.size).toBe(MAX_PENDING_PER_SEAT + 1);
    expect(log.append(overflow.bytes)).toMatchObject({ ok: true, value: { status: 'accepted' } });
    // What was released no longer counts: the author may have as many waiting again.
    const more = [chain.at(-1)!];
    for (let seq = chain.length; seq <= chain.length + MAX_PENDING_PER_SEAT; seq++) {
      const prev = more.at(-1)!;
      more.push(forge({ ...genesis(0), seq, prev: prev.hash, basis: [seq, 0, 0] }));
    }
    for (const e of more.slice(2)) {
      expect(log.append(e.bytes)).toMatchObject({
        ok: true,
        value: { status: 'pending', placed: [], from: log.size },
      });
    }
  });

  it('counts each author’s waiting events one by one as they are released', () => {
    // Two of seat 0's events wait on different seats; releasing one leaves the other counted.
    const source = testLog(ids);
    const fromOne = act(source, 1);
    const fromTwo = act(source, 2);
    const log = testLog(ids);
    const first = forge({ ...genesis(0), basis: [0, 1, 0] });
    const chain = [first];
    for (let seq = 1; seq < MAX_PENDING_PER_SEAT; seq++)
      chain.push(forge({ ...genesis(0), seq, prev: chain.at(-1)!.hash, basis: [seq, 1, 1] }));
    for (const e of chain) log.append(e.bytes);
    expect(log.pendingCount).toBe(MAX_PENDING_PER_SEAT);
    log.append(fromOne.bytes);
    // Seat 0's first event is placed; the rest still wait for seat 2.
    expect(log.pendingCount).toBe(MAX_PENDING_PER_SEAT - 1);
    const next = forge({
      ...genesis(0),
      seq: MAX_PENDING_PER_SEAT,
      prev: chain.at(-1)!.hash,
      basis: [MAX_PENDING_PER_SEAT, 1, 1],
    });
    expect(log.append(next.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    const over = forge({
      ...genesis(0),
      seq: MAX_PENDING_PER_SEAT + 1,
      prev: next.hash,
      basis: [MAX_PENDING_PER_SEAT + 1, 1, 1],
    });
    expect(log.append(over.bytes)).toEqual({ ok: false, error: 'ERR_PENDING_FULL' });
    log.append(fromTwo.bytes);
    expect(log.pendingCount).toBe(0);
  });

  it('rejects a held event once its author’s real predecessor turns out to differ', () => {
    const source = testLog(ids);
    act(source, 0);
    const branch = testLog(ids);
    branch.append(source.entries()[0]!.bytes);
    const realSecond = act(source, 0);
    const otherSecond = act(branch, 0, { type: 'OTHER' });
    const third = act(branch, 0);
    const log = testLog(ids);
    log.append(source.entries()[0]!.bytes);
    expect(log.append(third.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(log.append(realSecond.bytes)).toMatchObject({ ok: true, value: { status: 'accepted' } });
    expect(log.pendingCount).toBe(0);
    expect(log.evidence).toEqual([
      { bytes: third.bytes, author: 0, signed: true, reason: 'ERR_PREV' },
    ]);
    expect(otherSecond.event.seq).toBe(realSecond.event.seq);
  });

  it('forgets a held event refused for a false predecessor, whatever arrives later', () => {
    // Seat 0's second event names seat 1's event as its predecessor and waits for it; seat 0's
    // real first event arrives and refuses it; when seat 1's event comes, nothing waits on it.
    const source = testLog(ids);
    const own = act(source, 0);
    const other = act(source, 1);
    const spliced = forge({
      table: 'table-1',
      author: 0,
      seq: 1,
      prev: other.hash,
      basis: [1, 0, 0],
      body: { type: 'X' },
    });
    const log = testLog(ids);
    expect(log.append(spliced.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    log.append(own.bytes);
    expect(log.evidence.map((e) => e.reason)).toEqual(['ERR_PREV']);
    expect(log.append(other.bytes)).toMatchObject({ ok: true, value: { status: 'accepted' } });
    expect([log.size, log.pendingCount]).toEqual([2, 0]);
  });
});

describe('after an offence', () => {
  it('drops what sorts after it, refuses what would, and still takes what sorts before', () => {
    const source = testLog(ids);
    const a = act(source, 0); // height 1
    const b = act(source, 1); // height 2
    const offence = act(source, 0); // height 3
    const after = act(source, 0); // height 4: its author had seen the offence
    const log = testLog(ids);
    for (const e of [a, b, offence, after]) log.append(e.bytes);
    // Seat 1 had seen a and b, not the offence: height 3, after seat 0's offence all the same.
    const concurrent = forge({ ...genesis(1), seq: 1, prev: b.hash, basis: [1, 1, 0] });
    const next = { ...genesis(1), seq: 2, prev: concurrent.hash };
    const sawIt = forge({ ...next, basis: [3, 2, 0] });
    expect(log.append(sawIt.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });

    expect(log.stopAfter(offence.hash)).toBe(3);
    expect([log.size, log.nextSeq(0), log.pendingCount]).toEqual([3, 2, 0]);
    expect(log.append(after.bytes)).toEqual({ ok: false, error: 'ERR_HALTED' });
    // Waiting for the concurrent event, this one may yet land anywhere: held until it comes.
    const unseen = forge({ ...next, basis: [1, 2, 0] });
    expect(log.append(unseen.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(log.append(concurrent.bytes)).toEqual({ ok: false, error: 'ERR_HALTED' });
    expect(log.pendingCount).toBe(0);
    // Seat 2 had seen only a: height 2, before the offence.
    const before = forge({ ...genesis(2), basis: [1, 0, 0] });
    expect(log.append(before.bytes)).toMatchObject({ ok: true, value: { status: 'accepted' } });
    expect(log.evidence).toEqual([]);

    // A later offence changes nothing; an earlier one cuts the log there.
    expect(log.stopAfter(before.hash)).toBe(log.size);
    expect(log.stopAfter(b.hash)).toBe(2);
    expect(log.entries().map((e) => e.hash)).toEqual([a.hash, b.hash]);
    expect(log.append(before.bytes)).toEqual({ ok: false, error: 'ERR_HALTED' });
  });
});

describe('a pending event after an offence', () => {
  it('is kept while it may land before the offence, and dropped once it would land after', () => {
    const source = testLog(ids);
    const [a, b, offence] = [act(source, 0), act(source, 1), act(source, 0)];
    const log = testLog(ids);
    for (const e of [a, b, offence]) log.append(e.bytes);
    // Seat 2 had seen only a: height 2, before the offence (height 3).
    const first = forge({ ...genesis(2), basis: [1, 0, 0] });
    // Its next, waiting for it: height 3 with it, so after seat 0's offence; until then,
    // what is here places it at height 2.
    const second = forge({ ...genesis(2), seq: 1, prev: first.hash, basis: [1, 0, 1] });
    // And the one after, waiting for that one: it goes with it.
    const third = forge({ ...genesis(2), seq: 2, prev: second.hash, basis: [1, 0, 2] });
    for (const e of [second, third])
      expect(log.append(e.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(log.stopAfter(offence.hash)).toBe(3);
    expect(log.isPending(second.hash)).toBe(true);
    expect(log.append(first.bytes)).toMatchObject({ ok: true, value: { status: 'accepted' } });
    expect(log.isPending(second.hash)).toBe(false);
    expect(log.pendingCount).toBe(0);
    expect(log.entries().map((e) => e.hash)).toEqual([a.hash, b.hash, first.hash, offence.hash]);
    expect(log.evidence).toEqual([]);
  });

  it('is left waiting when the stop is told again: that changes nothing', () => {
    const source = testLog(ids);
    const [a, b, offence] = [act(source, 0), act(source, 1), act(source, 0)];
    const log = testLog(ids);
    for (const e of [a, b, offence]) log.append(e.bytes);
    expect(log.stopAfter(offence.hash)).toBe(3);
    // Seat 2 had seen a (height 2, before the offence); its next had seen seat 1's second
    // too, which never comes: it waits, though with what is here it lands after the offence.
    const first = forge({ ...genesis(2), basis: [1, 0, 0] });
    const second = forge({ ...genesis(2), seq: 1, prev: first.hash, basis: [1, 2, 1] });
    for (const e of [second, first]) log.append(e.bytes);
    const before = snapshot(log);
    expect(log.stopAfter(offence.hash)).toBe(log.size);
    expect(snapshot(log)).toEqual(before);
    expect(log.isPending(second.hash)).toBe(true);
  });

  it('is not told by a hash the log does not hold: nothing changes', () => {
    const { log, events } = started();
    expect(log.stopAfter(sha256Hex(utf8ToBytes('no such event')))).toBe(4);
    expect(log.entries().map((e) => e.hash)).toEqual(events.map((e) => e.hash));
    expect(log.append(act(testLog(ids), 2).bytes).ok).toBe(true);
  });
});

describe('equivocation', () => {
  it('names the author, keeps both events and halts the log', () => {
    const { log, events } = started();
    const twin = forge({ ...events[2]!.event, body: { type: 'OTHER' } });
    const before = snapshot(log);
    expect(log.append(twin.bytes)).toEqual({ ok: false, error: 'ERR_EQUIVOCATION' });
    expect(log.halted).toBe(true);
    expect(log.equivocators()).toEqual([0]);
    expect(log.equivocations).toEqual([
      { author: 0, seq: 1, events: [events[2]!.bytes, twin.bytes] },
    ]);
    expect({ ...snapshot(log), halted: false }).toEqual(before);
    expect(log.evidence[0]).toMatchObject({ author: 0, signed: true, reason: 'ERR_EQUIVOCATION' });
  });

  it('refuses new events once halted, but still names further equivocators', () => {
    const { log, events } = started();
    log.append(forge({ ...events[2]!.event, body: { type: 'OTHER' } }).bytes);
    const late = testLog(ids);
    for (const e of events) late.append(e.bytes);
    const next = act(late, 2);
    expect(log.append(next.bytes)).toEqual({ ok: false, error: 'ERR_HALTED' });
    expect(composeEvent(log, 2, { type: 'X' }, ids[2]!.secretKey)).toEqual({
      ok: false,
      error: 'ERR_HALTED',
    });
    log.append(forge({ ...events[3]!.event, body: { type: 'OTHER' } }).bytes);
    expect(log.equivocators()).toEqual([0, 1]);
  });

  it('keeps one proof per equivocator: one more twin is refused, and kept nowhere', () => {
    const { log, events } = started();
    for (let i = 0; i <= MAX_EVIDENCE; i++) {
      const twin = forge({ ...events[3]!.event, body: { type: 'OTHER', i } });
      expect(log.append(twin.bytes)).toEqual({ ok: false, error: 'ERR_EQUIVOCATION' });
    }
    expect(log.equivocations).toHaveLength(1);
    expect(log.evidence).toHaveLength(1);
    expect(log.equivocators()).toEqual([1]);
  });

  it('lists each equivocator once, in seat order', () => {
    const { log, events } = started();
    log.append(forge({ ...events[3]!.event, body: { type: 'OTHER' } }).bytes);
    log.append(forge({ ...events[3]!.event, body: { type: 'THIRD' } }).bytes);
    log.append(forge({ ...events[2]!.event, body: { type: 'OTHER' } }).bytes);
    expect(log.equivocations.map((e) => e.author)).toEqual([1, 0]);
    expect(log.equivocators()).toEqual([0, 1]);
  });

  it('is detected against a pending event too', () => {
    const source = testLog(ids);
    act(source, 1);
    const held = act(source, 0);
    const log = testLog(ids);
    expect(log.append(held.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    const rival = forge({ ...held.event, basis: [0, 0, 0] });
    expect(log.append(rival.bytes)).toEqual({ ok: false, error: 'ERR_EQUIVOCATION' });
    expect(log.equivocators()).toEqual([0]);
  });

  it('is never caused by a malleated copy of an honest event', () => {
    const { log, events } = started();
    const sig = events[3]!.event.sig;
    const flipped = sig.slice(0, 127) + (sig[127] === '0' ? '1' : '0');
    const copy = makeEvent({ ...events[3]!.event, sig: flipped });
    expect(log.append(copy)).toEqual({ ok: false, error: 'ERR_SIGNATURE' });
    expect(log.halted).toBe(false);
  });
});

describe('concurrent events', () => {
  it('orders events made on the same head by seat, whatever arrives first', () => {
    const base = testLog(ids);
    const first = act(base, 0);
    const copies = [testLog(ids), testLog(ids), testLog(ids)];
    for (const copy of copies) copy.append(first.bytes);
    const made = [act(copies[2]!, 2), act(copies[1]!, 1), act(copies[0]!, 0)];
    expect(made.map((e) => e.event.basis)).toEqual([
      [1, 0, 0],
      [1, 0, 0],
      [1, 0, 0],
    ]);
    const a = testLog(ids);
    const b = testLog(ids);
    a.append(first.bytes);
    b.append(first.bytes);
    for (const e of made) a.append(e.bytes);
    for (const e of [...made].reverse()) b.append(e.bytes);
    expect(a.entries().map((e) => [e.height, e.event.author])).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
    ]);
    expect(a.digest()).toBe(b.digest());
    expect(a.head).toBe(b.head);
  });

  it('reports where a late concurrent event landed, so the fold can restart there', () => {
    const log = testLog(ids);
    const first = act(log, 0);
    const lateMaker = testLog(ids);
    lateMaker.append(first.bytes);
    act(log, 2);
    act(log, 0);
    const late = act(lateMaker, 1);
    const appended = log.append(late.bytes);
    expect(appended).toMatchObject({ ok: true, value: { status: 'accepted', from: 1 } });
    expect(log.entries().map((e) => e.event.author)).toEqual([0, 1, 2, 0]);
  });
});

/** A toy fold over the ordered log, standing in for a game's state. */
function foldState(log: EventLog) {
  return stateHash({
    moves: log.entries().map((e) => [e.event.author, e.event.seq, e.event.body]),
    head: log.head,
  });
}

/**
 * Three peers make events against whatever they have seen so far, while a
 * network delivers messages late and out of order; returns every event made
 * and the peers' logs after everything was delivered.
 */
function simulate(seed: number, count: number) {
  const random = seeded(seed);
  const peers = [testLog(ids), testLog(ids), testLog(ids)];
  const inboxes: Uint8Array[][] = [[], [], []];
  const made: Uint8Array[] = [];
  const deliver = (peer: number, all: boolean) => {
    const inbox = inboxes[peer]!;
    while (inbox.length > 0 && (all || random() < 0.5)) {
      const [message] = inbox.splice(Math.floor(random() * inbox.length), 1);
      const appended = peers[peer]!.append(message!);
      if (!appended.ok) throw new Error(appended.error);
    }
  };
  for (let n = 0; n < count; n++) {
    const seat = Math.floor(random() * 3);
    const event = act(peers[seat]!, seat, { type: 'NOTE', n });
    made.push(event.bytes);
    for (const other of [0, 1, 2]) if (other !== seat) inboxes[other]!.push(event.bytes);
    for (const peer of [0, 1, 2]) deliver(peer, false);
  }
  for (const peer of [0, 1, 2]) deliver(peer, true);
  return { made, peers };
}

describe('convergence', () => {
  const { made, peers } = simulate(7, 24);

  it('brings the peers of a simulated game to one log, with real concurrency in it', () => {
    const heights = peers[0]!.entries().map((e) => e.height);
    expect(new Set(heights).size).toBeLessThan(heights.length);
    for (const peer of peers) {
      expect(peer.size).toBe(made.length);
      expect(peer.pendingCount).toBe(0);
      expect(peer.digest()).toBe(peers[0]!.digest());
      expect(foldState(peer)).toBe(foldState(peers[0]!));
    }
  });

  it('reaches the same head, digest and state in any delivery order', () => {
    const expected = {
      head: peers[0]!.head,
      digest: peers[0]!.digest(),
      state: foldState(peers[0]!),
    };
    fc.assert(
      fc.property(fc.shuffledSubarray(made, { minLength: made.length }), (order) => {
        const log = testLog(ids);
        for (const bytes of order) expect(log.append(bytes).ok).toBe(true);
        expect(log.pendingCount).toBe(0);
        expect({ head: log.head, digest: log.digest(), state: foldState(log) }).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it.each([1, 2, 3])('converges for simulated game %i with duplicates in the stream', (seed) => {
    const game = simulate(seed * 101, 16);
    const random = seeded(seed);
    const digests = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const log = testLog(ids);
      for (const bytes of shuffled([...game.made, ...game.made.slice(0, 5)], random)) {
        expect(log.append(bytes).ok).toBe(true);
      }
      expect(log.size).toBe(game.made.length);
      digests.add(log.digest());
    }
    expect(digests).toEqual(new Set([game.peers[0]!.digest()]));
  });
});

/** A log of `table-1` whose events carry `heads` and `at` (protocol 5 on). */
function timedLog(): EventLog {
  const log = createLog({
    table: 'table-1',
    keys: ids.map((id) => id.publicKey),
    heads: true,
    times: true,
  });
  if (!log.ok) throw new Error(log.error);
  return log.value;
}

/** Seat `author`'s first event on an empty `table-1` whose events carry `heads`. */
function headed(author: number, body: EventBody = { type: 'X' }): UnsignedEvent {
  return { ...genesis(author), heads: [null, null, null], body };
}

describe('events that name what they saw by hash', () => {
  it('an event naming another version of one here waits for it, whose coming names its signer', () => {
    const source = testLog(ids, 'table-1', true);
    const real = act(source, 0);
    // Seat 0 signed another first event, and seat 1 signed over that one.
    const other = forge(headed(0, { type: 'OTHER' }));
    const branch = testLog(ids, 'table-1', true);
    branch.append(other.bytes);
    const over = act(branch, 1);
    expect(over.event.heads).toEqual([other.hash, null, null]);

    const log = testLog(ids, 'table-1', true);
    log.append(real.bytes);
    expect(log.append(over.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(log.missing()).toEqual([other.hash]);
    expect(log.otherVersionNamed(over.hash)).toEqual({ seat: 0, seq: 0 });
    // Only a waiting event is asked about.
    expect(log.otherVersionNamed(real.hash)).toBeNull();
    expect(log.append(other.bytes)).toEqual({ ok: false, error: 'ERR_EQUIVOCATION' });
    expect(log.equivocators()).toEqual([0]);
  });

  it('an event naming what is here, or what has not come, names no other version', () => {
    const source = testLog(ids, 'table-1', true);
    const a = act(source, 0);
    act(source, 1);
    const missed = act(source, 2);
    // Seat 1's second event: its own first, seat 0's and seat 2's before it.
    const next = act(source, 1);
    expect(next.event.heads).toEqual([a.hash, null, missed.hash]);
    const log = testLog(ids, 'table-1', true);
    for (const e of source.entries().slice(0, 2)) log.append(e.bytes);
    expect(log.append(next.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(log.otherVersionNamed(next.hash)).toBeNull();
    expect(log.missing()).toEqual([missed.hash]);
  });

  it('an event naming one here in another place waits, and that one is not asked for', () => {
    const source = testLog(ids, 'table-1', true);
    const [first, second] = [act(source, 0), act(source, 0)];
    // Seat 0's second event is here; its first is named in that place.
    const misnamed = forge({ ...genesis(1), basis: [2, 0, 0], heads: [first.hash, null, null] });
    const log = testLog(ids, 'table-1', true);
    for (const e of [first, second, misnamed]) log.append(e.bytes);
    expect(log.pendingCount).toBe(1);
    expect(log.otherVersionNamed(misnamed.hash)).toEqual({ seat: 0, seq: 1 });
    expect(log.missing()).toEqual([]);
  });

  it('the heads of an event on a basis beyond the log are not known', () => {
    const log = testLog(ids, 'table-1', true);
    act(log, 0);
    expect(headsFor(log, 1, [1, 0, 0])).toEqual([log.head, null, null]);
    expect(headsFor(log, 1, [1, 0, 1])).toBeUndefined();
    expect(headsFor(testLog(ids), 1, [1, 0, 0])).toBeUndefined();
  });
});

describe('missing', () => {
  it('asks for what no event here holds: not a waiting event, not a place', () => {
    const source = testLog(ids);
    const chain = [act(source, 0), act(source, 0), act(source, 0)];
    const placed = act(source, 1);
    const log = testLog(ids);
    for (const e of [chain[2]!, chain[1]!]) log.append(e.bytes);
    expect(log.missing()).toEqual([chain[0]!.hash]);
    // Without heads, seat 1's event names seat 0's third by its place, which no one can ask for.
    const other = testLog(ids);
    expect(other.append(placed.bytes)).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(other.missing()).toEqual([]);
    expect(other.otherVersionNamed(placed.hash)).toBeNull();
  });

  it(`lists at most MAX_MISSING hashes`, () => {
    const log = testLog(ids);
    const gone = Array.from({ length: MAX_MISSING + 1 }, (_, i) =>
      sha256Hex(utf8ToBytes(`gone ${i}`)),
    );
    gone.forEach((prev, i) =>
      log.append(forge({ ...genesis(0), seq: i + 1, prev, basis: [i + 1, 0, 0] }).bytes),
    );
    expect(log.pendingCount).toBe(MAX_MISSING + 1);
    expect(log.missing()).toEqual(gone.slice(0, MAX_MISSING));
  });
});

describe('events that say when they were signed', () => {
  /** Seat 1's first event, having seen seat 0's first, signed at `at`. */
  function answer(first: SignedEvent, at: number) {
    return forge({ ...genesis(1), basis: [1, 0, 0], heads: [first.hash, null, null], at });
  }

  it('are never signed before what they answer', () => {
    const log = timedLog();
    const first = composeEvent(log, 0, { type: 'X' }, ids[0]!.secretKey, 5000);
    if (!first.ok) throw new Error(first.error);
    expect(first.value.event.at).toBe(5000);
    log.append(first.value.bytes);
    const early = answer(first.value, 4999);
    expect(log.append(early.bytes)).toEqual({ ok: false, error: 'ERR_TIME' });
    expect(log.evidence).toEqual([
      { bytes: early.bytes, author: 1, signed: true, reason: 'ERR_TIME' },
    ]);
    expect(log.append(answer(first.value, 5000).bytes)).toMatchObject({
      ok: true,
      value: { status: 'accepted' },
    });
  });

  it('are made no earlier than the latest event they saw, whatever the clock says', () => {
    const log = timedLog();
    for (const [seat, now] of [
      [0, 7000],
      [1, 3000],
    ] as const) {
      const made = composeEvent(log, seat, { type: 'X' }, ids[seat]!.secretKey, now);
      if (!made.ok) throw new Error(made.error);
      log.append(made.value.bytes);
    }
    expect(log.entries().map((e) => e.event.at)).toEqual([7000, 7000]);
    expect(earliestAt(log, [0, 0, 0])).toBe(0);
    expect(earliestAt(log, [1, 0, 0])).toBe(7000);
    const later = composeEvent(log, 2, { type: 'X' }, ids[2]!.secretKey, 9000);
    expect(later.ok && later.value.event.at).toBe(9000);
  });

  it('read the time of the last event of the basis, not of one past it', () => {
    const log = timedLog();
    for (const now of [1000, 2000]) {
      const made = composeEvent(log, 0, { type: 'X' }, ids[0]!.secretKey, now);
      if (made.ok) log.append(made.value.bytes);
    }
    expect(earliestAt(log, [1, 0, 0])).toBe(1000);
  });
});

describe('a resignation on a timed table', () => {
  /** Seat 0's RESIGN, then its next event, composed on `log`: what the log says of it. */
  function afterResign(log: EventLog) {
    const resign = composeEvent(log, 0, { type: 'RESIGN' }, ids[0]!.secretKey, 1000);
    if (!resign.ok) throw new Error(resign.error);
    expect(log.append(resign.value.bytes).ok).toBe(true);
    const next = composeEvent(log, 0, { type: 'X' }, ids[0]!.secretKey, 2000);
    if (!next.ok) throw new Error(next.error);
    return { next: next.value, appended: log.append(next.value.bytes) };
  }

  it('is its seat’s last word: nothing chained after it is taken, and another seat’s is', () => {
    const log = timedLog();
    const { next, appended } = afterResign(log);
    expect(appended).toEqual({ ok: false, error: 'ERR_AFTER_RESIGN' });
    expect(log.size).toBe(1);
    expect(log.evidence).toEqual([
      { bytes: next.bytes, author: 0, signed: true, reason: 'ERR_AFTER_RESIGN' },
    ]);
    expect(log.halted).toBe(false);
    const other = composeEvent(log, 1, { type: 'X' }, ids[1]!.secretKey, 3000);
    expect(other.ok && log.append(other.value.bytes).ok).toBe(true);
  });

  it('is not on a table without a clock, whose resigner confirms the ending', () => {
    const { appended } = afterResign(testLog(ids, 'table-1', true));
    expect(appended).toMatchObject({ ok: true, value: { status: 'accepted' } });
  });
});

describe('forkedBy', () => {
  const text = (e: SignedEvent) => new TextDecoder().decode(e.bytes);
  /** Seat 0's honest events, another version of its first, and one chained onto that. */
  const chain = lazy(() => {
    const source = testLog(ids);
    const honest = [act(source, 0), act(source, 0), act(source, 0)];
    const twin = forge({ ...genesis(0), body: { type: 'OTHER' } });
    const branch = testLog(ids);
    branch.append(twin.bytes);
    return { honest, twin, onTwin: act(branch, 0) };
  });

  it.each([
    ['two events for one place', 'honest0', 'twin'],
    ['one chained onto another version of the other', 'honest0', 'onTwin'],
  ])('names the seat that signed %s, in either order', (_name, x, y) => {
    const { honest, twin, onTwin } = chain();
    const events: Record<string, SignedEvent> = { honest0: honest[0]!, twin, onTwin };
    const log = testLog(ids);
    expect(forkedBy(log, text(events[x]!), text(events[y]!))).toBe(0);
    expect(forkedBy(log, text(events[y]!), text(events[x]!))).toBe(0);
  });

  it('names no one for an honest chain, one event twice, or events two apart', () => {
    const { honest } = chain();
    const log = testLog(ids);
    const [e0, e1, e2] = honest.map(text);
    for (const [a, b] of [
      [e0, e1],
      [e1, e0],
      [e0, e0],
      [e0, e2],
    ])
      expect(forkedBy(log, a!, b!)).toBeNull();
  });

  it('names no one for what is not two events of one seat of this table, both signed', () => {
    const { honest, twin } = chain();
    const log = testLog(ids);
    const [e0, t] = [text(honest[0]!), text(twin)];
    const elsewhere = text(act(testLog(ids, 'table-2'), 0));
    const unsigned = text(forge({ ...genesis(0), body: { type: 'THIRD' } }, mallory.secretKey));
    const otherSeat = text(act(testLog(ids), 1));
    const pairs = [
      ['garbage', e0],
      [e0, 'garbage'],
      [elsewhere, e0],
      [e0, elsewhere],
      [unsigned, e0],
      [e0, unsigned],
      [otherSeat, e0],
    ];
    for (const [a, b] of pairs) expect(forkedBy(log, a!, b!)).toBeNull();
    expect(forkedBy(log, e0, t)).toBe(0);
    // A seat past the roster has no key to check its twins with.
    const past = [act(testLog(ids), 2), forge({ ...genesis(2), body: { type: 'OTHER' } })];
    expect(forkedBy(log, text(past[0]!), text(past[1]!))).toBe(2);
    expect(forkedBy(testLog(ids.slice(0, 2)), text(past[0]!), text(past[1]!))).toBeNull();
  });
});
