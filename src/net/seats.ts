/**
 * Seats, not peer ids: the table addresses players by seat, and a link counts as a
 * seat's only once the peer at its other end has proven, with the seat's identity key
 * from the genesis, that it holds the seat. A peer id proves nothing: the signaling
 * server hands ids out, a player who reloads may come back under a new one (its old one
 * can stay registered for a while, peerjs issue 224), and anyone may take an old one.
 *
 * The proof, on every link, both ways (`SeatLinks`):
 *  1. When a link opens, each end sends `{ type: 'challenge', nonce }`: 32 fresh random
 *     bytes, remembered for that link's peer id.
 *  2. The other end answers `{ type: 'seat-hello', seat, nonce, channel, sig }`, where
 *     `sig` is its seat's identity key signing `fair-deal/seat-hello/v2\n` + the canonical
 *     JSON of `{ channel, genesis, nonce, peer, seat }`: the genesis hash (this table and
 *     no other), the challenger's nonce (fresh, so an old hello cannot be replayed), the
 *     answering peer's own id (so a hello relayed over another link fails) and the link's
 *     channel, the DTLS certificate fingerprints of its own end and of the challenger's
 *     (`challenges.ts`).
 *  3. The challenger checks the nonce is one it sent to that very peer id and still
 *     awaits (each is good once), the signature against `genesis.identities[seat]`, and
 *     that the channel is its own link's, seen from the other end. Whoever relayed the
 *     link's signaling (a PeerServer, the page that relayed the pairing codes) may have
 *     placed itself in the middle, with a DTLS session of its own to each end; it can
 *     pass each end's challenge and hello on to the other, but each hello then names the
 *     other session's certificates, and both ends refuse it. So it cannot have the two
 *     seats take the link for theirs while it reads all they say and withholds what it
 *     likes: each shows the other as not linked, and says why (`middled`). A hello proven
 *     on a link is told to the transport (`Transport.proven`): one paired by codes takes
 *     relayed codes over that link from then on (`direct.ts`).
 *  4. Once a peer id has proven a seat and has been sent this end's own hello, and only
 *     then, it is the seat's: messages from it are the seat's, messages to the seat go to
 *     it, and an older peer id of the seat counts for nothing. Waiting for the own hello
 *     to have gone first means everything sent to the seat follows it on the ordered
 *     link, so the other end has proven this one before any of it arrives and drops none.
 * A challenge from a peer not yet proven is answered and challenged back, so a challenge
 * lost before the other end was ready (still in its lobby, still restoring) costs nothing.
 *
 * Finding each other again: every seat not linked is redialled with backoff at every
 * peer id it was known under (and the host at the table's rendezvous too, derived from
 * the table id), and a seat just proven tells the newcomer where it reaches the others
 * (`peers`), so a player back under a new id finds everyone through anyone it reaches.
 * The host too may come back under a fresh id (its rendezvous still held by the server
 * for its old page): it dials the others where it last knew them. Hints are only where to dial: each link still has to prove its seat.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeCanonical } from '../engine/encoding.ts';
import type { Seat } from '../engine/game.ts';
import { signMessage, verifyMessage } from '../engine/identity.ts';
import { genesisHash } from '../engine/table/fold.ts';
import type { Genesis } from '../engine/table/types.ts';
import { Retry, type Backoff } from './backoff.ts';
import { hostPeerId } from './ids.ts';
import { channelToSign, Challenges, onThisLink, type SignedChannel } from './challenges.ts';
import type { SeatMessage, WireMessage } from './messages.ts';
import type { Messenger } from './messenger.ts';

/**
 * A seat's link as this peer sees it: not proven yet since this page opened the table
 * (`connecting`), proven and open (`connected`), lost and being redialled
 * (`reconnecting`), or left for good (`gone`).
 */
export type SeatLinkState = 'connecting' | 'connected' | 'reconnecting' | 'gone';

/** What `SeatLinks` tells its user (the table session), seat by seat. */
export interface SeatLinkHandlers {
  /** A message from the proven peer of `seat` (the proof's own messages excepted). */
  message(seat: Seat, message: WireMessage): void;
  /** `seat` proved itself on a new link: whatever was sent to it before may be missing there. */
  joined(seat: Seat): void;
  /** A seat's link state changed. */
  changed(): void;
  /** A message from a peer that has proven no seat (the proof's own messages excepted): a spectator, maybe. */
  stranger(peer: string, message: WireMessage): void;
}

