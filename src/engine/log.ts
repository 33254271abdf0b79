/**
 * The event log of one table: every accepted event in one deterministic
 * order, the events still waiting for their dependencies, and the evidence
 * against everyone who sent something bad.
 *
 * ## Roster
 * A log is created for a table id and a roster: seat i's ed25519 identity
 * public key. Agreeing on the roster (the lobby, the invite) happens before
 * the log exists; the log only checks events against it.
 *
 * ## Checks, in order
 * `append` decodes the bytes (`parseEvent`), then checks that the author
 * has a seat, that the table id is this table's, that the event carries
 * `heads` exactly when the table's events do (`ERR_HEADS`), and `at` likewise (`ERR_TIME`), and that the signature
 * verifies with the author's key. An exact copy of a known event is a
 * duplicate and changes nothing (answers to pulls may bring copies). A
 * different event in an `(author, seq)` slot that is already filled, accepted
 * or pending, is equivocation: it is recorded with both events and the log
 * halts. Then the chain and the basis: `prev` must be the author's event
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
 *
 * ## After an offence
 * Whoever folds the log tells it where the first offence is (`stopAfter`):
 * from then on it holds nothing that sorts after that event, and takes
 * nothing that would (`ERR_HALTED`). What sorts after an offence is void
 * wherever it lands, and no event arriving later can change that, since an
 * event's place depends only on what it had seen; so the log keeps exactly
 * what the evidence needs (the offence, everything it had seen, and whatever
 * sorts before it, which may hold an earlier offence) however long a named
 * seat goes on signing, and every replica holds the same events.
 * Equivocation halts the log outright; one pair of events proves it, so an
 * author already proven to equivocate adds no more.
 *
 * ## Order (the concurrency rule)
 * Every accepted event has a height: one more than the highest event it
 * had seen (`(s, basis[s] - 1)` over every seat), 1 for an event that had
 * seen none. Events that did not see each other are concurrent. **The log
 * is sorted by height, then by author seat (lower seat first).** No two
 * accepted events share a (height, author) pair, since each author's
 * heights strictly increase along its chain, so this is a total order. It
 * depends only on the set of accepted events: an event's height depends only
 * on what it had seen, and everything it had seen is lower, so the order is a
 * topological order of the dependencies. Any replica that accepts the same
 * events, in any delivery order, holds the same ordered log and the same
 * `head` and `digest`. A late concurrent event may land before events
 * already placed; `append` reports the first changed position (`from`), and
 * whoever folds game state over the log re-folds from there. Who wins a race
 * between concurrent events is the fold's business (`table/replica.ts`), not
 * the log's: the order only says who is judged first.
 *
 * Equivocation is where delivery order shows: which of two equivocating
 * events a replica accepted, and which events it refused after halting,
 * depend on arrival. The verdict does not: every replica that sees both
 * events names the same author.
 *
 * ## Why a class
 * A game of War runs to tens of thousands of events. Copying the indexes on
 * every append would be quadratic, so the log is the one mutable object of
 * the engine; every change goes through `append`, which validates in full
 * before it touches anything.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { sha256Hex } from './encoding.ts';
import {
  MAX_EVENT_BYTES,
  ZERO_HASH,
  eventHash,
  isSeat,
  parseEvent,
  signEvent,
  verifyEvent,
  type Event,
  type EventBody,
  type EventError,
  type SignedEvent,
} from './events.ts';
import type { Seat } from './game.ts';
import { isValidPublicKey } from './identity.ts';
import { err, ok, type Result } from './result.ts';

/**
 * Most events of one author that may wait for dependencies. Beyond it an
 * event is refused with `ERR_PENDING_FULL` but not held against its author
 * (a long reordered resync is not misbehaviour): send it again later.
 */
export const MAX_PENDING_PER_SEAT = 256;
/** Most evidence records kept; the first ones already name the offender. */
export const MAX_EVIDENCE = 1024;

/** Who sits at the table: `keys[seat]` is that seat's ed25519 public key in hex. */
export interface Roster {
  readonly table: string;
  readonly keys: readonly string[];
  /** Whether the table's events name what they saw by hash (`Event.heads`): from protocol 4. */
  readonly heads: boolean;
  /** Whether the table's events say when they were signed (`Event.at`): from protocol 5. */
  readonly times?: boolean;
}

