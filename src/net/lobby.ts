/**
 * The lobby: who sits where at a table, and a full mesh of links between them.
 *
 * The creator (host) listens under an id derived from the table id, keeps the seat list
 * and sends it to everyone; it has no other authority, and the game itself gives it none.
 * A visitor (an invite link opened) learns the table from the host before asking to sit,
 * and is told when no table answers or every seat is taken; a visitor hears no chat and
 * no Start. A player who leaves says goodbye first, so the others tell "left" from "lost".
 * Every pair of players gets its own link: a newcomer dials every player seated before
 * it, so each pair is dialled exactly once. After Start, every player signs the genesis
 * it built from the roster it was sent (`genesis.ts`); the table opens only when all agree.
 *
 * A player's hello proves its identity key, as a seat hello does in the game (`seats.ts`):
 * each end of a link sends `{ type: 'lobby-challenge', nonce }` as it opens, and a hello
 * carries that nonce signed with the key it names, over `fair-deal/lobby-hello/v2\n` and
 * the canonical `{ channel, name, nonce, peer, table }` (`peer`: the sender's own id, so
 * a hello relayed over another link fails; `channel`: the link's DTLS certificate
 * fingerprints, the sender's then the receiver's, so a hello relayed from one side of a
 * man in the middle to the other fails too, `challenges.ts`). So a seated player back
 * under a new peer id (its page reloaded) is given its seat back on proof, nobody who
 * merely knows its public key, which every roster shows, can take it, and whoever relayed
 * a link's signaling cannot sit in its middle and have a player seated through it. A host
 * back from a reload opens the roster it kept, so every seat stays where it was until its
 * player comes back.
 *
 * A link counts as the player's only once its hello is proven on it: until then the lobby
 * shows it `connecting`, reports it so to the others, takes no chat and no goodbye over
 * it, and keeps the player's report of its links aside (taken once the hello is proven,
 * since everything on a proven link is the player's own). Whoever sits in the middle of
 * a link (the host that relayed its codes, a PeerServer) can then put no word in either
 * end's mouth, and a hello made on another link is said on screen (`middle`). Start
 * needs every pair proven, each end's word on it from a link proven at this end.
 *
 * A computer player the host adds is a peer of its own, but its keys live in the host's
 * page. The host says so: each roster entry carries `runByHost`, true for a seat the
 * host's page runs, and the genesis records it (`Genesis.runBy`), so every player's page
 * says whose page runs that seat and a transcript shows it. It is the host's word: an
 * honest host tells the truth, a dishonest one could leave it out (docs/threat-model.md).
 *
 * The table's options are checked with its game's terms (its setup, decks and seat count),
 * which a page loads for that game alone (`loadTerms`), without its rules: a roster for a
 * game whose terms have not loaded yet waits for them, and every message after it too, so
 * that each is still taken in the order it came. The table session, which plays the rules,
 * takes them from the registry once the genesis is agreed.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeCanonical } from '../engine/encoding.ts';
import type { GameId } from '../engine/catalog.ts';
import type { AnyTerms } from '../engine/game.ts';
import { loadedTerms, loadTerms, suitsSeats, totalDeckSize } from '../engine/games/playable.ts';
import { signMessage, verifyMessage, type Identity } from '../engine/identity.ts';
import { PROTOCOL_VERSION, type Genesis } from '../engine/table/types.ts';
import { GenesisAgreement, verifyStatement, type GenesisStatement } from './genesis.ts';
import { channelToSign, Challenges, onThisLink, type SignedChannel } from './challenges.ts';
import { hostPeerId } from './ids.ts';
import { Retry } from './backoff.ts';
import { Messenger } from './messenger.ts';
import { CHAT_KEPT } from './chat.ts';
import {
  chatText,
  parseWireMessage,
  type LobbyMessage,
  type Player,
  type Seat,
  type TableInfo,
  type WireMessage,
} from './messages.ts';
import { isDown, type LinkState, type Transport } from './transport.ts';

const MAX_BACKLOG = 1000;
/**
 * How long a visitor waits for the host's answer before saying that no table answers:
 * an unknown id is refused by the signaling server at once, but a host whose page died
 * may still be registered, and a link to it only times out later in the transport.
 */