/** Redialling a seat that is not linked: after 1 s, 2 s, 4 s, 8 s, then every 15 s. */
export const REDIAL_BACKOFF: Backoff = { firstMs: 1000, maxMs: 15000 };

/** Refusals kept for inspection; older ones are dropped, so a flood costs no memory. */
const MAX_REFUSALS = 100;
/** Peer ids kept per seat besides the first one: the latest proven or hinted. */
const MAX_RECENT_ADDRESSES = 2;
const HELLO_DOMAIN = 'fair-deal/seat-hello/v2\n';

const helloBytes = (
  genesis: string,
  seat: Seat,
  peer: string,
  nonce: string,
  channel: SignedChannel,
): Uint8Array =>
  utf8ToBytes(HELLO_DOMAIN + encodeCanonical({ genesis, seat, peer, nonce, channel }));

/**
 * True when `hello`, heard from `peer`, is signed by the key `identities` gives its seat,
 * for the table whose genesis hashes to `genesis`: the nonce and the link are the
 * challenger's to check.
 */
export function helloSigned(
  genesis: string,
  identities: readonly string[],
  peer: string,
  hello: SeatMessage & { type: 'seat-hello' },
): boolean {
  const key = identities[hello.seat];
  if (key === undefined) return false;
  const bytes = helloBytes(genesis, hello.seat, peer, hello.nonce, hello.channel);
  return verifyMessage(key, bytes, hello.sig);
}

interface SeatEntry {
  state: SeatLinkState;
  /** The peer id that proved this seat, while that link is open. */
  peer: string | null;
  /** Where the seat was when the table opened (for the host, the rendezvous): always dialled. */
  readonly home: string | null;
  /** Peer ids the seat proved itself under or was hinted at since, newest last. */
  recent: string[];
  readonly retry: Retry;
}

/** A peer refused a seat, and why. */
export interface SeatRefusal {
  readonly peer: string;
  readonly reason: string;
}

/**
 * This peer's links to the other seats of a table, over `messenger`. `peers[seat]` is
 * where each seat can first be dialled (null: not known); `secretKey` proves `seat`.
 */
export class SeatLinks {
  /** Proofs refused, oldest first (the latest `MAX_REFUSALS`): who failed to prove a seat, and why. */
  readonly refusals: SeatRefusal[] = [];
  private readonly entries = new Map<Seat, SeatEntry>();
  /** Each peer id's nonces still awaiting an answer. */
  private readonly challenges = new Challenges();
  /** Peer ids on an open link whose hello proved a seat, not yet the seat's (step 4). */
  private readonly proven = new Map<string, Seat>();
  /** Peer ids sent this end's hello over the link open now. */
  private readonly answered = new Set<string>();
  /** Peer ids whose hello over the link open now was made on another: a man sits in its middle. */
  private readonly intercepted = new Set<string>();
  /** Seats whose hello came made on another link, until one is proven on a link of their own. */
  private readonly middle = new Set<Seat>();
  private readonly hash: string;
  private handlers: Partial<SeatLinkHandlers> = {};
  private readonly unsubscribe: () => void;

  constructor(
    private readonly messenger: Messenger<WireMessage>,
    private readonly genesis: Genesis,
    readonly seat: Seat,
    private readonly secretKey: Uint8Array,
    peers: readonly (string | null)[],
    backoff: Backoff = REDIAL_BACKOFF,
  ) {
    this.hash = genesisHash(genesis);
    genesis.identities.forEach((_, other) => {
      if (other === seat) return;
      const home = peers[other] ?? null;
      this.entries.set(other, {
        state: 'connecting',
        peer: null,
        home: home === messenger.id ? null : home,
        recent: [],
        retry: new Retry(() => this.redial(other), backoff),
      });
    });
    this.unsubscribe = messenger.on({
      joined: (peer) => this.challenge(peer),
      lost: (peer) => this.linkLost(peer),
      message: (from, message) => this.receive(from, message),
      online: () => {
        // The signaling server is back: dial every missing seat now, from the shortest wait.
        for (const [other, entry] of this.entries) {
          entry.retry.reset();
          this.redial(other);
        }
      },
    });
    const open = new Set(messenger.transport.connectedPeers());
    for (const other of this.entries.keys()) this.redial(other);
    const dialled = new Set([...this.entries.keys()].flatMap((other) => this.addressesOf(other)));
    for (const peer of open) if (!dialled.has(peer)) this.challenge(peer);
  }

