/**
 * A table in play on one peer: its replica, its secrets, and the links to the
 * other seats. Every event this peer makes or learns goes to every other seat
 * (gossip over the full mesh), so a seat that missed one from its author gets
 * it from someone else; a seat that (re)connects is sent the whole log. Links
 * are by seat (`SeatLinks`): only a peer that proved its seat with the seat's
 * identity key is sent events or heard from, whatever its peer id.
 *
 * Cryptographic duties (keys, shuffles, unlock shares, re-masks, the audit)
 * are done as soon as they are owed; player actions wait for `act`.
 */
import type { Json, JsonObject } from '../engine/encoding.ts';
import type { Seat } from '../engine/game.ts';
import type { Playable } from '../engine/games/registry.ts';
import { Keyring, makeAct, makeDuty, privateFaces } from '../engine/table/author.ts';
import { Replica } from '../engine/table/replica.ts';
import type { Genesis } from '../engine/table/types.ts';
import { err, ok, type Result } from '../engine/result.ts';
import type { WireMessage } from './lobby.ts';
import type { Messenger } from './messenger.ts';
import { SeatLinks } from './seats.ts';

/** An event this peer refused, and the seat whose link it came over. */
export interface Refusal {
  readonly from: Seat;
  readonly reason: string;
}

const text = new TextDecoder();

export class TableSession<S extends Json = Json> {
  readonly replica: Replica<S>;
  readonly keyring = new Keyring();
  readonly refusals: Refusal[] = [];
  /** This peer's links to the other seats: each seat's state, and where it is. */
  readonly links: SeatLinks;
  private readonly faceCache = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private dutyScheduled = false;
  private closed = false;

  /**
   * `peers[seat]` is where each seat can first be dialled on `messenger` (null:
   * not known; for a table from the lobby, seat 0's is the table's rendezvous).
   * `secretKey` signs this seat's events and proves its seat on every link; it
   * must match `genesis.identities[seat]`.
   */
  constructor(
    messenger: Messenger<WireMessage>,
    readonly genesis: Genesis,
    readonly playable: Playable<S>,
    readonly seat: Seat,
    private readonly secretKey: Uint8Array,
    peers: readonly (string | null)[],
  ) {
    const initial = playable.setup(genesis.options);
    // The lobby and the transcript reader check options before a session exists.
    if (!initial.ok) throw new Error(`the table's options are unusable: ${initial.error}`);
    this.replica = new Replica(genesis, playable.game, initial.value);
    this.links = new SeatLinks(messenger, genesis, seat, secretKey, peers);
    this.links.listen({
      message: (from, message) => {
        if (message.type === 'event') this.receive(from, message.event);
      },
      joined: (from) => this.sync(from),
      changed: () => this.changed(),
    });
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

  /** The legal actions of this seat now. */
  legalActions(): readonly JsonObject[] {
    if (
      this.replica.stopped ||
      !this.replica.owed().some((o) => o.seat === this.seat && o.kind === 'ACT')
    )
      return [];
    return this.playable.game.legalActions(this.replica.state.game, this.seat);
  }

  close(): void {
    this.closed = true;
    this.links.close();
    this.listeners.clear();
  }

  private receive(from: Seat, event: string): void {
    const result = this.replica.receive(event);
    if (!result.ok) {
      // Copies of a refused event arrive from every seat that relays it; record each sender once.
      if (!this.refusals.some((r) => r.from === from && r.reason === result.error))
        this.refusals.push({ from, reason: result.error });
    } else if (result.value.fresh) {
      this.broadcast(event, from);
      this.scheduleDuty();
    }
    this.changed();
  }

  private broadcast(event: string, except: Seat | null): void {
    this.genesis.identities.forEach((_, seat) => {
      if (seat !== this.seat && seat !== except) this.links.send(seat, { type: 'event', event });
    });
  }

  /** Sends a (re)connected seat every event we hold; it keeps what it lacks. */
  private sync(seat: Seat): void {
    for (const entry of this.replica.log.entries())
      this.links.send(seat, { type: 'event', event: text.decode(entry.bytes) });
  }

  /** Runs owed duties one at a time, yielding between them so the page can draw progress. */
  private scheduleDuty(): void {
    if (this.dutyScheduled || this.closed) return;
    this.dutyScheduled = true;
    setTimeout(() => {
      this.dutyScheduled = false;
      if (this.closed || this.replica.stopped) return;
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