/** One accepted event in the ordered log. */
export interface LogEntry {
  readonly hash: string;
  readonly event: Event;
  readonly bytes: Uint8Array;
  /** One more than the highest event its author had seen. */
  readonly height: number;
}

/** Why the log refused an event. */
export type LogError =
  | EventError
  | 'ERR_UNKNOWN_SEAT'
  | 'ERR_TABLE'
  | 'ERR_SIGNATURE'
  | 'ERR_EQUIVOCATION'
  | 'ERR_HALTED'
  | 'ERR_PENDING_FULL';

/** Most hashes `missing` lists: a pull asks for these, and an ask is bounded. */
export const MAX_MISSING = 32;

/**
 * A refused event, kept so every replica and the UI can say who did what.
 * `author` is the seat the event claims (null if it did not decode) and
 * `signed` whether that seat's key really signed these bytes: only then is
 * the author provably responsible; otherwise blame whoever relayed it.
 */
export interface Evidence {
  /** The bytes as received; for `ERR_TOO_LARGE` only the first `MAX_EVENT_BYTES`. */
  readonly bytes: Uint8Array;
  readonly author: Seat | null;
  readonly signed: boolean;
  readonly reason: LogError;
}

/** Proof that `author` signed two different events for one `seq`. */
export interface Equivocation {
  readonly author: Seat;
  readonly seq: number;
  /** The event this replica had first, then the conflicting one. */
  readonly events: readonly [Uint8Array, Uint8Array];
}

/** What an accepted `append` did. */
export interface Appended {
  /** `accepted`: placed now; `pending`: waits for `prev` or `basis`; `duplicate`: already known. */
  readonly status: 'accepted' | 'pending' | 'duplicate';
  /** Entries placed by this call: the event, then the pending ones it released. */
  readonly placed: readonly LogEntry[];
  /** First position of the ordered log that changed; `size` when nothing did. */
  readonly from: number;
}

/** Why a roster cannot start a log. */
export type RosterError = 'ERR_TABLE_ID' | 'ERR_ROSTER';

interface Candidate {
  readonly hash: string;
  readonly event: Event;
  readonly bytes: Uint8Array;
}

type Placement =
  { readonly entry: LogEntry } | { readonly missing: string } | { readonly error: LogError };

const TABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Starts an empty log for `roster`: a valid table id, 1 to `MAX_SEATS`
 * distinct strictly valid ed25519 public keys.
 */
export function createLog(roster: Roster): Result<EventLog, RosterError> {
  if (!TABLE_ID.test(roster.table)) return err('ERR_TABLE_ID');
  const keys = [...roster.keys];
  // `isSeat(-1)` is false, so this also refuses an empty roster.
  if (!isSeat(keys.length - 1)) return err('ERR_ROSTER');
  if (!keys.every(isValidPublicKey) || new Set(keys).size !== keys.length) return err('ERR_ROSTER');
  return ok(new EventLog(roster.table, keys, roster.heads, roster.times ?? false));
}

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
  let earliest = 0;
  // `basis[author]` counts the author's own events: its last is among those read.
  for (let seat = 0; seat < basis.length; seat++) {
    const count = basis[seat]!;
    if (count > 0) earliest = Math.max(earliest, log.at(seat, count - 1)?.event.at ?? 0);
  }
  return earliest;
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
  return signEvent(
    {
      table: log.table,
      author: seat,
      seq,
      prev,
      basis,
      ...(heads ? { heads } : {}),
      ...(at === undefined ? {} : { at }),
      body,
    },
    secretKey,
  );
}

/**
 * The seat that `a` and `b` prove forked its chain at `log`'s table, or null: both
 * signed by that seat for this table, and either two different events for one place,
 * or one chained onto another version of the other (`prev` naming another event in the
 * place of the other). What a page hands on as proof, checked before either is taken in.
 */
