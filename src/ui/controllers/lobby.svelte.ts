/**
 * LobbyController: the reactive face of a `LobbySession` for the Svelte components, and
 * the page's ways to a seat. It owns the transport and this player's identity key for the
 * table, and once every seat has signed the same genesis it opens the table session on
 * the same links (`openStarted`). An invite link is visited first: the page learns the
 * table from its host, then asks for a seat. A table is kept in the store from the moment
 * this player has a seat (`KeptTable`), so that a reload comes back to it (`Comeback`).
 *
 * Play again opens a new table (new id, fresh identity key, same game and options) and
 * invites the others over the seat links of the table just played (`TableSession.invite`),
 * which stay open until the new table starts (`JustPlayed`): an invited player accepts,
 * and joins it like anyone following an invite link.
 *
 * Its parts, each a file of its own: the codes of a table with no signaling server
 * (`CodePairing`: the host pairs each player by codes, a player joins by answering the
 * host's code, the other links are signaled through the host), watching as a spectator
 * (`Spectating`), the tab's hold on its table (`TabHold`), the computer players a host
 * seats (`ComputerSeats`), and a game against the computer (`SoloGame`).
 *
 * The code of a table comes in two chunks: what a visit needs (`visit.ts`: the lobby
 * session, which loads the rules of the table's game alone), fetched as an invite link
 * opens; and the table's own (`play.ts`), fetched before this page sits anywhere, as a
 * seated player may be started with at any moment and its table session must then open
 * at once.
 */
import type { GameId } from '../../engine/catalog.ts';
import { loadedTerms } from '../../engine/games/playable.ts';
import { withEveryGame } from '../../engine/games/registry.ts';
import type { JsonObject } from '../../engine/encoding.ts';
import type { Level } from '../../engine/game.ts';
import type { Identity } from '../../engine/identity.ts';
import { DEFAULT_CLOCK, type Clock } from '../../engine/table/clock.ts';
import { guestPeerId, hostPeerId, newTableId } from '../../net/ids.ts';
import { sleep } from '../../net/backoff.ts';
import type { LobbySession, LobbySnapshot } from '../../net/lobby.ts';
import type { TableInfo, WireMessage } from '../../net/messages.ts';
import type { Messenger } from '../../net/messenger.ts';
import type { CryptoPool } from '../../net/pool.ts';
import type { DirectTransport } from '../../net/direct.ts';
import { MemoryStore, type SavedTable, type TablePlay, type TableStore } from '../../net/store.ts';
import type { Invitation, TableSession } from '../../net/table.ts';
import type { Transport } from '../../net/transport.ts';
import { lobbyRunBy, runByWords } from '../words/runby.ts';
import { sameSeries } from '../words/series.ts';
import { middleWords } from '../words/waiting.ts';
import type { TableController } from './table.svelte.ts';
import { Spectating } from './spectating.svelte.ts';
import { unlocked, type TableLocks } from './tabs.ts';
import { TabHold } from './tab-hold.svelte.ts';
import { KeptTable } from './kept-table.ts';
import { ComputerSeats } from './computer-seats.ts';
import { JustPlayed } from './just-played.ts';
import { SoloGame } from './solo.svelte.ts';
import { Comeback } from './comeback.svelte.ts';
import { CodeJoin } from './code-join.ts';
import { CodePairing } from './code-pairing.svelte.ts';
import { Lazy } from '../lazy.svelte.ts';

/**
 * The sessions, rules and keys of a table: loaded, with every game (the table reads its
 * game by id), before this page sits at one (`play.ts`).
 */
const tables = new Lazy(() => withEveryGame(import('./play.ts')));
type Play = Awaited<ReturnType<typeof tables.load>>;
/** What an invite link's visit needs: loaded as the join form opens (`visit.ts`). */
const visits = new Lazy(() => import('./visit.ts'));

/** How long a player who leaves keeps its links open for its RESIGN to go out. */
const RESIGN_SEND_LIMIT_MS = 10_000;

/**
 * A new table of `game`, once the table's code is here; a game whose options count the
 * players (one army each) gets the count from the seats.
 */
const newTable =
  (game: GameId, seats: number, options: JsonObject, clock: Clock) =>
  ({ gameById }: Play): TableInfo => {
    const counted = gameById(game)?.withSeats?.(options, seats) ?? options;
    return { id: newTableId(), game, seats, options: counted, clock };
  };

