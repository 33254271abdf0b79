/**
 * The spectators a seat serves. A spectator holds no seat and no key: it links to the
 * seats, asks to `watch`, and follows the signed log as a seat does, checking every
 * signature and proof in its own replica (`watch.ts`). A seat serves it only what it
 * would send a seat anyway: its own events as it publishes them, and, when the
 * spectator asks (`have`), the judged events of the log it lacks. Never an event not
 * judged yet, never a secret, never an event twice over one link: what went to a
 * spectator is kept by hash, and an ask is answered with what it lacks or wants and was
 * not sent it (`answerFor`, as between seats).
 *
 * Bounded, so that spectators cannot starve the players:
 * - at most `MAX_SPECTATORS` at once; one more is told `watch-full`, and dropped;
 * - an ask is answered at most twice a second (a later one waits, only the latest kept);
 * - a spectator may send a burst of `SPECTATOR_BURST` messages, then
 *   `SPECTATOR_PER_SECOND` a second; over that it is dropped;
 * - a spectator sends `watch` and `have`, and `fork` when it found a seat's two versions
 *   of one event (a seat may show a spectator a version it showed no seat): the seat
 *   takes the two in only if they prove it (`AudienceHost.fork`), so the table names the
 *   forker as the spectator did. Anything else (an event it signed, a chat line, a claim
 *   of a seat's move, a fork it cannot prove) is refused, nobody is named for it, and it
 *   is dropped.
 * A dropped spectator changes nothing at the table: no event, no alarm, no state.
 */
import type { Seat } from '../engine/game.ts';
import type { EventLog } from '../engine/log.ts';
import { genesisJson } from '../engine/table/genesis.ts';
import type { Genesis } from '../engine/table/types.ts';
import type { LogEntry } from '../engine/log.ts';
import { answerFor, eventMessage, haveMessage, type Sent } from './exchange.ts';
import { MAX_SPECTATORS, type HaveMessage, type WireMessage } from './messages.ts';

/** Messages a spectator may send at once. */
export const SPECTATOR_BURST = 30;
/** Messages a spectator may send a second, after its burst. */
export const SPECTATOR_PER_SECOND = 5;
/** Least time between two answers to one spectator's asks, in ms. */
const ANSWER_GAP_MS = 500;
/** How long a spectator told `watch-full` keeps its link, in ms. */
const FULL_CLOSE_MS = 1000;
/** Spectators dropped, kept for inspection; older ones go, so a flood costs no memory. */
const MAX_DROPPED = 50;

/** What the audience needs of the table session. */
export interface AudienceHost {
  readonly genesis: Genesis;
  readonly log: EventLog;
  readonly seat: Seat;
  /** How many of our own events, from the first, are stored and so may be sent. */
  released(): number;
  /** How many entries of the log, from the first, are judged. */
  judged(): number;
  /** Where this seat reaches each seat now. */
  addresses(): (string | null)[];
  /** Sends to a peer; false when there is no open link to it. */
  send(peer: string, message: WireMessage): boolean;
  /** Closes the link to a peer: for good, saying why, or (`reason` null) as any link closes. */
  drop(peer: string, reason: string | null): void;
  /** The spectators changed. */
  changed(): void;
  /** What a spectator hears after each answer besides the log: the state hash this seat reached, once the table is done. */
  news(): readonly WireMessage[];
  /** Takes in a spectator's proof that a seat forked its chain; false when it proves nothing. */
  fork(events: readonly [string, string]): boolean;
}

interface Spectator {
  /** Hashes of the events sent to this spectator over its link. */
  readonly sent: Set<string>;
  answeredAt: number;
  deferred: HaveMessage | null;
  /** Messages it may still send now, and when that was counted. */
  allowance: number;
  at: number;
}

/** A spectator this seat dropped, and why. */
export interface DroppedSpectator {
  readonly peer: string;
  readonly reason: string;
}

const text = new TextDecoder();