export function forkedBy(log: EventLog, a: string, b: string): Seat | null {
  const [first, second] = [parseEvent(a), parseEvent(b)];
  if (!first.ok || !second.ok || a === b) return null;
  const [x, y] = first.value.seq <= second.value.seq ? [first, second] : [second, first];
  const [ex, ey] = [x.value, y.value];
  const key = log.keys[ex.author];
  if (ey.author !== ex.author || key === undefined) return null;
  if (ex.table !== log.table || ey.table !== log.table) return null;
  if (!verifyEvent(ex, key) || !verifyEvent(ey, key)) return null;
  const xBytes = utf8ToBytes(ex === first.value ? a : b);
  const twins = ex.seq === ey.seq;
  const chainedElsewhere = ey.seq === ex.seq + 1 && ey.prev !== eventHash(xBytes);
  return twins || chainedElsewhere ? ex.author : null;
}

/** The ordered, validated event log of one table. Create it with `createLog`. */
export class EventLog {
  private readonly order: LogEntry[] = [];
  private readonly accepted = new Map<string, LogEntry>();
  /** `chains[seat][seq]`: each author's accepted events. */
  private readonly chains: LogEntry[][];
  private readonly pending = new Map<string, Candidate>();
  /** `${author}:${seq}` of every pending event, for equivocation checks. */
  private readonly pendingSlots = new Map<string, Candidate>();
  /** Dependency hash -> hashes of pending events waiting for it. */
  private readonly waiting = new Map<string, Set<string>>();
  private readonly pendingPerSeat: number[];
  private readonly rejected = new Map<string, LogError>();
  private readonly evidenceList: Evidence[] = [];
  private readonly equivocationList: Equivocation[] = [];
  /** The first offence, as `stopAfter` was told: nothing that sorts after it is held. */
  private stop: LogEntry | null = null;

  /** Use `createLog`, which checks the roster. */
  constructor(
    readonly table: string,
    readonly keys: readonly string[],
    /** Whether this table's events carry `heads` (protocol 4 on). */
    readonly commitsHeads: boolean,
    /** Whether this table's events carry `at` (protocol 5 on). */
    readonly commitsTime = false,
  ) {
    this.chains = keys.map(() => []);
    this.pendingPerSeat = keys.map(() => 0);
  }

  /** Number of seats in the roster. */
  get seats(): number {
    return this.keys.length;
  }

  /** Number of accepted events. */
  get size(): number {
    return this.order.length;
  }

  /** Hash of the last event in order (`ZERO_HASH` when empty). */
  get head(): string {
    return this.order.at(-1)?.hash ?? ZERO_HASH;
  }

  /** Accepted events in order. */
  entries(): readonly LogEntry[] {
    return this.order;
  }

  /** The accepted event with this hash, if any. */
  entry(hash: string): LogEntry | undefined {
    return this.accepted.get(hash);
  }

  /** The `seq` of `seat`'s next event. */
  nextSeq(seat: Seat): number {
    return this.chains[seat]?.length ?? 0;
  }

  /** How many events of each seat this log holds: the `basis` of an event made now. */
  seen(): number[] {
    return this.chains.map((chain) => chain.length);
  }

  /** `seat`'s accepted event number `seq`, if any. */
  at(seat: Seat, seq: number): LogEntry | undefined {
    return this.chains[seat]?.[seq];
  }

  /** Hash of `seat`'s last accepted event, `ZERO_HASH` before its first. */
  lastHash(seat: Seat): string {
    return this.chains[seat]?.at(-1)?.hash ?? ZERO_HASH;
  }

  /** True when the event `hash` waits for a dependency. */
  isPending(hash: string): boolean {
    return this.pending.has(hash);
  }

  /** Number of events waiting for a dependency. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Where the pending event `hash` names, by its `heads`, another version of an event
   * this log holds: the first such seat and sequence number, or null. What it names
   * was signed over by its author; what this log holds was signed by that seat: one of
   * the two chains was changed after the other was signed over.
   */
  otherVersionNamed(hash: string): { seat: Seat; seq: number } | null {
    const event = this.pending.get(hash)?.event;
    if (event?.heads === undefined) return null;
    for (let seat = 0; seat < this.seats; seat++) {
      const named = event.heads[seat];
      const seq = event.basis[seat]! - 1;
      const held = this.chains[seat]![seq];
      if (named != null && held !== undefined && held.hash !== named) return { seat, seq };
    }
    return null;
  }

