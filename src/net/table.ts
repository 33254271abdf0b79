/**
 * A table in play on one peer: its replica, its secrets, and the links to the
 * other seats. Each event this peer makes goes once to every other seat over
 * the full mesh; a seat that missed one pulls it from any seat that holds it
 * (`LogExchange`, `exchange.ts`), also on (re)connecting. Links are by seat
 * (`SeatLinks`): only a peer that proved its seat with the seat's identity key
 * is sent events or heard from, whatever its peer id.
 *
 * The session wires its parts together, each a job of its own that reads the session
 * through a small interface: the player's moves, refused unsigned when not legal now
 * (`Moves`, `moves.ts`); what this seat owes without its player's word, done as soon as
 * owed, made in the pool while the others' proofs are still checked (`DutyMaker`,
 * `duties.ts`); everything through the store first, in an order a crash cannot turn into
 * two events at one seq (`Keeper`, `keeper.ts`), from which `resume` rebuilds the session
 * (`restore.ts`); the clocks for absent players (`Timekeeper`, `timekeeper.ts`); what the
 * seats say of themselves beside the log, from the state hash each reached to the
 * invitations to play again (`TableNews`, `news.ts`); the replica, every proof checked in
 * the `CryptoPool` (`LiveReplica`, `live.ts`); the spectators it serves (`Audience`,
 * `audience.ts`) and the players' chat (`TableChat`, `chat.ts`).
 */
import type { Json, JsonObject } from '../engine/encoding.ts';
import type { Seat } from '../engine/game.ts';
import { forkedBy } from '../engine/log.ts';
import type { Playable } from '../engine/games/registry.ts';
import { Keyring } from '../engine/table/keyring.ts';
import type { TableBody } from '../engine/table/bodies.ts';
import { hasLeft } from '../engine/table/recovery.ts';
import type { Replica } from '../engine/table/replica.ts';
import type { Genesis, Step, TableState } from '../engine/table/types.ts';
import { err, ok, type Result } from '../engine/result.ts';
import type { WireMessage } from './messages.ts';
import type { Messenger } from './messenger.ts';
import { InThreadPool, type CryptoPool } from './pool.ts';
import { MemoryStore, type StoredTable, type TableStore } from './store.ts';
import { SeatLinks } from './seats.ts';
import { TableChat } from './chat.ts';
import { LogExchange } from './exchange.ts';
import { Audience } from './audience.ts';
import { LiveReplica, type RelayRefusal, type StepTiming } from './live.ts';
import { Timekeeper } from './timekeeper.ts';
import { DutyMaker } from './duties.ts';
import { Keeper } from './keeper.ts';
import { Moves } from './moves.ts';
import { TableNews, type Invitation, type PeerHash } from './news.ts';
import { loadKept, restoreKept, type Restoring } from './restore.ts';
import { seatSnapshot, type SeatSnapshot } from './snapshot.ts';

export type { RelayRefusal, StepTiming } from './live.ts';
export type { Invitation, PeerHash } from './news.ts';
export type { Restoring } from './restore.ts';
export type { SeatSnapshot, TableSnapshot } from './snapshot.ts';

/** A peer disconnected for sending more than any honest peer does: its seat if it had proved one. */
export interface Disconnection {
  readonly peer: string;
  readonly seat: Seat | null;
  readonly reason: string;
}

/** One seat's session of a table in play: its parts wired together (see the top of this file). */
export class TableSession<S extends Json = Json> {
  /** The replica, its proofs checked in the pool, and this device's time over each event. */
  private readonly live: LiveReplica<S>;
  readonly replica: Replica<S>;
  readonly keyring = new Keyring();
  /** While `resume` replays the kept log, how far it is; null otherwise. Nothing is signed meanwhile. */
  restoring: Restoring | null = null;
  /** Peers disconnected for sending more than any honest peer does, and how. */
  readonly disconnected: Disconnection[] = [];
  /** How events go to the other seats and come from them. */
  private readonly exchange: LogExchange;
  /** This peer's links to the other seats: each seat's state, and where it is. */
  readonly links: SeatLinks;
  /** What the players say at the table, over the same links, outside the signed log. */
  readonly chat: TableChat;
  /** The spectators this seat serves. */
  readonly audience: Audience;
  private readonly listeners = new Set<() => void>();
  /** The snapshot of the table since the last change, once asked for. */
  private current: SeatSnapshot<S> | null = null;
  private closed = false;
  /** What goes to the store, and the order our events leave in. */
  private readonly keeper: Keeper;
  /** The player's moves. */
  private readonly moves: Moves<S>;
  /** What this seat owes without its player's word, made as soon as owed. */
  private readonly duties: DutyMaker;
  /** The clocks for absent players: who may be claimed when, and this seat's own turn. */
  private readonly timekeeper: Timekeeper;
  /** What the seats say of themselves beside the log. */
  private readonly news: TableNews;
  private readonly unsubscribe: () => void;

