/**
 * The duty loop of one seat's table session: what this seat owes without its player's
 * word, made as soon as it is owed. Cryptographic duties (keys, shuffles, unlock shares,
 * re-masks, the audit) are made in the crypto pool, and so is a player action that leaves
 * no choice (`Need.auto`, asked of the session); the answer to a claim that this seat is
 * absent (PRESENT), the word that its turn came late (SEEN) and the confirmation of how
 * the table ended (CONFIRM) are signed here and now.
 *
 * Checking and proving overlap: while the replica waits on the others' proofs, this
 * seat's next duty is already being made for the state those proofs lead to if they hold
 * (`Replica.ahead`), and it is signed only once they do and the table stands exactly
 * there; else it is made again, or kept (`prepared`) should the table stand there again.
 * A duty's new secrets are stored before its event is signed: a crash never loses what a
 * later duty needs.
 *
 * Between two games of a match the loop can hold back this seat's first duty of the next
 * game (`holdNextGame`), so that its player reads how the last one ended.
 */
import type { Json } from '../engine/encoding.ts';
import type { DeckSpec, Seat } from '../engine/game.ts';
import { owesDuty, stillDue } from '../engine/table/author.ts';
import type { Keyring, KeyringSecrets } from '../engine/table/keyring.ts';
import type { TableBody } from '../engine/table/bodies.ts';
import { claimedAbsent } from '../engine/table/leave.ts';
import { tableStateHash, type Replica } from '../engine/table/replica.ts';
import { startsNextGame } from '../engine/table/keys.ts';
import type { Step, TableState } from '../engine/table/types.ts';
import type { Result } from '../engine/result.ts';
import type { CryptoPool } from './pool.ts';
import { SETTLE_MARGIN_MS } from './timekeeper.ts';
import type { DutyDone } from './work.ts';

/** What the duty loop reads of its session, and what it asks of it. */
export interface DutySession {
  readonly replica: Replica<Json>;
  readonly keyring: Keyring;
  readonly seat: Seat;
  readonly pool: CryptoPool;
  /** The game's decks for this table's options: the first shuffle's keys are made per deck. */
  readonly decks: readonly DeckSpec[];
  /** This page's clock (ms). */
  now(): number;
  /** True once the session is closed: nothing more is made or signed. */
  closed(): boolean;
  /** True while the session may sign nothing yet or any more: a restore, a failed store. */
  halted(): boolean;
  /** Where this seat's next event stands (`Replica.standingFor`). */
  standing(): TableState<Json>;
  /** True when this seat's turn came late and it has not said SEEN (`Timekeeper.lateTurn`). */
  lateTurn(): boolean;
  /** True when `seat` is linked and has told this page all it holds. */
  caughtUp(seat: Seat): boolean;
  /** Makes the action owed that leaves this seat no choice, if one is: true when made. */
  autoAct(): boolean;
  /** Signs `body` as this seat's next event; it is stored, then sent. */
  publish(body: TableBody, proveMs?: number | null): Result<void, string>;
  /** Stores a duty's new secrets; false when the store failed. */
  keepSecrets(secrets: KeyringSecrets): Promise<boolean>;
  /** The pool failed: the session records why. */
  failed(e: unknown): false;
  /** Something the page shows changed. */
  changed(): void;
  /** Settles once the replica waits on no proof check. */
  whenChecked(): Promise<void>;
  /** Settles once every event this seat signed is stored and sent. */
  whenSent(): Promise<void>;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The duty loop of one seat: see the top of this file. */
export class DutyMaker {
  /**
   * The step whose duty this seat could not make, and why (the first such failure), or
   * null: the table waits on this seat and cannot go on from this page.
   */
  dutyError: { readonly step: Step['type']; readonly reason: string } | null = null;
  /** True while this seat's next duty is being made in the pool. */
  proving = false;
  private scheduled = false;
  /**
   * A duty made for a state the table left before it was signed, kept should the table
   * stand there again, or somewhere it is still due (`stillDue`).
   */
  private prepared: { hash: string; state: TableState<Json>; made: DutyDone } | null = null;
  /** Session policy between the games of a match: see `holdNextGame`. */
  private readonly nextGame = { hold: false, releasedStep: -1 };