export class LobbyController {
  snapshot = $state<LobbySnapshot | null>(null);
  error = $state<string | null>(null);
  table = $state<TableController | null>(null);
  /** This page asked for a seat and has no answer yet. */
  asked = $state(false);
  /** The table this page sits at, in the lobby or in the game: what the URL names. */
  tableId = $state<string | null>(null);
  /** This page coming back to a table the browser kept, after a reload. */
  readonly comeback: Comeback;
  /** This page answering another's offer code, to join or pair again with no signaling server. */
  private readonly codeJoin: CodeJoin;
  /** The table this tab holds, or another tab's that this one waits for or shares. */
  readonly tabs: TabHold;
  /** A table with no signaling server: its transport paired by codes, and the codes on show. */
  readonly codes: CodePairing;
  /** This page watching a table as a spectator, with no seat. */
  readonly spectating: Spectating;
  session: LobbySession | null = null;
  private identity: Identity | null = null;
  /** After Play again, or an invitation accepted: the table just played, open until the next starts. */
  private readonly justPlayed = new JustPlayed();
  /** The game against the computer this page runs, every seat of it. */
  private readonly solo: SoloGame;

  /** True while this page plays against the computer: every seat runs here. */
  get againstComputer(): boolean {
    return this.solo.table !== null;
  }
  private name = '';
  /** The links of a table resumed after a reload: no lobby session holds them. */
  private messenger: Messenger<WireMessage> | null = null;
  /** The table this page is at, as kept for a reload: in the store, or memory for a shared one. */
  private readonly kept: KeptTable;
  /** The computer players this page added to its table, each a peer of its own. */
  private readonly computers: ComputerSeats;

  /**
   * `open` registers a peer id on the network (PeerJS in the page, loopback in tests);
   * `store` keeps every table this player sits at (the page's is IndexedDB); `locks`
   * keep each table to one tab of this browser.
   */
  constructor(
    private readonly open: (peerId: string) => Promise<Transport>,
    /**
     * Where every table of this page makes and checks its proofs: the page's workers, or
     * (in Node) an `InThreadPool`, which no default brings into the page's first chunk.
     */
    readonly pool: CryptoPool,
    private readonly store: TableStore = new MemoryStore(),
    locks: TableLocks = unlocked,
    /** A transport paired by codes under a peer id: for tables with no signaling server. */
    openDirect: ((peerId: string) => Promise<DirectTransport>) | null = null,
  ) {
    this.kept = new KeptTable(store, (why) => (this.error = why));
    this.tabs = new TabHold(locks);
    this.computers = new ComputerSeats(pool);
    this.solo = new SoloGame(pool);
    this.codes = new CodePairing(openDirect);
    this.codeJoin = new CodeJoin({
      store,
      codes: this.codes,
      tabs: this.tabs,
      parts: () => this.parts(),
      seated: () => this.session !== null || this.table !== null,
      resume: (id) => this.comeback.resume(id),
      enter: (id) => this.enter(id),
      identify: (identity) => (this.identity = identity),
      attach: (session) => this.attach(session),
    });
    this.comeback = new Comeback({
      store,
      pool,
      tabs: this.tabs,
      kept: this.kept,
      codes: this.codes,
      computers: this.computers,
      solo: this.solo,
      parts: () => this.parts(),
      reopen: (table) => this.reopen(table),
      answerCodes: () => this.codeJoin.again(),
      sitAgain: ({ id, identity, name }) => {
        this.identity = identity;
        this.name = name;
        this.tableId = id;
      },
      attach: (session, asked = false) => {
        if (asked) this.asked = true;
        this.attach(session);
      },
      show: (code, session) => this.show(code, session),
      linked: (messenger) => (this.messenger = messenger),
      fail: (why) => (this.error = why),
    });
    this.spectating = new Spectating({
      reach: (peerId) => this.reach(peerId),
      pool,
      codes: this.codes,
      code: (part) => this.code(part),
      decoder: async () => (await this.parts()).decodePairing,
    });
  }

  /** The table's code (`play.ts`), fetched on the first way to a seat (see `code`). */
  private parts(): Promise<Play> {
    return this.code(tables);
  }