  /**
   * `peers[seat]` is where each seat can first be dialled on `messenger` (null:
   * not known; for a table from the lobby, seat 0's is the table's rendezvous).
   * `secretKey` signs this seat's events and proves its seat on every link; it
   * must match `genesis.identities[seat]`.
   * `store` keeps this seat's secrets and every event, and each peer id a seat
   * proves itself under (`TableStore.savePeers`); the default keeps them in memory.
   * `pool` makes and checks every proof (and opens the audit view's cards);
   * the default does it in this thread.
   */
  constructor(
    messenger: Messenger<WireMessage>,
    readonly genesis: Genesis,
    readonly playable: Playable<S>,
    readonly seat: Seat,
    private readonly secretKey: Uint8Array,
    peers: readonly (string | null)[],
    store: TableStore = new MemoryStore(),
    readonly pool: CryptoPool = new InThreadPool(),
    /** This page's clock (ms): what its events are stamped with and its timers judge by. */
    private readonly now: () => number = () => Date.now(),
  ) {
    this.live = new LiveReplica(genesis, playable, pool, {
      changed: () => this.changed(),
      answered: (held) => this.keeper.keepChecked(held),
      learned: () => {
        this.changed();
        this.duties.schedule();
      },
      equivocation: (events) => {
        this.exchange.equivocation(events);
        this.audience.equivocation(events);
      },
    });
    this.replica = this.live.replica;
    // What the parts read alike of this seat's table.
    const common = {
      replica: this.replica,
      keyring: this.keyring,
      seat,
      playable,
      now: () => this.now(),
      standing: () => this.standing(),
    };
    this.keeper = new Keeper(
      {
        ...common,
        table: genesis.table,
        store,
        closed: () => this.closed,
        send: (signed) => {
          this.exchange.publish(signed);
          this.audience.publish(signed);
        },
        changed: () => this.changed(),
      },
      peers,
    );
    this.timekeeper = new Timekeeper({
      ...common,
      genesis,
      linkStates: () => this.links.states(),
      restoring: () => this.restoring !== null,
      keepUnreachable: (since) => this.keeper.keepUnreachable(since),
      receive: (from, event) => this.receive(from, event),
      wake: () => {
        this.changed();
        this.duties.schedule();
      },
    });
    this.moves = new Moves({
      ...common,
      storeFailed: () => this.storeError !== null,
      publish: (body) => this.publish(body),
      keepBeforeSending: (secrets) => this.keeper.keepBeforeSending(secrets),
      claimableAt: (seat) => this.timekeeper.claimableAt(seat),
      whenChecked: () => this.whenChecked(),
      moved: () => this.duties.schedule(),
    });
    this.duties = new DutyMaker({
      ...common,
      pool,
      decks: playable.decks(genesis.options),
      closed: () => this.closed,
      halted: () => this.restoring !== null || this.storeError !== null,
      lateTurn: () => this.timekeeper.lateTurn(),
      caughtUp: (seat) => this.links.states()[seat] === 'connected' && this.exchange.caughtUp(seat),
      autoAct: () => this.moves.autoAct(),
      publish: (body, proveMs) => this.publish(body, proveMs),
      keepSecrets: (secrets) => this.keeper.keepSecrets(secrets),
      failed: (e) => this.live.failed(e),
      changed: () => this.changed(),
      whenChecked: () => this.whenChecked(),
      whenSent: () => this.whenSent(),
    });
    this.links = new SeatLinks(messenger, genesis, seat, secretKey, peers);
    this.chat = new TableChat(seat, genesis.identities.length, (to, message) =>
      to === 'spectators' ? this.audience.tell(message) : this.links.send(to, message),
    );
    this.news = new TableNews({
      ...common,
      send: (to, message) => this.links.send(to, message),
      tellSpectators: (message) => this.audience.tell(message),
      spectators: () => this.audience.peers,
      halted: () => this.closed || this.restoring !== null,
      changed: () => this.changed(),
    });
    const others = (wanted: (state: string) => boolean) =>
      this.links.states().flatMap((state, s) => (s !== seat && wanted(state) ? [s] : []));
    this.exchange = new LogExchange({
      log: this.replica.log,
      seat,
      released: () => this.keeper.released,
      judged: () => this.replica.entryVerdicts.length,
      send: (to, message) => this.links.send(to, message),
      linked: () => others((state) => state === 'connected'),
      cutOff: () =>
        others((state) => state === 'connecting' || state === 'reconnecting').length > 0,
      take: (from, event) => this.receive(from, event),
    });
    this.audience = new Audience({
      genesis,
      log: this.replica.log,
      seat,
      released: () => this.keeper.released,
      judged: () => this.replica.entryVerdicts.length,
      addresses: () => this.links.addresses(),
      send: (peer, message) => messenger.send(peer, message),
      drop: (peer, reason) =>
        reason === null ? messenger.transport.disconnect(peer) : messenger.shutOut(peer, reason),
      changed: () => {
        this.news.tellAudience();
        this.changed();
      },
      news: () => this.news.forSpectators(),
      fork: (events) => {
        const author = forkedBy(this.replica.log, events[0], events[1]);
        // The two go through the log as any event would, and meet there.
        if (author !== null) for (const event of events) this.receive(author, event);
        return author !== null;
      },
    });
    this.links.listen({
      stranger: (peer, message) => {
        if (!this.audience.hear(peer, message) && message.type === 'event')
          console.warn(`fairdeal: ignored an event from ${peer}, which has not proven a seat`);
      },
      message: (from, message) => {
        if (message.type === 'event') this.exchange.event(from, message.event);
        if (message.type === 'have') {
          this.exchange.have(from, message);
          // The claimed seat told us all it holds: a claim past its window may be confirmed.
          if (this.replica.clock !== null && this.replica.state.ending?.type === 'ABSENT')
            this.duties.schedule();
        }
        if (message.type === 'table-chat') this.chat.hear(from, message.text);
        this.news.hear(from, message);
      },
      joined: (from) => {
        this.exchange.joined(from);
        this.keeper.keepAddress(from, this.links.addresses());
        this.news.greet(from);
      },
      changed: () => this.changed(),
    });
    this.unsubscribe = messenger.on({
      lost: (peer) => this.audience.lost(peer),
      cut: (peer, reason) => {
        // A spectator dropped changes nothing at the table.
        if (this.audience.dropped.some((d) => d.peer === peer)) return;
        this.disconnected.push({ peer, seat: this.links.seatOf(peer), reason });
        this.changed();
      },
    });
    this.duties.schedule();
  }

