/**
 * The lobby: who sits where at a table, and a full mesh of links between them.
 *
 * The creator (host) listens under an id derived from the table id, keeps the seat list
 * and sends it to everyone; it has no other authority, and the game itself gives it none.
 * A visitor (an invite link opened) learns the table from the host before asking to sit,
 * and is told when no table answers or every seat is taken; a visitor hears no chat and
 * no Start. A player who leaves says goodbye first, so the others tell "left" from "lost".
 * Every pair of players gets its own link: a newcomer dials every player seated before
 * it, so each pair is dialled exactly once. A host back from a reload opens the roster it
 * kept, so every seat stays where it was until its player comes back.
 *
 * The session wires its parts together, each a job of its own that reads the lobby
 * through a small interface, if at all: the seats (`Roster`, `lobby-seats.ts`), the
 * proof of each player's key on each link (`LobbyHellos`, `lobby-hello.ts`: a link counts
 * as the player's only once its hello is proven on it, so whoever sits in the middle of
 * it can put no word in either end's mouth), every link and every pair's (`LinkBoard`,
 * `lobby-links.ts`: Start needs every pair proven), a guest's redials (`Redials`,
 * `lobby-redial.ts`), a visitor's wait for the host's answer (`HostAnswer`,
 * `lobby-answer.ts`), the game's terms a roster waits for (`TermsWait`,
 * `lobby-terms.ts`), the chat (`LobbyChat`, `lobby-chat.ts`), what the page shows
 * (`lobby-snapshot.ts`), and Start: every player signs the genesis it built from the
 * roster it was sent, and the table opens only when all agree (`LobbyStart`,
 * `lobby-start.ts`).
 */
import { loadedTerms } from '../engine/games/playable.ts';
import type { Identity } from '../engine/identity.ts';
import { hostPeerId } from './ids.ts';
import { Messenger } from './messenger.ts';
import {
  parseWireMessage,
  type LobbyMessage,
  type Player,
  type Seat,
  type TableInfo,
  type WireMessage,
} from './messages.ts';
import { isDown, type LinkState, type Transport } from './transport.ts';
import { LobbyHellos } from './lobby-hello.ts';
import { LinkBoard } from './lobby-links.ts';
import { Redials } from './lobby-redial.ts';
import { optionsRefused, TermsWait } from './lobby-terms.ts';
import { LobbyStart, type TableStart } from './lobby-start.ts';
import { LobbyChat } from './lobby-chat.ts';
import { Roster } from './lobby-seats.ts';
import { HostAnswer } from './lobby-answer.ts';
import { lobbyPhase, type LobbySnapshot } from './lobby-snapshot.ts';

export type { PairLink } from './lobby-links.ts';
export type { LobbyPhase, LobbySnapshot } from './lobby-snapshot.ts';
export type { ChatLine } from './lobby-chat.ts';
export type { TableStart } from './lobby-start.ts';
export { HOST_ANSWER_LIMIT_MS } from './lobby-answer.ts';

/** Time for a goodbye to leave before the links close. */
const GOODBYE_MS = 500;

/** One page's lobby of a table, as host, seated guest or visitor: see the top of this file. */
export class LobbySession {
  private readonly messenger: Messenger<WireMessage>;
  /** The table and who sits where. */
  private readonly roster: Roster;
  /** What the seated players say. */
  private readonly chat: LobbyChat;
  private readonly dropped: string[] = [];
  private readonly left = new Set<string>();
  private readonly disconnected: LobbySnapshot['disconnected'] = [];
  /** A visitor's wait for the host's answer. */
  private readonly answer: HostAnswer;
  private listener: (snapshot: LobbySnapshot) => void = () => {};
  /** Null while visiting: this peer has not asked for a seat. */
  private me: Player | null;
  /** The hellos that prove each player's key on each link. */
  private readonly hellos: LobbyHellos;
  /** Every link, and every pair's. */
  private readonly board: LinkBoard;
  /** A guest's redials of the host and of the guests seated before it. */
  private readonly redials: Redials;
  /** The wait for the game's terms. */
  private readonly terms: TermsWait;
  /** The genesis agreement, from Start on. */
  private readonly starting: LobbyStart;

