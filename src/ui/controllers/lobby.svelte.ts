/**
 * LobbyController: the reactive face of a `LobbySession` for the Svelte
 * components. It owns the transport and this player's identity key for the
 * table, and once every seat has signed the same genesis it opens the table session on
 * the same links. An invite link is visited first: the page learns the table from its
 * host, then asks for a seat.
 *
 * Play again opens a new table (new id, fresh identity key, same game and
 * options) and invites the others over the seat links of the table just played
 * (`TableSession.invite`), which stay open until the new table starts: an invited
 * player accepts, and joins it like anyone following an invite link. The seat links
 * follow a player whose page reloaded during the game, so that player invites and is
 * invited like any.
 *
 * A game against the computer (`playComputer`) runs every seat in this page, over an
 * in-memory network, and is kept in the store like a network table, each computer
 * seat under a key of its own (`seatStore`): a reload resumes every seat from what it
 * kept, so nothing the player has seen changes.
 *
 * A table is kept in the store from the moment this player has a seat, and with the
 * agreed genesis before the first event is signed, so that a reload comes back to it
 * (`resume`): the page registers again, the session is rebuilt from the store, and the
 * seat links fetch what it missed and re-send what the others missed.
 *
 * A table may be played with no signaling server (`direct.ts`, `CodePairing`): its host
 * pairs each player by codes (`codes.offers`), a player joins by answering the host's code
 * (`joinByCode`), and the other links are signaled through the host. After a reload such a
 * page pairs again by codes with any player still at the table (`codes.answers` or
 * `codes.offers`, either way round), and its links to the others are signaled through that one.
 *
 * A tab holds the table it sits at (`tabs.ts`), so that no second tab of this browser runs
 * it under the same key: a tab sent back to a table another tab holds says so, and may
 * wait for it. A tab that opens the invite link of such a table may still sit at it, as
 * another player, with a key of its own: it keeps that seat in memory only, as this
 * browser's store keeps one seat per table, the other tab's.
 *
 * The code of a table comes in two chunks: what a visit needs (`visit.ts`: the lobby
 * session, which loads the rules of the table's game alone), fetched as an invite link
 * opens; and the table's own (`play.ts`), fetched before this page sits anywhere, as a
 * seated player may be started with at any moment and its table session must then open
 * at once.
 */
import type { LocalTable } from '../../bots/table.ts';
import type { GameId } from '../../engine/catalog.ts';
import { loadedTerms } from '../../engine/games/playable.ts';
import { withEveryGame } from '../../engine/games/registry.ts';
import type { JsonObject } from '../../engine/encoding.ts';
import type { Level } from '../../engine/game.ts';
import type { Identity } from '../../engine/identity.ts';
import { DEFAULT_CLOCK, type Clock } from '../../engine/table/clock.ts';
import { guestPeerId, hostPeerId, isTableId, newTableId } from '../../net/ids.ts';
import { sleep } from '../../net/backoff.ts';
import type { LobbySession, LobbySnapshot } from '../../net/lobby.ts';
import type { TableInfo, WireMessage } from '../../net/messages.ts';
import type { Messenger } from '../../net/messenger.ts';
import type { CryptoPool } from '../../net/pool.ts';
import type { DirectTransport } from '../../net/direct.ts';
import {
  MemoryStore,
  seatStore,
  type SavedTable,
  type TablePlay,
  type TableStore,
} from '../../net/store.ts';
import type { Invitation, Restoring, TableSession } from '../../net/table.ts';
import type { Transport } from '../../net/transport.ts';
import { lobbyRunBy, runByWords } from '../words/runby.ts';
import { sameSeries } from '../words/series.ts';
import { middleWords } from '../words/waiting.ts';
import type { TableController } from './table.svelte.ts';
import { Spectating } from './spectating.svelte.ts';
import { unlocked, type TableLocks } from './tabs.ts';
import { TabHold } from './tab-hold.svelte.ts';
import { KeptTable } from './kept-table.ts';
import { COMPUTER_DELAY_MS, ComputerSeats } from './computer-seats.ts';
import { CodePairing, type Answer } from './code-pairing.svelte.ts';
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

/** A new table of `game`; a game whose options count the players (one army each) gets the count from the seats. */
function newTable(
  { gameById }: Play,
  game: GameId,
  seats: number,
  options: JsonObject,
  clock: Clock,
): TableInfo {
  const counted = gameById(game)?.withSeats?.(options, seats) ?? options;
  return { id: newTableId(), game, seats, options: counted, clock };
}

