/**
 * When a seat's time runs from on a timed table (protocol 5 on), by the times its events
 * carry: the last event that moved the table, a SEEN said in the turn a seat is in, and
 * the seats that let a claim's answer window pass.
 */
import type { Event } from '../events.ts';
import type { Seat } from '../game.ts';
import type { EventLog } from '../log.ts';
import { STILL, type Clock } from './clock.ts';
import { fields, type Parser } from './parse.ts';
import { sees } from './seen.ts';

/**
 * The time `seat`'s turn runs from, for an event whose basis is `basis`: the latest `at`
 * among the events it had seen that moved the table (claims, answers by presence and
 * confirmations move nothing), `seat`'s own SEEN among them but no one else's: a SEEN
 * restarts only its author's time. Null before any: the table's clock starts with its
 * first event, so nobody runs out of time before anyone moved.
 */
export function since(log: EventLog, basis: readonly number[], seat: Seat): number | null {
  let latest: number | null = null;
  for (const [other, count] of basis.entries()) {
    const moved = lastMoved(log, other, count, other !== seat);
    if (moved) latest = Math.max(latest ?? 0, moved.at ?? 0);
  }
  return latest;
}

/**
 * The last event of `seat` among its first `count` that moved the table, if any; a SEEN
 * counted only unless `skipSeen`.
 */
function lastMoved(log: EventLog, seat: Seat, count: number, skipSeen = false): Event | undefined {
  for (let seq = count - 1; seq >= 0; seq--) {
    const event = log.at(seat, seq)!.event;
    const type = event.body.type;
    if (!STILL.has(type) && !(skipSeen && type === 'SEEN')) return event;
  }
  return undefined;
}

/**
 * True when, among the events `basis` counts, `author`'s last that moved the table before
 * its `seq`th is a SEEN, and nothing of anyone else's moved it since: a SEEN then would
 * come a second time in one turn (`ERR_SEEN_AGAIN`).
 */
export function seenIn(
  log: EventLog,
  author: Seat,
  seq: number,
  basis: readonly number[],
): boolean {
  const last = lastMoved(log, author, seq);
  if (last?.body.type !== 'SEEN') return false;
  return basis.every((count, seat) => {
    // Stryker disable next-line ConditionalExpression: the author's own last move before its SEEN is one the SEEN had seen
    if (seat === author) return true;
    const moved = lastMoved(log, seat, count, true);
    return moved === undefined || sees(last, moved);
  });
}

/**
 * The seats that signed an event the answer window or more after `claim` that had seen
 * it (of those `include` admits, and, given `reply`, not having seen that): each, past
 * the window, says no answer had reached it.
 */
export function settlers(
  log: EventLog,
  clock: Clock,
  claim: Event,
  include: (event: Event) => boolean = () => true,
  reply?: Event,
): Set<Seat> {
  const window = (claim.at ?? 0) + clock.dutyMs;
  const found = new Set<Seat>();
  for (const { event } of log.entries())
    if (
      include(event) &&
      (event.at ?? 0) >= window &&
      sees(event, claim) &&
      (reply === undefined || !sees(event, reply))
    )
      found.add(event.author);
  return found;
}

/** A SEEN body: no fields. */
export const parseSeen: Parser<'SEEN'> = (body) => {
  fields(body);
  return { type: 'SEEN' };
};