  private constructor(
    transport: Transport,
    private readonly tableId: string,
    name: string | null,
    private readonly identity: Identity,
    table: TableInfo | null,
    roster: readonly Seat[] = [],
  ) {
    this.me = name === null ? null : { name, identity: identity.publicKey };
    this.roster = new Roster(transport.id, this.me, table, roster);
    this.messenger = new Messenger(transport, parseWireMessage);
    const drop = (peer: string, reason: string) => this.drop(peer, reason);
    const id = () => this.id;
    const holdsSeat = (peer: string) => this.holdsSeat(peer);
    const players = () => this.roster.players;
    this.hellos = new LobbyHellos({
      tableId,
      identity,
      transport,
      id,
      me: () => this.me,
      send: (peer, message) => this.messenger.send(peer, message),
      drop,
      holdsSeat,
      seatedUnder: (key) => this.roster.seatedUnder(key),
    });
    this.board = new LinkBoard({
      id,
      players,
      holdsSeat,
      isProven: (peer) => this.hellos.isProven(peer),
    });
    this.redials = new Redials({
      tableId,
      id,
      players,
      started: () => this.starting.agreement !== null,
      linkState: (peer) => this.board.state(peer),
      connect: (peer) => this.messenger.connect(peer),
    });
    this.terms = new TermsWait({
      receive: (from, message) => this.receive(from, message),
      drop,
      changed: () => this.changed(),
    });
    this.starting = new LobbyStart({
      tableId,
      identity,
      id,
      send: (peer, message) => this.messenger.send(peer, message),
      drop,
    });
    this.chat = new LobbyChat({
      id,
      me: () => this.me,
      holdsSeat,
      isProven: (peer) => this.hellos.isProven(peer),
      nameOf: (peer) => this.nameOf(peer),
      toSeats: (message) => this.toSeats(message),
      drop,
    });
    this.answer = new HostAnswer({
      hostLink: () => this.board.state(hostPeerId(tableId)),
      changed: () => this.changed(),
    });
    this.messenger.on({
      message: (from, message) => this.receive(from, message),
      link: (peer, state) => this.linkChanged(peer, state),
      dropped: (from, reason) => {
        this.drop(from, reason);
        this.changed();
      },
      cut: (peer, reason) => {
        this.disconnected.push({ peer, name: this.nameOf(peer), reason });
        this.changed();
      },
    });
  }

  /**
   * Opens a new table on a transport listening under `hostPeerId(table.id)`; `identity` is
   * this player's key for the table (it signs the genesis here, then every event).
   * `roster`: the seats as this host kept them before its page reloaded (its own first);
   * each other player has its seat back once it links and proves its key.
   */
  static create(
    transport: Transport,
    table: TableInfo,
    name: string,
    identity: Identity,
    roster: readonly Seat[] = [],
  ): LobbySession {
    if (transport.id !== hostPeerId(table.id))
      throw new Error('the host listens under the table’s host id');
    if (roster.length > 0 && roster[0]?.identity !== identity.publicKey)
      throw new Error('a kept roster starts with the host’s own seat');
    const session = new LobbySession(transport, table.id, name, identity, table, roster);
    // A page makes a table with its rules in hand; until they are here, it cannot start.
    if (!loadedTerms(table.game)) session.terms.load(table.game);
    return session;
  }

  /**
   * Opens a link to the host of `tableId` to learn the table (its game, who invites, the
   * seats taken) without asking for a seat; `sit` asks. Says `unanswered` when the host
   * is not there or says nothing within `HOST_ANSWER_LIMIT_MS`.
   */
  static visit(transport: Transport, tableId: string, identity: Identity): LobbySession {
    const session = new LobbySession(transport, tableId, null, identity, null);
    session.answer.wait();
    session.messenger.connect(hostPeerId(tableId));
    return session;
  }

  /** Joins the table `tableId` through its host: a visit that asks for a seat at once. */
  static join(
    transport: Transport,
    tableId: string,
    name: string,
    identity: Identity,
  ): LobbySession {
    const session = LobbySession.visit(transport, tableId, identity);
    session.sit(name);
    return session;
  }

  /** Asks the host for a seat under `name` (a visitor only; the host asks once it answers). */
  sit(name: string): void {
    if (this.me || this.isHost) return;
    this.me = { name, identity: this.identity.publicKey };
    this.hellos.answerAll();
    this.changed();
  }

  /** This peer's id. */
  get id(): string {
    return this.messenger.id;
  }

  /** True at the table's creator, which listens under the table's host id. */
  get isHost(): boolean {
    return this.id === hostPeerId(this.tableId);
  }

  /** The typed channel, for the layers that run the game on these links. */
  get channel(): Messenger<WireMessage> {
    return this.messenger;
  }

  /** Calls `listener` with a snapshot now and after every change. */
  subscribe(listener: (snapshot: LobbySnapshot) => void): void {
    this.listener = listener;
    this.changed();
  }

