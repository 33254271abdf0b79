/**
 * What the author of an event had seen when it signed it, as its basis counts: every rule
 * of the replica judges an event on those events alone.
 */
import type { Event } from '../events.ts';
import type { EventLog } from '../log.ts';

/** True when `event`'s author had seen `other` when it made `event`. */
export const sees = (event: Event, other: Event): boolean => other.seq < event.basis[other.author]!;

/**
 * Positions before entry `i` of `log` of the entries its author had not seen, latest first. A
 * scan of every earlier entry: a comparison each, cheap next to the judging it serves.
 */
export function unseenBefore(log: EventLog, i: number): number[] {
  const entries = log.entries();
  const event = entries[i]!.event;
  const found: number[] = [];
  for (let j = i - 1; j >= 0; j--)
    // Stryker disable next-line ConditionalExpression: only work: a what-if replayed from sooner, of the same entries, ends alike
    if (!sees(event, entries[j]!.event)) found.push(j);
  return found;
}
