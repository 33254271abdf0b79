/**
 * A spectator's session: it watches a table it holds no seat at, with no key, and signs
 * nothing. From the watch link it knows only the table id: it dials the table's
 * rendezvous (the host's peer id), asks to `watch`, and a seat with room answers with the
 * genesis and where it reaches every other seat, which the spectator dials in turn.
 *
 * It trusts no seat for the game: it runs its own replica, checks every signature and
 * every proof in the pool as a seat does (`LiveReplica`), and gets the log as a seat
 * does (`LogExchange`): each seat sends it its own events as it makes them, and it pulls
 * what it lacks from any seat it is linked to. A peer is taken for a seat only once it
 * has proven it: the spectator challenges every link, and the seat's `seat-hello` must
 * be signed by that seat's key in the genesis, for this genesis, on this very link, as
 * between seats (`seats.ts`). The first seat's genesis must name the table of the link;
 * every other seat proves itself under the same genesis hash, or is not heard.
 *
 * It sees what a bystander at a real table sees: the replica holds the public state
 * every seat holds, and no secret of any seat. Once the audit opens every key, it sees
 * every card's path, as everyone does.
 *
 * It reads the players' chat: each seat sends it the lines its player says, heard only
 * over the link that proved that seat, and kept within the chat's bounds (`ChatLines`).
 * It says nothing there.
 *
 * When the players play again, a seat tells its spectators the new table (`rematch`), and
 * `next` names it: the page follows them there as it would follow a watch link.
 *
 * A spectator sends `watch`, `challenge`, asks (`have`) and, when it finds a seat's two
 * versions of one event, both (`fork`), nothing else: the seats drop one that sends
 * more (`audience.ts`).
 */
import type { Json } from '../engine/encoding.ts';
import type { Seat } from '../engine/game.ts';
import type { Playable } from '../engine/games/registry.ts';
import type { Replica } from '../engine/table/replica.ts';
import { genesisHash } from '../engine/table/fold.ts';
import type { Genesis } from '../engine/table/types.ts';
import { parseGenesis } from '../engine/transcript.ts';
import { Retry, type Backoff } from './backoff.ts';
import { Challenges, onThisLink } from './challenges.ts';
import { ChatLines } from './chat.ts';
import { LogExchange } from './exchange.ts';
import { hostPeerId } from './ids.ts';
import { LiveReplica } from './live.ts';
import { tableSnapshot, type TableSnapshot } from './snapshot.ts';
import type { SeatMessage, WireMessage } from './messages.ts';
import type { Messenger } from './messenger.ts';
import type { CryptoPool } from './pool.ts';
import { helloSigned } from './seats.ts';
import type { PeerHash } from './table.ts';

const text = new TextDecoder();

/**
 * Where a watch stands: looking for a seat that lets it watch (`finding`), every seat it
 * reached has no room (`full`), following the table (`watching`), or stopped (`failed`,
 * `failure` says why).
 */
export type WatchStatus = 'finding' | 'full' | 'watching' | 'failed';

/** Redialling a seat not linked: after 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export const WATCH_BACKOFF: Backoff = { firstMs: 1000, maxMs: 10_000 };
/** How often a link that has not answered `watch` is asked again: the table may not have started. */
const ASK_AGAIN_MS = 2000;
/**
 * How long a spectator waits, once a seat said where the players play again, for a lower
 * seat's word: two players who press Play again at once cross, and the players take the
 * lowest seat's table.
 */
export const FOLLOW_AFTER_MS = 2000;

type Hello = SeatMessage & { type: 'seat-hello' };

interface Watched {
  readonly genesis: Genesis;
  readonly hash: string;
  readonly live: LiveReplica<Json>;
  readonly exchange: LogExchange;
  /** Per seat, the peer id that proved it and is linked now, or null. */
  readonly peers: (string | null)[];
  /** Per seat, where it was last heard to be. */
  readonly addresses: (string | null)[];
  /** Per seat, the spectators it says it serves. */
  readonly audiences: string[][];
  /** Per seat, what it says its replica reached once the table was done. */
  readonly peerHashes: (PeerHash | null)[];
  /** Per seat, the table it opened to play again at with the same players, or null. */
  readonly next: (string | null)[];
  readonly retries: Retry[];
  /** What the players said since this page began to watch. */
  readonly chat: ChatLines;
}

