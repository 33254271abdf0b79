/**
 * An in-memory network with the same `Transport` interface as PeerJS, for tests.
 *
 * Each link is reliable and ordered, like a WebRTC data channel. Delivery is
 * asynchronous by default; `manual` networks hold every message until a test delivers
 * it, so a test can deliver a game's messages in any order it likes.
 *
 * Real life, modelled: a link that drops (`cut`), two peers that cannot reach each other
 * (`partition` until `heal`: a dial between them is `unreachable`), a page that dies without saying goodbye (`crash`), whose
 * id stays registered, as with PeerJS (peerjs issue 224), until `expire`, and the
 * signaling server going away (`stopSignaling`): open links go on, no new one opens,
 * and every peer hears when it is back (`startSignaling`).
 *
 * Each end of a link has a certificate fingerprint of its own, fresh for every link, as
 * a WebRTC link's ends do (`LinkChannel`). A man in the middle can be spliced into the
 * link between two peers (`intercept`): each end then sees the fingerprint of its leg to
 * him, not the other end's, as with a signaling relay that answers each side itself.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  SignalingError,
  type LinkChannel,
  type LinkState,
  type Transport,
  type TransportHandlers,
} from './transport.ts';

export interface Envelope {
  from: string;
  to: string;
  data: string;
}

/**
 * A man in the middle of a link: he sees every message sent over it, and it arrives only
 * if he calls `forward` (at once, later, or never).
 */
export type Interceptor = (envelope: Envelope, forward: () => void) => void;

/** A fresh certificate fingerprint, as a browser makes one for each connection. */
const fingerprint = (): string =>
  `sha-256 ${bytesToHex(crypto.getRandomValues(new Uint8Array(32)))}`;

/**
 * Runs each function it is given in a task of its own, in order. A message port, not a
 * timer: browsers hold back timers set from timers (4 ms each past the fifth) and in
 * hidden tabs, and a table's messages answer one another in long chains.
 */
function taskQueue(): (run: () => void) => void {
  const waiting: (() => void)[] = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => waiting.shift()?.();
  return (run) => {
    waiting.push(run);
    channel.port2.postMessage(null);
  };
}

export class LoopbackNetwork {
  private readonly nodes = new Map<string, LoopbackTransport>();
  private readonly queue: Envelope[] = [];
  private readonly partitions = new Set<string>();
  private readonly interceptors = new Map<string, Interceptor>();
  private signalingUp = true;
  private inTasks: ((run: () => void) => void) | null = null;

  /**
   * In a manual network nothing moves until `deliver` or `deliverAll`. With
   * `eachInATask`, every message arrives in a task of its own, as a data channel's
   * do: a page's table against the computer, whose handshakes and first events
   * would otherwise all run in the task that sent the first message.
   */
  constructor(private readonly options: { manual?: boolean; eachInATask?: boolean } = {}) {}

  /**
   * Adds a peer. An id held by a peer in the network, or by a crashed one not yet expired,
   * is refused as PeerServer refuses it (`SignalingError` `unavailable-id`); a peer that
   * left may join again under its id (a reload).
   */
  join(id: string): LoopbackTransport {
    if (this.nodes.has(id)) throw new SignalingError('unavailable-id', `ID "${id}" is taken`);
    const node = new LoopbackTransport(id, this);
    this.nodes.set(id, node);
    return node;
  }

  /** Messages waiting in a manual network. */
  get pending(): readonly Envelope[] {
    return this.queue;
  }

  /**
   * Delivers the waiting message at `index`. Only the oldest message of each link may
   * go next, since links are ordered; `deliverable` lists those.
   */
  deliver(index: number): void {
    const envelope = this.queue[index];
    if (!envelope || !this.deliverable().includes(index))
      throw new Error('loopback: not deliverable');
    this.queue.splice(index, 1);
    this.nodes.get(envelope.to)?.receive(envelope.from, envelope.data);
  }

  /** Indexes of waiting messages that are first on their link. */
  deliverable(): number[] {
    const seen = new Set<string>();
    const result: number[] = [];
    this.queue.forEach((e, i) => {
      const link = `${e.from}->${e.to}`;
      if (!seen.has(link)) {
        seen.add(link);
        result.push(i);
      }
    });
    return result;
  }

  /** Delivers everything, in order, including messages sent while delivering. */
  deliverAll(): void {
    while (this.queue.length > 0) this.deliver(0);
  }

  /**
   * Breaks the link between `a` and `b`, as a dropped data channel would: both ends see
   * it lost, and either may connect again.
   */
  cut(a: string, b: string): void {
    this.nodes.get(a)?.unlinked(b);
    this.nodes.get(b)?.unlinked(a);
  }

  /** Cuts the link between `a` and `b`, and no new one opens between them until `heal`. */
  partition(a: string, b: string): void {
    this.partitions.add(pairKey(a, b));
    this.cut(a, b);
  }

  /** `a` and `b` can link again. */
  heal(a: string, b: string): void {
    this.partitions.delete(pairKey(a, b));
  }

