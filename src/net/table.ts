/**
 * A table in play on one peer: its replica, its secrets, and the links to the
 * other peers. Every event this peer makes or learns goes to every other peer
 * (gossip over the full mesh), so a peer that missed one from its author gets
 * it from someone else; a peer that (re)connects is sent the whole log.
 *
 * Cryptographic duties (keys, shuffles, unlock shares, re-masks, the audit)
 * are done as soon as they are owed; player actions wait for `act`.
 */
import type { Json, JsonObject } from '../engine/encoding.ts';
import type { Seat } from '../engine/game.ts';
import type { Playable } from '../engine/games/registry.ts';
import { Keyring, makeAct, makeDuty, privateFaces } from '../engine/table/author.ts';
import { Replica } from '../engine/table/replica.ts';
import { startsNextGame } from '../engine/table/rounds.ts';
import type { Genesis } from '../engine/table/types.ts';
import { err, ok, type Result } from '../engine/result.ts';
import type { WireMessage } from './lobby.ts';
import type { Messenger } from './messenger.ts';

/** An event this peer refused, and the peer that sent it. */
export interface Refusal {
  readonly from: string;
  readonly reason: string;
}

const text = new TextDecoder();

export class TableSession<S extends Json = Json> {
  readonly replica: Replica<S>;
  readonly keyring = new Keyring();
  readonly refusals: Refusal[] = [];
  private readonly faceCache = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private dutyScheduled = false;
  private closed = false;
  /** Session policy between the games of a match: see `holdNextGame`. */
  private readonly nextGame = { hold: false, releasedStep: -1 };
  private readonly unsubscribe: () => void;

  /**
   * `peers[seat]` is each seat's peer id on `messenger`; `secretKey` signs
   * this seat's events and must match `genesis.identities[seat]`. `backlog`
   * holds events that arrived before this session existed.
   */
  constructor(
    private readonly messenger: Messenger<WireMessage>,
    readonly genesis: Genesis,
    readonly playable: Playable<S>,
    readonly seat: Seat,
    private readonly secretKey: Uint8Array,
    private readonly peers: readonly string[],
    backlog: readonly { from: string; event: string }[] = [],
  ) {
    const initial = playable.setup(genesis.options);
    // The lobby and the transcript reader check options before a session exists.
    if (!initial.ok) throw new Error(`the table's options are unusable: ${initial.error}`);
    this.replica = new Replica(genesis, playable.game, initial.value);
    this.unsubscribe = messenger.on({
      message: (from, message) => {
        if (message.type === 'event') this.receive(from, message.event);
      },
      joined: (peer) => this.sync(peer),
    });
    for (const { from, event } of backlog) this.receive(from, event);
    this.scheduleDuty();
  }

  /** Calls `listener` after every change of the replica. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Makes a player action of this seat; the table sets the seat. A move that
   * is not legal right now (a stale click, a choice made before the last
   * event arrived) is refused here, unsigned: signing it would name us.
   */
  act(action: JsonObject): Result<void, string> {
    const { state } = this.replica;
    if (
      this.replica.stopped ||
      !this.replica.owed().some((o) => o.seat === this.seat && o.kind === 'ACT')
    )
      return err('ERR_NOT_YOUR_MOVE');
    const tried = this.playable.game.apply(state.game, {
      ...action,
      seat: this.seat,
      seen: state.acts,
    });
    if (!tried.ok) return err(tried.error);
    const signed = this.replica.author(this.seat, this.secretKey, makeAct(action));
    if (!signed.ok) return err(signed.error);
    this.broadcast(text.decode(signed.value.bytes), null);
    this.changed();
    this.scheduleDuty();
    return ok(undefined);
  }

  /** The faces this seat reads privately now: its hand, cards dealt, peeked or shown to it. */
  knownFaces(): Map<number, number> {
    return privateFaces(this.replica.state, this.seat, this.keyring, this.faceCache);
  }

  /** The seat of a peer at this table, or null for a stranger. */
  seatOf(peer: string): Seat | null {
    const seat = this.peers.indexOf(peer);
    return seat < 0 ? null : seat;
  }

  /** The legal actions of this seat now. */
  legalActions(): readonly JsonObject[] {
    if (
      this.replica.stopped ||
      !this.replica.owed().some((o) => o.seat === this.seat && o.kind === 'ACT')
    )
      return [];
    return this.playable.game.legalActions(this.replica.state.game, this.seat);
  }

  /**
   * While on, between two games of a match this seat holds back its first duty
   * of the next game (its fresh KEY) until `startNextGame`, so its player can
   * read how the last game ended. Policy, not protocol: the others wait for
   * that key as for any duty, and seeing it tells them this player is ready.
   */
  holdNextGame(on: boolean): void {
    this.nextGame.hold = on;
    this.scheduleDuty();
  }

  /** True while this seat holds back its first duty of the next game. */
  get nextGameHeld(): boolean {
    const { state } = this.replica;
    return (
      this.nextGame.hold &&
      !this.replica.stopped &&
      state.stepNo !== this.nextGame.releasedStep &&
      startsNextGame(state) &&
      state.keys[this.seat] === null
    );
  }

  /** Lets this seat's first duty of the next game go (its player pressed Next game). */
  startNextGame(): void {
    if (!this.nextGameHeld) return;
    this.nextGame.releasedStep = this.replica.state.stepNo;
    this.changed();
    this.scheduleDuty();
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    this.listeners.clear();
  }

  private receive(from: string, event: string): void {
    const result = this.replica.receive(event);
    if (!result.ok) {
      // Copies of a refused event arrive from every peer that relays it; record each sender once.
      if (!this.refusals.some((r) => r.from === from && r.reason === result.error))
        this.refusals.push({ from, reason: result.error });
    } else if (result.value.fresh) {
      this.broadcast(event, from);
      this.scheduleDuty();
    }
    this.changed();
  }

  private broadcast(event: string, except: string | null): void {
    this.peers.forEach((peer, seat) => {
      if (seat !== this.seat && peer !== except)
        this.messenger.send(peer, { type: 'event', event });
    });
  }

  /** Sends a (re)connected peer every event we hold; it keeps what it lacks. */
  private sync(peer: string): void {
    if (!this.peers.includes(peer)) return;
    for (const entry of this.replica.log.entries())
      this.messenger.send(peer, { type: 'event', event: text.decode(entry.bytes) });
  }

  /** Runs owed duties one at a time, yielding between them so the page can draw progress. */
  private scheduleDuty(): void {
    if (this.dutyScheduled || this.closed) return;
    this.dutyScheduled = true;
    setTimeout(() => {
      this.dutyScheduled = false;
      if (this.closed || this.replica.stopped || this.nextGameHeld) return;
      const body = makeDuty(this.replica.state, this.seat, this.keyring, this.playable.game);
      if (!body) return;
      const signed = this.replica.author(this.seat, this.secretKey, body);
      if (signed.ok) this.broadcast(text.decode(signed.value.bytes), null);
      this.changed();
      this.scheduleDuty();
    }, 0);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
