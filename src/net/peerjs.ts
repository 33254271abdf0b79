/**
 * `Transport` over PeerJS data connections: one reliable, ordered WebRTC data channel
 * per pair of peers, introduced by a PeerServer that is trusted for nothing else.
 *
 * A closed browser tab does not always close its data channels promptly, so each link
 * carries a heartbeat: a link that stays silent for `SILENCE_LIMIT_MS` (or does not open
 * within `CONNECT_LIMIT_MS`) is reported lost.
 *
 * A link that never opens says why where it can: `unreachable` when the other page
 * answered but no network path joined the two (a relay is needed), not `lost`.
 *
 * Chromium drops a message that reaches an end of a channel before that end's own 'open'
 * event (seen about once in a hundred joins on a busy machine: the host's first words to
 * a visitor vanished, and the visitor never got its seat). So an end opens by sending a
 * heartbeat, and calls the link connected only once it has heard the other end: by then
 * both ends are open, and nothing the app sends is lost.
 *
 * Open data channels outlive the signaling server; only new links need it. When the
 * server goes away, the peer registers again with backoff until it is back (each try
 * fails at once while it is down), and then says so (`online`), so lost links can be
 * dialled again.
 */
import { Peer, type PeerError } from 'peerjs';
import { Retry, type Backoff } from './backoff.ts';
import type { SignalingConfig } from './config.ts';
import {
  SignalingError,
  type LinkState,
  type Transport,
  type TransportHandlers,
} from './transport.ts';

const HEARTBEAT = '\u0000';
const HEARTBEAT_INTERVAL_MS = 1000;
const SILENCE_LIMIT_MS = 5000;
const CONNECT_LIMIT_MS = 15000;
/** Registering again with the signaling server: after 1 s, 2 s, 4 s, then every 8 s. */
export const SIGNALING_BACKOFF: Backoff = { firstMs: 1000, maxMs: 8000 };

/** What the transport uses of a PeerJS `DataConnection`. */
export interface DataLink {
  readonly peer: string;
  /** The WebRTC connection under the channel: how far the two pages got, once it fails. */
  readonly peerConnection?: Pick<
    RTCPeerConnection,
    'remoteDescription' | 'iceConnectionState'
  > | null;
  on(event: 'open' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: { type: string }) => void): unknown;
  on(event: 'data', listener: (data: unknown) => void): unknown;
  send(data: string): unknown;
  close(): void;
}

/**
 * Why a link that never opened failed: `unreachable` when the other page answered through
 * the signaling server but no network path joined the two (ICE still checking, or failed),
 * `lost` when the other page never answered, or had a path and went away.
 */
function failureOf(connection: DataLink): 'lost' | 'unreachable' {
  const rtc = connection.peerConnection;
  const answered = rtc?.remoteDescription != null;
  const pathFound =
    rtc?.iceConnectionState === 'connected' || rtc?.iceConnectionState === 'completed';
  return answered && !pathFound ? 'unreachable' : 'lost';
}

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

interface Link {
  connection: DataLink;
  /** True when this end dialled it. */
  dialled: boolean;
  lastHeard: number;
  /** This end's channel opened: it may send. */
  open: boolean;
  /** Heard from the other end: its channel is open too. */
  heard: boolean;
  /** Open and heard: what the app sends now arrives. */
  connected: boolean;
}

export class PeerJsTransport implements Transport {
  /** Kept apart from the endpoint's: PeerJS forgets its id while the server is away. */
  readonly id: string;
  private handlers: TransportHandlers | null = null;
  private readonly links = new Map<string, Link>();
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private readonly register: Retry;