  /**
   * Splices `mallory` into the link between `a` and `b`: the link open now is cut, and
   * every link between them from now on runs through him, a DTLS session with each end.
   */
  intercept(a: string, b: string, mallory: Interceptor): void {
    this.interceptors.set(pairKey(a, b), mallory);
    this.cut(a, b);
  }

  /**
   * The page of `id` dies without a goodbye: its links are lost, it hears nothing more,
   * and its id stays taken until `expire`.
   */
  crash(id: string): void {
    this.nodes.get(id)?.shut();
    this.unlinkAll(id);
  }

  /** The server forgets a crashed peer's id, which anyone may then take. */
  expire(id: string): void {
    if (this.nodes.get(id)?.closed) this.nodes.delete(id);
  }

  /** False while the signaling server is away. */
  get signaling(): boolean {
    return this.signalingUp;
  }

  /** The signaling server goes away: links stay, dialling does nothing. */
  stopSignaling(): void {
    this.signalingUp = false;
  }

  /** The signaling server is back, and every peer is told (`TransportHandlers.online`). */
  startSignaling(): void {
    this.signalingUp = true;
    for (const node of this.nodes.values()) if (!node.closed) node.online();
  }

  /**
   * @internal Links `a` and `b`, or says why not: two live peers kept apart by a
   * partition are `unreachable` to each other, as two networks that need a relay are.
   */
  link(a: string, b: string): true | 'lost' | 'unreachable' {
    const from = this.nodes.get(a);
    const to = this.nodes.get(b);
    if (!from || !to || from.closed || to.closed) return 'lost';
    // Only the dialler hears: the other end never learns of a dial that found no path.
    if (this.partitions.has(pairKey(a, b))) return 'unreachable';
    const [ofA, ofB] = [fingerprint(), fingerprint()];
    // In the middle, each end meets a certificate of the man's, not the other end's.
    const middle = this.interceptors.has(pairKey(a, b));
    from.linked(b, { local: ofA, remote: middle ? fingerprint() : ofB });
    to.linked(a, { local: ofB, remote: middle ? fingerprint() : ofA });
    return true;
  }

  /** @internal */
  post(envelope: Envelope): void {
    const mallory = this.interceptors.get(pairKey(envelope.from, envelope.to));
    if (mallory) mallory(envelope, () => this.carry(envelope));
    else this.carry(envelope);
  }

  private carry(envelope: Envelope): void {
    const arrive = () => this.nodes.get(envelope.to)?.receive(envelope.from, envelope.data);
    if (this.options.manual) this.queue.push(envelope);
    else if (this.options.eachInATask) (this.inTasks ??= taskQueue())(arrive);
    else queueMicrotask(arrive);
  }

  /** @internal A clean goodbye: the id is free again at once. */
  leave(id: string): void {
    this.nodes.delete(id);
    this.unlinkAll(id);
  }

  private unlinkAll(id: string): void {
    for (const node of this.nodes.values()) if (node.id !== id) node.unlinked(id);
  }
}

const pairKey = (a: string, b: string): string => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

export class LoopbackTransport implements Transport {
  private handlers: TransportHandlers | null = null;
  /** Each linked peer, and the channel of the link to it. */
  private readonly links = new Map<string, LinkChannel>();
  closed = false;

  constructor(
    readonly id: string,
    private readonly network: LoopbackNetwork,
  ) {}

  connect(peer: string): void {
    if (this.links.has(peer) || peer === this.id || !this.network.signaling) return;
    this.emit(peer, 'connecting');
    const linked = this.network.link(this.id, peer);
    if (linked !== true) this.emit(peer, linked);
  }

  send(peer: string, data: string): boolean {
    if (!this.links.has(peer)) return false;
    this.network.post({ from: this.id, to: peer, data });
    return true;
  }

  disconnect(peer: string): void {
    this.network.cut(this.id, peer);
  }

  connectedPeers(): string[] {
    return [...this.links.keys()];
  }

  channel(peer: string): LinkChannel | null {
    return this.links.get(peer) ?? null;
  }

  listen(handlers: TransportHandlers): void {
    this.handlers = handlers;
  }

  close(): void {
    // Once closed, its id may belong to a new peer: closing again must not make that one leave.
    if (this.closed) return;
    this.shut();
    this.network.leave(this.id);
  }

  /** @internal */
  shut(): void {
    this.closed = true;
    this.links.clear();
  }

  /** @internal */
  linked(peer: string, channel: LinkChannel): void {
    if (this.links.has(peer)) return;
    this.links.set(peer, channel);
    this.emit(peer, 'connected');
  }

  /** @internal */
  unlinked(peer: string): void {
    if (this.links.delete(peer)) this.emit(peer, 'lost');
  }

  /** @internal */
  online(): void {
    this.handlers?.online?.();
  }

  /** @internal */
  receive(from: string, data: string): void {
    if (!this.closed && this.links.has(from)) this.handlers?.message(from, data);
  }

  private emit(peer: string, state: LinkState): void {
    this.handlers?.link(peer, state);
  }
}