export const HOST_ANSWER_LIMIT_MS = 8000;
/** Time for a goodbye to leave before the links close. */
const GOODBYE_MS = 500;
/**
 * How a guest, seated or still visiting, redials a lost host before Start: soon, then every
 * 10 s. A first dial can fail on a busy machine (a link that does not open in time), and a
 * host may be reloading its page: the join page must not wait for a reload of its own.
 */
const HOST_REDIAL_BACKOFF = { firstMs: 1000, maxMs: 10000 };
const HELLO_DOMAIN = 'fair-deal/lobby-hello/v2\n';
const overUnprovenLink = (what: string) =>
  `${what} over a link its sender has not proven its hello on`;

/** What a lobby hello signs: see the top of this file. */
const helloBytes = (
  table: string,
  peer: string,
  name: string,
  nonce: string,
  channel: SignedChannel,
): Uint8Array => utf8ToBytes(HELLO_DOMAIN + encodeCanonical({ table, peer, name, nonce, channel }));

export interface ChatLine {
  from: string;
  name: string;
  text: string;
}

/**
 * A visitor is `joining` until the host answers, `unanswered` when it does not (a bogus or
 * expired link), `unreachable` when the host's page answered but no network path joins
 * the two pages (their networks need a relay). After Start the table is `checking` until every seat has signed this
 * player's genesis hash (`started`), or one has signed another (`mismatch`: the table
 * never starts).
 */
export type LobbyPhase =
  'joining' | 'unanswered' | 'unreachable' | 'open' | 'full' | 'checking' | 'started' | 'mismatch';

/**
 * How the link between seats `a` and `b` (a < b) is doing, from what its two ends say:
 * the worse of their words when both spoke (a link is up only when both ends have it
 * up), else the one word heard. An end's word reaches only the seats it has a link to:
 * the host, linked to all, sees every pair.
 */
export interface PairLink {
  a: number;
  b: number;
  state: LinkState;
}

/** Worst first: the state a pair shows when its two ends disagree. */
const SEVERITY: readonly LinkState[] = ['unreachable', 'lost', 'connecting', 'connected'];
const worse = (x: LinkState, y: LinkState): LinkState =>
  SEVERITY.indexOf(x) <= SEVERITY.indexOf(y) ? x : y;

/** Why `rules` refuse the options of `table`, or null when they suit it. */
function optionsRefused(rules: AnyTerms, { options, seats }: TableInfo): string | null {
  if (!rules.setup(options).ok) return 'options the game refuses';
  if (!suitsSeats(rules, options, seats)) return 'options for another number of players';
  return null;
}

/** What the table session needs once every seat agreed on the genesis. */
export interface TableStart {
  genesis: Genesis;
  seat: number;
  /** Each seat's peer id in the lobby: where to dial it first; each link still proves its seat. */
  peers: string[];
}

/** A snapshot for the UI; a new object after every change. */
export interface LobbySnapshot {
  table: TableInfo | null;
  players: Seat[];
  links: Record<string, LinkState>;
  /** Every pair of seats taken, and its link: who cannot reach whom, before Start. */
  pairs: PairLink[];
  chat: ChatLine[];
  phase: LobbyPhase;
  isHost: boolean;
  /** This peer holds a seat; a visitor does not (yet). */
  seated: boolean;
  /** Set when there is no seat for this peer: every seat is taken by others. */
  refused: boolean;
  /** Players who said goodbye: their link is closing or closed, and not lost by accident. */
  left: string[];
  /** Peers disconnected for sending more than any honest peer does: who, and how. */
  disconnected: { peer: string; name: string; reason: string }[];
  /** While `checking`: the seats whose signed genesis has not arrived yet. */
  waiting: Seat[];
  /** Messages dropped as malformed, with their reasons, newest last. */
  dropped: string[];
  /**
   * Peers whose hello came made on another link: someone sits in the middle of this
   * page's link to them, and it does not count as theirs. Until one proves itself.
   */
  middle: { peer: string; name: string }[];
  /**
   * The game whose rules this page is loading (to check the host's roster, or at the host
   * before its table can start), and why they could not load (a chunk not reachable) if
   * they could not; null when nothing waits for them.
   */
  rules: { game: GameId; error: string | null } | null;
}