  /**
   * The events waited for by hash that this log does not hold, at most `MAX_MISSING`:
   * a predecessor (`prev`), or an event some `heads` names, which another version of
   * may fill its slot here. Whoever holds one can send it.
   */
  missing(): string[] {
    const wanted: string[] = [];
    for (const key of this.waiting.keys()) {
      if (wanted.length === MAX_MISSING) break;
      // Keys are hashes, or `author:seq` slots where an event named only a count.
      if (key.length === 64 && !this.accepted.has(key) && !this.pending.has(key)) wanted.push(key);
    }
    return wanted;
  }

  /** Every refused event, first `MAX_EVIDENCE` kept, one record per distinct bytes. */
  get evidence(): readonly Evidence[] {
    return this.evidenceList;
  }

  /** The first equivocation seen of each author that equivocated. */
  get equivocations(): readonly Equivocation[] {
    return this.equivocationList;
  }

  /** True once an equivocation is known: the game stops and no event is accepted. */
  get halted(): boolean {
    return this.equivocationList.length > 0;
  }

  /**
   * The first offence is the accepted event `hash` (an earlier one than any told
   * before; a later one changes nothing): drops every event, accepted or pending,
   * that sorts after it, and refuses any that would from now on (`ERR_HALTED`).
   * Says from which position the order changed (`size` when it did not).
   */
  stopAfter(hash: string): number {
    const entry = this.accepted.get(hash);
    if (entry === undefined || (this.stop !== null && !sortsAfter(this.stop, entry))) {
      return this.size;
    }
    this.stop = entry;
    // The order is sorted, so what sorts after the offence is its tail.
    const from = this.order.indexOf(entry) + 1;
    for (const dropped of this.order.splice(from)) {
      this.accepted.delete(dropped.hash);
      // An author's later events sort after its earlier ones: they go too, so this cuts its chain.
      const chain = this.chains[dropped.event.author]!;
      chain.length = Math.min(chain.length, dropped.event.seq);
    }
    for (const candidate of [...this.pending.values()]) {
      if (this.pending.has(candidate.hash) && this.beyondStop(candidate.event)) {
        this.unpend(candidate);
        this.discardWaiters(candidate);
      }
    }
    return from;
  }

  /** Seats proven to have equivocated, ascending. */
  equivocators(): Seat[] {
    return [...new Set(this.equivocationList.map((e) => e.author))].sort((a, b) => a - b);
  }

  /**
   * SHA-256 over the hashes of the ordered log: two replicas have the same
   * digest exactly when they hold the same events in the same order.
   */
  digest(): string {
    return sha256Hex(utf8ToBytes(this.order.map((entry) => entry.hash).join('')));
  }

