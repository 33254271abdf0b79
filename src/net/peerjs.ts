/**
 * `Transport` over PeerJS data connections: one reliable, ordered WebRTC data channel
 * per pair of peers, introduced by a PeerServer that is trusted for nothing else.
 *
 * Each link is kept by a `LinkSet` (`links.ts`): a heartbeat tells a lost link, a link is
 * connected only once both ends have heard each other, and one that never opens is
 * `unreachable` when the other page answered but no network path was found.
 *
 * Open data channels outlive the signaling server; only new links need it. When the
 * server goes away, the peer registers again with backoff until it is back (each try
 * fails at once while it is down), and then says so (`online`), so lost links can be
 * dialled again.
 */
import { Peer, type PeerError } from 'peerjs';
import { Retry, type Backoff } from './backoff.ts';
import { signalingAddress, type SignalingConfig } from './config.ts';
import { LinkSet, type DataLink } from './links.ts';
import {
  SignalingError,
  type LinkChannel,
  type Transport,
  type TransportHandlers,
} from './transport.ts';

export type { DataLink } from './links.ts';
/** Registering again with the signaling server: after 1 s, 2 s, 4 s, then every 8 s. */
export const SIGNALING_BACKOFF: Backoff = { firstMs: 1000, maxMs: 8000 };

/** What the transport uses of a PeerJS `Peer`: narrow, so a test can stand in for the network. */
export interface PeerEndpoint {
  readonly id: string;
  readonly destroyed: boolean;
  /** True while the signaling server is out of reach; no new link can be made then. */
  readonly disconnected: boolean;
  on(event: 'connection', listener: (connection: DataLink) => void): unknown;
  on(event: 'open' | 'disconnected', listener: () => void): unknown;
  on(event: 'error', listener: (error: { type: string; message: string }) => void): unknown;
  connect(peer: string, options: { serialization: 'raw'; reliable: true }): DataLink;
  reconnect(): unknown;
  destroy(): void;
}

export class PeerJsTransport implements Transport {
  /** Kept apart from the endpoint's: PeerJS forgets its id while the server is away. */
  readonly id: string;
  private handlers: TransportHandlers | null = null;
  private readonly links: LinkSet;
  private readonly register: Retry;

  /** `open` is the way in; a test passes its own endpoint to run the links without a network. */
  constructor(
    private readonly peer: PeerEndpoint,
    backoff: Backoff = SIGNALING_BACKOFF,
  ) {
    this.id = peer.id;
    this.links = new LinkSet(this.id, {
      data: (from, data) => this.handlers?.message(from, data),
      link: (from, state) => this.handlers?.link(from, state),
    });
    this.register = new Retry(() => {
      if (peer.disconnected && !peer.destroyed) peer.reconnect();
    }, backoff);
    peer.on('connection', (connection) => this.links.adopt(connection, false));
    // A failed try ends in 'disconnected' again, so each failure schedules the next.
    peer.on('disconnected', () => {
      if (!peer.destroyed) this.register.schedule();
    });
    peer.on('open', () => {
      this.register.reset();
      this.handlers?.online?.();
    });
    peer.on('error', (error) => {
      if (error.type === 'peer-unavailable') {
        const missing = /peer (\S+)/.exec(error.message)?.[1];
        if (missing) this.links.drop(missing);
      }
    });
  }

  /**
   * Registers `id` with the configured PeerServer; rejects with a `SignalingError` if the id
   * is taken or the server is down. Its links use `rtc` (src/net/turn.ts).
   */
  static open(
    id: string,
    signaling: SignalingConfig,
    rtc: RTCConfiguration,
  ): Promise<PeerJsTransport> {
    const { host, port, path, secure } = signalingAddress(signaling, location);
    const peer = new Peer(id, {
      host,
      port,
      path,
      secure,
      config: rtc,
      debug: 1,
    });
    return new Promise((resolve, reject) => {
      const fail = (error: PeerError<string>) => {
        peer.destroy();
        reject(new SignalingError(error.type, error.message));
      };
      peer.once('error', fail);
      peer.once('open', () => {
        peer.off('error', fail);
        resolve(new PeerJsTransport(peer));
      });
    });
  }

  /** Dials `peer`; does nothing while the signaling server is away (dial again after `online`). */
  connect(peer: string): void {
    if (peer === this.id || this.links.has(peer) || this.peer.disconnected) return;
    this.links.adopt(this.peer.connect(peer, { serialization: 'raw', reliable: true }), true);
  }

  send(peer: string, data: string): boolean {
    return this.links.send(peer, data);
  }

  disconnect(peer: string): void {
    this.links.drop(peer);
  }

  connectedPeers(): string[] {
    return this.links.connectedPeers();
  }

  channel(peer: string): LinkChannel | null {
    return this.links.channel(peer);
  }

  listen(handlers: TransportHandlers): void {
    this.handlers = handlers;
  }

  close(): void {
    this.links.close();
    this.peer.destroy();
    // Destroying emits 'disconnected' first, which schedules a try: cancel it.
    this.register.stop();
  }
}