  constructor(private readonly session: DutySession) {}

  /** Runs owed duties one at a time, yielding between them so the page can draw progress. */
  schedule(): void {
    if (this.scheduled || this.session.closed()) return;
    this.scheduled = true;
    setTimeout(() => {
      void this.duty().then((more) => {
        this.scheduled = false;
        if (more) this.schedule();
      });
    }, 0);
  }

  /**
   * While on, between two games of a match this seat holds back its first duty
   * of the next game (its fresh KEY) until `startNextGame`, so its player can
   * read how the last game ended. Policy, not protocol: the others wait for
   * that key as for any duty, and seeing it tells them this player is ready.
   */
  holdNextGame(on: boolean): void {
    this.nextGame.hold = on;
    this.schedule();
  }

  /** True while this seat holds back its first duty of the next game. */
  get nextGameHeld(): boolean {
    return this.heldIn(this.session.replica.state);
  }

  /** Lets this seat's first duty of the next game go (its player pressed Next game). */
  startNextGame(): void {
    if (!this.nextGameHeld) return;
    this.nextGame.releasedStep = this.session.replica.state.stepNo;
    this.session.changed();
    this.schedule();
  }

  /** True when this seat would hold back its duty in `state`, its first of the next game. */
  private heldIn(state: TableState<Json>): boolean {
    return (
      this.nextGame.hold &&
      !this.session.replica.stopped &&
      state.stepNo !== this.nextGame.releasedStep &&
      startsNextGame(state) &&
      state.keys[this.session.seat] === null
    );
  }

  /**
   * Does one owed duty: its body made in the pool (new secrets enter the
   * keyring), the new secrets stored, the event signed, stored and sent. While
   * the replica waits on checks, the duty is made for the state they lead to
   * if they hold, and signed only once they do. True when another duty may be
   * owed now.
   */
  private async duty(): Promise<boolean> {
    const { session } = this;
    const { replica, seat } = session;
    if (session.closed() || session.halted() || replica.stopped) return false;
    const timed = replica.clock !== null;
    if (!timed && !replica.waiting && claimedAbsent(replica.state, seat)) {
      // Answered here and now, not in the pool: a claimant that claims again as soon as it
      // sees the answer must find our next duty under way, then done.
      if (!session.publish({ type: 'PRESENT' }).ok) return false;
      this.publishPrepared();
    }
    if (timed && !replica.waiting && session.lateTurn()) {
      if (!session.publish({ type: 'SEEN' }).ok) return false;
      this.publishPrepared();
    }
    if (!replica.waiting && session.autoAct()) return true;
    if (!replica.waiting && this.confirmDue()) return session.publish({ type: 'CONFIRM' }).ok;
    const seen = replica.log.size;
    const { state } = replica.waiting ? replica.ahead() : { state: session.standing() };
    if (this.heldIn(state) || this.recoveryHeld(state)) return false;
    if (!owesDuty(state, seat, session.keyring)) return false;
    // Hashed only when a kept duty may fit it, or when one is kept: a duty runs after every event.
    let hash: string | null = null;
    const hashOf = () => (hash ??= tableStateHash(state));
    const kept = this.prepared;
    const reuse =
      kept !== null &&
      (kept.hash === hashOf() ||
        (kept.made.body !== null && stillDue(kept.state, state, seat, kept.made.body)));
    const made = reuse ? kept.made : await this.make(state);
    if (made === null) return false;
    await session.whenChecked();
    if (session.closed() || made.body === null) return false;
    // An event arrived, or a check failed, while the body was made: it was made for another
    // state, and signed now it would be judged where it may not fit. Make it again, unless
    // it is still due there (a pipelined shuffle, while others shuffle other epochs) or
    // the table comes back to that state: a claim that we are absent, answered, changes
    // nothing, and a claimant that claims again at once must not keep our duty from ever
    // being signed.
    const moved = replica.log.size !== seen || !this.standsAt(state);
    if (moved && (replica.waiting || !stillDue(state, replica.state, seat, made.body))) {
      this.prepared = { hash: hashOf(), state, made };
      return true;
    }
    if (reuse) this.prepared = null;
    if (this.nextGameHeld || !session.publish(made.body, made.ms).ok) return false;
    this.publishPrepared();
    await session.whenSent();
    return true;
  }