  /**
   * Checks and adds one event received as bytes (or text). Never throws.
   * On failure nothing but the evidence changes, and the error says why.
   */
  append(input: Uint8Array | string): Result<Appended, LogError> {
    if (input.length > MAX_EVENT_BYTES) {
      // Keep a bounded prefix: the evidence must not become the flood it records.
      const head = typeof input === 'string' ? utf8ToBytes(input.slice(0, MAX_EVENT_BYTES)) : input;
      const kept = head.slice(0, MAX_EVENT_BYTES);
      const hash = eventHash(kept);
      return this.rejected.has(hash)
        ? err('ERR_TOO_LARGE')
        : this.reject(kept, hash, null, false, 'ERR_TOO_LARGE');
    }
    // A private copy: the caller may reuse its buffer, and the log keeps these bytes for good.
    const bytes = typeof input === 'string' ? utf8ToBytes(input) : input.slice();
    const hash = eventHash(bytes);
    if (this.accepted.has(hash) || this.pending.has(hash)) {
      return ok({ status: 'duplicate', placed: [], from: this.size });
    }
    const known = this.rejected.get(hash);
    if (known !== undefined) return err(known);
    const parsed = parseEvent(input);
    if (!parsed.ok) {
      return this.reject(bytes.slice(0, MAX_EVENT_BYTES), hash, null, false, parsed.error);
    }
    const event = parsed.value;
    const key = this.keys[event.author];
    if (key === undefined) return this.reject(bytes, hash, event.author, false, 'ERR_UNKNOWN_SEAT');
    const signed = verifyEvent(event, key);
    if (event.table !== this.table)
      return this.reject(bytes, hash, event.author, signed, 'ERR_TABLE');
    if (!signed) return this.reject(bytes, hash, event.author, false, 'ERR_SIGNATURE');
    if ((event.heads !== undefined) !== this.commitsHeads)
      return this.reject(bytes, hash, event.author, true, 'ERR_HEADS');
    if ((event.at !== undefined) !== this.commitsTime)
      return this.reject(bytes, hash, event.author, true, 'ERR_TIME');
    const candidate = { hash, event, bytes };
    // The author's seat was checked against the roster above: its chain exists.
    const rival = this.chains[event.author]![event.seq] ?? this.pendingSlots.get(slot(event));
    if (rival !== undefined) return this.equivocate(rival, candidate);
    if (this.halted) return err('ERR_HALTED');
    if (this.beyondStop(event)) {
      this.discardWaiters(candidate);
      return err('ERR_HALTED');
    }

    const placement = this.place(candidate);
    if ('error' in placement) return this.reject(bytes, hash, event.author, true, placement.error);
    if ('missing' in placement) return this.hold(candidate, placement.missing);
    return ok({ status: 'accepted', ...this.release(placement.entry) });
  }

