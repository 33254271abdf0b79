/**
 * The checks the log runs on one event before it holds it, and on a fork proof.
 *
 * ## Checks, in order
 * `append` decodes the bytes (`parseEvent`), then checks that the author
 * has a seat, that the table id is this table's, that the event carries
 * `heads` exactly when the table's events do (`ERR_HEADS`), and `at` likewise (`ERR_TIME`), and that the signature
 * verifies with the author's key (`checkEvent`). An exact copy of a known event is a
 * duplicate and changes nothing (answers to pulls may bring copies). A
 * different event in an `(author, seq)` slot that is already filled, accepted
 * or pending, is equivocation: it is recorded with both events and the log
 * halts. Then the chain and the basis (`place`): `prev` must be the author's event
 * `seq - 1`; `basis` has one count per seat, and for every seat `s` with
 * `basis[s] > 0` the event `(s, basis[s] - 1)` must be accepted, must be the one
 * `heads[s]` names by hash (where the table's events carry `heads`), and must have
 * seen no more than this one (`its basis <= this basis`, seat by seat). So
 * what an event says its author had seen is a whole, causally closed set,
 * and an author's knowledge never shrinks from one of its events to the
 * next. Where events carry `at`, an event is never earlier than its author's last
 * nor than any event its basis ends on (`ERR_TIME`): time, as the log tells it, only
 * runs forward, so a seat cannot sign a move as made before a move it answers. An event whose `prev` or a basis event is not accepted yet waits in
 * `pending` and is placed as soon as they all are. An event whose `heads` names
 * another version of an event this log holds waits for that version too
 * (`missing` lists what is waited for by hash): should it come, the log holds two
 * events of one slot signed by one seat and names that seat; should it never come,
 * the event is never judged, and neither is anything built on it. Either way an
 * event is only ever judged on the very events its author saw, so a seat that swaps
 * one of its own events after others signed over it cannot have their later
 * events judged against the swap. A rejected event changes
 * nothing but the evidence list. Two refusals are not evidence, because the
 * author did nothing wrong: `ERR_HALTED` (the game already stopped) and
 * `ERR_PENDING_FULL` (too much waiting; resend later).
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { MAX_EVENT_BYTES, eventHash, parseEvent, verifyEvent, type Event } from './events.ts';
import type { Seat } from './game.ts';
import type { Evidence, LogEntry, LogError } from './log.ts';

/** What events of a table are checked against: its id, its roster, the fields they carry. */
export interface Checking {
  readonly table: string;
  readonly keys: readonly string[];
  /** Whether the table's events carry `heads` (protocol 4 on). */
  readonly commitsHeads: boolean;
  /** Whether the table's events carry `at` (protocol 5 on). */
  readonly commitsTime: boolean;
}

/** An event whose own bytes passed the checks, not placed in the order yet. */
export interface Candidate {
  readonly hash: string;
  readonly event: Event;
  readonly bytes: Uint8Array;
}

/** What `checkEvent` found: the event, or the evidence against it. */
export type Checked = { readonly event: Event } | { readonly evidence: Evidence };

/**
 * Where the chain checks put a candidate: its entry, the hash (or `slot`) of what it
 * waits for, or why it is refused.
 */
export type Placement =
  { readonly entry: LogEntry } | { readonly missing: string } | { readonly error: LogError };

/**
 * The checks of an event's own bytes (`bytes`, the encoding of `input`): it decodes, its
 * author has a seat, it is for this table, its author signed it, and it carries `heads`
 * and `at` exactly when the table's events do.
 */
export function checkEvent(log: Checking, input: Uint8Array | string, bytes: Uint8Array): Checked {
  const parsed = parseEvent(input);
  if (!parsed.ok) return refused(bytes.slice(0, MAX_EVENT_BYTES), null, false, parsed.error);
  const event = parsed.value;
  const key = log.keys[event.author];
  if (key === undefined) return refused(bytes, event.author, false, 'ERR_UNKNOWN_SEAT');
  const signed = verifyEvent(event, key);
  if (event.table !== log.table) return refused(bytes, event.author, signed, 'ERR_TABLE');
  if (!signed) return refused(bytes, event.author, false, 'ERR_SIGNATURE');
  if ((event.heads !== undefined) !== log.commitsHeads)
    return refused(bytes, event.author, true, 'ERR_HEADS');
  if ((event.at !== undefined) !== log.commitsTime)
    return refused(bytes, event.author, true, 'ERR_TIME');
  return { event };
}