  /**
   * True while this seat's RECOVER waits for the answer window of the claim that made the
   * table play on without a seat (recovery.ts): signed past it, the RECOVER settles the
   * claim, so the claimed seat's late answer can no longer undo it; signed sooner, its
   * shares would be out for nothing should the seat answer. A page that reaches nobody
   * signs it too: past the window, what it has not seen is too late by rule (clock.ts).
   */
  private recoveryHeld(state: TableState<Json>): boolean {
    if (state.step.type !== 'RECOVER') return false;
    const claim = this.session.replica.claimOn(state.step.seat);
    return claim !== null && this.session.now() < claim.answerBy + SETTLE_MARGIN_MS;
  }

  /**
   * True when the table is done and this seat has not confirmed how it ended
   * (`Replica.confirmedBy`): a transcript then shows every seat agreed on it. A
   * seat a claim of absence names answers the claim instead.
   */
  private confirmDue(): boolean {
    const { replica, seat } = this.session;
    const { state } = replica;
    if (state.step.type !== 'DONE' || replica.confirmedBy().includes(seat)) return false;
    if (replica.clock === null) return !claimedAbsent(state, seat);
    const ending = state.ending;
    if (ending?.type !== 'ABSENT') return true;
    // A claim is confirmed past its answer window (so the confirmation settles it), by the
    // claimed seat too once it can no longer answer; and only while the claimed seat is
    // linked and has told us all it holds: a page that reaches nobody cannot tell a stall
    // from a split, and leaves the claim open for the seat's answer to undo when the links
    // come back, and one just linked again first takes in what the seat did meanwhile.
    const claim = replica.claimOn(ending.seat)!;
    if (this.session.now() < claim.answerBy + SETTLE_MARGIN_MS) return false;
    if (ending.seat === seat) return true;
    return this.session.caughtUp(ending.seat);
  }

  /**
   * Signs the duty kept for the state the table stands at again, in the same task as the
   * event that brought it back (our answer to a claim that we are absent): a claimant that
   * claims again as soon as it sees the answer finds the duty done.
   */
  private publishPrepared(): void {
    const { prepared } = this;
    const { replica } = this.session;
    if (prepared === null || prepared.made.body === null || replica.waiting) return;
    if (this.nextGameHeld) return;
    if (tableStateHash(replica.state) !== prepared.hash) return;
    this.prepared = null;
    this.session.publish(prepared.made.body, prepared.made.ms);
  }

  /** Makes the duty owed in `state` in the pool, its new secrets kept and stored; null on failure. */
  private async make(state: TableState<Json>): Promise<DutyDone | null> {
    const { session } = this;
    this.proving = true;
    session.changed();
    let made: DutyDone;
    try {
      made = await session.pool.duty({
        state,
        seat: session.seat,
        secrets: session.keyring.all(),
        decks: session.decks,
      });
    } catch (e) {
      this.dutyError ??= { step: state.step.type, reason: messageOf(e) };
      return session.failed(e) || null;
    } finally {
      this.proving = false;
    }
    session.changed();
    if (session.closed()) return null;
    if (made.secrets) {
      session.keyring.restore(made.secrets);
      if (!(await session.keepSecrets(made.secrets))) return null;
    }
    return made;
  }

  /** True when the table stands exactly at `state`, the state a duty was made for. */
  private standsAt(state: TableState<Json>): boolean {
    const now = this.session.replica.state;
    return now === state || tableStateHash(now) === tableStateHash(state);
  }
}
