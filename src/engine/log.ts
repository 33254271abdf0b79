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
 * ## Checks
 * `append` runs the checks of `log-checks.ts` on every event: its own bytes,
 * then its chain and basis; an event whose dependencies are not all here yet
 * waits (`log-waiting.ts`), and is placed once they are. A rejected event changes
 * nothing but the evidence list; an event that repeats another's place is
 * equivocation, and halts the log.
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
  type Event,
  type EventError,
} from './events.ts';
import type { Seat } from './game.ts';
import { isValidPublicKey } from './identity.ts';
import { checkEvent, place, type Candidate } from './log-checks.ts';
import { WaitingRoom } from './log-waiting.ts';
import { err, ok, type Result } from './result.ts';

// Making one's next event and checking a fork proof go with the log: its users find them here.
export { composeEvent, earliestAt, headsFor } from './log-compose.ts';
export { forkedBy } from './log-checks.ts';

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
  | 'ERR_PENDING_FULL'
  | 'ERR_AFTER_RESIGN';

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

/** The ordered, validated event log of one table. Create it with `createLog`. */
export class EventLog {
  private readonly order: LogEntry[] = [];
  private readonly accepted = new Map<string, LogEntry>();
  /** `chains[seat][seq]`: each author's accepted events. */
  private readonly chains: LogEntry[][];
  private readonly pending: WaitingRoom;
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
    readonly commitsTime: boolean,
  ) {
    this.chains = keys.map(() => []);
    this.pending = new WaitingRoom();
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
    for (const key of this.pending.waitedFor()) {
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
    for (const candidate of this.pending.candidates()) {
      if (this.pending.has(candidate.hash) && this.beyondStop(candidate.event)) {
        this.pending.remove(candidate);
        this.pending.discardWaiters(candidate);
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
      // Stryker disable next-line MethodExpression: only memory: the bytes kept are cut to MAX_EVENT_BYTES below
      const head = typeof input === 'string' ? utf8ToBytes(input.slice(0, MAX_EVENT_BYTES)) : input;
      const kept = head.slice(0, MAX_EVENT_BYTES);
      const hash = eventHash(kept);
      return this.rejected.has(hash)
        ? err('ERR_TOO_LARGE')
        : this.reject(hash, { bytes: kept, author: null, signed: false, reason: 'ERR_TOO_LARGE' });
    }
    // A private copy: the caller may reuse its buffer, and the log keeps these bytes for good.
    const bytes = typeof input === 'string' ? utf8ToBytes(input) : input.slice();
    const hash = eventHash(bytes);
    if (this.accepted.has(hash) || this.pending.has(hash)) {
      return ok({ status: 'duplicate', placed: [], from: this.size });
    }
    const known = this.rejected.get(hash);
    if (known !== undefined) return err(known);
    const checked = checkEvent(this, input, bytes);
    if ('evidence' in checked) return this.reject(hash, checked.evidence);
    const { event } = checked;
    const candidate = { hash, event, bytes };
    // The author's seat was checked against the roster above: its chain exists.
    const rival = this.chains[event.author]![event.seq] ?? this.pending.inSlot(event);
    if (rival !== undefined) return this.equivocate(rival, candidate);
    if (this.halted) return err('ERR_HALTED');
    if (this.beyondStop(event)) {
      this.pending.discardWaiters(candidate);
      return err('ERR_HALTED');
    }

    const placement = place(candidate, this.chains, this.accepted, this.commitsTime);
    if ('error' in placement) return this.refuse(candidate, placement.error);
    if ('missing' in placement) return this.hold(candidate, placement.missing);
    return ok({ status: 'accepted', ...this.release(placement.entry) });
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
    if (this.pending.heldOf(candidate.event.author) >= MAX_PENDING_PER_SEAT)
      return err('ERR_PENDING_FULL');
    this.pending.hold(candidate, missing);
    return ok({ status: 'pending', placed: [], from: this.size });
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
      const waiters = this.pending.takeWaiters(entry);
      // The author's next event, if pending, may name another predecessor: it fails now.
      const { author, seq } = entry.event;
      const successor = this.pending.inSlot({ author, seq: seq + 1 });
      if (successor !== undefined) waiters.add(successor.hash);
      for (const waiter of waiters) {
        const candidate = this.pending.get(waiter);
        if (candidate === undefined) continue;
        const placement = place(candidate, this.chains, this.accepted, this.commitsTime);
        if ('missing' in placement) {
          this.pending.wait(waiter, placement.missing);
          continue;
        }
        this.pending.remove(candidate);
        if ('error' in placement) {
          this.refuse(candidate, placement.error);
        } else if (this.stop !== null && sortsAfter(placement.entry, this.stop)) {
          this.pending.discardWaiters(candidate);
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
      // A count of 0 names no event: index -1, undefined.
      const last = this.chains[seat]![count - 1];
      if (last !== undefined) height = Math.max(height, last.height);
    });
    return sortsAfter({ height: height + 1, event }, this.stop);
  }

  private equivocate(rival: Candidate, candidate: Candidate): Result<Appended, LogError> {
    const { author, seq } = candidate.event;
    // One pair proves it: an author proven already would have every further twin kept.
    if (this.equivocationList.some((e) => e.author === author)) return err('ERR_EQUIVOCATION');
    this.equivocationList.push({ author, seq, events: [rival.bytes, candidate.bytes] });
    return this.refuse(candidate, 'ERR_EQUIVOCATION');
  }

  /** Refuses `candidate`, which its author signed: the evidence holds that against it. */
  private refuse(candidate: Candidate, reason: LogError): Result<Appended, LogError> {
    const { hash, bytes, event } = candidate;
    return this.reject(hash, { bytes, author: event.author, signed: true, reason });
  }

  /** Keeps `evidence` against the event `hash` (while there is room) and refuses it. */
  private reject(hash: string, evidence: Evidence): Result<Appended, LogError> {
    if (this.evidenceList.length < MAX_EVIDENCE) {
      this.evidenceList.push(evidence);
      this.rejected.set(hash, evidence.reason);
    }
    return err(evidence.reason);
  }
}

type Placed = Pick<LogEntry, 'height'> & { readonly event: Pick<Event, 'author'> };

/** True when `a` comes after `b` in the log's order: by height, then by author. */
function sortsAfter(a: Placed, b: Placed): boolean {
  return (
    a.height > b.height ||
    (a.height === b.height &&
      // Stryker disable next-line EqualityOperator: no two events share a height and an author (an author's heights strictly increase)
      a.event.author > b.event.author)
  );
}