function refused(
  bytes: Uint8Array,
  author: Seat | null,
  signed: boolean,
  reason: LogError,
): Checked {
  return { evidence: { bytes, author, signed, reason } };
}

/**
 * The chain and basis checks of `candidate` against the events accepted (`chains[seat][seq]`,
 * and by hash `accepted`): says which dependency is missing, or builds its entry.
 */
export function place(
  candidate: Candidate,
  chains: readonly (readonly LogEntry[])[],
  accepted: ReadonlyMap<string, LogEntry>,
  resignIsLast: boolean,
): Placement {
  const { author, seq, prev, basis, heads } = candidate.event;
  if (basis.length !== chains.length) return { error: 'ERR_BASIS' };
  if (seq > 0) {
    const own = chains[author]![seq - 1];
    if (own !== undefined && own.hash !== prev) return { error: 'ERR_PREV' };
    const before = accepted.get(prev);
    if (before === undefined) return { missing: prev };
    if (before.event.author !== author) return { error: 'ERR_PREV' };
    if (before.event.seq !== seq - 1) return { error: 'ERR_SEQ' };
    // On a timed table a resignation is its seat's last word (its ending needs no confirmation
    // of its, clock.ts): nothing chained after it is taken, so a seat that left a table that
    // plays on without it (recovery.ts) can neither act there nor flood it.
    if (resignIsLast && before.event.body.type === 'RESIGN') return { error: 'ERR_AFTER_RESIGN' };
  }
  let height = 0;
  for (let seat = 0; seat < chains.length; seat++) {
    const count = basis[seat]!;
    if (count === 0) continue;
    const last = chains[seat]![count - 1];
    // Null at the author (`parseEvent` holds it so), whose own chain `prev` checks.
    const named = heads?.[seat];
    if (last === undefined) return { missing: named ?? slot({ author: seat, seq: count - 1 }) };
    // Another version of that event than the one named: wait for the named one, whose
    // coming proves its author signed two.
    if (named != null && last.hash !== named) return { missing: named };
    // Whatever that event had seen, this one has seen too: knowledge is whole and never shrinks.
    if (last.event.basis.some((n, s) => n > basis[s]!)) return { error: 'ERR_BASIS' };
    // Nor does time run back: nothing is signed as made before what it answers (its
    // author's own last event among them, counted by `basis[author]`).
    if ((candidate.event.at ?? 0) < (last.event.at ?? 0)) return { error: 'ERR_TIME' };
    height = Math.max(height, last.height);
  }
  return { entry: { ...candidate, height: height + 1 } };
}

/**
 * The seat that `a` and `b` prove forked its chain at `log`'s table, or null: both
 * signed by that seat for this table, and either two different events for one place,
 * or one chained onto another version of the other (`prev` naming another event in the
 * place of the other). What a page hands on as proof, checked before either is taken in.
 */
export function forkedBy(log: Checking, a: string, b: string): Seat | null {
  const [first, second] = [parseEvent(a), parseEvent(b)];
  if (!first.ok || !second.ok || a === b) return null;
  const pair: [Event, Event] = [first.value, second.value];
  const [ex, ey] = pair.sort((p, q) => p.seq - q.seq);
  // One seat's key must verify both, so both are that seat's: a roster's keys are distinct.
  const key = log.keys[ex.author];
  if (
    ex.table !== log.table ||
    ey.table !== log.table ||
    // Stryker disable next-line ConditionalExpression: no key, no signature verifies (`verifyMessage` takes hex only)
    key === undefined
  )
    return null;
  if (!verifyEvent(ex, key) || !verifyEvent(ey, key)) return null;
  const xBytes = utf8ToBytes(ex === first.value ? a : b);
  const twins = ex.seq === ey.seq;
  const chainedElsewhere = ey.seq === ex.seq + 1 && ey.prev !== eventHash(xBytes);
  return twins || chainedElsewhere ? ex.author : null;
}

/** The key of an `(author, seq)` slot, for events waited for by place rather than hash. */
export function slot(event: { readonly author: Seat; readonly seq: number }): string {
  return `${event.author}:${event.seq}`;
}
