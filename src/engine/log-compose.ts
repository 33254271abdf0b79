/**
 * A seat's next event on a log: what its `heads` and `at` must say to pass the log's
 * checks, and the event itself, signed.
 */
import { isSeat, signEvent, type EventBody, type EventError, type SignedEvent } from './events.ts';
import type { Seat } from './game.ts';
import type { EventLog } from './log.ts';
import { err, type Result } from './result.ts';

/**
 * The `heads` of an event by `author` that names `basis` on this log: per seat, the
 * hash of its event `basis[s] - 1`, null where the count is 0 and at `author`.
 * Undefined when the log's events carry no `heads`, or it lacks a named event.
 */
export function headsFor(
  log: EventLog,
  author: Seat,
  basis: readonly number[],
): (string | null)[] | undefined {
  if (!log.commitsHeads) return undefined;
  const heads: (string | null)[] = [];
  for (let seat = 0; seat < basis.length; seat++) {
    const count = basis[seat]!;
    if (count === 0 || seat === author) {
      heads.push(null);
      continue;
    }
    const last = log.at(seat, count - 1);
    if (last === undefined) return undefined;
    heads.push(last.hash);
  }
  return heads;
}

/**
 * The earliest `at` an event naming `basis` may carry on this log: the latest of the
 * events its basis ends on, its author's own last among them; 0 before any.
 */
export function earliestAt(log: EventLog, basis: readonly number[]): number {
  // `basis[author]` counts the author's own events: its last is among those read. A count
  // of 0 names no event (`log.at(seat, -1)` is undefined).
  return Math.max(0, ...basis.map((count, seat) => log.at(seat, count - 1)?.event.at ?? 0));
}

/**
 * Makes `seat`'s next event on this log: the next `seq`, `prev` its last
 * event, `basis` everything this log holds, and, where the table's events say when,
 * `at` the time `now` (its author's clock, ms), or the earliest the log allows if
 * that is later: a clock behind the others' never signs an event before one it saw.
 * Does not append it: append it to this log first (before composing another), then
 * send it to the peers.
 */
export function composeEvent(
  log: EventLog,
  seat: Seat,
  body: EventBody,
  secretKey: Uint8Array,
  now = 0,
): Result<SignedEvent, EventError | 'ERR_UNKNOWN_SEAT' | 'ERR_HALTED'> {
  if (!isSeat(seat) || seat >= log.seats) return err('ERR_UNKNOWN_SEAT');
  if (log.halted) return err('ERR_HALTED');
  const seq = log.nextSeq(seat);
  const prev = log.lastHash(seat);
  const basis = log.seen();
  const heads = headsFor(log, seat, basis);
  const at = log.commitsTime ? Math.max(now, earliestAt(log, basis)) : undefined;
  // An undefined `heads` or `at` stays out of the bytes: `signEvent` writes the fields there are.
  return signEvent(
    { table: log.table, author: seat, seq, prev, basis, heads, at, body },
    secretKey,
  );
}
