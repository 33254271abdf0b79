/**
 * How a table's events travel between its seats. Each event goes once, from its author
 * to every other seat over the direct links (a full mesh): no seat passes on what it
 * took in. A seat that misses events (a link was down, a page reloaded, an author kept
 * one from it) pulls them: it tells a seat what it holds (`have`, a version vector and
 * the last event of each seat it holds), and that seat answers with every event it holds
 * that the asker lacks, whoever wrote them, so a cut between two seats heals through a
 * third. A seat asks:
 * - a seat whose link (re)opens, which asks it back;
 * - one linked seat a second, in turn, while it holds events that name events it lacks
 *   or one of its links is down: an author that keeps an event from it, or a link that
 *   cannot open, costs it a second, and a withholding seat it asks is not the last;
 * - every linked seat once, when its log has not grown for three seconds: an event
 *   nobody built on yet (the one the table waits on) still reaches it.
 *
 * Two versions of one event (equivocation) must meet somewhere, or seats that each
 * hold one would judge the events built on it differently and name an honest seat.
 * Every event message carries `saw`, a digest of the events its basis names as the
 * sender holds them (at three seats or more: at two, the receiver made every event named
 * but the author's own, and those the log chains by hash). An event is judged only once every event its basis names is held,
 * and held as the sender says: else it waits (`held`), and a sender whose word differs
 * is asked; its answer brings its version of the last event this seat holds of each
 * seat whose versions differ (the `have` names them), and the log finds the
 * equivocation. A seat that finds one sends both versions to every seat. The answer to
 * a `have` also names any version of the answerer's that differs from the asker's.
 *
 * What a peer can make us do is bounded: an ask is answered at most twice a second per
 * peer (a later one waits, and only the latest is kept), with at most the whole log; an
 * event waits only once its author's signature holds, and at most
 * `MAX_PENDING_PER_SEAT` of each author wait.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { sha256Hex } from '../engine/encoding.ts';
import { eventHash, parseEvent, verifyEvent } from '../engine/events.ts';
import type { Seat } from '../engine/game.ts';
import { MAX_PENDING_PER_SEAT, type EventLog, type LogEntry } from '../engine/log.ts';
import { SAW_BYTES, type EventMessage, type HaveMessage, type WireMessage } from './messages.ts';

/** How often a seat missing something asks one linked seat, in ms. */
export const PULL_EVERY_MS = 1000;
/** A log that has not grown for this many pulls' time asks every linked seat, once. */
const IDLE_PULLS = 3;
/** Least time between two answers to one peer's asks, in ms. */
const ANSWER_GAP_MS = 500;

/** An event taken in but not judged yet: it names events not held, or held otherwise than its sender said. */
interface Held {
  readonly event: string;
  readonly saw: string | undefined;
  readonly from: Seat;
  readonly author: Seat;
  readonly seq: number;
  readonly basis: readonly number[];
  /** Its sender was asked, as its `saw` names other versions than ours. */
  doubted: boolean;
}

/** What the exchange needs of the table session. */
export interface ExchangeHost {
  readonly log: EventLog;
  /** Our seat; null for a spectator, which has no events of its own. */
  readonly seat: Seat | null;
  /** The roster: each seat's identity key. */
  readonly keys: readonly string[];
  /** How many of our own events, from the first, are stored and so may be sent. */
  released(): number;
  /**
   * How many entries of the log, from the first, are judged: only those are passed on, as
   * an offence found by a check still under way drops what sorts after it.
   */
  judged(): number;
  /** Sends to a seat's proven link; false when it has none. */
  send(seat: Seat, message: WireMessage): boolean;
  /** The seats linked now, but ours. */
  linked(): Seat[];
  /** True while a link to some other seat is down. */
  cutOff(): boolean;
  /** Hands an event to the replica. */
  take(from: Seat, event: string): void;
}

/**
 * The digest of the events `basis` names, as `log` holds them (`saw`); null while it
 * lacks one.
 */
export function sawOf(log: EventLog, basis: readonly number[]): string | null {
  const hashes: string[] = [];
  for (let seat = 0; seat < basis.length; seat++) {
    const count = basis[seat]!;
    const last = count > 0 ? log.at(seat, count - 1) : undefined;
    if (count > 0 && last === undefined) return null;
    hashes.push(last?.hash ?? '');
  }
  return sha256Hex(utf8ToBytes(hashes.join(','))).slice(0, 2 * SAW_BYTES);
}

const text = new TextDecoder();

/** An event to send: its parsed fields and its bytes. */
export type Sent = Pick<LogEntry, 'event' | 'bytes'>;

/** What `log` holds, as a `have` message: an ask, or the end of an answer. */
export function haveMessage(log: EventLog, ask: boolean): HaveMessage {
  const seen = log.seen();
  return { type: 'have', seen, heads: seen.map((n, s) => log.at(s, n - 1)?.hash ?? null), ask };
}

