/**
 * An in-memory network with the same `Transport` interface as PeerJS, for tests.
 *
 * Each link is reliable and ordered, like a WebRTC data channel. Delivery is
 * asynchronous by default; `manual` networks hold every message until a test delivers
 * it, so a test can deliver a game's messages in any order it likes.
 */
import type { LinkState, Transport, TransportHandlers } from './transport.ts';

interface Envelope {
  from: string;
  to: string;
  data: string;
}

export class LoopbackNetwork {
  private readonly nodes = new Map<string, LoopbackTransport>();
  private readonly queue: Envelope[] = [];

  /** In a manual network nothing moves until `deliver` or `deliverAll`. */
  constructor(private readonly options: { manual?: boolean } = {}) {}

  /**
   * Adds a peer; ids are unique among the peers in the network, and a peer
   * that left may join again under its id (a reload).
   */
  join(id: string): LoopbackTransport {
    if (this.nodes.has(id)) throw new Error(`loopback: id ${id} is taken`);
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

  /** @internal */
  link(a: string, b: string): boolean {
    const from = this.nodes.get(a);
    const to = this.nodes.get(b);
    if (!from || !to || from.closed || to.closed) return false;
    from.linked(b);
    to.linked(a);
    return true;
  }

  /** @internal */
  post(envelope: Envelope): void {
    if (this.options.manual) this.queue.push(envelope);
    else queueMicrotask(() => this.nodes.get(envelope.to)?.receive(envelope.from, envelope.data));
  }

  /** @internal */
  leave(id: string): void {
    this.nodes.delete(id);
    for (const node of this.nodes.values()) if (node.id !== id) node.unlinked(id);
  }
}

export class LoopbackTransport implements Transport {
  private handlers: TransportHandlers | null = null;
  private readonly links = new Set<string>();
  closed = false;

  constructor(
    readonly id: string,
    private readonly network: LoopbackNetwork,
  ) {}

  connect(peer: string): void {
    if (this.links.has(peer) || peer === this.id) return;
    this.emit(peer, 'connecting');
    if (!this.network.link(this.id, peer)) this.emit(peer, 'lost');
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
    return [...this.links];
  }

  listen(handlers: TransportHandlers): void {
    this.handlers = handlers;
  }

  close(): void {
    // Once closed, its id may belong to a new peer: closing again must not make that one leave.
    if (this.closed) return;
    this.closed = true;
    this.links.clear();
    this.network.leave(this.id);
  }

  /** @internal */
  linked(peer: string): void {
    if (this.links.has(peer)) return;
    this.links.add(peer);
    this.emit(peer, 'connected');
  }

  /** @internal */
  unlinked(peer: string): void {
    if (this.links.delete(peer)) this.emit(peer, 'lost');
  }

  /** @internal */
  receive(from: string, data: string): void {
    if (!this.closed && this.links.has(from)) this.handlers?.message(from, data);
  }

  private emit(peer: string, state: LinkState): void {
    this.handlers?.link(peer, state);
  }
}
