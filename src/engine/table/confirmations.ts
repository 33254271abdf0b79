/**
 * The confirmations of how a table ended: the seats whose CONFIRM had seen every other
 * event, a CONFIRM that confirms nothing new, and the seats whose word the ending has.
 */
import type { Seat } from '../game.ts';
import type { EventLog } from '../log.ts';
import { standingClaim, type TableLog } from './absence.ts';
import { sees } from './seen.ts';
import type { Verdict } from './sweep.ts';
import { settlers } from './turn-time.ts';
import type { Ending } from './types.ts';

/**
 * The seats that confirmed how the table ended: each signed a CONFIRM, once
 * the table was done, that had seen every other event of the log. A
 * transcript cut short, or given another ending, keeps no such confirmation
 * of the seats that never saw it end so: nobody can forge one for them.
 */
export function confirmedSeats(log: EventLog, verdicts: readonly Verdict[]): Seat[] {
  const entries = log.entries();
  const game = entries.filter((e) => e.event.body.type !== 'CONFIRM');
  const seats = entries.flatMap(({ event }, i) =>
    verdicts[i] === 'applied' &&
    // Stryker disable next-line ConditionalExpression: only a CONFIRM can pass `every`: no event sees itself
    event.body.type === 'CONFIRM' &&
    game.every((other) => sees(event, other.event))
      ? [event.author]
      : [],
  );
  return [...new Set(seats)].sort((a, b) => a - b);
}

/**
 * The seats whose word the ending has: those that confirmed it, and on a timed table
 * those whose word it does not wait for. A seat that resigned, or that a claim names, has
 * nothing left to undo it with but an answer the others settled without (a claim is
 * settled by a seat's event signed the answer window after it), so the ending holds
 * without that seat's word; and a claim's ending has another seat's word once that seat
 * settled it.
 */
export function confirmers(
  table: TableLog,
  verdicts: readonly Verdict[],
  ending: Ending | null,
): Seat[] {
  const { log, clock } = table;
  const confirmed = confirmedSeats(log, verdicts);
  if (
    clock === null ||
    ending === null ||
    // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut: a refuted claim ended the table, after which no claim applies, so none below names its seat
    ending.type === 'REFUTED' ||
    ending.type === 'FALSE_SHARE'
  )
    return confirmed;
  if (ending.type === 'RESIGN') return [...confirmed, ending.seat];
  // The ending names the seat (an ABSENT ending): an applied claim does.
  const claim = log.entries()[standingClaim(log, verdicts, ending.seat)]!;
  const settled = settlers(log, clock, claim.event);
  return table.genesis.identities
    .map((_, seat) => seat)
    .filter((seat) => seat === ending.seat || settled.has(seat));
}

/**
 * True when entry `i`, a CONFIRM, confirms nothing its author had not
 * confirmed before: an earlier CONFIRM of its had seen every event but
 * CONFIRMs that this one had seen.
 */
export function confirmedBefore(log: EventLog, i: number): boolean {
  const entries = log.entries();
  const event = entries[i]!.event;
  const seen = entries.filter((e) => e.event.body.type !== 'CONFIRM' && sees(event, e.event));
  return entries.slice(0, i).some(
    (e) =>
      e.event.author === event.author &&
      // Stryker disable next-line ConditionalExpression: an earlier event of the author's but a CONFIRM is among `seen`, and does not see itself
      e.event.body.type === 'CONFIRM' &&
      seen.every((other) => sees(e.event, other.event)),
  );
}
