/**
 * When a seat's time runs from on a timed table (`turn-time.ts`), on a bare log of
 * protocol 5's events: only the bodies' types, the times and what each event had seen
 * matter here, so the events carry no game. Whole games on the clock are
 * `adversary/clock.test.ts`'s.
 */
import { describe, expect, it } from 'vitest';
import type { Event } from '../../src/engine/events.ts';
import { composeEvent, createLog, type EventLog } from '../../src/engine/log.ts';
import { CLOCKS } from '../../src/engine/table/clock.ts';
import { parseSeen, seenIn, settlers, since } from '../../src/engine/table/turn-time.ts';
import { testIdentities } from './helpers.ts';

const ids = testIdentities(3);

function timedLog(): EventLog {
  const keys = ids.map((id) => id.publicKey);
  const log = createLog({ table: 'table-1', keys, heads: true, times: true });
  if (!log.ok) throw new Error(log.error);
  return log.value;
}

/** `seat`'s next event of `type` on `log`, signed at `at`, having seen all `log` holds. */
function sign(log: EventLog, seat: number, type: string, at: number, into = log): Event {
  const made = composeEvent(log, seat, { type }, ids[seat]!.secretKey, at);
  if (!made.ok) throw new Error(made.error);
  const appended = into.append(made.value.bytes);
  if (!appended.ok) throw new Error(appended.error);
  return made.value.event;
}

describe('since', () => {
  it('runs from no time before anyone moved', () => {
    expect(since(timedLog(), [0, 0, 0], 0)).toBeNull();
  });

  it('runs from the last event that moved the table, a seat’s own SEEN among them', () => {
    const log = timedLog();
    sign(log, 0, 'ACT', 1000);
    sign(log, 1, 'ACT', 2000);
    // A claim of absence moves nothing; another seat's SEEN restarts only its author's time.
    sign(log, 2, 'ABSENT', 3000);
    sign(log, 0, 'SEEN', 4000);
    const seen = log.seen();
    expect([0, 1, 2].map((seat) => since(log, seen, seat))).toEqual([4000, 2000, 2000]);
    // Only what the basis counts.
    expect(since(log, [1, 0, 0], 1)).toBe(1000);
  });
});

describe('seenIn', () => {
  it('says a SEEN came in this turn until another seat moves after it', () => {
    const log = timedLog();
    sign(log, 0, 'ACT', 1000);
    sign(log, 1, 'ACT', 2000);
    sign(log, 0, 'SEEN', 3000);
    // Seat 2 never moved, seat 1's move came before the SEEN: the turn is the same.
    expect(seenIn(log, 0, log.nextSeq(0), log.seen())).toBe(true);
    expect(seenIn(log, 1, log.nextSeq(1), log.seen())).toBe(false);
    // Before the SEEN, seat 0's last move was its ACT.
    expect(seenIn(log, 0, 1, log.seen())).toBe(false);
    sign(log, 1, 'SEEN', 4000);
    expect(seenIn(log, 0, log.nextSeq(0), log.seen())).toBe(true);
    sign(log, 1, 'ACT', 5000);
    expect(seenIn(log, 0, log.nextSeq(0), log.seen())).toBe(false);
    // Not for an event that had not seen seat 1's move.
    expect(seenIn(log, 0, log.nextSeq(0), [2, 1, 0])).toBe(true);
  });

  it('says no SEEN came from a seat that has signed nothing', () => {
    const log = timedLog();
    sign(log, 0, 'ACT', 1000);
    expect(seenIn(log, 2, 0, log.seen())).toBe(false);
  });
});

describe('settlers', () => {
  it('are the seats that signed, the answer window or more after a claim, having seen it', () => {
    const clock = CLOCKS.normal;
    const log = timedLog();
    const early = timedLog();
    const claim = sign(log, 0, 'ABSENT', 1000);
    const window = 1000 + clock.dutyMs;
    sign(log, 2, 'ACT', window - 1);
    expect(settlers(log, clock, claim)).toEqual(new Set());
    sign(log, 2, 'ACT', window);
    expect(settlers(log, clock, claim)).toEqual(new Set([2]));
    // Signed late, but without having seen the claim.
    sign(early, 1, 'ACT', window + 5000, log);
    expect(settlers(log, clock, claim)).toEqual(new Set([2]));
    const reply = sign(log, 1, 'PRESENT', window + 6000);
    sign(log, 0, 'ACT', window + 7000);
    expect(settlers(log, clock, claim)).toEqual(new Set([0, 1, 2]));
    expect(settlers(log, clock, claim, (event) => event.author !== 2)).toEqual(new Set([0, 1]));
    // Given a reply, only those that had not seen it (the reply's author aside).
    const others = (event: Event) => event.author !== 1;
    expect(settlers(log, clock, claim, others, reply)).toEqual(new Set([2]));
  });
});

describe('parseSeen', () => {
  it('reads a SEEN with no fields, and refuses one with any', () => {
    expect(parseSeen({ type: 'SEEN' })).toEqual({ type: 'SEEN' });
    expect(() => parseSeen({ type: 'SEEN', at: 1 })).toThrow();
  });
});
