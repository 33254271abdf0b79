/**
 * Issue 9, point 1, the log's side: every chain and basis check of
 * `EventLog.place` refuses the one bad event it exists for, sent by a seat
 * of a real game (the scripted hand of `helpers/cheats.ts`), properly signed:
 * refused at once, kept as evidence signed by that seat, nothing else
 * changed, and the honest game goes on. Forged signatures, other tables,
 * garbage and equivocation are `hostile.test.ts`'s.
 *
 * Without a chain check most of these events would wait for a predecessor
 * that never fits, so "refused at once" is what each test holds the check to.
 */
import { expect, test } from 'vitest';
import { ZERO_HASH, signEvent, type UnsignedEvent } from '../../../src/engine/events.ts';
import type { EventLog } from '../../../src/engine/log.ts';
import { indexOf, loadHand, replicaBefore, type Recording } from '../helpers/cheats.ts';
import { withHeads } from '../helpers/table.ts';
import { lazy } from '../../lazy.ts';

// Folded by the first test, under the mutant: a mutant that breaks the fold then fails a
// test, where one in a `beforeAll` failed only the hook, which StrykerJS counts as no kill.
const hand = lazy(loadHand);

const CHEATER = 1;

const cases: {
  name: string;
  /** The recorded event of the cheater whose place it takes. */
  at: (rec: Recording) => number;
  /** The cheater's event, from the honest one at that place. */
  forge: (honest: UnsignedEvent, rec: Recording, log: EventLog) => UnsignedEvent;
  reason: string;
}[] = [
  {
    // Seat 1's first event not yet here: its second, chained onto seat 0's first.
    name: "a chain spliced onto another seat's event",
    at: (r) => indexOf(r, CHEATER, 'KEY'),
    forge: (honest, r) => ({
      ...honest,
      seq: 1,
      prev: r.events[indexOf(r, 0, 'KEY')]!.hash,
      basis: [1, 1],
    }),
    reason: 'ERR_PREV',
  },
  {
    name: 'a prev that names no event, though the author’s previous event is here',
    at: (r) => indexOf(r, CHEATER, 'SHUFFLE'),
    forge: (honest) => ({ ...honest, prev: 'ab'.repeat(32) }),
    reason: 'ERR_PREV',
  },
  {
    name: 'a seq that skips one: prev is the author’s event before last',
    at: (r) => indexOf(r, CHEATER, 'SHUFFLE'),
    forge: (honest, r) => ({
      ...honest,
      seq: honest.seq + 1,
      prev: r.events[indexOf(r, CHEATER, 'KEY')]!.hash,
      basis: honest.basis.map((n, s) => (s === CHEATER ? n + 1 : n)),
    }),
    reason: 'ERR_SEQ',
  },
  {
    name: 'a basis for another number of seats',
    at: (r) => indexOf(r, CHEATER, 'SHUFFLE'),
    forge: (honest, _r, log) => withHeads(log, { ...honest, basis: [...honest.basis, 0] }),
    reason: 'ERR_BASIS',
  },
  {
    // Its shuffle had seen seat 0's shuffle; its re-mask claims not to have.
    name: 'a basis that knows less than the author’s previous event did',
    at: (r) => indexOf(r, CHEATER, 'REMASK'),
    forge: (honest, r, log) => {
      const shuffle = r.events[indexOf(r, CHEATER, 'SHUFFLE')]!.event;
      expect(shuffle.basis[0]).toBeGreaterThan(1);
      return withHeads(log, { ...honest, basis: [1, honest.seq] });
    },
    reason: 'ERR_BASIS',
  },
  {
    name: 'an event with no heads, at a table whose events name what they saw by hash',
    at: (r) => indexOf(r, CHEATER, 'SHUFFLE'),
    forge: (honest) => {
      // An event of protocol 3's shape: neither heads nor a time.
      const { heads, ...timed } = honest;
      const { at, ...bare } = timed;
      expect([heads, at]).not.toContain(undefined);
      return bare;
    },
    reason: 'ERR_HEADS',
  },
  {
    name: 'an event with no time, at a table whose events say when they were signed',
    at: (r) => indexOf(r, CHEATER, 'SHUFFLE'),
    forge: (honest) => {
      const { at, ...bare } = honest;
      expect(at).toBeDefined();
      return bare;
    },
    reason: 'ERR_TIME',
  },
];

test.each(cases)(
  'the log refuses $name with $reason, naming the signer',
  ({ at, forge, reason }) => {
    const rec = hand();
    const index = at(rec);
    const honest = rec.events[index]!;
    const replica = replicaBefore(rec, index);
    const unsigned = forge(honest.event, rec, replica.log);
    expect(unsigned.seq === 0).toBe(unsigned.prev === ZERO_HASH);
    const bad = signEvent(unsigned, rec.players[CHEATER]!.identity.secretKey);
    if (!bad.ok) throw new Error(bad.error);
    const [hash, digest, owed] = [replica.stateHash, replica.log.digest(), replica.owed()];

    expect(replica.receive(bad.value.bytes)).toEqual({ ok: false, error: reason });
    expect(replica.log.evidence).toEqual([
      { bytes: bad.value.bytes, author: CHEATER, signed: true, reason },
    ]);
    expect(replica.log.pendingCount).toBe(0);
    expect([replica.stateHash, replica.log.digest(), replica.owed()]).toEqual([hash, digest, owed]);
    // A refusal by the log stops nothing: the honest event still takes its place.
    expect(replica.offences()).toEqual([]);
    expect(replica.receive(honest.bytes)).toMatchObject({
      ok: true,
      value: { status: 'accepted' },
    });
    expect(replica.entryVerdicts.at(-1)).toBe('applied');
  },
);