  /** Registers the handlers; there is one set, the table session's. */
  listen(handlers: Partial<SeatLinkHandlers>): void {
    this.handlers = handlers;
  }

  /** Each seat's link state; this peer's own seat is always `connected`. */
  states(): SeatLinkState[] {
    return this.genesis.identities.map((_, s) => this.entries.get(s)?.state ?? 'connected');
  }

  /**
   * The seats whose signed hello reached this page made on another link: someone sits in
   * the middle of the link to each, so the table waits on it for a reason the player must
   * see. A seat leaves the list once it proves itself on a link.
   */
  middled(): Seat[] {
    return [...this.middle].sort((a, b) => a - b);
  }

  /** The seat a peer id has proven, or null: an unproven peer speaks for no seat. */
  seatOf(peer: string): Seat | null {
    for (const [seat, entry] of this.entries) if (entry.peer === peer) return seat;
    return null;
  }

  /**
   * Where each seat is reachable as far as this peer knows: its proven peer id, else the
   * last it was known under; this seat's own id. What to keep for a reload.
   */
  addresses(): (string | null)[] {
    return this.genesis.identities.map((_, s) =>
      s === this.seat
        ? this.messenger.id
        : (this.entries.get(s)!.peer ?? this.addressesOf(s).at(-1) ?? null),
    );
  }

  /** Sends to the proven peer of `seat`; false when that seat has no proven link now. */
  send(seat: Seat, message: WireMessage): boolean {
    const peer = this.entries.get(seat)?.peer;
    return peer ? this.messenger.send(peer, message) : false;
  }

  /**
   * `seat` left the table for good (it resigned, or said goodbye): it is no longer
   * redialled, and its link stays `gone` whatever happens to it.
   */
  markGone(seat: Seat): void {
    const entry = this.entries.get(seat);
    if (!entry || entry.state === 'gone') return;
    entry.state = 'gone';
    entry.retry.stop();
    this.handlers.changed?.();
  }

  /** Stops listening and redialling; the messenger and its links stay as they are. */
  close(): void {
    this.unsubscribe();
    for (const entry of this.entries.values()) entry.retry.stop();
    this.handlers = {};
  }

  /** Where `seat` may be, oldest first; the host's rendezvous always, in case it got it back. */
  private addressesOf(seat: Seat): string[] {
    const { home, recent } = this.entries.get(seat)!;
    const rendezvous = seat === 0 ? [hostPeerId(this.genesis.table)] : [];
    return [...new Set([...rendezvous, ...(home ? [home] : []), ...recent])];
  }

  /** One try to reach a seat that is not linked: dial where it may be, re-challenge open links. */
  private redial(seat: Seat): void {
    const entry = this.entries.get(seat)!;
    if (entry.state === 'connected' || entry.state === 'gone') return;
    const open = new Set(this.messenger.transport.connectedPeers());
    for (const peer of this.addressesOf(seat)) {
      if (open.has(peer)) this.challenge(peer);
      else this.messenger.connect(peer);
    }
    entry.retry.schedule();
  }

  private challenge(peer: string): void {
    this.messenger.send(peer, { type: 'challenge', nonce: this.challenges.issue(peer) });
  }

  private linkLost(peer: string): void {
    this.challenges.forget(peer);
    this.proven.delete(peer);
    this.answered.delete(peer);
    this.intercepted.delete(peer);
    this.unseat(peer);
  }

  /** `peer` no longer speaks for the seat it held, if any: the seat is redialled. */
  private unseat(peer: string): void {
    const seat = this.seatOf(peer);
    if (seat === null) return;
    const entry = this.entries.get(seat)!;
    entry.peer = null;
    if (entry.state === 'gone') return;
    entry.state = 'reconnecting';
    entry.retry.schedule();
    this.handlers.changed?.();
  }

