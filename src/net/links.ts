/**
 * The links of one peer, whatever made them: PeerJS data connections (`peerjs.ts`) or
 * WebRTC data channels paired by codes (`direct.ts`). Both transports keep their links
 * here, so a link means the same on both: reliable and ordered, connected once heard,
 * lost when silent.
 *
 * A closed browser tab does not always close its data channels promptly, so each link
 * carries a heartbeat: a link that stays silent for `SILENCE_LIMIT_MS` (or does not open
 * within `CONNECT_LIMIT_MS`) is reported lost. A link that never opens says why where it
 * can: `unreachable` when the other page answered but no network path joined the two (a
 * relay is needed), not `lost`.
 *
 * Chromium drops a message that reaches an end of a channel before that end's own 'open'
 * event (seen about once in a hundred joins on a busy machine: the host's first words to
 * a visitor vanished, and the visitor never got its seat). So an end opens by sending a
 * heartbeat, and calls the link connected only once it has heard the other end: by then
 * both ends are open, and nothing the app sends is lost.
 */
import type { LinkChannel, LinkState } from './transport.ts';

const HEARTBEAT = '\u0000';
const HEARTBEAT_INTERVAL_MS = 1000;
const SILENCE_LIMIT_MS = 5000;
/** Also how long a dial through a relay (`direct.ts`) may wait for its answer. */
export const CONNECT_LIMIT_MS = 15000;

/** One reliable, ordered channel to a peer: a PeerJS `DataConnection`, or a wrapped `RTCDataChannel`. */
export interface DataLink {
  readonly peer: string;
  /**
   * The WebRTC connection under the channel: how far the two pages got, once it fails;
   * the certificates of its two ends, while it is open.
   */
  readonly peerConnection?: Pick<
    RTCPeerConnection,
    'localDescription' | 'remoteDescription' | 'iceConnectionState'
  > | null;
  on(event: 'open' | 'close', listener: () => void): unknown;
  /** PeerJS says `negotiation-failed` when no network path was found. */
  on(event: 'error', listener: (error?: { type: string }) => void): unknown;
  on(event: 'data', listener: (data: unknown) => void): unknown;
  send(data: string): unknown;
  close(): void;
}

/**
 * Why a link that never opened failed: `unreachable` when the other page answered (the
 * signaling got through) but no network path joined the two (negotiation failed, or ICE
 * still checking), `lost` when the other page never answered, or had a path and went away.
 */
function failureOf(connection: DataLink, error?: { type: string }): 'lost' | 'unreachable' {
  if (error?.type === 'negotiation-failed') return 'unreachable';
  const rtc = connection.peerConnection;
  const answered = rtc?.remoteDescription != null;
  const pathFound =
    rtc?.iceConnectionState === 'connected' || rtc?.iceConnectionState === 'completed';
  return answered && !pathFound ? 'unreachable' : 'lost';
}

/**
 * Every certificate fingerprint a session description names (`a=fingerprint:` lines,
 * at session level as Firefox writes it or in a media section as Chromium does, RFC 8122
 * allows both), each once, sorted; null when it names none. All of them, not the first: a browser
 * may take a certificate that matches any one, so a description that lists a man in the
 * middle's fingerprint beside the real one must not read as the real one alone.
 */
function fingerprintsOf(sdp: string | undefined): string | null {
  const lines = (sdp ?? '')
    .split(/\r?\n/)
    .filter((line) => line.startsWith('a=fingerprint:'))
    .map((line) => line.slice('a=fingerprint:'.length).trim().replace(/\s+/g, ' ').toLowerCase());
  return lines.length > 0 ? [...new Set(lines)].sort().join('\n') : null;
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

export interface LinkEvents {
  /** A string other than a heartbeat arrived from `peer`. */
  data(peer: string, data: string): void;
  link(peer: string, state: LinkState): void;
}

export class LinkSet {
  private readonly links = new Map<string, Link>();
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private readonly self: string,
    private readonly events: LinkEvents,
  ) {
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_INTERVAL_MS);
  }

  /** Links held, connected or not. */
  get size(): number {
    return this.links.size;
  }

  has(peer: string): boolean {
    return this.links.has(peer);
  }

  /** The channel of the link to `peer`, if there is one. */
  connectionOf(peer: string): DataLink | undefined {
    return this.links.get(peer)?.connection;
  }

  /** The channel of the connected link to `peer` (`LinkChannel`), from its descriptions. */
  channel(peer: string): LinkChannel | null {
    const link = this.links.get(peer);
    const rtc = link?.connected ? link.connection.peerConnection : null;
    const local = fingerprintsOf(rtc?.localDescription?.sdp);
    const remote = fingerprintsOf(rtc?.remoteDescription?.sdp);
    return local && remote ? { local, remote } : null;
  }

  send(peer: string, data: string): boolean {
    const link = this.links.get(peer);
    if (!link?.connected) return false;
    void link.connection.send(data);
    return true;
  }

  connectedPeers(): string[] {
    return [...this.links].filter(([, link]) => link.connected).map(([peer]) => peer);
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const link of this.links.values()) link.connection.close();
    this.links.clear();
  }

  /**
   * Takes over a connection we dialled or accepted. If both sides dialled at once, the
   * connection dialled by the smaller id wins on both sides, so exactly one survives. A
   * peer that dials again a link it dialled before has lost it (it never dials a link it
   * holds), however alive our end still looks: the new connection replaces the old.
   * False when `connection` lost to a crossing one, and is closed.
   */
  adopt(connection: DataLink, dialled: boolean): boolean {
    const peer = connection.peer;
    const existing = this.links.get(peer);
    if (existing && existing.connection !== connection) {
      const crossed = existing.dialled !== dialled;
      if (crossed && peer > this.self) {
        connection.close();
        return false;
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
    this.events.link(peer, 'connecting');
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
      // A channel hands over whatever the remote sent; only strings are ours.
      if (typeof data === 'string') this.events.data(peer, data);
      else console.warn(`fairdeal: dropped non-text data from ${peer}`);
    });
    connection.on('close', () => {
      if (this.links.get(peer) === link) this.drop(peer);
    });
    connection.on('error', (error) => {
      if (this.links.get(peer) !== link) return;
      this.drop(peer, link.connected ? 'lost' : failureOf(connection, error));
    });
    return true;
  }

  /** Closes the link to `peer` and reports it lost, or `unreachable` (see `failureOf`). */
  drop(peer: string, state: 'lost' | 'unreachable' = 'lost'): void {
    const link = this.links.get(peer);
    if (!link) return;
    this.links.delete(peer);
    link.connection.close();
    this.events.link(peer, state);
  }

  /** Connected once both ends are known open; says so at once, so the other end hears it too. */
  private settle(peer: string, link: Link): void {
    if (link.connected || !link.open || !link.heard) return;
    link.connected = true;
    link.lastHeard = Date.now();
    void link.connection.send(HEARTBEAT);
    this.events.link(peer, 'connected');
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
}
