/**
 * Timekeeper: a table session's clocks for absent players, one seat's page. On a timed
 * table (protocol 5 on) the clock is in the log: a seat may be claimed once its time ran
 * out by the table's own times (`Replica.due`), the page notes when it first saw a turn
 * of its own (a turn that came late is said, SEEN), holds back an event stamped further
 * ahead of its clock than clocks differ, and wakes the duty loop once a claim's answer
 * window is over. On an older table each page keeps the clock: a seat the table waits on
 * whose link is down is claimable `genesis.absentAfterMs` after it went out of reach, and
 * the store keeps since when, so a reload goes on counting.
 */
import type { Json } from '../engine/encoding.ts';
import type { Seat } from '../engine/game.ts';
import type { Playable } from '../engine/games/playable.ts';
import { CLOCK_SKEW_MS } from '../engine/table/clock.ts';
import { owed } from '../engine/table/fold.ts';
import type { Replica } from '../engine/table/replica.ts';
import type { Genesis, TableState } from '../engine/table/types.ts';
import type { SeatLinkState } from './seats.ts';

/** How long past a claim's answer window a page waits before it confirms it: an answer in flight lands first. */
export const SETTLE_MARGIN_MS = 2_000;
/** Most events held back at once for being stamped ahead of this page's clock. */
const MAX_EARLY = 64;
/** Furthest ahead of this page's clock (beyond the skew) an event is held rather than dropped. */
const MAX_EARLY_MS = 60_000;

/** What the timekeeper reads of its session, and what it asks of it. */
export interface TimedSession {
  readonly replica: Replica<Json>;
  readonly genesis: Genesis;
  readonly seat: Seat;
  readonly playable: Playable;
  /** This page's clock (ms). */
  now(): number;
  /** Each seat's link, as this page sees it. */
  linkStates(): readonly SeatLinkState[];
  /** Where this seat's next event stands (`Replica.standingFor`). */
  standing(): TableState<Json>;
  /** True while the session replays a kept log: the table is not yet where it stands. */
  restoring(): boolean;
  /** Keeps since when each seat has been out of reach, for a reload: a copy, as it changes on. */
  keepUnreachable(since: readonly (number | null)[]): void;
  /** Takes in an event held back, once this page's clock got to it. */
  receive(from: Seat, event: string): void;
  /** A claim's answer window is over: the session looks again, its confirmation is due. */
  wake(): void;
}