  /**
   * This peer's session of table `id` as `store` kept it, after a reload or
   * a crash: the keyring restored, the kept events replayed (the replica
   * judges each again, its proofs checked in `pool` but for the checks this
   * device kept as holding), the whole log sent to every peer already linked
   * (others get it when they join), and owed duties done. Resolves once the
   * replay is judged (or the pool failed); `progress` hears how far it is
   * meanwhile. Events that reach `messenger` before the session exists are
   * lost to it, but every peer sends its whole log when a link opens. Errors:
   * `ERR_NO_TABLE`, or `ERR_NOT_STARTED` for a table still gathering players,
   * or `ERR_UNPLAYABLE` for a game this build cannot run.
   */
  static async resume(
    messenger: Messenger<WireMessage>,
    store: TableStore,
    id: string,
    pool: CryptoPool = new InThreadPool(),
    progress: (restoring: Restoring) => void = () => {},
  ): Promise<Result<TableSession<Json>, string>> {
    const loaded = await loadKept(store, id);
    if (!loaded.ok) return err(loaded.error);
    const { kept, play, game, unreachable } = loaded.value;
    const { genesis, seat, peers } = play;
    const secretKey = kept.table.identity.secretKey;
    const session = new TableSession(messenger, genesis, game, seat, secretKey, peers, store, pool);
    session.timekeeper.resumeFrom(unreachable);
    await session.restore(kept, progress);
    return ok(session);
  }

