/**
 * Claims that a seat is absent (ABSENT) and their answers, as the log tells them: which
 * claim an event of the claimed seat answered, which claims stand, and how often one seat
 * may claim another with the table not moving in between.
 */
import type { Event } from '../events.ts';
import type { Seat } from '../game.ts';
import type { EventLog, LogEntry } from '../log.ts';
import { STILL, type Clock } from './clock.ts';
import { absentSeat } from './leave.ts';
import { sees } from './seen.ts';
import type { Verdict } from './sweep.ts';
import { settlers } from './turn-time.ts';
import type { Genesis, TableState } from './types.ts';

/**
 * How many times one seat may claim another absent with the table not moving in
 * between: once, and once again in case the seat that answered went silent again
 * before it moved. More would only grow the log, a claim and an answer at a time.
 */
export const MAX_CLAIMS = 2;

/** Events that leave the table where it was: claims, their answers, confirmations, a late turn. */
const QUIET = new Set([...STILL, 'SEEN']);

/** An event not in the log yet, by `seat` at `seq`, counted as an answer to the claims before it. */
export type Answer = { readonly seat: Seat; readonly seq: number };

/** A table's log, read with its clock (null where it keeps no time) and its roster. */
export interface TableLog {
  readonly log: EventLog;
  readonly clock: Clock | null;
  readonly genesis: Genesis;
}

/**
 * True when `entry` declares a seat absent that answered: the log holds an
 * event of that seat the declarer had not seen (of those `include` admits,
 * in a what-if, or `answer`, an event still to come), wherever the log puts
 * it. A player who answers (a PRESENT, or any event) simply continues, so
 * the ABSENT is void, in either order. On a timed table the answer is what the
 * seat owes (an event that moves the table), signed within the answer window, and
 * not one every other seat settled the claim without (`settlers`).
 */
export function answered(
  table: TableLog,
  entry: LogEntry,
  include: (event: Event) => boolean = () => true,
  answer?: Answer,
): boolean {
  const { log, clock } = table;
  const claim = entry.event;
  const seat = absentSeat(claim.body);
  // Stryker disable next-line ConditionalExpression: a shortcut: a null seat has no chain, so `log.at` below finds no reply
  if (seat === null) return false;
  const seq = claim.basis[seat]!;
  if (answer?.seat === seat && answer.seq === seq) return true;
  const reply = log.at(seat, seq)?.event;
  if (reply === undefined || !include(reply)) return false;
  if (clock === null) return true;
  if (STILL.has(reply.body.type) || reply.at! > claim.at! + clock.dutyMs) return false;
  const settled = settlers(log, clock, claim, include, reply);
  return !table.genesis.identities.every((_, t) => t === seat || settled.has(t));
}

/**
 * True when entry `i` answers a claim its author had seen: an ABSENT naming
 * it that had not seen this seq of its author's. A PRESENT that does not is
 * refused, `ERR_NO_CLAIM`. (A claim it had seen sorts before it: the log puts an
 * event after every event its basis names.)
 */
export function answersClaim(log: EventLog, i: number): boolean {
  const event = log.entries()[i]!.event;
  return log
    .entries()
    .some(
      ({ event: claim }) =>
        sees(event, claim) &&
        absentSeat(claim.body) === event.author &&
        claim.basis[event.author] === event.seq,
    );
}

/**
 * How many claims `author` made that `seat` is absent, among the first `before`
 * entries, with nothing since but claims, answers and confirmations, as an event
 * of `author`'s that saw what `seen` admits would find them: latest first, up to
 * the first after which something else happened (a move, a duty, a resignation).
 * Judged on the events the claimant saw, like every rule.
 */
export function claimsInPlace(
  log: EventLog,
  author: Seat,
  seat: Seat,
  before: number,
  seen: (event: Event) => boolean,
): number {
  const entries = log.entries().slice(0, before);
  const moved = (claim: Event) =>
    entries.some(({ event }) => seen(event) && !sees(claim, event) && !QUIET.has(event.body.type));
  let count = 0;
  for (let j = entries.length - 1; j >= 0 && count < MAX_CLAIMS; j--) {
    const claim = entries[j]!.event;
    if (claim.author !== author || absentSeat(claim.body) !== seat) continue;
    if (moved(claim)) break;
    count++;
  }
  return count;
}

/**
 * Position of the claim applied that names `seat`, or -1. There is at most one: it ends
 * the table, and a claim after it is refused (`ERR_GAME_OVER`).
 */
export function standingClaim(log: EventLog, verdicts: readonly Verdict[], seat: Seat): number {
  return log
    .entries()
    .findIndex((e, j) => verdicts[j] === 'applied' && absentSeat(e.event.body) === seat);
}

/**
 * At a table that plays on without a claimed seat (recovery.ts), when the others' time for
 * their shares of its lock starts: the end of the claim's answer window. Their pages hold
 * their shares back until then (sooner, they would be out for nothing should the seat
 * answer), so no seat can run out of time by waiting for it. Null at any other step, and
 * after a resignation, whose shares are owed at once.
 */
export function sharesFrom(
  table: TableLog,
  verdicts: readonly Verdict[],
  state: TableState<unknown>,
): number | null {
  const { step } = state;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a claim stands on a step's seat only at a RECOVER, and a table that recovers keeps time (protocol 6)
  if (step.type !== 'RECOVER' || table.clock === null) return null;
  // Only a claim that made the table play on without the seat stands naming it.
  const claim = table.log.entries()[standingClaim(table.log, verdicts, step.seat)];
  return claim === undefined ? null : claim.event.at! + table.clock.dutyMs;
}

/** The later of two times a turn may run from; null when neither is set. */
export const laterOf = (a: number | null, b: number | null): number | null =>
  // Stryker disable next-line ConditionalExpression: times are never negative, and `Math.max` reads a null as 0: either way the other time
  a === null ? b : b === null ? a : Math.max(a, b);

/**
 * The first entry before `from` applied as an ABSENT whose seat has
 * answered since (its event may land after it): judging restarts there. On a timed
 * table also one made void by an answer that every other seat has settled without
 * since: it stands again.
 */
export function firstAnswered(table: TableLog, verdicts: readonly Verdict[], from: number): number {
  const { log, clock } = table;
  const entries = log.entries().slice(0, from);
  const first = entries.findIndex((e, j) => {
    const verdict = verdicts[j];
    if (verdict === 'applied') return answered(table, e);
    const seat = absentSeat(e.event.body);
    // A restart sooner than needed is only work: judged again from any earlier entry, the log
    // gets the same verdicts. So this test's mutants that hold more often change nothing.
    return (
      // Stryker disable next-line ConditionalExpression,LogicalOperator: only work (above); without a clock an event of the seat answers, so `!answered` is false
      clock !== null &&
      // Stryker disable next-line ConditionalExpression: only work (above): an applied claim is asked above, a rejected one stopped the table
      verdict === 'void' &&
      // Stryker disable next-line ConditionalExpression: a shortcut: a null seat has no chain, so `log.at` finds nothing
      seat !== null &&
      // Stryker disable next-line ConditionalExpression: only work: a void claim that no event of its seat answers is void again, judged again from there
      log.at(seat, e.event.basis[seat]!) !== undefined &&
      !answered(table, e)
    );
  });
  return first < 0 ? from : first;
}