export class LobbyController {
  snapshot = $state<LobbySnapshot | null>(null);
  error = $state<string | null>(null);
  table = $state<TableController | null>(null);
  /** This page asked for a seat and has no answer yet. */
  asked = $state(false);
  /** The table this page sits at, in the lobby or in the game: what the URL names. */
  tableId = $state<string | null>(null);
  /** A table the page was sent back to that this browser does not keep. */
  unknownTable = $state<string | null>(null);
  /** The page is coming back to a kept table: registering again and replaying. */
  resuming = $state(false);
  /** How far the replay of a kept table is, once registered again; null before and after. */
  restoring = $state<Restoring | null>(null);
  /** The table this tab holds, or another tab's that this one waits for or shares. */
  readonly tabs: TabHold;
  /** A table with no signaling server: its transport paired by codes, and the codes on show. */
  readonly codes: CodePairing;
  /** This page watching a table as a spectator, with no seat. */
  readonly spectating: Spectating;
  session: LobbySession | null = null;
  private identity: Identity | null = null;
  /**
   * After Play again, or an invitation accepted: the table just played, and what closes
   * it and its links. Its seat links carry the invitation, and any crossing one, until
   * the new table starts.
   */
  private previous: { table: TableController; close: () => void } | null = null;
  /** The game against the computer this page runs, every seat of it. */
  private local = $state.raw<LocalTable | null>(null);