  /**
   * A part of a table's code, fetched on first use; when it cannot be (a page left open
   * across a new version of the app, whose files replaced its own), the page says so: a
   * reload loads the new version.
   */
  private async code<T>(part: Lazy<T>): Promise<T> {
    try {
      return await part.load();
    } catch (e) {
      this.error = `This page could not load the code of a table (${(e as Error).message}): reload the page.`;
      throw e;
    }
  }

  /** The invitation to play again this page shows: the lowest seat's, when several crossed. */
  get invitation(): (Invitation & { name: string }) | null {
    return this.table?.invitation ?? null;
  }

  /** The table's game has its terms loaded; until it does, its lobby can gather players but not start. */
  get termsLoaded(): boolean {
    const game = this.snapshot?.table?.game;
    // A session shows a table once the terms of its game have loaded (`LobbySession`).
    return game !== undefined && loadedTerms(game) !== null;
  }

  /**
   * Per seat taken, the words saying that the host's page runs it (a computer player it
   * added), or null for a player's own seat: what the roster's `runByHost` flags say.
   */
  get runBy(): (string | null)[] {
    const players = this.snapshot?.players ?? [];
    const me = players.findIndex((p) => p.peer === this.session?.id);
    return runByWords(
      players.map((p) => p.name),
      lobbyRunBy(players),
      me < 0 ? null : me,
    );
  }

  /** Who sits behind someone in the middle of this page's link to them, in words; null for nobody. */
  get middle(): string | null {
    return middleWords(this.snapshot?.middle.map((p) => p.name) ?? []);
  }

  get canStart(): boolean {
    // Read the snapshot so Svelte re-evaluates this whenever it changes.
    return this.snapshot !== null && this.termsLoaded && (this.session?.canStart() ?? false);
  }

  /**
   * Opens a new table and sits at it as its host. `clock`: the table's time control,
   * how long a seat may take over what it owes before another may claim it.
   */
  async create(
    name: string,
    game: GameId,
    seats: number,
    options: JsonObject,
    clock: Clock = DEFAULT_CLOCK,
  ): Promise<void> {
    await this.openAsHost(name, newTable(game, seats, options, clock), (id) => this.reach(id));
  }

  /**
   * Opens a new table with no signaling server, and sits at it as its host: each player
   * joins by answering an offer code this page shows (`codes.offers`).
   */
  async createPaired(
    name: string,
    game: GameId,
    seats: number,
    options: JsonObject,
    clock: Clock = DEFAULT_CLOCK,
  ): Promise<void> {
    await this.openAsHost(name, newTable(game, seats, options, clock), async (id) => {
      const transport = await this.codes.pair(id);
      this.codes.offer();
      return transport;
    });
  }

  /** Sits at the new table `info` makes as its host, on the transport `reach` registers. */
  private async openAsHost(
    name: string,
    info: (code: Play) => TableInfo,
    reach: (peerId: string) => Promise<Transport>,
  ): Promise<void> {
    const play = await this.parts();
    const table = info(play);
    await this.enter(table.id);
    this.host(play, table, name, await reach(hostPeerId(table.id)));
  }

  /** Sits at the new `table` as its host, under a fresh identity key, on `transport`. */
  private host(
    { createIdentity, LobbySession }: Play,
    table: TableInfo,
    name: string,
    transport: Transport,
  ): void {
    this.identity = createIdentity();
    this.name = name;
    this.attach(LobbySession.create(transport, table, name, this.identity));
  }

  /** Joins a table by code: the page answers the offer code its host's page shows. */
  joinByCode(): void {
    this.codeJoin.join();
  }

  /** Answers offer codes, to pair again with a player by codes (this table is `paired`). */
  answerCodes(): void {
    this.codeJoin.again();
  }

  /** Opens the invite to `tableId`: learns the game, who invites and the seats taken. */
  async visit(tableId: string): Promise<void> {
    // The lobby's code and PeerJS load side by side: an invite link's first wait.
    const [{ createIdentity, LobbySession }, transport] = await Promise.all([
      this.code(visits),
      this.enter(tableId).then(() => this.reach(guestPeerId(tableId))),
    ]);
    this.identity = createIdentity();
    this.attach(LobbySession.visit(transport, tableId, this.identity));
  }