export class WatchSession {
  status: WatchStatus = 'finding';
  /** Why the watch stopped, when `status` is `failed`. */
  failure: string | null = null;
  private watched: Watched | null = null;
  /** Peers that answered `watch-full`. */
  private readonly full = new Set<string>();
  /** A seat hello heard before the genesis it is signed under, by peer id. */
  private readonly early = new Map<string, Hello>();
  private readonly challenges = new Challenges();
  private readonly listeners = new Set<() => void>();
  /** The snapshot of the table since the last change, once asked for. */
  private current: TableSnapshot | null = null;
  private readonly unsubscribe: () => void;
  private readonly asker: ReturnType<typeof setInterval>;
  private readonly rendezvous: Retry;
  private starting = false;
  private closed = false;
  /** The wait for crossing invitations to play again (`FOLLOW_AFTER_MS`), once one came. */
  private following: ReturnType<typeof setTimeout> | null = null;
  /** True once that wait is over: `next` names the table the players went to. */
  private followed = false;

  /**
   * Watches table `table` over `messenger`; `load` gives the rules of the game the genesis
   * names (null: this build cannot run it); `pool` checks every proof.
   */
  constructor(
    private readonly messenger: Messenger<WireMessage>,
    readonly table: string,
    /** Where this page checks every proof, and opens the audit view's cards. */
    readonly pool: CryptoPool,
    private readonly load: (game: string) => Promise<Playable<Json> | null>,
    private readonly backoff: Backoff = WATCH_BACKOFF,
    /** Where to ask first: the table's rendezvous, unless a seat is known elsewhere. */
    private readonly entry: string = hostPeerId(table),
  ) {
    this.unsubscribe = messenger.on({
      joined: (peer) => this.greet(peer),
      lost: (peer) => this.linkLost(peer),
      message: (from, message) => this.receive(from, message),
      online: () => this.redialAll(),
    });
    this.rendezvous = new Retry(() => this.dialRendezvous(), backoff);
    for (const peer of messenger.transport.connectedPeers()) this.greet(peer);
    this.dialRendezvous();
    // A table still in its lobby does not answer `watch` yet: ask again until it does.
    this.asker = setInterval(() => this.askAgain(), ASK_AGAIN_MS);
  }

  /** The replica this spectator runs, once a seat has given the genesis. */
  get replica(): Replica<Json> | null {
    return this.watched?.live.replica ?? null;
  }

  get genesis(): Genesis | null {
    return this.watched?.genesis ?? null;
  }

  /** The proof checks and their times, as this device made them. */
  get live(): LiveReplica<Json> | null {
    return this.watched?.live ?? null;
  }

  /** The table as this spectator's page draws it, once a seat has given the genesis: a new snapshot after every change. */
  get snapshot(): TableSnapshot | null {
    if (!this.watched) return null;
    this.current ??= tableSnapshot(this.watched.live);
    return this.current;
  }

  /** Which seats this spectator is linked to now, by seat. */
  linked(): boolean[] {
    return this.watched?.peers.map((peer) => peer !== null) ?? [];
  }

  /** How many spectators watch the table, this one included, as the seats say. */
  get spectators(): number {
    const audiences = this.watched?.audiences.flat() ?? [];
    return new Set([...audiences, this.messenger.id]).size;
  }

  /**
   * The table the players go on to, once a seat has said it opened one to play again
   * (`rematch`): the lowest seat's, as the players take it when two invitations cross.
   * Null until then, and while a lower seat's crossing word may still come.
   */
  get next(): string | null {
    if (!this.followed) return null;
    return this.watched?.next.find((table) => table !== null) ?? null;
  }

  /** The players' chat, once a seat has given the genesis. */
  get chat(): ChatLines | null {
    return this.watched?.chat ?? null;
  }

