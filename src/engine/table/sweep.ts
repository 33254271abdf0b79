/**
 * The judging of a replica's log, entry by entry in log order, each against the state the
 * entries before it left and against the state its author saw (see the replica's
 * "Verdicts"); and the what-ifs it rests on, folds of some entries that record nothing.
 */
import type { Json } from '../encoding.ts';
import type { Event } from '../events.ts';
import type { AnyGame } from '../game.ts';
import type { EventLog } from '../log.ts';
import {
  answered,
  answersClaim,
  claimsInPlace,
  laterOf,
  MAX_CLAIMS,
  sharesFrom,
  type Answer,
  type TableLog,
} from './absence.ts';
import { Unchecked, type Checks } from './checks.ts';
import { limitFor, STILL } from './clock.ts';
import { confirmedBefore } from './confirmations.ts';
import { owed } from './fold.ts';
import { judge } from './judge.ts';
import { hasLeft } from './recovery.ts';
import { absentSeat } from './leave.ts';
import { startsNextGame } from './keys.ts';
import { sees, unseenBefore } from './seen.ts';
import { seenIn, since } from './turn-time.ts';
import type { TableState } from './types.ts';

/** What the judging found of one log entry: it changed the state, changed nothing, or names its author. */
export type Verdict = 'applied' | 'void' | { rejected: string };

/**
 * A judging of the log: `states[i]`, the state after folding the first `i`
 * entries, their verdicts, how proofs are checked, and the entry being judged
 * (what-ifs replay others on its behalf). The replica keeps its own; `ahead`
 * judges a copy of it.
 */
export interface Run<S> {
  readonly states: TableState<S>[];
  readonly verdicts: Verdict[];
  readonly checks: Checks;
  judging: string;
}

/** A table's log with the game its entries are judged by. */
export interface Judging<S extends Json> extends TableLog {
  readonly game: AnyGame<S>;
}

type Judged<S> = { verdict: Verdict; state: TableState<S> };

/**
 * Judges every entry of `run` from `start` on, stopping at an entry whose checks are
 * not all answered yet: returns where it waits, or null once every entry is judged.
 */
export function sweep<S extends Json>(
  table: Judging<S>,
  run: Run<S>,
  start: number,
): number | null {
  const entries = table.log.entries();
  run.states.length = start + 1;
  run.verdicts.length = start;
  // Stryker disable next-line ArrowFunction,ConditionalExpression,StringLiteral: a sweep never starts past an offence: the log keeps nothing after one
  let stopped = run.verdicts.some((v) => typeof v === 'object');
  for (let i = start; i < entries.length; i++) {
    const state = run.states[i]!;
    run.judging = entries[i]!.hash;
    let judged: Judged<S>;
    try {
      // Stryker disable next-line StringLiteral: what follows an offence is cut from the log with its verdicts (`stopLog`); the look ahead reads its states only
      judged = stopped ? { verdict: 'void', state } : judgeEntry(table, run, i);
    } catch (e) {
      // Stryker disable next-line ConditionalExpression: nothing else is thrown: `judge` turns every other error into a code
      if (!(e instanceof Unchecked)) throw e;
      return i;
    }
    run.verdicts.push(judged.verdict);
    run.states.push(judged.state);
    stopped ||= typeof judged.verdict === 'object';
  }
  return null;
}