export class Timekeeper {
  /**
   * Since when (ms, this page's clock) each seat the table waits on has been out of reach,
   * null for one that is not; as the store kept it until the first look at the links.
   */
  private readonly unreachableSince: (number | null)[];
  private kept: readonly (number | null)[] = [];
  /**
   * On a timed table, the turn this seat owes in: when it began by the table's clock, and
   * when this page first saw it owed. Whether it said SEEN for it, the log says.
   */
  private turn: { start: number; noticed: number } | null = null;
  /** Events stamped too far ahead of this page's clock, held until it gets there. */
  private early = 0;
  /** The timer that confirms a claim once its answer window is over. */
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly session: TimedSession) {
    this.unreachableSince = session.genesis.identities.map(() => null);
  }

  /** Since when each seat had been out of reach as the store kept it: counted on from there. */
  resumeFrom(kept: readonly (number | null)[]): void {
    this.kept = kept;
  }

  /**
   * When `seat` may be claimed (ms, this page's clock): on a timed table once its time
   * runs out by the table's clock (`Replica.due`), whether its link is up or not; on an
   * older one `genesis.absentAfterMs` after its link went down. Null when it may not be.
   */
  claimableAt(seat: Seat): number | null {
    const { replica, genesis } = this.session;
    if (seat === this.session.seat) return null;
    if (replica.clock !== null) return replica.due(seat);
    const since = this.unreachableSince[seat];
    return since === null || since === undefined ? null : since + genesis.absentAfterMs!;
  }

  /**
   * The other seats that may be claimed absent, now or later, in seat order, with when
   * (ms, this page's clock): on a timed table every seat the table waits on, on an older
   * one those of them whose link is down.
   */
  absences(): { seat: Seat; due: number }[] {
    return this.session.genesis.identities.flatMap((_, seat) => {
      const due = this.claimableAt(seat);
      return due === null ? [] : [{ seat, due }];
    });
  }

  /**
   * On a timed table, when this seat's own time runs out (ms), while the table waits on it;
   * or, while a claim names it, when its answer window closes. Null otherwise.
   */
  ownDeadline(): { due: number; claimed: boolean } | null {
    const { replica, seat } = this.session;
    if (replica.clock === null || replica.stopped) return null;
    const claim = replica.claimOn(seat);
    // Past its answer window the claim stands: nothing runs for this seat any more.
    if (claim !== null)
      return this.session.now() > claim.answerBy ? null : { due: claim.answerBy, claimed: true };
    const due = replica.due(seat);
    return due === null ? null : { due, claimed: false };
  }

  /** Looks at the table after a change: the turn this seat owes, who is out of reach, a claim to settle. */
  update(): void {
    this.noticeTurn();
    this.trackAbsences();
    this.settleLater();
  }

  /**
   * True when this seat's turn came with the table's clock already further on than clocks
   * differ, and the log holds no SEEN of it for this turn: its page says SEEN, and its time
   * runs from there. When the page saw the turn, `noticeTurn` noted on the change that
   * brought it.
   */
  lateTurn(): boolean {
    if (this.turn === null || this.session.replica.saidSeen(this.session.seat)) return false;
    return this.turn.noticed - this.turn.start > CLOCK_SKEW_MS;
  }

  /**
   * True when `event` says it was signed further ahead of this page's clock than clocks
   * differ (`CLOCK_SKEW_MS`): it is taken in once the clock gets there, so a claim stamped
   * in the future cannot cut a turn short. Only a few at a time, each at most a minute
   * ahead: the rest are dropped, and pulled again later like any event missed.
   */
  heldBack(from: Seat, event: string): boolean {
    if (this.session.replica.clock === null) return false;
    // Canonical JSON sorts its keys: `at` comes first.
    const at = /^\{"at":(\d{1,15}),/.exec(event);
    const wait = at === null ? 0 : Number(at[1]) - CLOCK_SKEW_MS - this.session.now();
    if (wait <= 0) return false;
    if (wait <= MAX_EARLY_MS && this.early < MAX_EARLY) {
      this.early++;
      setTimeout(() => {
        this.early--;
        if (!this.closed) this.session.receive(from, event);
      }, wait + 1);
    }
    return true;
  }

  close(): void {
    this.closed = true;
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
  }

  /**
   * On a timed table, notes when this page first saw the turn this seat owes in. Noted as
   * the page takes in what it learns, not when its duty loop next runs: a duty loop held up
   * (a busy page, a clock that jumped) must not make a turn that came in time look late.
   */
  private noticeTurn(): void {
    const { replica, seat } = this.session;
    if (replica.clock === null || this.session.restoring()) return;
    if (!owed(this.session.standing(), this.session.playable).some((o) => o.seat === seat)) {
      this.turn = null;
      return;
    }
    const start = replica.turnStart(seat);
    // Nothing moved the table yet: no turn came late, its first duties are made at once.
    if (start !== null && this.turn?.start !== start)
      this.turn = { start, noticed: this.session.now() };
  }

  /**
   * Starts a seat's clock when the table waits on it and its link is down, and drops it
   * when either stops: a player who comes back, even briefly, starts afresh. A seat found
   * so at the first look goes on from the time the store kept, if any: a reload of this
   * page does not give it the whole limit again. While events are being checked (a
   * reload checks the whole log again) the table is not yet where they lead: the clocks
   * stand as they are.
   */
  private trackAbsences(): void {
    const { replica } = this.session;
    // A timed table's clock is in its log (`claimableAt`): the pages keep none.
    if (replica.clock !== null || replica.waiting || this.session.restoring() || this.closed)
      return;
    const owing =
      replica.stopped || replica.outcome() !== null ? [] : replica.owed().map((o) => o.seat);
    const now = this.session.now();
    let changed = false;
    this.session.linkStates().forEach((link, seat) => {
      const unreachable =
        seat !== this.session.seat && link !== 'connected' && owing.includes(seat);
      const since = unreachable
        ? (this.unreachableSince[seat] ?? Math.min(this.kept[seat] ?? now, now))
        : null;
      if (since === this.unreachableSince[seat]) return;
      this.unreachableSince[seat] = since;
      changed = true;
    });
    this.kept = [];
    if (changed) this.session.keepUnreachable(this.unreachableSince);
  }

  /**
   * Wakes the session when a claim's answer window is over: its confirmation is due then,
   * or the shares of the claimed seat's lock at a table that plays on without it.
   */
  private settleLater(): void {
    const { replica } = this.session;
    const { ending, left } = replica.state;
    const claimed = [ending, ...(left ?? [])].find((d) => d?.type === 'ABSENT');
    const claim = claimed ? replica.claimOn(claimed.seat) : null;
    if (claim === null || this.settleTimer !== null || this.closed) return;
    const wait = Math.max(0, claim.answerBy + SETTLE_MARGIN_MS - this.session.now());
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      this.session.wake();
    }, wait + 1);
  }
}