/** The message that sends `entry`, with its `saw` at three seats or more (see the top). */
export function eventMessage(log: EventLog, entry: Sent): EventMessage {
  // At two seats the receiver made every event named but the author's own, which `prev` chains.
  const saw = log.seats > 2 ? (sawOf(log, entry.event.basis) ?? undefined) : undefined;
  return { type: 'event', event: text.decode(entry.bytes), saw };
}

export class LogExchange {
  private readonly held = new Map<string, Held>();
  /** Per seat, how many of our own events went to it over the link open now. */
  private readonly ownSent: number[];
  /** Per seat, true while an ask of ours awaits its answer. */
  private readonly asking: boolean[];
  /** Per seat, when we last answered an ask of its. */
  private readonly answered: number[];
  /** Per seat, its latest ask not answered yet, as it came too soon after the last. */
  private readonly deferred: (HaveMessage | null)[];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly ticker: ReturnType<typeof setInterval>;
  private turn = 0;
  private lastSize = -1;
  private stillPulls = 0;
  private settling = false;

  constructor(private readonly host: ExchangeHost) {
    const seats = host.keys.length;
    this.ownSent = new Array<number>(seats).fill(0);
    this.asking = new Array<boolean>(seats).fill(false);
    this.answered = new Array<number>(seats).fill(-Infinity);
    this.deferred = new Array<HaveMessage | null>(seats).fill(null);
    this.ticker = setInterval(() => this.tick(), PULL_EVERY_MS);
  }

  /** Sends our event `entry` to every linked seat: once, from us. */
  publish(entry: Sent): void {
    for (const seat of this.host.linked()) this.sendEntry(seat, entry);
  }

  /** `seat` proved itself on a new link: what went to it before may be missing there. */
  joined(seat: Seat): void {
    this.ownSent[seat] = 0;
    this.asking[seat] = false;
    this.ask(seat);
  }

  /** Asks every linked seat (after a restore: what did we miss meanwhile?). */
  askAll(): void {
    for (const seat of this.host.linked()) this.ask(seat);
  }

  /** An event message from `from`: judged now, or held until what it names is here. */
  event(from: Seat, event: string, saw: string | undefined): void {
    const { log } = this.host;
    const hash = eventHash(utf8ToBytes(event));
    if (log.entry(hash) !== undefined || log.isPending(hash) || this.held.has(hash)) return;
    const parsed = parseEvent(event);
    const key = parsed.ok ? this.host.keys[parsed.value.author] : undefined;
    // Whatever the log refuses, it refuses at once, and keeps as evidence.
    if (!parsed.ok || key === undefined || parsed.value.basis.length !== log.seats || log.halted)
      return this.host.take(from, event);
    const { author, seq, prev, basis } = parsed.value;
    // A chain broken already: the log refuses it now, whatever else it lacks.
    const own = seq > 0 ? log.at(author, seq - 1) : undefined;
    const before = seq > 0 ? log.entry(prev) : undefined;
    if ((own !== undefined && own.hash !== prev) || (before !== undefined && before !== own))
      return this.host.take(from, event);
    const twin = [...this.held].find(([, h]) => h.author === author && h.seq === seq);
    if (log.at(author, seq) !== undefined || twin !== undefined) {
      // Two versions of one event: the log names their author.
      if (twin !== undefined) this.release(...twin);
      return this.host.take(from, event);
    }
    // The common case, judged at once: the log checks the signature.
    const named = sawOf(log, basis);
    if (named !== null && (saw === undefined || saw === named)) return this.host.take(from, event);
    // Only an event its author signed for this table may wait, or have its sender asked.
    if (parsed.value.table !== log.table || !verifyEvent(parsed.value, key))
      return this.host.take(from, event);
    const waiting = [...this.held.values()].filter((h) => h.author === author).length;
    if (waiting >= MAX_PENDING_PER_SEAT) return;
    this.held.set(hash, { event, saw, from, author, seq, basis, doubted: false });
    this.settle();
  }

  /** A `have` from `from`: an ask is answered (see the top); an answer's end releases what it vouched for. */
  have(from: Seat, have: HaveMessage): void {
    if (have.seen.length !== this.host.log.seats) return;
    if (!have.ask) return this.answerEnds(from, have);
    const wait = this.answered[from]! + ANSWER_GAP_MS - Date.now();
    if (wait <= 0) return this.answer(from, have);
    const first = this.deferred[from] === null;
    this.deferred[from] = have;
    if (first) this.later(wait, () => this.answerDeferred(from));
  }

