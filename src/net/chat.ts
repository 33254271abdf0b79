/**
 * Chat at a table: what the players say to each other while they play. It is no part of
 * the game: nothing of it is signed, nor enters the log or a transcript. Each line goes
 * straight to every seat linked at the time, and to the spectators that seat serves, and
 * nobody relays it: a player or spectator whose link is down misses it. Lines are heard
 * only over a link that proved its seat (`SeatLinks`, and a spectator's `WatchSession`),
 * so each is that seat's, under the name the genesis gives it.
 *
 * Spectators read the chat and say nothing in it (`ChatLines`): anyone with a watch link
 * may watch, under no name and no key, and a line of theirs would stand beside the
 * players' with nothing to tell who wrote it, or to stop eight of them drowning the
 * players out. A seat drops a spectator that sends a line (`audience.ts`).
 *
 * What another seat can make this page keep or draw is bounded: a line is `chatText`
 * (at most `MAX_CHAT` characters), the last `CHAT_KEPT` lines are kept, and each seat
 * may say `CHAT_PACE.burst` lines at once, then one every `CHAT_PACE.everyMs`; lines
 * faster than that are dropped. This page holds its own player to that pace and lets
 * the others go at twice it, as the network may bunch lines: no honest line is dropped.
 */
import type { Seat } from '../engine/game.ts';
import { err, ok, type Result } from '../engine/result.ts';
import { chatText, type TableChatMessage } from './messages.ts';

export interface ChatLine {
  /** Counts the lines this page has taken, from 0: a line's key once older ones are dropped. */
  readonly n: number;
  readonly seat: Seat;
  readonly text: string;
}

/** Lines kept: older ones are dropped, so a chatty table costs no more memory than this. */
export const CHAT_KEPT = 100;
/** Lines a player may say at once, then one every `everyMs`. */
export const CHAT_PACE = { burst: 5, everyMs: 2000 } as const;

/** A seat's allowance of lines: `lines` left as of `at` (ms), refilled at the pace. */
interface Allowance {
  lines: number;
  at: number;
}

/**
 * The lines a page keeps of a table's chat, as it hears them from the seats: all a
 * spectator's page has of it; a seat's (`TableChat`) also says its player's own.
 */
export class ChatLines {
  private kept: ChatLine[] = [];
  private taken = 0;
  private readonly allowances = new Map<Seat, Allowance>();
  private readonly listeners = new Set<() => void>();

  /** `seats`: how many the table has. `now` is the clock the pace is kept by. */
  constructor(
    protected readonly seats: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The lines kept, oldest first. */
  lines(): readonly ChatLine[] {
    return this.kept;
  }

  /** A line from `from`'s proven link, its text checked (`parseWireMessage`); false when dropped. */
  hear(from: Seat, text: string): boolean {
    if (from < 0 || from >= this.seats) return false;
    if (!this.spend(from, 2 * CHAT_PACE.burst)) {
      console.warn(`fairdeal: dropped a chat line from seat ${from}: faster than the pace`);
      return false;
    }
    this.keep(from, text);
    return true;
  }

  /** Calls `listener` after every line kept; returns its removal. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Takes one line from `seat`'s allowance, full at `burst`; false when none is left. */
  protected spend(seat: Seat, burst: number): boolean {
    const now = this.now();
    const last = this.allowances.get(seat) ?? { lines: burst, at: now };
    const lines = Math.min(burst, last.lines + Math.max(0, now - last.at) / CHAT_PACE.everyMs);
    if (lines < 1) return false;
    this.allowances.set(seat, { lines: lines - 1, at: now });
    return true;
  }

  protected keep(seat: Seat, text: string): void {
    this.kept = [...this.kept, { n: this.taken++, seat, text }].slice(-CHAT_KEPT);
    for (const listener of this.listeners) listener();
  }
}

/** A seat's chat: the lines it hears, and what its player says. */
export class TableChat extends ChatLines {
  /**
   * `seat`: this page's; `seats`: how many the table has; `send` takes a line to one
   * other seat's proven link, or to every spectator this seat serves. `now` is the clock
   * the pace is kept by.
   */
  constructor(
    private readonly seat: Seat,
    seats: number,
    private readonly send: (to: Seat | 'spectators', message: TableChatMessage) => void,
    now: () => number = Date.now,
  ) {
    super(seats, now);
  }

  /**
   * Says `text` to every seat linked now and to the spectators, and keeps it. Refused,
   * and sent to nobody, when it is no chat line (`ERR_BAD_TEXT`: empty, too long, or
   * with control characters) or comes faster than the pace (`ERR_TOO_FAST`).
   */
  say(text: string): Result<void, 'ERR_BAD_TEXT' | 'ERR_TOO_FAST'> {
    const line = chatText(text);
    if (line === null) return err('ERR_BAD_TEXT');
    if (!this.spend(this.seat, CHAT_PACE.burst)) return err('ERR_TOO_FAST');
    const message: TableChatMessage = { type: 'table-chat', text: line };
    for (let to = 0; to < this.seats; to++) if (to !== this.seat) this.send(to, message);
    this.send('spectators', message);
    this.keep(this.seat, line);
    return ok(undefined);
  }

  override hear(from: Seat, text: string): boolean {
    return from !== this.seat && super.hear(from, text);
  }
}