  /** The lobby as the page shows it, a new object. */
  snapshot(): LobbySnapshot {
    const { table, players, full } = this.roster;
    const seated = this.holdsSeat(this.id);
    const { agreement } = this.starting;
    return {
      table,
      players: players.map((p) => ({ ...p })),
      links: this.board.all(),
      pairs: this.board.pairs(),
      chat: this.chat.lines(),
      phase: lobbyPhase(agreement?.status ?? null, this.answer.phase, table, full),
      isHost: this.isHost,
      seated,
      refused: full && !seated,
      left: [...this.left],
      disconnected: this.disconnected.map((d) => ({ ...d })),
      waiting:
        agreement?.status === 'checking'
          ? agreement.waiting().map((seat) => ({ ...players[seat]! }))
          : [],
      dropped: [...this.dropped],
      middle: this.hellos.middle().map((peer) => ({ peer, name: this.nameOf(peer) })),
      rules: this.terms.loading && { ...this.terms.loading },
    };
  }

  /** True when the host may start: a game with rules, every seat taken, nobody leaving, every link up. */
  canStart(): boolean {
    const s = this.snapshot();
    return (
      s.isHost &&
      s.phase === 'full' &&
      loadedTerms(s.table!.game) !== null &&
      s.players.every(
        (p) => p.peer === this.id || (s.links[p.peer] === 'connected' && !this.left.has(p.peer)),
      ) &&
      s.pairs.every((pair) => pair.state === 'connected')
    );
  }

  /** The host starts the table: every seat is told, and signs its genesis. */
  start(): void {
    if (!this.canStart()) throw new Error('the table cannot start yet');
    this.toSeats({ type: 'start' });
    this.begin();
    this.changed();
  }

  /** The agreed table, once every seat has signed this player's genesis; null before. */
  tableStart(): TableStart | null {
    return this.starting.table(this.roster.players);
  }

  /** Says `text` to every seated player, if this player is seated and the text fits. */
  say(text: string): void {
    if (this.chat.say(text)) this.changed();
  }

  /**
   * The host says that its own page runs the player whose identity key is `identity` (a
   * computer player it adds): that seat is `runByHost` in every roster it sends, and so in
   * the genesis. Called before that player's hello arrives, so that no roster lists it
   * without the flag; a seat already taken under that key is flagged at once.
   */
  runsHere(identity: string): void {
    if (!this.isHost || this.starting.agreement || identity === this.identity.publicKey) return;
    if (!this.roster.runByHost(identity)) return;
    this.sendRoster();
    this.changed();
  }

  /** The host frees the seat of a player who left or whose link is lost, so someone else can sit. */
  freeSeat(peer: string): void {
    const state = this.board.state(peer);
    if (
      !this.isHost ||
      this.starting.agreement ||
      (!(state && isDown(state)) && !this.left.has(peer))
    )
      return;
    this.roster.free(peer);
    this.board.forget(peer);
    this.sendRoster();
    this.changed();
  }

  /** Says goodbye to every linked peer, then closes the links once it has had time to go. */
  leave(): void {
    this.listener = () => {};
    this.messenger.broadcast({ type: 'bye' });
    setTimeout(() => this.close(), GOODBYE_MS);
  }

  /** Closes the links; a closed session reports nothing more (closing drops links it would report). */
  close(): void {
    this.answer.stop();
    this.terms.close();
    this.listener = () => {};
    this.redials.stop();
    this.messenger.close();
  }

  /** Start seen: this player signs the genesis built from the roster it holds, frozen from here on. */
  private begin(): void {
    this.starting.begin(this.roster.table!, this.roster.players);
  }

  private receive(from: string, message: WireMessage): void {
    if (this.terms.holds(from, message)) return;
    switch (message.type) {
      // The table session's, from the start on: they change nothing here.
      case 'event':
      case 'state-hash':
      case 'challenge':
      case 'seat-hello':
      case 'peers':
      case 'table-chat':
      case 'rematch':
        return;
      case 'lobby-challenge':
        this.hellos.challenged(from, message.nonce);
        break;
      case 'hello':
        if (!this.hellos.proves(from, message)) break;
        this.roster.named(from, message.name);
        this.board.proven(from);
        // This end's own word on the link has changed: from `connecting` to `connected`.
        this.tellLinks();
        if (this.isHost) this.seat(from, message);
        break;
      case 'roster':
        if (from !== hostPeerId(this.tableId) || message.table.id !== this.tableId)
          this.drop(from, 'roster from a peer that is not the host');
        else if (this.starting.agreement) this.drop(from, 'roster after Start');
        else this.checkRoster(from, message);
        break;
      case 'chat':
        this.chat.heard(from, message.text);
        break;
      case 'bye':
        if (this.hellos.isProven(from)) this.left.add(from);
        else this.drop(from, 'a goodbye over a link its sender has not proven its hello on');
        break;
      case 'start':
        if (from !== hostPeerId(this.tableId) || this.starting.agreement) break;
        if (
          this.snapshot().phase !== 'full' ||
          !this.holdsSeat(this.id) ||
          loadedTerms(this.roster.table!.game) === null
        )
          this.drop(from, 'Start for a table this player cannot play');
        else this.begin();
        break;
      case 'links':
        if (!this.holdsSeat(from)) this.drop(from, 'links from a peer without a seat');
        else this.board.report(from, message.links);
        break;
      case 'genesis':
        this.starting.heard(from, message);
        break;
    }
    this.changed();
  }