const AGREEMENT_PHASE = {
  checking: 'checking',
  agreed: 'started',
  mismatch: 'mismatch',
} as const satisfies Record<string, LobbyPhase>;

export class LobbySession {
  private readonly messenger: Messenger<WireMessage>;
  private table: TableInfo | null;
  private players: Seat[];
  private readonly links = new Map<string, LinkState>();
  /**
   * Peers to which no path was found, dialled again since: their link still reads
   * `unreachable` while it opens, so nobody sees it flicker to `connecting` and back.
   */
  private readonly noPath = new Set<string>();
  /** Each seated peer's last word on its own links (`links` messages). */
  private readonly reports = new Map<string, ReadonlyMap<string, LinkState>>();
  /** Peers whose hello is proven on the link open now: what comes over it is theirs. */
  private readonly proven = new Set<string>();
  /** The last report of a peer not proven yet on its link, taken once it is. */
  private readonly unproven = new Map<string, ReadonlyMap<string, LinkState>>();
  /** Seated peers whose hello was made on another link, until one is proven on a link of theirs. */
  private readonly middled = new Set<string>();
  private readonly names = new Map<string, string>();
  private chat: ChatLine[] = [];
  private readonly dropped: string[] = [];
  /** Set at Start: from then on the roster is frozen. */
  private agreement: GenesisAgreement | null = null;
  /** Genesis statements that arrive before this peer has seen Start. */
  private early: { from: string; statement: GenesisStatement }[] = [];
  private readonly left = new Set<string>();
  private readonly disconnected: LobbySnapshot['disconnected'] = [];
  private answerTimer: ReturnType<typeof setTimeout> | null = null;
  /** A guest dials a host it lost again, seated or visiting: the host may be reloading its page. */
  private readonly hostRedial = new Retry(() => this.redialHost(), HOST_REDIAL_BACKOFF);
  /**
   * A guest redials, before Start, a lost link to a guest seated before it: Start waits
   * for every pair, so a pair nobody dials again would hold the table forever.
   */
  private readonly seatRedials = new Map<string, Retry>();
  private unanswered = false;
  /** The host's page answered, but no network path joined it to this one. */
  private unreachable = false;
  /** Each linked peer's challenges from this end that its hello may still answer. */
  private readonly challenges = new Challenges();
  /** Each linked peer's latest challenge to this end, until this player has a name to answer with. */
  private readonly toAnswer = new Map<string, string>();
  /** At the host: the identity keys of the seats its own page runs (`runsHere`). */
  private readonly runHere = new Set<string>();
  private listener: (snapshot: LobbySnapshot) => void = () => {};
  /**
   * The messages that came since a roster began to wait for its game's rules, in order;
   * null when none waits.
   */
  private held: { from: string; message: WireMessage }[] | null = null;
  /** See `LobbySnapshot.rules`. */
  private rules: LobbySnapshot['rules'] = null;

  /** Null while visiting: this peer has not asked for a seat. */
  private me: Player | null;