  /** Why the store failed, or null; after a failure this session signs and sends nothing more. */
  get storeError(): string | null {
    return this.keeper.storeError;
  }

  /**
   * The step whose duty this seat could not make, and why (the first such failure), or
   * null: the table waits on this seat and cannot go on from this page.
   */
  get dutyError(): { readonly step: Step['type']; readonly reason: string } | null {
    return this.duties.dutyError;
  }

  /** True while this seat's next duty is being made in the pool. */
  get proving(): boolean {
    return this.duties.proving;
  }

  /** Why the crypto pool failed, or null; the table cannot go on in this page after it. */
  get poolError(): string | null {
    return this.live.poolError;
  }

  /** Events this peer refused, and the seat whose link each came over. */
  get refusals(): readonly RelayRefusal[] {
    return this.live.refusals;
  }

  /** This device's time over each event in the log, by event hash. */
  get timings(): ReadonlyMap<string, StepTiming> {
    return this.live.timings;
  }

  /** What each other seat says its replica reached once the table was done; null until it says. */
  get peerHashes(): readonly (PeerHash | null)[] {
    return this.news.peerHashes;
  }

  /** The table as this seat's page draws it: a new snapshot after every change. */
  get snapshot(): SeatSnapshot<S> {
    this.current ??= seatSnapshot(this.live, {
      seat: this.seat,
      legal: this.legalActions(),
      known: this.knownFaces(),
      claimAnswerable: this.ownDeadline()?.claimed === true,
      links: this.links.states(),
      middled: this.links.middled(),
      spectators: this.spectators,
      peerHashes: [...this.peerHashes],
      invitations: [...this.invitations],
      disconnected: [...this.disconnected],
      proving: this.proving,
      nextGameHeld: this.nextGameHeld,
      dutyError: this.dutyError,
      storeError: this.storeError,
    });
    return this.current;
  }

  /** Calls `listener` after every change of the replica. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Makes a player action of this seat, refused unsigned when not legal now: see `Moves.act`. */
  act(action: JsonObject): Result<void, string> {
    return this.moves.act(action);
  }

  /** Leaves the game under way (RESIGN): see `Moves.resign`. */
  resign(): Promise<Result<void, string>> {
    return this.moves.resign();
  }

  /** Declares `seat` absent, when it may be claimed: see `Moves.declareAbsent`. */
  declareAbsent(seat: Seat): Promise<Result<void, string>> {
    return this.moves.declareAbsent(seat);
  }

  /**
   * The other seats that may be claimed absent, now or later, in seat order, with when
   * (ms, this page's clock): see `Timekeeper.absences`.
   */
  absences(): { seat: Seat; due: number }[] {
    return this.timekeeper.absences();
  }

  /** When this seat's own time, or its answer window, runs out: see `Timekeeper.ownDeadline`. */
  ownDeadline(): { due: number; claimed: boolean } | null {
    return this.timekeeper.ownDeadline();
  }

  /** The faces this seat reads privately now: its hand, cards dealt, peeked or shown to it. */
  knownFaces(): Map<number, number> {
    return this.moves.knownFaces();
  }

  /** The legal actions of this seat now, for its player to choose from: see `Moves.legalActions`. */
  legalActions(): readonly JsonObject[] {
    return this.moves.legalActions();
  }

  /** See `DutyMaker.holdNextGame`: between two games, this seat's first duty waits for its player. */
  holdNextGame(on: boolean): void {
    this.duties.holdNextGame(on);
  }

  /** True while this seat holds back its first duty of the next game. */
  get nextGameHeld(): boolean {
    return this.duties.nextGameHeld;
  }

  /** Lets this seat's first duty of the next game go (its player pressed Next game). */
  startNextGame(): void {
    this.duties.startNextGame();
  }