  /**
   * Asks the visited table's host for a seat under `name`, once the table's code is here
   * (`openTable` needs it as soon as the host starts); meanwhile the page says it asks.
   */
  async sit(name: string): Promise<void> {
    this.asked = true;
    this.name = name;
    const session = this.session;
    try {
      await this.parts();
    } catch {
      // `error` says why; the player may ask again.
      this.asked = false;
      return;
    }
    if (this.session === session) session?.sit(name);
  }

  /**
   * Visits `tableId` and asks for a seat at once: an invitation to play again, accepted.
   * The table played stays open until the new one starts (`moveOn`).
   */
  async join(tableId: string, name: string): Promise<void> {
    const [{ createIdentity, LobbySession }, transport] = await Promise.all([
      this.parts(),
      this.enter(tableId).then(() => this.reach(guestPeerId(tableId))),
    ]);
    if (this.table) this.moveOn(this.table);
    this.identity = createIdentity();
    // Kept with the table once seated: a reload asks for the seat under it again.
    this.name = name;
    this.attach(LobbySession.join(transport, tableId, name, this.identity));
  }

  /**
   * Opens a new table for the same players (same game, seats and options; new
   * id and fresh keys) and invites the others to it over this table's seat links.
   * Against the computer: a new game against the computer.
   */
  async playAgain(): Promise<void> {
    const played = this.table;
    const info = this.kept.saved?.info;
    if (!played || !info) return;
    if (this.solo.table) {
      const { genesis, level } = this.solo.table;
      const series = played.played;
      this.leave();
      await this.playComputer(
        this.name,
        genesis.game as GameId,
        genesis.options,
        genesis.names.length,
        level,
      );
      // The same player against the same computers: the series' score goes on.
      if (this.table && sameSeries(series, this.table.names)) this.table.before = series;
      return;
    }
    const play = await this.parts();
    const fresh: TableInfo = { ...info, id: newTableId() };
    await this.enter(fresh.id);
    const transport = await this.reach(hostPeerId(fresh.id));
    if (this.table !== played) return transport.close();
    this.moveOn(played);
    this.host(play, fresh, this.name, transport);
    this.justPlayed.invite(fresh.id, (first) => void this.accept(first));
  }

  /** Joins the table another player invited this one to, under the same name; closes this one. */
  async accept(invitation: Invitation | null = this.invitation): Promise<void> {
    if (!invitation || (!this.justPlayed.table && !this.table)) return;
    // Invited after pressing Play again: the table this page opened is abandoned.
    const abandoned = this.justPlayed.table ? this.session : null;
    await this.join(invitation.table, this.name);
    abandoned?.close();
  }

  /**
   * Leaves the table just played for a new one: its game stays open, its seat links
   * carrying invitations, until the new table starts (`closePlayed`); the new table is
   * kept in the store once seated.
   */
  private moveOn(played: TableController): void {
    const { session, messenger } = this;
    this.justPlayed.keep(played, () => {
      played.close();
      session?.close();
      messenger?.close();
    });
    this.session = null;
    this.messenger = null;
    this.table = null;
    this.kept.saved = null;
  }

  /**
   * A game of `game` against `seats - 1` computer players, every seat run in this page
   * and kept in the store, under a new table id the URL names.
   */
  async playComputer(
    name: string,
    game: GameId,
    options: JsonObject,
    seats: number,
    level: Level,
  ): Promise<void> {
    const play = await this.parts();
    const id = newTableId();
    await this.enter(id);
    this.name = name;
    const terms = { id, name, game, options, seats, level };
    const session = await this.solo.start(play, terms, this.kept);
    if (!this.tabs.shared) this.tableId = id;
    this.show(play, session);
  }

  start(): void {
    this.session?.start();
  }

  /**
   * The host seats a computer player at an open seat: a peer of its own, run by this
   * page (see `ComputerSeat`), that plays its seat once the table starts. The lobby
   * tells every player that this page runs it, before it even sits. `level`: how well it plays.
   */
  async addComputer(level: Level = 'good'): Promise<void> {
    const snap = this.snapshot;
    if (!snap?.isHost || !snap.table || snap.players.length >= snap.table.seats) return;
    const play = await this.parts();
    const runsHere = (key: string) => this.session?.runsHere(key);
    try {
      this.error = null;
      await this.computers.add(play, this.open, snap.table.id, level, this.kept.where, runsHere);
    } catch (e) {
      this.error = `Could not add a computer player (${(e as Error).message}).`;
    }
  }

