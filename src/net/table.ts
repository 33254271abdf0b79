/**
 * A table in play on one peer: its replica, its secrets, and the links to the
 * other seats. Each event this peer makes goes once to every other seat over
 * the full mesh; a seat that missed one pulls it from any seat that holds it
 * (`LogExchange`, `exchange.ts`), also on (re)connecting. An event learnt is
 * stored only once the replica holds it and has judged it: after an offence
 * the log drops what sorts after it, so a seat named for one cannot fill the
 * store with events signed after. Links
 * are by seat (`SeatLinks`): only a peer that proved its seat with the seat's
 * identity key is sent events or heard from, whatever its peer id.
 *
 * Cryptographic duties (keys, shuffles, unlock shares, re-masks, the audit)
 * are done as soon as they are owed, and so is a player action that leaves no
 * choice (`Need.auto`: Black & Red's word on a hand after a draw); every
 * other player action waits for `act`.
 *
 * No proof is made or checked in this thread: the replica takes the answers
 * to its proof checks from a `CheckBook` the session fills from its
 * `CryptoPool` (workers, in a page), and duties are made in the pool too.
 * Checking and proving overlap: while the replica waits on the others'
 * proofs, this seat's next duty is already being made for the state those
 * proofs lead to if they hold (`Replica.ahead`), and it is signed only once
 * they do and the table stands exactly there; else it is made again.
 *
 * Everything goes through a store first, so a crash at any moment loses
 * nothing and never makes us sign two events at one seq (equivocation, which
 * would name us): a duty's new secrets are stored before its event is signed,
 * our every event is stored before it is sent, and our events are sent in
 * the order signed. What the store holds of our events is thus all any peer
 * can have seen, and `resume` rebuilds the session from it. It keeps where
 * each seat last proved itself too, so a reload dials it there.
 *
 * A restore replays the kept log in slices, yielding between them so the page
 * can say how far it is (`restoring`), and checks again only the proofs this
 * device has not checked itself. The store keeps the id of every check the pool
 * found holding (`saveChecked`): an id is a digest of everything the check
 * reads (context, statement, proof), so a kept answer is the answer to those
 * very bytes, as running the check again would give it. An event changed in
 * the store, or any event a peer sends, brings a proof with another id, and it
 * is checked in the pool like any other; only a check this device ran is
 * skipped. Whoever can write this page's store can also read the seat's
 * secret keys there and sign as it, so trusting the kept answers trusts
 * nothing the keys did not already; and the peers check everything
 * themselves: a device that fools itself fools nobody else.
 *
 * Its `Timekeeper` (`timekeeper.ts`) keeps the clocks for absent players: on a timed
 * table, who may be claimed when by the log's own times, and when this page saw its own
 * turn; on an older one, since when each seat the table waits on has been out of reach
 * (the store keeps it, so a reload goes on counting). `declareAbsent` signs nothing
 * before a seat may be claimed.
 *
 * The session also keeps what only a page can know: how long this device took
 * to make each of its own events (the proofs) and to check each event it took
 * in (`timings`), and the state hash each other seat says its replica reached
 * once the table is done (`peerHashes`): the engine has no clock, and the
 * fold cannot hold its own hash.
 *
 * And the invitations to play again (`rematch`): a player who opens a new table for the
 * same players says so over the seat links, which follow every seat wherever its page
 * comes back, so a player who reloaded during the game invites and is invited like any.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { Json, JsonObject } from '../engine/encoding.ts';
import { eventHash } from '../engine/events.ts';
import type { DeckSpec, Seat } from '../engine/game.ts';
import { forkedBy } from '../engine/log.ts';
import { gameById, type Playable } from '../engine/games/registry.ts';
import { makeAct, makeSeal, owesDuty, privateFaces, stillDue } from '../engine/table/author.ts';
import { Keyring } from '../engine/table/keyring.ts';
import type { TableBody } from '../engine/table/bodies.ts';
import { allowed } from '../engine/table/fold.ts';
import { judge } from '../engine/table/judge.ts';
import { claimedAbsent } from '../engine/table/leave.ts';
import { tableStateHash, type Replica } from '../engine/table/replica.ts';
import { startsNextGame } from '../engine/table/rounds.ts';
import type { Genesis, Step, TableState } from '../engine/table/types.ts';
import { err, ok, type Result } from '../engine/result.ts';
import type { StateHashMessage, WireMessage } from './messages.ts';
import type { Messenger } from './messenger.ts';
import { InThreadPool, type CryptoPool } from './pool.ts';
import type { DutyDone } from './work.ts';
import { MemoryStore, type StoredTable, type TableStore } from './store.ts';
import { SeatLinks } from './seats.ts';
import { TableChat } from './chat.ts';
import { LogExchange } from './exchange.ts';
import { Audience } from './audience.ts';
import { LiveReplica, type RelayRefusal, type StepTiming } from './live.ts';
import { SETTLE_MARGIN_MS, Timekeeper } from './timekeeper.ts';

export type { RelayRefusal, StepTiming } from './live.ts';

/** A peer disconnected for sending more than any honest peer does: its seat if it had proved one. */
export interface Disconnection {
  readonly peer: string;
  readonly seat: Seat | null;
  readonly reason: string;
}