  private constructor(
    transport: Transport,
    private readonly tableId: string,
    name: string | null,
    private readonly identity: Identity,
    table: TableInfo | null,
    roster: readonly Seat[] = [],
  ) {
    this.me = name === null ? null : { name, identity: identity.publicKey };
    this.table = table;
    // `=== true`: a roster kept before this flag existed has none.
    const others = roster.slice(1).map((p) => ({ ...p, runByHost: p.runByHost === true }));
    for (const p of others) if (p.runByHost) this.runHere.add(p.identity);
    this.players =
      table && this.me ? [{ peer: transport.id, ...this.me, runByHost: false }, ...others] : [];
    this.messenger = new Messenger(transport, parseWireMessage);
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
    if (!loadedTerms(table.game)) {
      const { game } = table;
      session.rules = { game, error: null };
      loadTerms(game).then(
        () => {
          session.rules = null;
          session.changed();
        },
        (e: unknown) => {
          session.rules = { game, error: (e as Error).message };
          session.changed();
        },
      );
    }
    return session;
  }

  /**
   * Opens a link to the host of `tableId` to learn the table (its game, who invites, the
   * seats taken) without asking for a seat; `sit` asks. Says `unanswered` when the host
   * is not there or says nothing within `HOST_ANSWER_LIMIT_MS`.
   */
  static visit(transport: Transport, tableId: string, identity: Identity): LobbySession {
    const session = new LobbySession(transport, tableId, null, identity, null);
    const waitForAnswer = () => {
      session.answerTimer = setTimeout(() => {
        // A link still opening soon says how it ended: no table, or no path to it.
        if (session.links.get(hostPeerId(tableId)) === 'connecting') return waitForAnswer();
        session.answerTimer = null;
        session.unanswered = true;
        session.changed();
      }, HOST_ANSWER_LIMIT_MS);
    };
    waitForAnswer();
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
    for (const peer of [...this.toAnswer.keys()]) this.answer(peer);
    this.changed();
  }

  get id(): string {
    return this.messenger.id;
  }

  get isHost(): boolean {
    return this.id === hostPeerId(this.tableId);
  }

  /** The typed channel, for the layers that run the game on these links. */
  get channel(): Messenger<WireMessage> {
    return this.messenger;
  }

  subscribe(listener: (snapshot: LobbySnapshot) => void): void {
    this.listener = listener;
    this.changed();
  }