  say(text: string): void {
    this.session?.say(text);
  }

  freeSeat(peer: string): void {
    this.session?.freeSeat(peer);
  }

  /**
   * Leaves the table (through `TableController.leave`), says goodbye, closes every link
   * and forgets the table, here and in the store.
   */
  leave(): void {
    this.spectating.stop();
    this.computers.close();
    // The links close once this player's RESIGN has gone out over them, or after a bound
    // when it cannot (a slow device took longer to sign and store it than the goodbye's
    // grace, and the others never heard of the leave). The page goes home at once.
    const resigned = this.table?.leave() ?? Promise.resolve();
    const { session, messenger } = this;
    const direct = this.codes.transport;
    const closeLinks = () => {
      session?.leave();
      messenger?.close();
      direct?.close();
    };
    void Promise.race([resigned, sleep(RESIGN_SEND_LIMIT_MS)]).then(closeLinks, closeLinks);
    this.table = null;
    this.solo.close();
    this.session = null;
    this.messenger = null;
    this.snapshot = null;
    this.asked = false;
    this.justPlayed.close();
    if (this.tableId) void this.kept.forget(this.tableId);
    this.tableId = null;
    this.codes.close();
    this.codes.forget();
    this.codes.codeVisit = null;
    this.comeback.reset();
    this.kept.reset();
    this.tabs.reset();
  }

  /**
   * Goes to table `id`: kept in the store if this tab can hold it, else `tabs.shared`. The
   * crypto workers start now, to be ready by the first shuffle.
   */
  private async enter(id: string): Promise<void> {
    this.pool.start();
    this.tabs.shared = !(await this.tabs.hold(id));
    this.kept.keepIn(this.tabs.shared);
  }

  /** How a kept table's page gets back on the network: PeerJS, or by codes if `paired`. */
  private reopen(table: SavedTable): (peerId: string) => Promise<Transport> {
    return table.paired ? (id) => this.codes.pair(id) : this.open;
  }

  private async reach(id: string): Promise<Transport> {
    try {
      this.error = null;
      return await this.open(id);
    } catch (e) {
      this.error = `Could not reach the signaling server (${(e as Error).message}).`;
      throw e;
    }
  }

  private attach(session: LobbySession): void {
    this.session = session;
    session.subscribe((snapshot) => {
      // A session this page has moved on from has nothing more to show.
      if (this.session !== session) return;
      this.snapshot = snapshot;
      if (snapshot.seated && snapshot.table && !this.kept.saved)
        this.seated(snapshot.table, snapshot.isHost);
      if (snapshot.isHost) this.kept.keepRoster(snapshot);
      if (snapshot.phase === 'started' && !this.table) {
        // Every seat is taken and every pair linked: the host's code for a next player is spent.
        this.codes.spent();
        this.openTable(session);
        this.justPlayed.close();
      }
    });
  }

  /** This player has a seat: the table is kept from now on, and the URL names it (unless `tabs.shared`). */
  private seated(info: TableInfo, host: boolean): void {
    if (!this.identity) return;
    if (!this.tabs.shared) this.tableId = info.id;
    const { name, identity } = this;
    const { paired } = this.codes;
    void this.kept.save({ id: info.id, info, name, identity, host, play: null, paired });
  }

  private openTable(lobby: LobbySession): void {
    // This page sat only once the table's code was here (`sit`, and each way to a seat).
    const play = tables.module;
    const { saved } = this.kept;
    if (!this.identity || !saved || !play) return;
    const keep = (started: TablePlay) => void this.kept.save({ ...saved, play: started });
    const session = play.openStarted(lobby, saved, this.identity, this.kept.where, this.pool, keep);
    if (session) this.show(play, session);
  }

  private show({ NEXT_GAME_SECONDS, TableController }: Play, session: TableSession): void {
    this.table = new TableController(session, 0, NEXT_GAME_SECONDS);
    this.justPlayed.carrySeries(this.table);
    session.subscribe(() => this.kept.keepAddresses(session));
  }
}
