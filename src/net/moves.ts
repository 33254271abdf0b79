/**
 * The moves a seat's player makes at the table: an action (`act`), sealed first where the
 * game hides it (SEAL, `seal.ts`), a resignation, a claim that another seat is absent; and
 * what the player may choose from (`legalActions`), read from the faces only this seat
 * sees. A move that is not legal right now (a stale click, a choice made before the last
 * event arrived) is refused unsigned: signing it would name the seat. An action that
 * leaves no choice (`Need.auto`) is the session's to make, as a duty is (`autoAct`).
 */
import type { Json, JsonObject } from '../engine/encoding.ts';
import type { Seat } from '../engine/game.ts';
import type { Playable } from '../engine/games/registry.ts';
import { makeAct, makeSeal, privateFaces } from '../engine/table/author.ts';
import type { Keyring, KeyringSecrets } from '../engine/table/keyring.ts';
import type { TableBody } from '../engine/table/bodies.ts';
import { allowed } from '../engine/table/fold.ts';
import { judge } from '../engine/table/judge.ts';
import type { Replica } from '../engine/table/replica.ts';
import type { TableState } from '../engine/table/types.ts';
import { err, ok, type Result } from '../engine/result.ts';

/** What the moves read of their session, and what they ask of it. */
export interface MovingSession<S extends Json> {
  readonly replica: Replica<S>;
  readonly playable: Playable<S>;
  readonly keyring: Keyring;
  readonly seat: Seat;
  /** This page's clock (ms). */
  now(): number;
  /** Where this seat's next event stands (`Replica.standingFor`). */
  standing(): TableState<S>;
  /** True once the store failed: nothing more is signed. */
  storeFailed(): boolean;
  /** Signs `body` as this seat's next event; it is stored, then sent. */
  publish(body: TableBody): Result<void, string>;
  /** Stores `secrets` before this seat's next event goes out. */
  keepBeforeSending(secrets: KeyringSecrets): void;
  /** When `seat` may be claimed absent (ms, this page's clock), or null (`Timekeeper`). */
  claimableAt(seat: Seat): number | null;
  /** Settles once the replica waits on no proof check. */
  whenChecked(): Promise<void>;
  /** A move was signed: a duty may be owed after it. */
  moved(): void;
}

/** The moves of one seat's player: see the top of this file. */
export class Moves<S extends Json> {
  private readonly faceCache = new Map<string, number>();

  constructor(private readonly session: MovingSession<S>) {}

  /**
   * Makes a player action of this seat; the table sets the seat. A move that
   * is not legal right now (a stale click, a choice made before the last
   * event arrived) is refused here, unsigned: signing it would name us.
   */
  act(action: JsonObject): Result<void, string> {
    const { session } = this;
    if (session.storeFailed()) return err('ERR_STORE');
    // Chosen on the state before the events under check: signed now, it would be judged after them.
    if (session.replica.waiting) return err('ERR_UNCHECKED');
    const state = session.standing();
    const kind = session.replica.stopped ? null : this.moveKind(state);
    if (kind === null) return err('ERR_NOT_YOUR_MOVE');
    const tried = session.playable.move(state.game, {
      ...action,
      seat: session.seat,
      seen: state.acts,
    });
    if (!tried.ok) return err(tried.error);
    const published = session.publish(kind === 'SEAL' ? this.seal(state, action) : makeAct(action));
    if (!published.ok) return published;
    session.moved();
    return ok(undefined);
  }

  /**
   * Leaves the game under way: signs a RESIGN, and the game ends at once, lost
   * by this seat. Refused unsigned once the game is over (`ERR_GAME_OVER`:
   * leaving then needs no event) or the table has stopped. Signed once the
   * events under check are judged: one of them may end the game.
   */
  resign(): Promise<Result<void, string>> {
    return this.publishIfValid({ type: 'RESIGN' });
  }