  /** What each seat says its replica reached once the table was done. */
  get peerHashes(): readonly (PeerHash | null)[] {
    return this.watched?.peerHashes ?? [];
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    clearInterval(this.asker);
    if (this.following !== null) clearTimeout(this.following);
    this.rendezvous.stop();
    if (this.watched) {
      this.watched.live.close();
      this.watched.exchange.close();
      for (const retry of this.watched.retries) retry.stop();
    }
    this.listeners.clear();
  }

  private greet(peer: string): void {
    this.messenger.send(peer, { type: 'watch' });
    this.messenger.send(peer, { type: 'challenge', nonce: this.challenges.issue(peer) });
  }

  /**
   * Every linked peer not yet a seat of ours, and not full, is asked again and challenged
   * afresh: a page still in its lobby when this one linked heard neither.
   */
  private askAgain(): void {
    const seats = new Set(this.watched?.peers ?? []);
    for (const peer of this.messenger.transport.connectedPeers())
      if (!seats.has(peer) && !this.full.has(peer)) this.greet(peer);
  }

  private dialRendezvous(): void {
    if (this.closed) return;
    // Once the table is found, each seat is redialled where it was last heard to be.
    if (this.watched) return;
    if (!this.messenger.transport.connectedPeers().includes(this.entry))
      this.messenger.connect(this.entry);
    this.rendezvous.schedule();
  }

  private redialAll(): void {
    this.rendezvous.reset();
    this.dialRendezvous();
    this.watched?.retries.forEach((retry, seat) => {
      retry.reset();
      this.redial(seat);
    });
  }

  private redial(seat: Seat): void {
    const watched = this.watched;
    if (this.closed || !watched || watched.peers[seat] !== null) return;
    const address = watched.addresses[seat];
    const open = this.messenger.transport.connectedPeers();
    if (address && !open.includes(address)) this.messenger.connect(address);
    watched.retries[seat]!.schedule();
  }

  private linkLost(peer: string): void {
    this.challenges.forget(peer);
    this.early.delete(peer);
    // A seat that had no room closes the link: dialled again, it may have some by then.
    this.full.delete(peer);
    const watched = this.watched;
    if (!watched) return;
    const seat = watched.peers.indexOf(peer);
    if (seat < 0) return;
    watched.peers[seat] = null;
    watched.retries[seat]!.schedule();
    this.changed();
  }

  private receive(from: string, message: WireMessage): void {
    if (this.closed) return;
    switch (message.type) {
      case 'watching':
        if (!this.watched) void this.start(from, message.genesis, message.peers);
        else this.hint(message.peers);
        return;
      case 'watch-full':
        this.full.add(from);
        if (!this.watched && this.status === 'finding') this.status = 'full';
        return this.changed();
      case 'seat-hello':
        if (!this.watched) this.early.set(from, message);
        else this.checkHello(from, message);
        return;
    }
    const watched = this.watched;
    const seat = watched?.peers.indexOf(from) ?? -1;
    if (!watched || seat < 0) return;
    switch (message.type) {
      case 'event':
        return watched.exchange.event(seat, message.event);
      case 'have':
        return watched.exchange.have(seat, message);
      case 'audience':
        watched.audiences[seat] = message.peers;
        return this.changed();
      case 'state-hash':
        watched.peerHashes[seat] = { events: message.events, hash: message.hash };
        return this.changed();
      case 'table-chat':
        // The chat's readers follow it (`ChatLines.subscribe`): the table itself is unchanged.
        watched.chat.hear(seat, message.text);
        return;
      case 'rematch':
        if (message.table === this.table) return;
        watched.next[seat] = message.table;
        this.following ??= setTimeout(() => {
          this.followed = true;
          this.changed();
        }, FOLLOW_AFTER_MS);
        return;
    }
  }