  /** A proven hello at the host: the seat of its key (back under a new peer id, maybe), or a free one. */
  private seat(peer: string, player: Player): void {
    if (!this.roster.table || this.starting.agreement) return;
    const refused = this.roster.seat(peer, player, this.id);
    if (refused) return this.drop(peer, refused);
    this.sendRoster();
  }

  /** Sends `message` to every other seated player with an open link; visitors hear nothing. */
  private toSeats(message: LobbyMessage): void {
    for (const p of this.roster.players)
      if (p.peer !== this.id) this.messenger.send(p.peer, message);
  }

  private sendRoster(): void {
    const { table, players } = this.roster;
    if (!table) return;
    this.messenger.broadcast({ type: 'roster', table, players });
    this.tellLinks();
  }

  /**
   * Adopts the host's roster once its options suit its game's terms; a roster for a game
   * whose terms have not loaded waits for them (`TermsWait`), and the messages after it
   * too. The host has answered, so the page no longer waits to say that no table does.
   */
  private checkRoster(from: string, roster: LobbyMessage & { type: 'roster' }): void {
    const { table, players } = roster;
    const rules = loadedTerms(table.game);
    if (!rules) {
      this.terms.hold(from, roster);
      return this.answer.stop();
    }
    const refused = optionsRefused(rules, table);
    if (refused) this.drop(from, `a roster with ${refused}`);
    else this.adoptRoster(table, players);
  }

  private adoptRoster(table: TableInfo, players: Seat[]): void {
    this.answer.answered();
    this.roster.adopt(table, players);
    const mine = this.roster.seatOf(this.id);
    for (const p of players.slice(0, Math.max(mine, 0))) {
      if (this.board.state(p.peer) !== 'connected') this.messenger.connect(p.peer);
    }
    this.tellLinks();
  }

  /**
   * Tells every seat this player's links to the others, so that each lobby shows every
   * pair (`pairs`): the host sees who cannot reach whom. Only before Start, only seated.
   */
  private tellLinks(): void {
    // Called after every change of the roster: a report from a peer no longer seated goes.
    this.board.forgetUnseated();
    this.hellos.forgetUnseated();
    if (this.starting.agreement || !this.holdsSeat(this.id)) return;
    this.toSeats({ type: 'links', links: this.board.own() });
  }

  private linkChanged(peer: string, state: LinkState): void {
    this.board.set(peer, state);
    this.redials.linkChanged(peer, state);
    if (state === 'connected') this.left.delete(peer);
    this.hellos.linkChanged(peer, state);
    if (peer === hostPeerId(this.tableId) && this.roster.table === null)
      this.answer.hostLinkChanged(state);
    const seated = this.holdsSeat(peer);
    // A link between two guests may still be opening at Start: the statement goes when it opens.
    if (state === 'connected' && seated) this.starting.sendTo(peer);
    if (state === 'connected' && this.isHost && seated && !this.starting.agreement)
      this.sendRoster();
    // A visitor learns the table, and so whether a seat is free, before it asks for one.
    const { table, players } = this.roster;
    if (state === 'connected' && this.isHost && !seated && table)
      this.messenger.send(peer, { type: 'roster', table, players });
    if (seated) this.tellLinks();
    this.changed();
  }

  private drop(from: string, reason: string): void {
    this.dropped.push(`${from}: ${reason}`);
    console.warn(`fairdeal: dropped a message from ${from}: ${reason}`);
  }

  private holdsSeat(peer: string): boolean {
    return this.roster.holds(peer);
  }

  private nameOf(peer: string): string {
    return this.roster.nameOf(peer);
  }

  private changed(): void {
    this.listener(this.snapshot());
  }
}
