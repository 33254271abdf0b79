/**
 * How a table's events travel between its seats. Each event goes once, from its author
 * to every other seat over the direct links (a full mesh): no seat passes on what it
 * took in but a claim of absence, handed at once to the seat it names (`relayClaim`). A
 * seat that misses events (a link was down, a page reloaded, an author kept one from it)
 * pulls them: it tells a seat what it holds (`have`: a version vector, the last event of
 * each seat it holds, and the events it waits for by hash), and that seat answers with
 * every judged event it holds that the asker lacks or wants, whoever wrote them, so a
 * cut between two seats heals through a third. A seat asks:
 * - a seat whose link (re)opens, which asks it back;
 * - one linked seat a second, in turn, while its log holds events that wait for others
 *   or one of its links is down: an author that keeps an event from it, or a link that
 *   cannot open, costs it a second. A seat that leaves an ask unanswered for
 *   `ASK_TIMEOUT_MS` is passed over for the next in turn, so a withholding seat holds up
 *   nothing another seat can send;
 * - every linked seat once, when its log has not grown for three seconds: an event
 *   nobody built on yet (the one the table waits on) still reaches it.
 *
 * Two versions of one event (equivocation) must meet somewhere, or seats that each hold
 * one would judge the events built on it differently and name an honest seat. Since
 * protocol 4 every event names the events it saw by hash (`Event.heads`), inside its
 * signature, so the log itself holds an event until it holds exactly the events it
 * names, and lists any it lacks (`EventLog.missing`); an ask wants those, and whoever
 * holds one sends it. The second version of a slot then meets the first in the log,
 * which names their author. An event is the same whoever sends it: nothing a sender
 * says beside it can hold it in doubt. The answer to a `have` also sends the answerer's
 * version of the last event the asker holds of each seat, where the two differ.
 *
 * What a peer can make us send is bounded per link: an event goes over a link at most
 * once while it stays open (the asker's word that it holds nothing changes nothing),
 * an ask is answered at most twice a second (a later one waits, only the latest kept),
 * and a `have` wants at most `MAX_WANTED` events. What it can make us keep is the log's
 * bound: an event waits only once its author's signature holds, and at most
 * `MAX_PENDING_PER_SEAT` of each author wait.
 */
import type { Seat } from '../engine/game.ts';
import type { EventLog, LogEntry } from '../engine/log.ts';
import type { EventMessage, HaveMessage, WireMessage } from './messages.ts';

/** How often a seat missing something asks one linked seat, in ms. */
export const PULL_EVERY_MS = 1000;
/** An ask not answered within this long is given up, and the next seat is asked. */
export const ASK_TIMEOUT_MS = 3000;
/** A log that has not grown for this many pulls' time asks every linked seat, once. */
const IDLE_PULLS = 3;
/** Least time between two answers to one peer's asks, in ms. */
const ANSWER_GAP_MS = 500;

/** What the exchange needs of the table session. */
export interface ExchangeHost {
  readonly log: EventLog;
  /** Our seat; null for a spectator, which has no events of its own. */
  readonly seat: Seat | null;
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

const text = new TextDecoder();

/** An event to send: its parsed fields and its bytes. */
export type Sent = Pick<LogEntry, 'event' | 'bytes' | 'hash'>;

/** What `log` holds, as a `have` message: an ask, or the end of an answer. */
export function haveMessage(log: EventLog, ask: boolean): HaveMessage {
  const seen = log.seen();
  return {
    type: 'have',
    seen,
    heads: seen.map((n, s) => log.at(s, n - 1)?.hash ?? null),
    want: log.missing(),
    ask,
  };
}

/** The message that sends `entry`. */
export function eventMessage(entry: Sent): EventMessage {
  return { type: 'event', event: text.decode(entry.bytes) };
}

/**
 * What of `log` goes to a peer that says it holds `have`: our version of the last event
 * it holds of each seat where the two differ (sent to it, its log names their author),
 * then, in log order, the judged entries it lacks or wants, none of a seat whose versions
 * differ and none `skip` rules out (sent already, or ours not stored yet).
 */
export function answerFor(
  log: EventLog,
  judged: number,
  have: HaveMessage,
  skip: (entry: LogEntry) => boolean,
): LogEntry[] {
  const versions: LogEntry[] = [];
  const differ = new Set<Seat>();
  have.seen.forEach((count, seat) => {
    const ours = count > 0 ? log.at(seat, count - 1) : undefined;
    if (ours === undefined || ours.hash === have.heads[seat]) return;
    differ.add(seat);
    if (!skip(ours)) versions.push(ours);
  });
  const wanted = new Set(have.want);
  const rest: LogEntry[] = [];
  const entries = log.entries();
  for (let i = 0; i < judged; i++) {
    const entry = entries[i]!;
    const { author, seq } = entry.event;
    const lacked = !differ.has(author) && seq >= have.seen[author]!;
    if ((lacked || wanted.has(entry.hash)) && !skip(entry) && !versions.includes(entry))
      rest.push(entry);
  }
  return [...versions, ...rest];
}

/** One linked seat, while its link stays open. */
interface Link {
  /** Hashes of the events sent to it over this link: none goes twice. */
  readonly sent: Set<string>;
  /** When our ask to it went, while it is not answered. */
  askedAt: number | null;
  /** When we last answered an ask of its. */
  answeredAt: number;
  /** Its latest ask not answered yet, as it came too soon after the last. */
  deferred: HaveMessage | null;
}

const newLink = (): Link => ({
  sent: new Set(),
  askedAt: null,
  answeredAt: -Infinity,
  deferred: null,
});

export class LogExchange {
  private readonly links: Link[];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly ticker: ReturnType<typeof setInterval>;
  private turn = 0;
  private lastSize = -1;
  private stillPulls = 0;
  /** The seats that answered our ask since their link last came up: we hold what they held then. */
  private readonly caught = new Set<Seat>();