  /** The first seat's word on the table: its genesis, checked, and where every seat is. */
  private async start(from: string, raw: Json, peers: readonly (string | null)[]): Promise<void> {
    if (this.starting) return;
    const parsed = parseGenesis(raw);
    if (
      !parsed.ok ||
      parsed.value.table !== this.table ||
      peers.length !== parsed.value.names.length
    )
      return console.warn(`fairdeal: ${from} gave a genesis of no use for table ${this.table}`);
    this.starting = true;
    const genesis = parsed.value;
    const game = await this.load(genesis.game);
    if (this.closed) return;
    if (!game) return this.fail(`this page cannot run the game ${genesis.game}`);
    const seats = genesis.identities.length;
    const live = new LiveReplica(genesis, game, this.pool, {
      changed: () => this.changed(),
      answered: () => {},
      learned: () => this.changed(),
      // A seat may have shown this page a version it showed no seat: the proof goes to
      // every seat linked, so the table names the forker as this page does.
      equivocation: (events) => {
        const fork = {
          type: 'fork' as const,
          events: [text.decode(events[0]), text.decode(events[1])] as [string, string],
        };
        for (const peer of this.watched?.peers ?? []) if (peer) this.messenger.send(peer, fork);
      },
    });
    const watched: Watched = {
      genesis,
      hash: genesisHash(genesis),
      live,
      exchange: new LogExchange({
        log: live.replica.log,
        seat: null,
        released: () => 0,
        judged: () => 0,
        // Asks only: a spectator sends no event, and the seats would drop one that did.
        send: (seat, message) => {
          const peer = this.watched?.peers[seat];
          return message.type === 'have' && peer ? this.messenger.send(peer, message) : false;
        },
        linked: () => this.watched?.peers.flatMap((p, s) => (p ? [s] : [])) ?? [],
        cutOff: () => this.watched?.peers.includes(null) ?? true,
        take: (seat, event) => this.take(seat, event),
      }),
      peers: new Array<string | null>(seats).fill(null),
      addresses: [...peers],
      audiences: genesis.identities.map(() => []),
      peerHashes: genesis.identities.map(() => null),
      next: genesis.identities.map(() => null),
      retries: genesis.identities.map(
        (_, seat) => new Retry(() => this.redial(seat), this.backoff),
      ),
      chat: new ChatLines(seats),
    };
    this.watched = watched;
    this.status = 'watching';
    for (const [peer, hello] of this.early) this.checkHello(peer, hello);
    this.early.clear();
    // The seat that answered may not have proven itself yet: its hello may be on its way,
    // or it never heard our challenge, sent while its page was in its lobby.
    if (!watched.peers.includes(from)) this.greet(from);
    genesis.identities.forEach((_, seat) => this.redial(seat));
    this.changed();
  }

  /** A seat's word on where the seats are: dial those not linked. */
  private hint(peers: readonly (string | null)[]): void {
    const watched = this.watched!;
    if (peers.length !== watched.addresses.length) return;
    peers.forEach((peer, seat) => {
      if (!peer || watched.peers[seat] !== null || watched.addresses[seat] === peer) return;
      watched.addresses[seat] = peer;
      watched.retries[seat]!.reset();
      this.redial(seat);
    });
  }

  private checkHello(from: string, hello: Hello): void {
    const watched = this.watched!;
    if (!this.challenges.take(from, hello.nonce)) return;
    if (
      !helloSigned(watched.hash, watched.genesis.identities, from, hello) ||
      !onThisLink(this.messenger.transport, from, hello.channel)
    )
      return console.warn(`fairdeal: ${from} failed to prove seat ${hello.seat} to a spectator`);
    // A seat paired by hand relays the spectator's codes to the others (`direct.ts`).
    this.messenger.transport.proven?.(from);
    const { seat } = hello;
    if (watched.peers[seat] === from) return;
    // A peer id speaks for one seat at a time.
    const before = watched.peers.indexOf(from);
    if (before >= 0) watched.peers[before] = null;
    watched.peers[seat] = from;
    watched.addresses[seat] = from;
    watched.retries[seat]!.reset();
    watched.exchange.joined(seat);
    this.changed();
  }

  private take(from: Seat, event: string): void {
    const result = this.watched!.live.receive(from, event);
    if (!result.ok || result.value.fresh) this.changed();
  }

  private fail(reason: string): void {
    this.status = 'failed';
    this.failure = reason;
    this.changed();
  }

  private changed(): void {
    this.current = null;
    if (this.closed) return;
    this.watched?.live.lookAheadSoon();
    for (const listener of this.listeners) listener();
  }
}