  snapshot(): LobbySnapshot {
    const full = this.table !== null && this.players.length === this.table.seats;
    const seated = this.holdsSeat(this.id);
    return {
      table: this.table,
      players: this.players.map((p) => ({ ...p })),
      links: Object.fromEntries([...this.links.keys()].map((peer) => [peer, this.linkTo(peer)!])),
      pairs: this.pairs(),
      chat: [...this.chat],
      phase: this.agreement
        ? AGREEMENT_PHASE[this.agreement.status]
        : this.table === null
          ? this.unreachable
            ? 'unreachable'
            : this.unanswered
              ? 'unanswered'
              : 'joining'
          : full
            ? 'full'
            : 'open',
      isHost: this.isHost,
      seated,
      refused: full && !seated,
      left: [...this.left],
      disconnected: this.disconnected.map((d) => ({ ...d })),
      waiting:
        this.agreement?.status === 'checking'
          ? this.agreement.waiting().map((seat) => ({ ...this.players[seat]! }))
          : [],
      dropped: [...this.dropped],
      middle: [...this.middled].map((peer) => ({ peer, name: this.nameOf(peer) })),
      rules: this.rules && { ...this.rules },
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

  start(): void {
    if (!this.canStart()) throw new Error('the table cannot start yet');
    this.toSeats({ type: 'start' });
    this.begin();
    this.changed();
  }

  /** The agreed table, once every seat has signed this player's genesis; null before. */
  tableStart(): TableStart | null {
    if (this.agreement?.status !== 'agreed') return null;
    const { genesis, seat } = this.agreement;
    return {
      genesis,
      seat,
      peers: this.players.map((p) => p.peer),
    };
  }

  /** Keeps a line of the lobby's chat, bounded like the table's (`chat.ts`). */
  private hear(line: ChatLine): void {
    this.chat = [...this.chat, line].slice(-CHAT_KEPT);
  }

  say(text: string): void {
    const checked = chatText(text);
    if (!this.me || checked === null) return;
    this.toSeats({ type: 'chat', text: checked });
    this.hear({ from: this.id, name: this.me.name, text: checked });
    this.changed();
  }

  /**
   * The host says that its own page runs the player whose identity key is `identity` (a
   * computer player it adds): that seat is `runByHost` in every roster it sends, and so in
   * the genesis. Called before that player's hello arrives, so that no roster lists it
   * without the flag; a seat already taken under that key is flagged at once.
   */
  runsHere(identity: string): void {
    if (!this.isHost || this.agreement || identity === this.identity.publicKey) return;
    this.runHere.add(identity);
    const held = this.players.find((p) => p.identity === identity);
    if (!held || held.runByHost) return;
    held.runByHost = true;
    this.sendRoster();
    this.changed();
  }

  /** The host frees the seat of a player who left or whose link is lost, so someone else can sit. */
  freeSeat(peer: string): void {
    const state = this.links.get(peer);
    if (!this.isHost || this.agreement || (!(state && isDown(state)) && !this.left.has(peer)))
      return;
    this.players = this.players.filter((p) => p.peer !== peer);
    this.links.delete(peer);
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
    this.stopWaitingForHost();
    this.held = null;
    this.listener = () => {};
    this.hostRedial.stop();
    for (const redial of this.seatRedials.values()) redial.stop();
    this.messenger.close();
  }

  /**
   * Start seen: this player signs the genesis built from the roster it holds and sends it
   * to every other seat. The roster is frozen from here on.
   */
  private begin(): void {
    const table = this.table!;
    const seat = this.players.findIndex((p) => p.peer === this.id);
    const genesis: Genesis = {
      table: table.id,
      game: table.game,
      names: this.players.map((p) => p.name),
      identities: this.players.map((p) => p.identity),
      deckSize: totalDeckSize(loadedTerms(table.game)!, table.options),
      options: table.options,
      clock: table.clock,
      protocol: PROTOCOL_VERSION,
      // Seat 1 is the host's: a seat the host's page runs is run by seat 0's page.
      ...(this.players.some((p) => p.runByHost)
        ? { runBy: this.players.map((p, seat) => (p.runByHost ? 0 : seat)) }
        : {}),
    };
    const peers = this.players.map((p) => p.peer);
    this.agreement = new GenesisAgreement(genesis, seat, peers, this.identity);
    for (const peer of peers) if (peer !== this.id) this.sendStatement(peer);
    for (const { from, statement } of this.early) this.takeStatement(from, statement);
    this.early = [];
  }

  private sendStatement(peer: string): void {
    if (this.agreement) this.messenger.send(peer, this.agreement.statement);
  }

  private takeStatement(from: string, statement: GenesisStatement): void {
    const refused = this.agreement!.take(from, statement);
    if (refused) this.drop(from, refused);
  }

  private receive(from: string, message: WireMessage): void {
    if (this.held) {
      if (this.held.length < MAX_BACKLOG) this.held.push({ from, message });
      else this.drop(from, 'a message while the rules of the table’s game load');
      return;
    }
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
        this.toAnswer.set(from, message.nonce);
        this.answer(from);
        break;
      case 'hello':
        if (!this.proves(from, message)) break;
        this.names.set(from, message.name);
        this.provenOn(from);
        if (this.isHost) this.seat(from, message);
        break;
      case 'roster':
        if (from !== hostPeerId(this.tableId) || message.table.id !== this.tableId)
          this.drop(from, 'roster from a peer that is not the host');
        else if (this.agreement) this.drop(from, 'roster after Start');
        else this.checkRoster(from, message);
        break;
      case 'chat':
        if (!this.proven.has(from)) this.drop(from, overUnprovenLink('chat'));
        else if (this.holdsSeat(from) && this.holdsSeat(this.id))
          this.hear({ from, name: this.nameOf(from), text: message.text });
        else this.drop(from, 'chat from or to a peer without a seat');
        break;
      case 'bye':
        if (this.proven.has(from)) this.left.add(from);
        else this.drop(from, overUnprovenLink('a goodbye'));
        break;
      case 'start':
        if (from !== hostPeerId(this.tableId) || this.agreement) break;
        if (
          this.snapshot().phase !== 'full' ||
          !this.holdsSeat(this.id) ||
          loadedTerms(this.table!.game) === null
        )
          this.drop(from, 'Start for a table this player cannot play');
        else this.begin();
        break;
      case 'links':
        if (!this.holdsSeat(from)) this.drop(from, 'links from a peer without a seat');
        else
          (this.proven.has(from) ? this.reports : this.unproven).set(
            from,
            new Map(Object.entries(message.links)),
          );
        break;
      case 'genesis':
        if (!verifyStatement(this.tableId, message)) this.drop(from, 'bad genesis signature');
        else if (this.agreement) this.takeStatement(from, message);
        else if (this.early.length < MAX_BACKLOG) this.early.push({ from, statement: message });
        break;
    }
    this.changed();
  }

  /** Sends `peer` a fresh nonce its hello must sign. */
  private challenge(peer: string): void {
    this.messenger.send(peer, { type: 'lobby-challenge', nonce: this.challenges.issue(peer) });
  }

  /** Answers `peer`'s challenge with a signed hello, once this player has a name to give. */
  private answer(peer: string): void {
    const nonce = this.toAnswer.get(peer);
    const channel = channelToSign(this.messenger.transport, peer);
    if (!this.me || nonce === undefined || !channel) return;
    this.toAnswer.delete(peer);
    const sig = signMessage(
      this.identity.secretKey,
      helloBytes(this.tableId, this.id, this.me.name, nonce, channel),
    );
    this.messenger.send(peer, { type: 'hello', ...this.me, nonce, channel, sig });
  }

  /**
   * True when `hello` answers an open challenge to `from`, is signed by the key it names
   * and was made on this very link.
   */
  private proves(from: string, hello: LobbyMessage & { type: 'hello' }): boolean {
    if (!this.challenges.take(from, hello.nonce)) {
      this.drop(from, 'a hello that answers no open challenge of ours');
      return false;
    }
    const bytes = helloBytes(this.tableId, from, hello.name, hello.nonce, hello.channel);
    if (!verifyMessage(hello.identity, bytes, hello.sig)) {
      const claimed = this.players.find((p) => p.identity === hello.identity);
      this.drop(
        from,
        claimed
          ? `a hello claiming ${claimed.name}'s seat, not signed by that seat's key`
          : 'a hello not signed by the identity key it names',
      );
      return false;
    }
    if (!onThisLink(this.messenger.transport, from, hello.channel)) {
      // Said on screen for a seated player, whose name the page shows: a bounded few.
      if (this.holdsSeat(from)) this.middled.add(from);
      this.drop(from, 'a hello made on another link: someone sits in the middle of this one');
      return false;
    }
    return true;
  }

  /** `peer` proved its hello on the link open now: that link is its own, and so its report. */
  private provenOn(peer: string): void {
    this.proven.add(peer);
    this.middled.delete(peer);
    this.messenger.transport.proven?.(peer);
    const report = this.unproven.get(peer);
    this.unproven.delete(peer);
    if (report && this.holdsSeat(peer)) this.reports.set(peer, report);
    // This end's own word on the link has changed: from `connecting` to `connected`.
    this.tellLinks();
  }

  /** A proven hello at the host: the seat of its key (back under a new peer id, maybe), or a free one. */
  private seat(peer: string, { name, identity }: Player): void {
    if (!this.table || this.agreement) return;
    const mine = this.players.find((p) => p.peer === peer);
    const held = this.players.find((p) => p.identity === identity);
    // A seat's identity key never changes: the game's events are checked against it.
    if (mine && mine !== held)
      return this.drop(peer, 'a hello under another key than the one of its seat');
    if (held?.peer === this.id) return this.drop(peer, 'a hello under the host’s own key');
    // Proven: a seated player back under a new peer id (a reloaded page) has its seat back.
    if (held) Object.assign(held, { peer, name });
    else if (this.players.length < this.table.seats)
      this.players.push({ peer, name, identity, runByHost: this.runHere.has(identity) });
    this.sendRoster();
  }

  /** Sends `message` to every other seated player with an open link; visitors hear nothing. */
  private toSeats(message: LobbyMessage): void {
    for (const p of this.players) if (p.peer !== this.id) this.messenger.send(p.peer, message);
  }

  private stopWaitingForHost(): void {
    if (this.answerTimer !== null) clearTimeout(this.answerTimer);
    this.answerTimer = null;
  }

  private sendRoster(): void {
    if (!this.table) return;
    this.messenger.broadcast({ type: 'roster', table: this.table, players: this.players });
    this.tellLinks();
  }

  /**
   * Adopts the host's roster once its options suit its game's rules; a roster for a game
   * whose rules have not loaded waits for them (`held`), and the messages after it too.
   */
  private checkRoster(from: string, roster: LobbyMessage & { type: 'roster' }): void {
    const { table, players } = roster;
    const rules = loadedTerms(table.game);
    if (!rules) return this.awaitRules(from, roster);
    const refused = optionsRefused(rules, table);
    if (refused) this.drop(from, `a roster with ${refused}`);
    else this.adoptRoster(table, players);
  }

  /**
   * Holds `roster`, and every message after it, until the rules of its game load; then
   * takes them in the order they came. The host has answered, so the page no longer waits
   * to say that no table does. Rules that cannot load leave the lobby waiting, and say why.
   */
  private awaitRules(from: string, roster: LobbyMessage & { type: 'roster' }): void {
    const { game } = roster.table;
    const held: { from: string; message: WireMessage }[] = [{ from, message: roster }];
    this.held = held;
    this.rules = { game, error: null };
    this.stopWaitingForHost();
    loadTerms(game).then(
      () => {
        // Closed meanwhile: nothing more to take.
        if (this.held !== held) return;
        this.held = null;
        this.rules = null;
        for (const { from, message } of held) this.receive(from, message);
        this.changed();
      },
      (e: unknown) => {
        if (this.held !== held) return;
        this.rules = { game, error: (e as Error).message };
        this.changed();
      },
    );
  }

  private adoptRoster(table: TableInfo, players: Seat[]): void {
    this.stopWaitingForHost();
    this.unanswered = false;
    this.unreachable = false;
    this.table = table;
    this.players = players;
    const mine = players.findIndex((p) => p.peer === this.id);
    for (const p of players.slice(0, Math.max(mine, 0))) {
      if (this.links.get(p.peer) !== 'connected') this.messenger.connect(p.peer);
    }
    this.tellLinks();
  }

  /**
   * Tells every seat this player's links to the others, so that each lobby shows every
   * pair (`pairs`): the host sees who cannot reach whom. Only before Start, only seated.
   */
  private tellLinks(): void {
    // Called after every change of the roster: a report from a peer no longer seated goes.
    for (const kept of [this.reports, this.unproven, this.middled])
      for (const peer of kept.keys()) if (!this.holdsSeat(peer)) kept.delete(peer);
    if (this.agreement || !this.holdsSeat(this.id)) return;
    const links = Object.fromEntries(
      this.players.flatMap((p) => {
        const state = this.linkTo(p.peer);
        return p.peer === this.id || state === undefined ? [] : [[p.peer, state]];
      }),
    );
    this.toSeats({ type: 'links', links });
  }

  private pairs(): PairLink[] {
    const said = (from: string, to: string): LinkState | undefined =>
      from === this.id ? this.linkTo(to) : this.reports.get(from)?.get(to);
    return this.players.flatMap((x, a) =>
      this.players.slice(a + 1).map((y, i) => {
        const [there, back] = [said(x.peer, y.peer), said(y.peer, x.peer)];
        const state = there && back ? worse(there, back) : (there ?? back ?? 'connecting');
        return { a, b: a + 1 + i, state };
      }),
    );
  }

  private redialHost(): void {
    const host = hostPeerId(this.tableId);
    if (this.agreement || this.links.get(host) === 'connected') return;
    this.messenger.connect(host);
    this.hostRedial.schedule();
  }

  /** The guest seated before this one at `peer`, which this one dials; the host has its own redial. */
  private dials(peer: string): boolean {
    const seat = this.players.findIndex((p) => p.peer === peer);
    const mine = this.players.findIndex((p) => p.peer === this.id);
    return seat > 0 && mine > seat;
  }

  private redialSeat(peer: string): Retry {
    let redial = this.seatRedials.get(peer);
    if (!redial) {
      redial = new Retry(() => {
        if (this.agreement || !this.dials(peer)) this.seatRedials.delete(peer);
        else if (this.links.get(peer) !== 'connected') this.messenger.connect(peer);
      }, HOST_REDIAL_BACKOFF);
      this.seatRedials.set(peer, redial);
    }
    return redial;
  }

  /**
   * The link to `peer` as this player tells it (see `noPath`): `connected` only once its
   * hello is proven on it.
   */
  private linkTo(peer: string): LinkState | undefined {
    const state = this.links.get(peer);
    if (state === 'connected' && !this.proven.has(peer)) return 'connecting';
    return state === 'connecting' && this.noPath.has(peer) ? 'unreachable' : state;
  }

  private linkChanged(peer: string, state: LinkState): void {
    this.links.set(peer, state);
    if (state === 'unreachable') this.noPath.add(peer);
    else if (state !== 'connecting') this.noPath.delete(peer);
    if (!this.agreement && this.dials(peer)) {
      if (state === 'connected') this.redialSeat(peer).reset();
      else if (isDown(state)) this.redialSeat(peer).schedule();
    }
    if (peer === hostPeerId(this.tableId)) {
      if (state === 'connected') this.hostRedial.reset();
      else if (isDown(state) && !this.agreement) this.hostRedial.schedule();
    }
    if (state === 'connected') {
      this.left.delete(peer);
      this.challenge(peer);
    } else {
      this.challenges.forget(peer);
      this.toAnswer.delete(peer);
    }
    // A new link, or none: whoever is at its end proves itself again.
    this.proven.delete(peer);
    this.unproven.delete(peer);
    if (peer === hostPeerId(this.tableId) && this.table === null && isDown(state)) {
      this.stopWaitingForHost();
      this.unanswered = state === 'lost';
      this.unreachable = state === 'unreachable';
    }
    const seated = this.holdsSeat(peer);
    // A link between two guests may still be opening at Start: the statement goes when it opens.
    if (state === 'connected' && seated) this.sendStatement(peer);
    if (state === 'connected' && this.isHost && seated && !this.agreement) this.sendRoster();
    // A visitor learns the table, and so whether a seat is free, before it asks for one.
    if (state === 'connected' && this.isHost && !seated && this.table)
      this.messenger.send(peer, { type: 'roster', table: this.table, players: this.players });
    if (seated) this.tellLinks();
    this.changed();
  }

  private drop(from: string, reason: string): void {
    this.dropped.push(`${from}: ${reason}`);
    console.warn(`fairdeal: dropped a message from ${from}: ${reason}`);
  }

  private holdsSeat(peer: string): boolean {
    return this.players.some((p) => p.peer === peer);
  }

  private nameOf(peer: string): string {
    return this.players.find((p) => p.peer === peer)?.name ?? this.names.get(peer) ?? peer;
  }

  private changed(): void {
    this.listener(this.snapshot());
  }
}