  /** `open` is the way in; a test passes its own endpoint to run the links without a network. */
  constructor(
    private readonly peer: PeerEndpoint,
    backoff: Backoff = SIGNALING_BACKOFF,
  ) {
    this.id = peer.id;
    this.register = new Retry(() => {
      if (peer.disconnected && !peer.destroyed) peer.reconnect();
    }, backoff);
    peer.on('connection', (connection) => this.adopt(connection, false));
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
        if (missing) this.drop(missing);
      }
    });
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_INTERVAL_MS);
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
    const { host, port, path, secure } = signaling;
    const peer = new Peer(id, {
      host: host ?? location.hostname,
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
    this.adopt(this.peer.connect(peer, { serialization: 'raw', reliable: true }), true);
  }

  send(peer: string, data: string): boolean {
    const link = this.links.get(peer);
    if (!link?.connected) return false;
    void link.connection.send(data);
    return true;
  }

  disconnect(peer: string): void {
    this.drop(peer);
  }

  connectedPeers(): string[] {
    return [...this.links].filter(([, link]) => link.connected).map(([peer]) => peer);
  }

  listen(handlers: TransportHandlers): void {
    this.handlers = handlers;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const link of this.links.values()) link.connection.close();
    this.links.clear();
    this.peer.destroy();
    // Destroying emits 'disconnected' first, which schedules a try: cancel it.
    this.register.stop();
  }

  /**
   * Takes over a connection we dialled or accepted. If both sides dialled at once, the
   * connection dialled by the smaller id wins on both sides, so exactly one survives. A
   * peer that dials again a link it dialled before has lost it (it never dials a link it
   * holds), however alive our end still looks: the new connection replaces the old.
   */
  private adopt(connection: DataLink, dialled: boolean): void {
    const peer = connection.peer;
    const existing = this.links.get(peer);
    if (existing && existing.connection !== connection) {
      const crossed = existing.dialled !== dialled;
      if (crossed && peer > this.id) {
        connection.close();
        return;
      }
      existing.connection.close();
    }
    const link: Link = {
      connection,
      dialled,
      lastHeard: Date.now(),
      open: false,
      heard: false,
      connected: false,
    };
    this.links.set(peer, link);
    this.emit(peer, 'connecting');
    connection.on('open', () => {
      if (this.links.get(peer) !== link) return;
      link.open = true;
      // Lost if the other end is not open yet: the heartbeats go on until it hears one.
      void connection.send(HEARTBEAT);
      this.settle(peer, link);
    });
    connection.on('data', (data) => {
      if (this.links.get(peer) !== link) return;
      link.lastHeard = Date.now();
      link.heard = true;
      this.settle(peer, link);
      if (data === HEARTBEAT) return;
      // Raw serialization hands over whatever the remote sent; only strings are ours.
      if (typeof data === 'string') this.handlers?.message(peer, data);
      else console.warn(`fairdeal: dropped non-text data from ${peer}`);
    });
    connection.on('close', () => {
      if (this.links.get(peer) === link) this.drop(peer);
    });
    connection.on('error', (error) => {
      if (this.links.get(peer) !== link) return;
      const unreachable = !link.connected && error.type === 'negotiation-failed';
      this.drop(peer, unreachable ? 'unreachable' : 'lost');
    });
  }

  /** Connected once both ends are known open; says so at once, so the other end hears it too. */
  private settle(peer: string, link: Link): void {
    if (link.connected || !link.open || !link.heard) return;
    link.connected = true;
    link.lastHeard = Date.now();
    void link.connection.send(HEARTBEAT);
    this.emit(peer, 'connected');
  }

  private beat(): void {
    const now = Date.now();
    for (const [peer, link] of this.links) {
      const limit = link.connected ? SILENCE_LIMIT_MS : CONNECT_LIMIT_MS;
      if (now - link.lastHeard > limit)
        this.drop(peer, link.connected ? 'lost' : failureOf(link.connection));
      else if (link.open) void link.connection.send(HEARTBEAT);
    }
  }

  private drop(peer: string, state: 'lost' | 'unreachable' = 'lost'): void {
    const link = this.links.get(peer);
    if (!link) return;
    this.links.delete(peer);
    link.connection.close();
    this.emit(peer, state);
  }

  private emit(peer: string, state: LinkState): void {
    this.handlers?.link(peer, state);
  }
}