  constructor(private readonly host: ExchangeHost) {
    this.links = Array.from({ length: host.log.seats }, newLink);
    this.ticker = setInterval(() => this.tick(), PULL_EVERY_MS);
  }

  /** Sends our event `entry` to every linked seat: once, from us. */
  publish(entry: Sent): void {
    for (const seat of this.host.linked()) this.sendEntry(seat, entry);
  }

  /** `seat` proved itself on a new link: what went to it before may be missing there. */
  joined(seat: Seat): void {
    this.links[seat] = newLink();
    this.caught.delete(seat);
    this.ask(seat);
  }

  /**
   * True once `seat` answered our ask on its current link: every event it held then has
   * reached us (its answer sends them first, on the same ordered link).
   */
  caughtUp(seat: Seat): boolean {
    return this.caught.has(seat);
  }

  /** Asks every linked seat (after a restore: what did we miss meanwhile?). */
  askAll(): void {
    for (const seat of this.host.linked()) this.ask(seat);
  }

  /** An event message from `from`: the log judges it, or holds it until what it names is here. */
  event(from: Seat, event: string): void {
    this.host.take(from, event);
  }

  /**
   * Hands a claim of absence `from` sent on to the seat it names, at once: its answer
   * window runs from the claim, and a claimer that shows its claim to another seat alone
   * would otherwise keep it from the claimed seat until that seat's next event named it.
   * Claims are few (two a turn at most), so this costs nothing a peer can grow.
   */
  relayClaim(from: Seat, event: string): void {
    // Canonical JSON: a claim's body is exactly this.
    const named = /"body":\{"seat":(\d),"type":"ABSENT"\}/.exec(event);
    const seat = named === null ? null : Number(named[1]);
    if (seat !== null && seat !== this.host.seat && seat !== from)
      this.host.send(seat, { type: 'event', event });
  }

  /** A `have` from `from`: an ask is answered (see the top); an answer's end sends what it lacks of ours. */
  have(from: Seat, have: HaveMessage): void {
    if (have.seen.length !== this.host.log.seats) return;
    if (!have.ask) return this.answerEnds(from, have);
    const link = this.links[from]!;
    const wait = link.answeredAt + ANSWER_GAP_MS - Date.now();
    if (wait <= 0) return this.answer(from, have);
    const first = link.deferred === null;
    link.deferred = have;
    if (first) this.later(wait, () => this.answerDeferred(from));
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

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private answerDeferred(from: Seat): void {
    const link = this.links[from]!;
    const have = link.deferred;
    link.deferred = null;
    if (have && this.host.linked().includes(from)) this.answer(from, have);
  }

  private ask(seat: Seat): void {
    const link = this.links[seat]!;
    if (link.askedAt !== null) return;
    if (this.host.send(seat, haveMessage(this.host.log, true))) link.askedAt = Date.now();
  }

  /** Answers an ask: what `from` lacks or wants and was not sent it yet, then our own `have`. */
  private answer(from: Seat, have: HaveMessage): void {
    const link = this.links[from]!;
    link.answeredAt = Date.now();
    const { log, seat } = this.host;
    const released = this.host.released();
    const skip = (entry: LogEntry) =>
      link.sent.has(entry.hash) || (entry.event.author === seat && entry.event.seq >= released);
    for (const entry of answerFor(log, this.host.judged(), have, skip)) this.sendEntry(from, entry);
    this.host.send(from, haveMessage(log, false));
  }

  /** The end of `from`'s answer to our ask: our own events it still lacks, or wants, go to it. */
  private answerEnds(from: Seat, have: HaveMessage): void {
    const link = this.links[from]!;
    link.askedAt = null;
    this.caught.add(from);
    const { seat, log } = this.host;
    if (seat === null) return;
    const wanted = new Set(have.want);
    for (let seq = 0; seq < this.host.released(); seq++) {
      const entry = log.at(seat, seq)!;
      if ((seq >= have.seen[seat]! || wanted.has(entry.hash)) && !link.sent.has(entry.hash))
        this.sendEntry(from, entry);
    }
  }

  private sendEntry(seat: Seat, entry: Sent): void {
    const link = this.links[seat]!;
    if (this.host.send(seat, eventMessage(entry))) link.sent.add(entry.hash);
  }

  /** Once a second: pulls from one linked seat in turn while something is missing, from all when idle. */
  private tick(): void {
    const { log } = this.host;
    const now = Date.now();
    // An ask left unanswered is given up: the seat may be asked again, in its turn.
    for (const link of this.links)
      if (link.askedAt !== null && now - link.askedAt >= ASK_TIMEOUT_MS) link.askedAt = null;
    const linked = this.host.linked();
    if (linked.length === 0 || log.halted) return;
    if (log.size !== this.lastSize) {
      this.lastSize = log.size;
      this.stillPulls = 0;
    } else if (++this.stillPulls === IDLE_PULLS) {
      for (const seat of linked) this.ask(seat);
      return;
    }
    if (log.pendingCount === 0 && !this.host.cutOff()) return;
    // The next seat in turn that owes us no answer: one that stays silent is passed over.
    const free = linked.filter((seat) => this.links[seat]!.askedAt === null);
    if (free.length > 0) this.ask(free[this.turn++ % free.length]!);
  }
}