  private receive(from: string, message: WireMessage): void {
    switch (message.type) {
      case 'challenge': {
        const channel = channelToSign(this.messenger.transport, from);
        // The link closed under the challenge: nothing goes over it any more.
        if (!channel) return;
        const sent = this.messenger.send(from, {
          type: 'seat-hello',
          seat: this.seat,
          nonce: message.nonce,
          channel,
          sig: signMessage(
            this.secretKey,
            helloBytes(this.hash, this.seat, this.messenger.id, message.nonce, channel),
          ),
        });
        if (sent) this.answered.add(from);
        if (this.proven.has(from)) this.seatLink(from);
        // Not back through a man in the middle: both ends would challenge each other back
        // forever, each answer refused. The redials ask again, at their pace.
        else if (this.seatOf(from) === null && !this.intercepted.has(from)) this.challenge(from);
        return;
      }
      case 'seat-hello':
        return this.checkHello(from, message);
      case 'peers':
        return this.takeHints(from, message.peers);
    }
    const seat = this.seatOf(from);
    if (seat !== null) this.handlers.message?.(seat, message);
    else this.handlers.stranger?.(from, message);
  }

  private checkHello(from: string, hello: SeatMessage & { type: 'seat-hello' }): void {
    if (!this.challenges.take(from, hello.nonce))
      return this.refuse(from, 'a seat hello that answers no open challenge of ours');
    const entry = this.entries.get(hello.seat);
    if (!entry)
      return this.refuse(from, `a seat hello for seat ${hello.seat}, no other seat of this table`);
    if (!helloSigned(this.hash, this.genesis.identities, from, hello))
      return this.refuse(from, `a seat hello for seat ${hello.seat} not signed by its key`);
    if (!onThisLink(this.messenger.transport, from, hello.channel)) {
      this.intercepted.add(from);
      this.refuse(
        from,
        'a seat hello made on another link: someone sits in the middle of this one',
      );
      if (!this.middle.has(hello.seat)) {
        this.middle.add(hello.seat);
        this.handlers.changed?.();
      }
      return;
    }
    this.messenger.transport.proven?.(from);
    if (this.middle.delete(hello.seat)) this.handlers.changed?.();
    if (entry.peer === from) return;
    this.proven.set(from, hello.seat);
    this.seatLink(from);
  }

  /** Makes `peer` its proven seat's once it has been sent this end's hello too (step 4). */
  private seatLink(peer: string): void {
    const seat = this.proven.get(peer);
    if (seat === undefined || !this.answered.has(peer)) return;
    this.proven.delete(peer);
    const entry = this.entries.get(seat)!;
    if (entry.peer === peer) return;
    // A peer id speaks for one seat at a time.
    this.unseat(peer);
    entry.peer = peer;
    entry.recent = [...entry.recent.filter((p) => p !== peer), peer].slice(-MAX_RECENT_ADDRESSES);
    entry.retry.reset();
    if (entry.state !== 'gone') entry.state = 'connected';
    this.messenger.send(peer, { type: 'peers', peers: this.addresses() });
    this.handlers.joined?.(seat);
    this.handlers.changed?.();
  }

  /** A proven seat says where it reaches the others: dial any of them not linked, there. */
  private takeHints(from: string, peers: readonly (string | null)[]): void {
    const sender = this.seatOf(from);
    if (sender === null || peers.length !== this.genesis.identities.length) return;
    peers.forEach((peer, seat) => {
      const entry = this.entries.get(seat);
      if (!peer || !entry || seat === sender || peer === this.messenger.id) return;
      if (
        entry.state === 'connected' ||
        entry.state === 'gone' ||
        this.addressesOf(seat).includes(peer)
      )
        return;
      entry.recent = [...entry.recent, peer].slice(-MAX_RECENT_ADDRESSES);
      entry.retry.reset();
      this.redial(seat);
    });
  }

  private refuse(peer: string, reason: string): void {
    if (this.refusals.length >= MAX_REFUSALS) this.refusals.shift();
    this.refusals.push({ peer, reason });
    console.warn(`fairdeal: refused a seat proof from ${peer}: ${reason}`);
  }
}