  /** Runs the chain checks; says which dependency is missing, or builds the entry. */
  private place(candidate: Candidate): Placement {
    const { author, seq, prev, basis, heads } = candidate.event;
    if (basis.length !== this.seats) return { error: 'ERR_BASIS' };
    if (seq > 0) {
      const own = this.chains[author]![seq - 1];
      if (own !== undefined && own.hash !== prev) return { error: 'ERR_PREV' };
      const before = this.accepted.get(prev);
      if (before === undefined) return { missing: prev };
      if (before.event.author !== author) return { error: 'ERR_PREV' };
      if (before.event.seq !== seq - 1) return { error: 'ERR_SEQ' };
    }
    let height = 0;
    for (let seat = 0; seat < this.seats; seat++) {
      const count = basis[seat]!;
      if (count === 0) continue;
      const last = this.chains[seat]![count - 1];
      const named = seat === author ? undefined : heads?.[seat];
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

  /** Puts an entry in every index; returns its position in the order. */
  private insert(entry: LogEntry): number {
    const author = entry.event.author;
    // First position whose (height, author) sorts after the new entry's.
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.order[mid] as LogEntry;
      if (sortsAfter(other, entry)) hi = mid;
      else lo = mid + 1;
    }
    this.order.splice(lo, 0, entry);
    this.accepted.set(entry.hash, entry);
    (this.chains[author] as LogEntry[])[entry.event.seq] = entry;
    return lo;
  }

  /** Parks an event until `missing` is accepted. */
  private hold(candidate: Candidate, missing: string): Result<Appended, LogError> {
    const { author } = candidate.event;
    if ((this.pendingPerSeat[author] ?? 0) >= MAX_PENDING_PER_SEAT) return err('ERR_PENDING_FULL');
    this.pending.set(candidate.hash, candidate);
    this.pendingSlots.set(slot(candidate.event), candidate);
    this.pendingPerSeat[author] = (this.pendingPerSeat[author] ?? 0) + 1;
    this.wait(candidate.hash, missing);
    return ok({ status: 'pending', placed: [], from: this.size });
  }

  private wait(hash: string, missing: string): void {
    const set = this.waiting.get(missing) ?? new Set<string>();
    set.add(hash);
    this.waiting.set(missing, set);
  }

  /**
   * Inserts `first`, then every pending event it unblocks, and what those
   * unblock in turn; pending events that now fail their checks are rejected.
   */
  private release(first: LogEntry): { placed: LogEntry[]; from: number } {
    const placed: LogEntry[] = [];
    let from = this.size;
    const work = [first];
    for (let entry = work.pop(); entry !== undefined; entry = work.pop()) {
      from = Math.min(from, this.insert(entry));
      placed.push(entry);
      const waiters = new Set([
        ...(this.waiting.get(entry.hash) ?? []),
        ...(this.waiting.get(slot(entry.event)) ?? []),
      ]);
      this.waiting.delete(entry.hash);
      this.waiting.delete(slot(entry.event));
      // The author's next event, if pending, may name another predecessor: it fails now.
      const { author, seq } = entry.event;
      const successor = this.pendingSlots.get(slot({ author, seq: seq + 1 }));
      if (successor !== undefined) waiters.add(successor.hash);
      for (const waiter of waiters) {
        const candidate = this.pending.get(waiter);
        if (candidate === undefined) continue;
        const placement = this.place(candidate);
        if ('missing' in placement) {
          this.wait(waiter, placement.missing);
          continue;
        }
        this.unpend(candidate);
        if ('error' in placement) {
          this.reject(candidate.bytes, waiter, candidate.event.author, true, placement.error);
        } else if (this.stop !== null && sortsAfter(placement.entry, this.stop)) {
          this.discardWaiters(candidate);
        } else {
          work.push(placement.entry);
        }
      }
    }
    return { placed, from };
  }

  /**
   * True when `event` sorts after the first offence: it had seen it, or the
   * events it names that are here already place it after. Exact once all of
   * them are here; for an event still missing some, what they add only moves
   * it later.
   */
  private beyondStop(event: Event): boolean {
    if (this.stop === null) return false;
    const { author, seq } = this.stop.event;
    if (event.basis[author]! > seq) return true;
    let height = 0;
    event.basis.forEach((count, seat) => {
      const last = count > 0 ? this.chains[seat]![count - 1] : undefined;
      if (last !== undefined) height = Math.max(height, last.height);
    });
    return sortsAfter({ height: height + 1, event }, this.stop);
  }

  /**
   * Forgets the pending events that wait for `candidate`, which this log will
   * never hold, and those that wait for them: each sorts after what it waits for.
   */
  private discardWaiters(candidate: Candidate): void {
    for (const key of [candidate.hash, slot(candidate.event)]) {
      const waiters = this.waiting.get(key) ?? [];
      this.waiting.delete(key);
      for (const hash of waiters) {
        const waiter = this.pending.get(hash);
        if (waiter === undefined) continue;
        this.unpend(waiter);
        this.discardWaiters(waiter);
      }
    }
  }

  private unpend(candidate: Candidate): void {
    const { author } = candidate.event;
    this.pending.delete(candidate.hash);
    this.pendingSlots.delete(slot(candidate.event));
    this.pendingPerSeat[author] = (this.pendingPerSeat[author] ?? 1) - 1;
  }

  private equivocate(rival: Candidate, candidate: Candidate): Result<Appended, LogError> {
    const { author, seq } = candidate.event;
    // One pair proves it: an author proven already would have every further twin kept.
    if (this.equivocationList.some((e) => e.author === author)) return err('ERR_EQUIVOCATION');
    this.equivocationList.push({ author, seq, events: [rival.bytes, candidate.bytes] });
    return this.reject(candidate.bytes, candidate.hash, author, true, 'ERR_EQUIVOCATION');
  }

  private reject(
    bytes: Uint8Array,
    hash: string,
    author: Seat | null,
    signed: boolean,
    reason: LogError,
  ): Result<Appended, LogError> {
    if (this.evidenceList.length < MAX_EVIDENCE) {
      this.evidenceList.push({ bytes, author, signed, reason });
      this.rejected.set(hash, reason);
    }
    return err(reason);
  }
}

type Placed = Pick<LogEntry, 'height'> & { readonly event: Pick<Event, 'author'> };

/** True when `a` comes after `b` in the log's order: by height, then by author. */
function sortsAfter(a: Placed, b: Placed): boolean {
  return a.height > b.height || (a.height === b.height && a.event.author > b.event.author);
}

function slot(event: { readonly author: Seat; readonly seq: number }): string {
  return `${event.author}:${event.seq}`;
}