/** How far a restore is: of the `total` events kept, `done` are judged. */
export interface Restoring {
  readonly done: number;
  readonly total: number;
}

/** How long a restore replays kept events before yielding, in ms: a page stays responsive. */
const RESTORE_SLICE_MS = 25;

/** A seat of this table opened `table` for the same players and invites this one to it. */
export interface Invitation {
  readonly seat: Seat;
  readonly table: string;
}

/** What a seat says its replica reached: that many events, folded to that state hash. */
export type PeerHash = Omit<StateHashMessage, 'type'>;

const text = new TextDecoder();

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class TableSession<S extends Json = Json> {
  /** The replica, its proofs checked in the pool, and this device's time over each event. */
  private readonly live: LiveReplica<S>;
  readonly replica: Replica<S>;
  readonly keyring = new Keyring();
  /** Why the store failed, or null; after a failure this session signs and sends nothing more. */
  storeError: string | null = null;
  /**
   * The step whose duty this seat could not make, and why (the first such failure), or
   * null: the table waits on this seat and cannot go on from this page.
   */
  dutyError: { readonly step: Step['type']; readonly reason: string } | null = null;
  /** True while this seat's next duty is being made in the pool. */
  proving = false;
  /** While `resume` replays the kept log, how far it is; null otherwise. Nothing is signed meanwhile. */
  restoring: Restoring | null = null;
  /** Settles once our last signed event is stored and sent. */
  private outbox: Promise<void> = Promise.resolve();
  /** How many of our events, from the first, are stored and so may be sent. */
  private released = 0;
  /** Peers disconnected for sending more than any honest peer does, and how. */
  readonly disconnected: Disconnection[] = [];
  /** Events taken in and not yet stored, with their hash. */
  private unjudged: { event: string; hash: string }[] = [];
  /** How events go to the other seats and come from them. */
  private readonly exchange: LogExchange;
  /** This peer's links to the other seats: each seat's state, and where it is. */
  readonly links: SeatLinks;
  /** What the players say at the table, over the same links, outside the signed log. */
  readonly chat: TableChat;
  /** The spectators this seat serves. */
  readonly audience: Audience;
  /** Per seat, the spectators it says it serves; this seat's own are `audience.peers`. */
  private readonly audiences: string[][];
  /** Where each seat last proved itself, and this seat's own id, as the store keeps them. */
  private readonly addresses: (string | null)[];
  /** What each other seat says its replica reached once the table was done; null until it says. */
  readonly peerHashes: (PeerHash | null)[];
  /** The new table this seat invited the others to (`invite`), or null. */
  private inviting: string | null = null;
  /** Per seat, the new table it last invited this one to play at; null while it has not. */
  private readonly invitedTo: (string | null)[];
  /** What this seat last told the others it reached. */
  private told: PeerHash | null = null;
  private readonly faceCache = new Map<string, number>();
  /** The game's decks for this table's options: the first shuffle's keys are made per deck. */
  private readonly decks: readonly DeckSpec[];
  private readonly listeners = new Set<() => void>();
  private dutyScheduled = false;
  private closed = false;
  /** The clocks for absent players: who may be claimed when, and this seat's own turn. */
  private readonly timekeeper: Timekeeper;
  /**
   * A duty made for a state the table left before it was signed, kept should the table
   * stand there again, or somewhere it is still due (`stillDue`).
   */
  private prepared: { hash: string; state: TableState<Json>; made: DutyDone } | null = null;
  /** Session policy between the games of a match: see `holdNextGame`. */
  private readonly nextGame = { hold: false, releasedStep: -1 };
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
    private readonly store: TableStore = new MemoryStore(),
    readonly pool: CryptoPool = new InThreadPool(),
    /** This page's clock (ms): what its events are stamped with and its timers judge by. */
    private readonly now: () => number = () => Date.now(),
  ) {
    this.live = new LiveReplica(genesis, playable, pool, {
      changed: () => this.changed(),
      answered: (held) => this.keepChecked(held),
      learned: () => {
        this.changed();
        this.scheduleDuty();
      },
      equivocation: (events) => {
        this.exchange.equivocation(events);
        this.audience.equivocation(events);
      },
    });
    this.replica = this.live.replica;
    this.timekeeper = new Timekeeper({
      replica: this.replica,
      genesis,
      seat,
      playable,
      now: () => this.now(),
      linkStates: () => this.links.states(),
      standing: () => this.standing(),
      restoring: () => this.restoring !== null,
      keepUnreachable: (since) =>
        void this.stored(this.store.saveUnreachable(genesis.table, [...since])),
      receive: (from, event) => this.receive(from, event),
      wake: () => {
        this.changed();
        this.scheduleDuty();
      },
    });
    this.decks = playable.decks(genesis.options);
    this.links = new SeatLinks(messenger, genesis, seat, secretKey, peers);
    this.chat = new TableChat(seat, genesis.identities.length, (to, m) => this.links.send(to, m));
    this.addresses = genesis.identities.map((_, s) => peers[s] ?? null);
    this.peerHashes = genesis.identities.map(() => null);
    this.invitedTo = genesis.identities.map(() => null);
    const others = (wanted: (state: string) => boolean) =>
      this.links.states().flatMap((state, s) => (s !== seat && wanted(state) ? [s] : []));
    this.exchange = new LogExchange({
      log: this.replica.log,
      seat,
      released: () => this.released,
      judged: () => this.replica.entryVerdicts.length,
      send: (to, message) => this.links.send(to, message),
      linked: () => others((state) => state === 'connected'),
      cutOff: () =>
        others((state) => state === 'connecting' || state === 'reconnecting').length > 0,
      take: (from, event) => this.receive(from, event),
    });
    this.audiences = genesis.identities.map(() => []);
    this.audience = new Audience({
      genesis,
      log: this.replica.log,
      seat,
      released: () => this.released,
      judged: () => this.replica.entryVerdicts.length,
      addresses: () => this.links.addresses(),
      send: (peer, message) => messenger.send(peer, message),
      drop: (peer, reason) =>
        reason === null ? messenger.transport.disconnect(peer) : messenger.shutOut(peer, reason),
      changed: () => {
        this.tellAudience();
        this.changed();
      },
      news: () => [
        ...(this.told ? [{ type: 'state-hash' as const, ...this.told }] : []),
        // A spectator that comes after the invitation follows the players too.
        ...(this.inviting ? [{ type: 'rematch' as const, table: this.inviting }] : []),
      ],
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
            this.scheduleDuty();
        }
        if (message.type === 'table-chat') this.chat.hear(from, message.text);
        if (message.type === 'state-hash') {
          this.peerHashes[from] = { events: message.events, hash: message.hash };
          this.changed();
        }
        if (message.type === 'audience') {
          this.audiences[from] = message.peers;
          this.changed();
        }
        // One per seat, the latest: a seat can make this page keep no more.
        if (message.type === 'rematch' && message.table !== genesis.table) {
          this.invitedTo[from] = message.table;
          this.changed();
        }
      },
      joined: (from) => {
        this.exchange.joined(from);
        this.keepAddress(from);
        if (this.told) this.links.send(from, { type: 'state-hash', ...this.told });
        if (this.inviting) this.links.send(from, { type: 'rematch', table: this.inviting });
        if (this.audience.peers.length > 0)
          this.links.send(from, { type: 'audience', peers: this.audience.peers });
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
    this.scheduleDuty();
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
    const kept = await store.loadTable(id);
    if (!kept) return err('ERR_NO_TABLE');
    const unreachable = await store.loadUnreachable(id);
    const { info, identity, play } = kept.table;
    if (!play) return err('ERR_NOT_STARTED');
    const game = gameById(info.game);
    if (!game) return err('ERR_UNPLAYABLE');
    const { genesis, seat, peers } = play;
    const session = new TableSession(
      messenger,
      genesis,
      game,
      seat,
      identity.secretKey,
      peers,
      store,
      pool,
    );
    session.timekeeper.resumeFrom(unreachable);
    await session.restore(kept, progress);
    return ok(session);
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
    if (this.storeError !== null) return err('ERR_STORE');
    // Chosen on the state before the events under check: signed now, it would be judged after them.
    if (this.replica.waiting) return err('ERR_UNCHECKED');
    const state = this.standing();
    const kind = this.replica.stopped ? null : this.moveKind(state);
    if (kind === null) return err('ERR_NOT_YOUR_MOVE');
    const tried = this.playable.move(state.game, {
      ...action,
      seat: this.seat,
      seen: state.acts,
    });
    if (!tried.ok) return err(tried.error);
    const published = this.publish(kind === 'SEAL' ? this.seal(state, action) : makeAct(action));
    if (!published.ok) return published;
    this.scheduleDuty();
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
      const due = this.timekeeper.claimableAt(seat);
      if (due === null || this.now() < due) return 'ERR_TOO_SOON';
      // A claim the replica would refuse, this seat's name on it: see `MAX_CLAIMS`.
      return this.replica.claimedAgain(this.seat, seat) ? 'ERR_CLAIMED_AGAIN' : null;
    });
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
    return privateFaces(this.replica.state, this.seat, this.keyring, this.faceCache);
  }

  /**
   * The legal actions of this seat now, for its player to choose from: none while
   * events are being checked, nor when the action owed leaves no choice (the session
   * makes it).
   */
  legalActions(): readonly JsonObject[] {
    if (this.replica.waiting || this.replica.stopped) return [];
    // Past a claim's answer window a move answers nothing: the claim stands.
    const claim = this.replica.claimOn(this.seat);
    if (claim !== null && this.now() > claim.answerBy) return [];
    const state = this.standing();
    if (this.moveKind(state) === null || this.owesAuto(state)) return [];
    return this.playable.legalActions(state.game, this.seat, this.knownFaces());
  }

  /**
   * Where this seat's next event stands: the table's state, but with any claim that
   * this seat is absent answered, as that event will answer it. A claim never stops us:
   * a claimant that claims again as soon as it sees our answer finds us playing on.
   */
  private standing(): TableState<S> {
    return this.replica.standingFor(this.seat);
  }

  /** How this seat may move in `state`: openly (ACT), sealed first (SEAL, see seal.ts), or not. */
  private moveKind(state: TableState<S>): 'ACT' | 'SEAL' | null {
    const kinds = allowed(state, this.playable).flatMap((o) =>
      o.seat === this.seat ? [o.kind] : [],
    );
    return kinds.includes('SEAL') ? 'SEAL' : kinds.includes('ACT') ? 'ACT' : null;
  }

  /**
   * The SEAL of `action`. The move and its salt are stored before the SEAL goes
   * out: a page reloaded before the others ack must still be able to open it.
   */
  private seal(state: TableState<S>, action: JsonObject): TableBody {
    const body = makeSeal(state, this.seat, action, this.keyring);
    const secrets = this.keyring.takeUnsaved();
    if (secrets !== null) {
      const kept = this.stored(this.store.saveSecrets(this.genesis.table, secrets));
      const before = this.outbox;
      this.outbox = Promise.all([before, kept]).then(() => undefined);
    }
    return body;
  }

  /**
   * True when the table is done and this seat has not confirmed how it ended
   * (`Replica.confirmedBy`): a transcript then shows every seat agreed on it. A
   * seat a claim of absence names answers the claim instead.
   */
  private confirmDue(): boolean {
    const { state } = this.replica;
    if (state.step.type !== 'DONE' || this.replica.confirmedBy().includes(this.seat)) return false;
    if (this.replica.clock === null) return !claimedAbsent(state, this.seat);
    const ending = state.ending;
    if (ending?.type !== 'ABSENT') return true;
    // A claim is confirmed past its answer window (so the confirmation settles it), by the
    // claimed seat too once it can no longer answer; and only while the claimed seat is
    // linked and has told us all it holds: a page that reaches nobody cannot tell a stall
    // from a split, and leaves the claim open for the seat's answer to undo when the links
    // come back, and one just linked again first takes in what the seat did meanwhile.
    const claim = this.replica.claimOn(ending.seat)!;
    if (this.now() < claim.answerBy + SETTLE_MARGIN_MS) return false;
    if (ending.seat === this.seat) return true;
    return this.links.states()[ending.seat] === 'connected' && this.exchange.caughtUp(ending.seat);
  }

  /** True when the game waits on this seat for an action that leaves it no choice (`Need.auto`). */
  private owesAuto(state: TableState<S>): boolean {
    return this.playable
      .needs(state.game)
      .some((need) => need.type === 'ACT' && need.auto === true && need.seats.includes(this.seat));
  }

  /**
   * Makes the action owed that leaves no choice, as soon as it is owed, as a duty is
   * made: the one legal action, from the faces this seat reads. True when made.
   */
  private autoAct(): boolean {
    const state = this.standing();
    if (!this.owesAuto(state)) return false;
    const legal = this.playable.legalActions(state.game, this.seat, this.knownFaces());
    return legal.length === 1 && this.act(legal[0]!).ok;
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
    return this.heldIn(this.replica.state);
  }

  /** True when this seat would hold back its duty in `state`, its first of the next game. */
  private heldIn(state: TableState<Json>): boolean {
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

  /** Settles once every event this seat has signed so far is stored and sent, or never will be. */
  whenSent(): Promise<void> {
    return this.outbox;
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
    return this.invitedTo.flatMap((table, seat) => (table === null ? [] : [{ seat, table }]));
  }

  /**
   * Invites every other seat to play again at the new table `table`; a seat linked later
   * too. The spectators are told as well, so that they follow the players there.
   */
  invite(table: string): void {
    this.inviting = table;
    this.genesis.identities.forEach((_, seat) => {
      if (seat !== this.seat) this.links.send(seat, { type: 'rematch', table });
    });
    this.audience.tell({ type: 'rematch', table });
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
   * Signs `body` if the table would apply it now (an event it would refuse would name us)
   * and `policy` finds no reason not to.
   */
  private async publishIfValid(
    body: TableBody,
    policy: () => string | null = () => null,
  ): Promise<Result<void, string>> {
    await this.whenChecked();
    if (this.replica.stopped) return err('ERR_STOPPED');
    const tried = judge(this.replica.state, this.playable, this.seat, body as JsonObject);
    if (!tried.ok) return err(tried.error);
    const refused = policy();
    return refused === null ? this.publish(body) : err(refused);
  }

  /**
   * Replays `kept` (see "A restore" above): a slice of events per task, `progress` told
   * after each, then waits for the checks the pool still owes. Until it is done no duty
   * runs, as one made before every event of ours is back would reuse a seq.
   */
  private async restore(
    kept: StoredTable,
    progress: (restoring: Restoring) => void,
  ): Promise<void> {
    const total = kept.events.length;
    const report = () => {
      this.restoring = { done: Math.min(this.replica.entryVerdicts.length, total), total };
      progress(this.restoring);
    };
    this.restoring = { done: 0, total };
    for (const secrets of kept.secrets) this.keyring.restore(secrets);
    this.live.knowChecked(kept.checked);
    const stop = this.subscribe(report);
    report();
    let next = 0;
    do {
      // Each slice is drawn before the next, and so is the restore's start.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const slice = performance.now();
      while (next < total && performance.now() - slice < RESTORE_SLICE_MS)
        this.live.timed(() => this.replica.receive(kept.events[next++]!));
      this.changed();
    } while (next < total);
    // The checks not kept are under way in the pool; it may fail, or the page leave.
    await new Promise<void>((resolve) => {
      const check = () => {
        if (this.replica.waiting && this.poolError === null && !this.closed) return;
        off();
        resolve();
      };
      const off = this.subscribe(check);
      check();
    });
    stop();
    this.restoring = null;
    this.released = this.replica.log.nextSeq(this.seat);
    this.exchange.askAll();
    this.changed();
    this.scheduleDuty();
  }

  private receive(from: Seat, event: string): void {
    if (this.timekeeper.heldBack(from, event)) return;
    const equivocations = this.replica.log.equivocations.length;
    const result = this.live.receive(from, event);
    // A new equivocation is kept: it stops the table.
    if (this.replica.log.equivocations.length > equivocations) this.keep(event);
    if (result.ok && result.value.fresh) {
      this.unjudged.push({ event, hash: eventHash(utf8ToBytes(event)) });
      this.relayClaim(from, event);
      this.scheduleDuty();
    }
    // A copy of an event we hold changes nothing.
    if (!result.ok || result.value.fresh) this.changed();
  }

  /**
   * Hands a claim of absence on to the seat it names, at once: its answer window runs from
   * the claim, and a claimer that shows its claim to another seat alone would otherwise
   * keep it from the claimed seat until that seat's next event named it. Claims are few (two
   * a turn at most), so this costs nothing a peer can grow.
   */
  private relayClaim(from: Seat, event: string): void {
    // Canonical JSON: a claim's body is exactly this.
    const named = /"body":\{"seat":(\d),"type":"ABSENT"\}/.exec(event);
    const seat = named === null ? null : Number(named[1]);
    if (seat !== null && seat !== this.seat && seat !== from)
      this.links.send(seat, { type: 'event', event });
  }

  /**
   * Stores each event taken in once the log holds it and it is judged, in the
   * order they came; drops those the log let go (what sorts after an offence). Judged
   * first, as an offence found by a check may void what came after it, and an event still
   * pending may never be held. Runs before anything else sees a change, so every event
   * the replica holds is stored before any event of ours that builds on it.
   */
  private passOn(): void {
    if (this.replica.waiting || this.unjudged.length === 0) return;
    const { log } = this.replica;
    this.unjudged = this.unjudged.filter(({ event, hash }) => {
      if (log.entry(hash) === undefined) return log.isPending(hash);
      this.keep(event);
      return false;
    });
  }

  /**
   * Keeps where `seat` just proved itself, and this seat's own peer id, when either
   * moved: a reload (`resume`) dials each seat where it was last, not where the lobby met it.
   */
  private keepAddress(seat: Seat): void {
    const now = this.links.addresses();
    if (now[seat] === this.addresses[seat] && now[this.seat] === this.addresses[this.seat]) return;
    this.addresses[seat] = now[seat] ?? null;
    this.addresses[this.seat] = now[this.seat] ?? null;
    void this.stored(this.store.savePeers(this.genesis.table, [...this.addresses]));
  }

  /** Runs owed duties one at a time, yielding between them so the page can draw progress. */
  private scheduleDuty(): void {
    if (this.dutyScheduled || this.closed) return;
    this.dutyScheduled = true;
    setTimeout(() => {
      void this.duty().then((more) => {
        this.dutyScheduled = false;
        if (more) this.scheduleDuty();
      });
    }, 0);
  }

  /**
   * Does one owed duty: its body made in the pool (new secrets enter the
   * keyring), the new secrets stored, the event signed, stored and sent. While
   * the replica waits on checks, the duty is made for the state they lead to
   * if they hold, and signed only once they do. True when another duty may be
   * owed now.
   */
  private async duty(): Promise<boolean> {
    if (this.closed || this.restoring || this.replica.stopped || this.storeError !== null)
      return false;
    const timed = this.replica.clock !== null;
    if (!timed && !this.replica.waiting && claimedAbsent(this.replica.state, this.seat)) {
      // Answered here and now, not in the pool: a claimant that claims again as soon as it
      // sees the answer must find our next duty under way, then done.
      if (!this.publish({ type: 'PRESENT' }).ok) return false;
      this.publishPrepared();
    }
    if (timed && !this.replica.waiting && this.timekeeper.lateTurn()) {
      if (!this.publish({ type: 'SEEN' }).ok) return false;
      this.publishPrepared();
    }
    if (!this.replica.waiting && this.autoAct()) return true;
    if (!this.replica.waiting && this.confirmDue()) return this.publish({ type: 'CONFIRM' }).ok;
    const seen = this.replica.log.size;
    const { state } = this.replica.waiting ? this.replica.ahead() : { state: this.standing() };
    if (this.heldIn(state) || !owesDuty(state, this.seat, this.keyring)) return false;
    // Hashed only when a kept duty may fit it, or when one is kept: a duty runs after every event.
    let hash: string | null = null;
    const hashOf = () => (hash ??= tableStateHash(state));
    const kept = this.prepared;
    const reuse =
      kept !== null &&
      (kept.hash === hashOf() ||
        (kept.made.body !== null && stillDue(kept.state, state, this.seat, kept.made.body)));
    const made = reuse ? kept.made : await this.make(state);
    if (made === null) return false;
    await this.whenChecked();
    if (this.closed || made.body === null) return false;
    // An event arrived, or a check failed, while the body was made: it was made for another
    // state, and signed now it would be judged where it may not fit. Make it again, unless
    // it is still due there (a pipelined shuffle, while others shuffle other epochs) or
    // the table comes back to that state: a claim that we are absent, answered, changes
    // nothing, and a claimant that claims again at once must not keep our duty from ever
    // being signed.
    const moved = this.replica.log.size !== seen || !this.standsAt(state);
    if (
      moved &&
      (this.replica.waiting || !stillDue(state, this.replica.state, this.seat, made.body))
    ) {
      this.prepared = { hash: hashOf(), state, made };
      return true;
    }
    if (reuse) this.prepared = null;
    if (this.nextGameHeld || !this.publish(made.body, made.ms).ok) return false;
    this.publishPrepared();
    await this.outbox;
    return true;
  }

  /**
   * Signs the duty kept for the state the table stands at again, in the same task as the
   * event that brought it back (our answer to a claim that we are absent): a claimant that
   * claims again as soon as it sees the answer finds the duty done.
   */
  private publishPrepared(): void {
    const { prepared } = this;
    if (prepared === null || prepared.made.body === null || this.replica.waiting) return;
    if (this.nextGameHeld) return;
    if (tableStateHash(this.replica.state) !== prepared.hash) return;
    this.prepared = null;
    this.publish(prepared.made.body, prepared.made.ms);
  }

  /** Makes the duty owed in `state` in the pool, its new secrets kept and stored; null on failure. */
  private async make(state: TableState<Json>): Promise<DutyDone | null> {
    this.proving = true;
    this.changed();
    let made: DutyDone;
    try {
      made = await this.pool.duty({
        state,
        seat: this.seat,
        secrets: this.keyring.all(),
        decks: this.decks,
      });
    } catch (e) {
      this.dutyError ??= { step: state.step.type, reason: messageOf(e) };
      return this.live.failed(e) || null;
    } finally {
      this.proving = false;
    }
    this.changed();
    if (this.closed) return null;
    if (made.secrets) {
      this.keyring.restore(made.secrets);
      if (!(await this.stored(this.store.saveSecrets(this.genesis.table, made.secrets))))
        return null;
    }
    return made;
  }

  /** True when the table stands exactly at `state`, the state a duty was made for. */
  private standsAt(state: TableState<Json>): boolean {
    const now = this.replica.state;
    return now === state || tableStateHash(now) === tableStateHash(state);
  }

  /** Stores the checks answered as holding, so a restore of this table need not run them again. */
  private keepChecked(held: readonly string[]): void {
    if (held.length > 0) void this.stored(this.store.saveChecked(this.genesis.table, held));
  }

  /**
   * Signs `body` as this seat's next event and has it stored, then sent once
   * every earlier event of ours is sent: never sent unless stored.
   */
  private publish(body: TableBody, proveMs: number | null = null): Result<void, string> {
    const started = performance.now();
    const signed = this.replica.author(this.seat, this.secretKey, body, this.now());
    if (!signed.ok) return err(signed.error);
    this.live.timings.set(signed.value.hash, { proveMs, verifyMs: performance.now() - started });
    const event = text.decode(signed.value.bytes);
    const kept = this.stored(this.store.saveEvent(this.genesis.table, event));
    const before = this.outbox;
    this.outbox = (async () => {
      const [, isKept] = await Promise.all([before, kept]);
      if (!isKept || this.storeError !== null || this.closed) return;
      this.released = signed.value.event.seq + 1;
      this.exchange.publish(signed.value);
      this.audience.publish(signed.value);
    })();
    this.changed();
    return ok(undefined);
  }

  /** Stores a received event; a failure stops this session like any store failure. */
  private keep(event: string): void {
    void this.stored(this.store.saveEvent(this.genesis.table, event));
  }

  /** True once `write` is done; on failure records why and stops signing and sending. */
  private async stored(write: Promise<void>): Promise<boolean> {
    try {
      await write;
      return true;
    } catch (e) {
      this.storeError ??= messageOf(e);
      this.changed();
      return false;
    }
  }

  /**
   * Once the table is done (the audit in, or ended early), tells every seat the state
   * hash this replica reached, and again whenever a late event changes what it holds.
   */
  private tellHash(): void {
    const { replica } = this;
    if (this.closed || this.restoring || replica.state.step.type !== 'DONE') return;
    if (this.told?.events === replica.log.size) return;
    this.told = { events: replica.log.size, hash: replica.stateHash };
    const message = { type: 'state-hash' as const, ...this.told };
    this.genesis.identities.forEach((_, seat) => {
      if (seat !== this.seat) this.links.send(seat, message);
    });
    this.audience.tell(message);
  }

  /** How many spectators watch the table: every seat's, each counted once. */
  get spectators(): number {
    return new Set([...this.audiences.flat(), ...this.audience.peers]).size;
  }

  /** Tells every seat and spectator which spectators this seat serves now. */
  private tellAudience(): void {
    const message = { type: 'audience' as const, peers: this.audience.peers };
    this.genesis.identities.forEach((_, seat) => {
      if (seat !== this.seat) this.links.send(seat, message);
    });
    this.audience.tell(message);
  }

  private changed(): void {
    this.passOn();
    this.timekeeper.update();
    this.live.lookAheadSoon();
    this.tellHash();
    for (const listener of this.listeners) listener();
  }
}