  /** True while this page plays against the computer: every seat runs here. */
  get againstComputer(): boolean {
    return this.local !== null;
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
    this.codes = new CodePairing(openDirect);
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
    const play = await this.parts();
    const table = newTable(play, game, seats, options, clock);
    await this.enter(table.id);
    this.host(play, table, name, await this.reach(hostPeerId(table.id)));
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
    const play = await this.parts();
    const table = newTable(play, game, seats, options, clock);
    await this.enter(table.id);
    const transport = await this.codes.pair(hostPeerId(table.id));
    this.codes.offer();
    this.host(play, table, name, transport);
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

  /**
   * Joins a table by code: the page answers the offer code its host's page shows
   * (`codes.answers`), and visits the table once the host has taken the answer.
   */
  joinByCode(): void {
    // Linked: the page shows the table, or its links.
    this.codes.answerWith((offer) => this.answerOffer(offer));
  }

  /** Answers offer codes, to pair with a player by codes (this table is `paired`). */
  answerCodes(): void {
    if (this.codes.transport && !this.codes.answers) this.joinByCode();
  }

  /**
   * Answers `offer`: on this page's own transport when it names this table, else (a
   * player joining) on a new one for the table it names, which visits that table once
   * the host's link is up. Refused in words when the code is bad.
   */
  private async answerOffer(offer: string): ReturnType<Answer> {
    const { createIdentity, decodePairing, LobbySession } = await this.parts();
    const read = await decodePairing(offer);
    if (!read.ok) return read;
    const { table, peer } = read.value;
    const { codes } = this;
    if (codes.transport?.table !== table && !this.session && !this.table) {
      // A code for a table this browser sits at (its page reloaded): back to it first.
      const kept = await this.store.loadTable(table).catch(() => null);
      if (kept?.table.paired) await this.resume(table);
    }
    const fresh = codes.transport?.table !== table;
    if (fresh) {
      if (this.session || this.table)
        return { ok: false, error: 'This code is for another table than the one this page is at.' };
      codes.transport?.close();
      await this.enter(table);
      const transport = await codes.pair(guestPeerId(table));
      const identity = createIdentity();
      this.identity = identity;
      codes.onceHostLinked(() => {
        codes.codeVisit = table;
        this.attach(LobbySession.visit(transport, table, identity));
      });
    }
    const transport = codes.transport!;
    const answered = await transport.answer(offer);
    if (answered.ok) return { ok: true, value: { code: answered.value, transport, peer } };
    // Refused: a transport made for this code goes with it, and the page is as before.
    if (fresh && codes.transport === transport) {
      transport.close();
      codes.forget();
      this.tabs.letGo();
    }
    return answered;
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
    if (this.local) {
      const { genesis, level } = this.local;
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
    const { createIdentity, LobbySession } = await this.parts();
    const fresh: TableInfo = { ...info, id: newTableId() };
    await this.enter(fresh.id);
    const transport = await this.reach(hostPeerId(fresh.id));
    if (this.table !== played) return transport.close();
    this.moveOn(played);
    const previous = this.previous;
    this.identity = createIdentity();
    this.attach(LobbySession.create(transport, fresh, this.name, this.identity));
    // Crossing invitations (both pressed Play again): the lowest seat's table wins everywhere.
    const crossed = () => {
      const first = played.session.invitations[0];
      if (this.previous !== previous || !first || first.seat > played.seat) return;
      stop();
      void this.accept(first);
    };
    const stop = played.session.subscribe(crossed);
    played.session.invite(fresh.id);
    crossed();
  }

  /** Joins the table another player invited this one to, under the same name; closes this one. */
  async accept(invitation: Invitation | null = this.invitation): Promise<void> {
    if (!invitation || (!this.previous && !this.table)) return;
    // Invited after pressing Play again: the table this page opened is abandoned.
    const abandoned = this.previous ? this.session : null;
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
    this.previous = {
      table: played,
      close: () => {
        played.close();
        session?.close();
        messenger?.close();
      },
    };
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
    const { createIdentity, freshSeed, localTable, LoopbackNetwork, seatRecords } = play;
    const id = newTableId();
    await this.enter(id);
    this.name = name;
    const computers = Array.from({ length: seats - 1 }, (_, i) =>
      seats === 2 ? 'Computer' : `Computer ${i + 1}`,
    );
    const stores = [this.kept.where, ...computers.map((_, i) => seatStore(this.kept.where, i + 1))];
    // Each step a task of its own, so none holds the page: each seat's identity (the page's
    // first also builds ed25519's table for the base point), the sessions of every seat,
    // this player's controller, the table's first drawing; and each message between the seats.
    const identities: Identity[] = [];
    for (let seat = 0; seat < seats; seat++) {
      await sleep(0);
      identities.push(createIdentity());
    }
    await sleep(0);
    const local = localTable({
      game,
      options,
      names: [name, ...computers],
      identities,
      humans: [0],
      delayMs: COMPUTER_DELAY_MS,
      seed: freshSeed(),
      level,
      pool: this.pool,
      network: new LoopbackNetwork({ eachInATask: true }),
      table: id,
      stores,
    });
    this.local = local;
    // Written in this turn, before any seat's first secret: the store writes in order.
    seatRecords(local).forEach((table, seat) => {
      if (seat === 0) void this.kept.save(table);
      else void stores[seat]!.saveTable(table).catch((e: unknown) => this.kept.storeFailed(e));
    });
    if (!this.tabs.shared) this.tableId = id;
    await sleep(0);
    this.show(play, local.sessions[0]!);
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
    const identity = play.createIdentity();
    this.session?.runsHere(identity.publicKey);
    const name = `Computer ${this.computers.count + 1}`;
    try {
      this.error = null;
      await this.computers.add(
        play,
        this.open,
        snap.table.id,
        name,
        level,
        identity,
        this.kept.where,
      );
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
   * Comes back to table `id` as this browser kept it, after a reload or with the tab
   * reopened: straight into the game, registered again and resumed where it stood.
   */
  async resume(id: string): Promise<void> {
    if (isTableId(id) && !(await this.tabs.hold(id))) {
      this.tabs.elsewhere = id;
      return;
    }
    this.tabs.shared = false;
    this.kept.keepIn(false);
    const kept = isTableId(id) ? await this.store.loadTable(id) : null;
    if (!kept) {
      this.unknownTable = id;
      return;
    }
    const play = await this.parts();
    const { table } = kept;
    this.kept.saved = table;
    this.identity = table.identity;
    this.name = table.name;
    this.tableId = id;
    if (!table.play) return this.rejoinLobby(play, table);
    if (table.computers) return this.resumeComputers(play, id, table.play, table.computers);
    this.resuming = true;
    try {
      const { genesis, seat, peers } = table.play;
      const rejoined = await play.rejoinTable(this.reopen(table), genesis, seat, peers);
      this.messenger = rejoined.messenger;
      if (!(await this.kept.save({ ...table, play: { genesis, seat, peers: rejoined.peers } })))
        return;
      const resumed = await play.TableSession.resume(
        rejoined.messenger,
        this.store,
        id,
        this.pool,
        (restoring) => (this.restoring = restoring),
      );
      if (!resumed.ok) {
        this.error = `This table cannot be resumed here (${resumed.error}).`;
        return;
      }
      this.show(play, resumed.value);
      const failed = await this.computers.resume(play, table, this.store, this.reopen(table));
      if (failed.length > 0) this.error = failed.join(' ');
    } catch (e) {
      this.error = `Could not reconnect to the table (${(e as Error).message}).`;
    } finally {
      this.resuming = false;
      this.restoring = null;
    }
  }

  /** Back to the game against the computer `id`: every seat as the store kept it. */
  private async resumeComputers(
    tablePlay: Play,
    id: string,
    play: TablePlay,
    level: Level,
  ): Promise<void> {
    const { freshSeed, LoopbackNetwork, resumeLocalTable } = tablePlay;
    this.resuming = true;
    try {
      const resumed = await resumeLocalTable({
        table: id,
        stores: play.genesis.names.map((_, seat) =>
          seat === play.seat ? this.store : seatStore(this.store, seat),
        ),
        humans: [play.seat],
        seed: freshSeed(),
        level,
        delayMs: COMPUTER_DELAY_MS,
        pool: this.pool,
        network: new LoopbackNetwork({ eachInATask: true }),
        progress: (restoring) => (this.restoring = restoring),
      });
      if (!resumed.ok) {
        this.error = `This game cannot be resumed here (${resumed.error}).`;
        return;
      }
      this.local = resumed.value;
      this.show(tablePlay, resumed.value.sessions[play.seat]!);
    } catch (e) {
      this.error = `This browser could not read the game back (${(e as Error).message}).`;
    } finally {
      this.resuming = false;
      this.restoring = null;
    }
  }

  /**
   * Waits until the tab that holds the table this page was sent to lets go of it (closes,
   * leaves the page, or leaves the table), then comes back to it here.
   */
  async useHere(): Promise<void> {
    const id = await this.tabs.takeOver();
    if (id !== null) await this.resume(id);
  }

  /**
   * Back to the lobby of a table that had not started: the host opens it again under
   * its rendezvous id and the others come back to it; a guest asks for its seat again,
   * which its identity key keeps.
   */
  private async rejoinLobby(
    { LobbySession, registerAgain }: Play,
    table: SavedTable,
  ): Promise<void> {
    const isHost = table.host;
    try {
      this.error = null;
      const transport = await registerAgain(
        this.reopen(table),
        table.id,
        isHost ? hostPeerId(table.id) : null,
        !isHost,
      );
      const session = () =>
        isHost
          ? LobbySession.create(transport, table.info, table.name, table.identity, table.roster)
          : LobbySession.join(transport, table.id, table.name, table.identity);
      // Paired by codes, a guest asks the host for its seat again once paired with it again.
      if (table.paired && isHost) this.codes.offer();
      if (table.paired && !isHost) {
        this.codes.onceHostLinked(() => {
          this.codes.codeVisit = table.id;
          this.asked = true;
          this.attach(session());
        });
        this.answerCodes();
      } else this.attach(session());
    } catch (e) {
      this.error = `Could not reach the signaling server (${(e as Error).message}).`;
    }
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
    this.local?.close();
    this.local = null;
    this.session = null;
    this.messenger = null;
    this.snapshot = null;
    this.asked = false;
    this.previous?.close();
    this.previous = null;
    if (this.tableId) void this.kept.forget(this.tableId);
    this.tableId = null;
    this.codes.close();
    this.codes.forget();
    this.codes.codeVisit = null;
    this.unknownTable = null;
    this.kept.reset();
    this.tabs.reset();
  }

  /** The table just played is done with, once the new one started: its game and its links. */
  private closePlayed(): void {
    this.previous?.close();
    this.previous = null;
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
        this.openTable(session);
        this.closePlayed();
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

  private openTable(session: LobbySession): void {
    const start = session.tableStart();
    // This page sat only once the table's code was here (`sit`, and each way to a seat).
    const play = tables.module;
    const rules = this.kept.saved && play?.gameById(this.kept.saved.info.game);
    if (!start || !this.identity || !this.kept.saved || !play || !rules) return;
    const { genesis, seat, peers } = start;
    // The store writes in order: the genesis lands before the first secret and event. The
    // session opens now, in the same turn, so no message of the others' sessions is missed.
    void this.kept.save({ ...this.kept.saved, play: { genesis, seat, peers } });
    this.show(
      play,
      new play.TableSession(
        session.channel,
        genesis,
        rules,
        seat,
        this.identity.secretKey,
        peers,
        this.kept.where,
        this.pool,
      ),
    );
  }

  private show({ NEXT_GAME_SECONDS, TableController }: Play, session: TableSession): void {
    this.table = new TableController(session, 0, NEXT_GAME_SECONDS);
    // Played again by the same players: the series' score goes on from the table just played.
    const played = this.previous?.table.played;
    if (played && sameSeries(played, this.table.names)) this.table.before = played;
    session.subscribe(() => this.kept.keepAddresses(session));
  }
}