  /** Settles once every event this seat has signed so far is stored and sent, or never will be. */
  whenSent(): Promise<void> {
    return this.keeper.whenSent();
  }

  /**
   * Settles once the replica waits on no proof check (at once if it waits on
   * none): until then this seat signs nothing, as its event would name
   * events not judged yet. Never settles once the session is closed.
   */
  whenChecked(): Promise<void> {
    if (!this.replica.waiting) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = this.subscribe(() => {
        if (this.replica.waiting) return;
        stop();
        resolve();
      });
    });
  }

  /** The other seats' invitations to play again (`invite`), lowest seat first. */
  get invitations(): Invitation[] {
    return this.news.invitations;
  }

  /**
   * Invites every other seat to play again at the new table `table`; a seat linked later
   * too. The spectators are told as well, so that they follow the players there.
   */
  invite(table: string): void {
    this.news.invite(table);
  }

  /** How many spectators watch the table: every seat's, each counted once. */
  get spectators(): number {
    return this.news.spectators;
  }

  /** Stops this session: nothing more is signed, stored or sent, and no listener is called. */
  close(): void {
    this.closed = true;
    this.timekeeper.close();
    this.live.close();
    this.unsubscribe();
    this.exchange.close();
    this.audience.close();
    this.links.close();
    this.listeners.clear();
  }

  /**
   * Where this seat's next event stands: the table's state, but with any claim that
   * this seat is absent answered, as that event will answer it. A claim never stops us:
   * a claimant that claims again as soon as it sees our answer finds us playing on.
   */
  private standing(): TableState<S> {
    return this.replica.standingFor(this.seat);
  }

  /**
   * Replays `kept` (`restoreKept`), then sends what the log holds and does what is owed.
   * Until it is done no duty runs, as one made before every event of ours is back would
   * reuse a seq.
   */
  private async restore(
    kept: StoredTable,
    progress: (restoring: Restoring) => void,
  ): Promise<void> {
    await restoreKept(
      kept,
      {
        replica: this.replica,
        keyring: this.keyring,
        knowChecked: (ids) => this.live.knowChecked(ids),
        replay: (event) => void this.live.timed(() => this.replica.receive(event)),
        subscribe: (listener) => this.subscribe(listener),
        changed: () => this.changed(),
        givenUp: () => this.poolError !== null || this.closed,
        mark: (restoring) => (this.restoring = restoring),
      },
      progress,
    );
    this.restoring = null;
    this.keeper.releaseKept();
    this.exchange.askAll();
    this.changed();
    this.duties.schedule();
  }

  private receive(from: Seat, event: string): void {
    if (this.timekeeper.heldBack(from, event)) return;
    const equivocations = this.replica.log.equivocations.length;
    const result = this.live.receive(from, event);
    // A new equivocation is kept: it stops the table.
    if (this.replica.log.equivocations.length > equivocations) this.keeper.keep(event);
    if (result.ok && result.value.fresh) {
      this.keeper.take(event);
      this.exchange.relayClaim(from, event);
      this.duties.schedule();
    }
    // A copy of an event we hold changes nothing.
    if (!result.ok || result.value.fresh) this.changed();
  }

  /**
   * Signs `body` as this seat's next event and has it stored, then sent once
   * every earlier event of ours is sent: never sent unless stored.
   */
  private publish(body: TableBody, proveMs: number | null = null): Result<void, string> {
    // A seat the table plays on without signs nothing more but its answer, while it may
    // still give one: each event of its would be void, and a flood of them names it.
    if (hasLeft(this.replica.state, this.seat) && this.ownDeadline()?.claimed !== true)
      return err('ERR_LEFT');
    const started = performance.now();
    const signed = this.replica.author(this.seat, this.secretKey, body, this.now());
    if (!signed.ok) return err(signed.error);
    this.live.timings.set(signed.value.hash, { proveMs, verifyMs: performance.now() - started });
    this.keeper.publish(signed.value);
    this.changed();
    return ok(undefined);
  }

  private changed(): void {
    this.current = null;
    this.keeper.passOn();
    this.timekeeper.update();
    this.live.lookAheadSoon();
    this.news.tellHash();
    for (const listener of this.listeners) listener();
  }
}