function judgeEntry<S extends Json>(table: Judging<S>, run: Run<S>, i: number): Judged<S> {
  const { log, game, clock } = table;
  const { author, body } = log.entries()[i]!.event;
  const state = run.states[i]!;
  // Its one use: a seat could flood the log with answers to nothing. On a timed table it
  // has none: a claimed seat answers with what it owes.
  if (body.type === 'PRESENT' && (clock !== null || !answersClaim(log, i)))
    return { verdict: { rejected: 'ERR_NO_CLAIM' }, state };
  if (body.type === 'SEEN' && (clock === null || seenAgain(log, log.entries()[i]!.event)))
    return { verdict: { rejected: 'ERR_SEEN_AGAIN' }, state };
  // Likewise a confirmation of nothing new.
  if (body.type === 'CONFIRM' && confirmedBefore(log, i))
    return { verdict: { rejected: 'ERR_CONFIRMED' }, state };
  // And a claim made again and again on a seat that answers each one, the table not moving.
  const event = log.entries()[i]!.event;
  const claimed = absentSeat(body);
  if (
    claimed !== null &&
    claimsInPlace(log, author, claimed, i, (e) => sees(event, e)) >= MAX_CLAIMS
  )
    return { verdict: { rejected: 'ERR_CLAIMED_AGAIN' }, state };
  const next = judge(state, game, author, body, run.checks);
  const unseen = unseenBefore(log, i);
  const seen = stateSeenBy(table, run, i, unseen);
  // A seat that saw the table play on without it (recovery.ts) has no say there any more:
  // what it signs then is void, judged on what it had seen, so alike in every order.
  if (hasLeft(seen, author)) return { verdict: 'void', state };
  // Every event must be valid where its author stood, wherever the log puts it:
  // else naming an older state could slip in a move that was never legal there.
  // Stryker disable next-line ConditionalExpression: only work: `judge` of the same state and body gives `next` again
  const where = seen === state ? next : judge(seen, game, author, body, run.checks);
  if (!where.ok) return { verdict: { rejected: where.error }, state };
  // A claim before the claimed seat's time ran out, by the times of what the claim had seen.
  if (claimed !== null && clock !== null) {
    const limit = limitFor(clock, owed(seen, game), claimed, startsNextGame(seen));
    const start = laterOf(since(log, event.basis, claimed), sharesFrom(table, run.verdicts, seen));
    if (start === null || (event.at ?? 0) < start + limit)
      return { verdict: { rejected: 'ERR_TOO_SOON' }, state };
  }
  return next.ok && !answered(table, log.entries()[i]!)
    ? { verdict: 'applied', state: next.value }
    : { verdict: 'void', state };
}

/** True when `event`, a SEEN, comes a second time in one turn (see `seenIn`). */
function seenAgain(log: EventLog, event: Event): boolean {
  return seenIn(log, event.author, event.seq, event.basis);
}

/**
 * The state the author of entry `i` saw: the fold of exactly the entries
 * its basis names (all before `i` but those at `unseen`), with each ABSENT
 * unanswered unless it had seen the answer.
 */
export function stateSeenBy<S extends Json>(
  table: Judging<S>,
  run: Run<S>,
  i: number,
  unseen: readonly number[],
): TableState<S> {
  const event = table.log.entries()[i]!.event;
  // An event answers every claim that its author is absent made before it: its author,
  // though claimed, stood where the claim was void (see `Replica.standingFor`).
  const seen = (other: Event) => sees(event, other) || other === event;
  // An ABSENT answered by an event its author had not seen ended the table where it stood;
  // one naming the author, this very event answers there if it moves the table, in time or
  // not (a late answer is void where it lands, not a lie). (Without a clock it answers
  // there anyway: any event of the seat does, and this one is in the log.)
  const self = STILL.has(event.body.type) ? undefined : { seat: event.author, seq: event.seq };
  const absent: number[] = [];
  // Stryker disable next-line MethodExpression: only work: an entry from `i` on cannot start the replay sooner than `i`
  for (const [j, e] of table.log.entries().slice(0, i).entries())
    // Stryker disable next-line ConditionalExpression,EqualityOperator: only work: up to the first entry its author saw otherwise, a replay folds what the log folded, so one started sooner ends in the same state
    if (answered(table, e) !== answered(table, e, seen, self)) absent.push(j);
  return replay(table, run, Math.min(i, ...unseen, ...absent), i, seen, self);
}

/**
 * Folds entries `from` to `to` (exclusive) that `include` admits, from the
 * state before `from`: a what-if that records nothing. With nothing to fold,
 * that state itself.
 */
export function replay<S extends Json>(
  table: Judging<S>,
  run: Run<S>,
  from: number,
  to: number,
  include: (event: Event) => boolean,
  answer?: Answer,
): TableState<S> {
  const entries = table.log.entries();
  let state = run.states[from]!;
  for (let j = from; j < to; j++) {
    const { event } = entries[j]!;
    if (!include(event)) continue;
    const next = judge(state, table.game, event.author, event.body, run.checks);
    if (next.ok && !answered(table, entries[j]!, include, answer)) state = next.value;
  }
  return state;
}