  /** The log changed: judges each held event that now may be. */
  settle(): void {
    if (this.settling) return;
    this.settling = true;
    try {
      for (let more = true; more;) {
        more = false;
        for (const [hash, h] of this.held) {
          if (h.doubted || !this.held.has(hash)) continue;
          const { log } = this.host;
          if (log.halted || log.at(h.author, h.seq) !== undefined) {
            this.release(hash, h);
            more = true;
            continue;
          }
          const saw = sawOf(log, h.basis);
          if (saw === null) continue;
          if (h.saw !== undefined && h.saw !== saw) {
            h.doubted = true;
            this.asking[h.from] = false;
            this.ask(h.from);
            // Its sender is gone: the event comes again from whoever answers a pull.
            if (!this.asking[h.from]) this.held.delete(hash);
            continue;
          }
          this.release(hash, h);
          more = true;
        }
      }
    } finally {
      this.settling = false;
    }
  }

  /** Two versions of one event: both go to every seat, so each names their author. */
  equivocation(events: readonly [Uint8Array, Uint8Array]): void {
    for (const seat of this.host.linked())
      for (const bytes of events)
        this.host.send(seat, { type: 'event', event: text.decode(bytes) });
  }

  close(): void {
    clearInterval(this.ticker);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private release(hash: string, h: Held): void {
    this.held.delete(hash);
    this.host.take(h.from, h.event);
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private answerDeferred(from: Seat): void {
    const have = this.deferred[from];
    this.deferred[from] = null;
    if (have && this.host.linked().includes(from)) this.answer(from, have);
  }

  private ask(seat: Seat): void {
    if (this.asking[seat]) return;
    this.asking[seat] = this.host.send(seat, haveMessage(this.host.log, true));
  }

  /**
   * Our version of the last event `have` names of each seat, where it differs from the
   * sender's: sent to it, its log names their author. Says which seats differ.
   */
  private differences(to: Seat, have: HaveMessage): Set<Seat> {
    const { log } = this.host;
    const differ = new Set<Seat>();
    have.seen.forEach((count, seat) => {
      const ours = count > 0 ? log.at(seat, count - 1) : undefined;
      if (ours === undefined || ours.hash === have.heads[seat]) return;
      differ.add(seat);
      this.sendEntry(to, ours);
    });
    return differ;
  }

  /** Answers an ask: every judged event we hold that `from` lacks, in log order, then our own `have`. */
  private answer(from: Seat, have: HaveMessage): void {
    this.answered[from] = Date.now();
    const differ = this.differences(from, have);
    const released = this.host.released();
    const entries = this.host.log.entries();
    for (let i = 0, judged = this.host.judged(); i < judged; i++) {
      const entry = entries[i]!;
      const { author, seq } = entry.event;
      if (differ.has(author) || seq < have.seen[author]!) continue;
      if (author === this.host.seat && seq >= released) continue;
      this.sendEntry(from, entry);
    }
    this.host.send(from, haveMessage(this.host.log, false));
  }

  /**
   * The end of `from`'s answer to our ask: our own events it still lacks go to it, and the
   * events it sent that we held in doubt are judged, unless our versions differ from its.
   */
  private answerEnds(from: Seat, have: HaveMessage): void {
    this.asking[from] = false;
    const released = this.host.released();
    const { seat } = this.host;
    if (seat !== null)
      for (let seq = Math.max(have.seen[seat]!, this.ownSent[from]!); seq < released; seq++)
        this.sendEntry(from, this.host.log.at(seat, seq)!);
    if (this.differences(from, have).size > 0) return;
    for (const [hash, h] of this.held) if (h.doubted && h.from === from) this.release(hash, h);
    this.settle();
  }

  private sendEntry(seat: Seat, entry: Sent): void {
    const { event } = entry;
    const sent = this.host.send(seat, eventMessage(this.host.log, entry));
    if (sent && event.author === this.host.seat)
      this.ownSent[seat] = Math.max(this.ownSent[seat]!, event.seq + 1);
  }

  /** Once a second: pulls from one linked seat in turn while something is missing, from all when idle. */
  private tick(): void {
    const { log } = this.host;
    const linked = this.host.linked();
    // A sender whose link went down cannot vouch for what it sent: that comes again on a pull.
    for (const [hash, h] of this.held)
      if (h.doubted && !linked.includes(h.from)) this.held.delete(hash);
    if (linked.length === 0 || log.halted) return;
    if (log.size !== this.lastSize) {
      this.lastSize = log.size;
      this.stillPulls = 0;
    } else if (++this.stillPulls === IDLE_PULLS) {
      for (const seat of linked) this.ask(seat);
      return;
    }
    const waiting = [...this.held.values()].some((h) => !h.doubted);
    if (!waiting && !this.host.cutOff()) return;
    this.ask(linked[this.turn++ % linked.length]!);
  }
}