export class Audience {
  /** Spectators dropped, oldest first (the latest `MAX_DROPPED`), and why. */
  readonly dropped: DroppedSpectator[] = [];
  private readonly spectators = new Map<string, Spectator>();
  /** Peers told `watch-full`, until their link closes: asked again, they are not answered. */
  private readonly turnedAway = new Set<string>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly host: AudienceHost) {}

  /** The peer ids of the spectators served now. */
  get peers(): string[] {
    return [...this.spectators.keys()];
  }

  /**
   * A message from a peer that proved no seat. True when it was the audience's: a
   * `watch`, or anything from a spectator. Anything else is another layer's business.
   */
  hear(peer: string, message: WireMessage): boolean {
    const spectator = this.spectators.get(peer);
    if (!spectator) {
      if (message.type !== 'watch') return false;
      this.admit(peer);
      return true;
    }
    if (!this.spend(spectator)) {
      this.drop(peer, `sent more than ${SPECTATOR_PER_SECOND} messages a second`);
      return true;
    }
    switch (message.type) {
      case 'watch':
        // Asked again (its page lost our answer, or reloaded under this id): told again.
        this.welcome(peer);
        return true;
      case 'have':
        if (message.ask && message.seen.length === this.host.log.seats)
          this.ask(peer, spectator, message);
        return true;
      case 'fork':
        if (!this.host.fork(message.events)) this.drop(peer, 'sent a fork that proves nothing');
        return true;
      default:
        this.drop(
          peer,
          `sent a message of type ${message.type}: a spectator sends only watch, have and fork`,
        );
        return true;
    }
  }

  /** Our event `entry`, just published: to every spectator, once. */
  publish(entry: Sent): void {
    for (const [peer, spectator] of this.spectators) this.sendEntry(peer, spectator, entry);
  }

  /** Sends `message` to every spectator: the table's state hash, an audience count. */
  tell(message: WireMessage): void {
    for (const peer of this.spectators.keys()) this.host.send(peer, message);
  }

  /** Two versions of one event: every spectator gets both, so its replica stops as ours does. */
  equivocation(events: readonly [Uint8Array, Uint8Array]): void {
    for (const bytes of events) this.tell({ type: 'event', event: text.decode(bytes) });
  }

  /** A link went down: a spectator on it is gone. */
  lost(peer: string): void {
    this.turnedAway.delete(peer);
    if (this.spectators.delete(peer)) this.host.changed();
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.spectators.clear();
    this.turnedAway.clear();
  }

  private admit(peer: string): void {
    if (this.spectators.size >= MAX_SPECTATORS) {
      if (this.turnedAway.has(peer)) return;
      this.turnedAway.add(peer);
      this.host.send(peer, { type: 'watch-full' });
      // Closed a moment later, so the words go out before the link goes.
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.host.drop(peer, null);
      }, FULL_CLOSE_MS);
      this.timers.add(timer);
      return;
    }
    const now = Date.now();
    this.spectators.set(peer, {
      sent: new Set(),
      answeredAt: -Infinity,
      deferred: null,
      allowance: SPECTATOR_BURST,
      at: now,
    });
    this.welcome(peer);
    this.host.changed();
  }

  private welcome(peer: string): void {
    this.host.send(peer, {
      type: 'watching',
      genesis: genesisJson(this.host.genesis),
      peers: this.host.addresses(),
    });
  }

  /** Takes one message from the spectator's allowance; false once it is spent. */
  private spend(spectator: Spectator): boolean {
    const now = Date.now();
    const seconds = Math.max(0, now - spectator.at) / 1000;
    spectator.allowance =
      Math.min(SPECTATOR_BURST, spectator.allowance + seconds * SPECTATOR_PER_SECOND) - 1;
    spectator.at = now;
    return spectator.allowance >= 0;
  }

  private drop(peer: string, reason: string): void {
    this.spectators.delete(peer);
    if (this.dropped.length >= MAX_DROPPED) this.dropped.shift();
    this.dropped.push({ peer, reason });
    console.warn(`fairdeal: dropped spectator ${peer}: ${reason}`);
    this.host.drop(peer, `spectator ${reason}`);
    this.host.changed();
  }

  private ask(peer: string, spectator: Spectator, have: HaveMessage): void {
    const wait = spectator.answeredAt + ANSWER_GAP_MS - Date.now();
    if (wait <= 0) return this.answer(peer, spectator, have);
    const first = spectator.deferred === null;
    spectator.deferred = have;
    if (!first) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const later = spectator.deferred;
      spectator.deferred = null;
      if (later && this.spectators.get(peer) === spectator) this.answer(peer, spectator, later);
    }, wait);
    this.timers.add(timer);
  }

  /**
   * Every judged event the spectator lacks or wants and was not sent over this link, in
   * log order, then the spectators this seat serves, and what it holds (`have`, not an ask), which
   * ends the answer.
   */
  private answer(peer: string, spectator: Spectator, have: HaveMessage): void {
    spectator.answeredAt = Date.now();
    const { log, seat } = this.host;
    const released = this.host.released();
    const skip = (entry: LogEntry) =>
      spectator.sent.has(entry.hash) ||
      (entry.event.author === seat && entry.event.seq >= released);
    for (const entry of answerFor(log, this.host.judged(), have, skip))
      this.sendEntry(peer, spectator, entry);
    // Who else watches, and what this seat reached, for a spectator that could not hear
    // them before this seat proved itself, or came after.
    this.host.send(peer, { type: 'audience', peers: this.peers });
    for (const message of this.host.news()) this.host.send(peer, message);
    this.host.send(peer, haveMessage(log, false));
  }

  private sendEntry(peer: string, spectator: Spectator, entry: Sent): void {
    if (this.host.send(peer, eventMessage(entry))) spectator.sent.add(entry.hash);
  }
}