  /**
   * Declares `seat` absent: signed only while the table waits on it, it is
   * another seat, and it has been out of reach for the agreed limit on this
   * page's clock (`ERR_TOO_SOON` before: see `absences`), and not if this seat
   * claimed it `MAX_CLAIMS` times already with the table not moving since
   * (`ERR_CLAIMED_AGAIN`). Signed once the events under check are judged: one of
   * them may be that seat's.
   */
  declareAbsent(seat: Seat): Promise<Result<void, string>> {
    return this.publishIfValid({ type: 'ABSENT', seat }, () => {
      const due = this.session.claimableAt(seat);
      if (due === null || this.session.now() < due) return 'ERR_TOO_SOON';
      // A claim the replica would refuse, this seat's name on it: see `MAX_CLAIMS`.
      return this.session.replica.claimedAgain(this.session.seat, seat)
        ? 'ERR_CLAIMED_AGAIN'
        : null;
    });
  }

  /** The faces this seat reads privately now: its hand, cards dealt, peeked or shown to it. */
  knownFaces(): Map<number, number> {
    const { replica, seat, keyring } = this.session;
    return privateFaces(replica.state, seat, keyring, this.faceCache);
  }

  /**
   * The legal actions of this seat now, for its player to choose from: none while
   * events are being checked, nor when the action owed leaves no choice (the session
   * makes it).
   */
  legalActions(): readonly JsonObject[] {
    const { replica, seat } = this.session;
    if (replica.waiting || replica.stopped) return [];
    // Past a claim's answer window a move answers nothing: the claim stands.
    const claim = replica.claimOn(seat);
    if (claim !== null && this.session.now() > claim.answerBy) return [];
    const state = this.session.standing();
    if (this.moveKind(state) === null || this.owesAuto(state)) return [];
    return this.session.playable.legalActions(state.game, seat, this.knownFaces());
  }

  /**
   * Makes the action owed that leaves no choice, as soon as it is owed, as a duty is
   * made: the one legal action, from the faces this seat reads. True when made.
   */
  autoAct(): boolean {
    const state = this.session.standing();
    if (!this.owesAuto(state)) return false;
    const legal = this.session.playable.legalActions(
      state.game,
      this.session.seat,
      this.knownFaces(),
    );
    return legal.length === 1 && this.act(legal[0]!).ok;
  }

  /** How this seat may move in `state`: openly (ACT), sealed first (SEAL, see seal.ts), or not. */
  private moveKind(state: TableState<S>): 'ACT' | 'SEAL' | null {
    const kinds = allowed(state, this.session.playable).flatMap((o) =>
      o.seat === this.session.seat ? [o.kind] : [],
    );
    return kinds.includes('SEAL') ? 'SEAL' : kinds.includes('ACT') ? 'ACT' : null;
  }

  /**
   * The SEAL of `action`. The move and its salt are stored before the SEAL goes
   * out: a page reloaded before the others ack must still be able to open it.
   */
  private seal(state: TableState<S>, action: JsonObject): TableBody {
    const { seat, keyring } = this.session;
    const body = makeSeal(state, seat, action, keyring);
    const secrets = keyring.takeUnsaved();
    if (secrets !== null) this.session.keepBeforeSending(secrets);
    return body;
  }

  /** True when the game waits on this seat for an action that leaves it no choice (`Need.auto`). */
  private owesAuto(state: TableState<S>): boolean {
    const { playable, seat } = this.session;
    return playable
      .needs(state.game)
      .some((need) => need.type === 'ACT' && need.auto === true && need.seats.includes(seat));
  }

  /**
   * Signs `body` if the table would apply it now (an event it would refuse would name us)
   * and `policy` finds no reason not to.
   */
  private async publishIfValid(
    body: TableBody,
    policy: () => string | null = () => null,
  ): Promise<Result<void, string>> {
    const { session } = this;
    await session.whenChecked();
    if (session.replica.stopped) return err('ERR_STOPPED');
    const tried = judge(session.replica.state, session.playable, session.seat, body as JsonObject);
    if (!tried.ok) return err(tried.error);
    const refused = policy();
    return refused === null ? session.publish(body) : err(refused);
  }
}
