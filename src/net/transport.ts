/**
 * The one interface every part of Fair Deal uses to talk to other peers.
 *
 * Three implementations: PeerJS data connections in the browser (`peerjs.ts`), WebRTC
 * data channels paired by codes with no signaling server (`direct.ts`), and an in-memory
 * network for tests (`loopback.ts`). Payloads are strings; typing and checking
 * them is the job of `Messenger` (`messenger.ts`), so a transport never interprets data.
 */

/**
 * The life of one link between this peer and another, as the lobby shows it. A link that
 * never opened is `unreachable` when the other page did answer (the signaling got
 * through) yet no network path joined the two: their networks need a relay (TURN). Any
 * other failure is `lost`, however early.
 */
export type LinkState = 'connecting' | 'connected' | 'lost' | 'unreachable';

/** The link is down: what to do next is dial again, not wait. */
export const isDown = (state: LinkState): boolean => state === 'lost' || state === 'unreachable';

export interface TransportHandlers {
  /** A string arrived from `from` over its (reliable, ordered) link. */
  message(from: string, data: string): void;
  /**
   * The link to `peer` changed state; `connected` is "peer joined", `lost` and `unreachable`
   * are "peer lost".
   */
  link(peer: string, state: LinkState): void;
  /**
   * The signaling server took this peer back after an outage: new links can be made
   * again. Links that were open stayed open through it.
   */
  online?(): void;
}

/**
 * The signaling server refused to register a peer id. `type` is PeerJS's error type;
 * `unavailable-id` means the id is registered already, perhaps still by this player's
 * previous page (peerjs issue 224).
 */
export class SignalingError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(`signaling: ${type}: ${message}`);
  }
}

/**
 * Who is at each end of a link: the DTLS certificate fingerprints of this end (`local`)
 * and of the other (`remote`), as the link's two session descriptions name them. Whoever
 * relays the descriptions (a PeerServer, the page that relays pairing codes) can sit in
 * the middle of the link, but only by running a DTLS session of its own with each end,
 * under its own certificate: the two ends then see different channels. So a proof signs
 * the channel it was made on (`seats.ts`, `lobby.ts`), and one relayed onto the other
 * session fails.
 */
export interface LinkChannel {
  local: string;
  remote: string;
}

export interface Transport {
  /** This peer's id on the network. */
  readonly id: string;
  /** Opens a link to `peer`; progress is reported through `link`. Idempotent. */
  connect(peer: string): void;
  /** Sends over an open link; returns false (and sends nothing) when there is none. */
  send(peer: string, data: string): boolean;
  /** Closes the link to `peer`, which is reported `lost` on both ends. */
  disconnect(peer: string): void;
  /** Peers with an open link right now. */
  connectedPeers(): string[];
  /** The channel of the open link to `peer`; null while there is none. */
  channel(peer: string): LinkChannel | null;
  /**
   * The peer at the other end of the open link to `peer` proved an identity key on that
   * very link (a lobby hello, a seat hello): a transport that takes signaling over its
   * links takes it from such a peer only (`direct.ts`). The others need not listen.
   */
  proven?(peer: string): void;
  /** Registers the handlers; a transport has exactly one set. */
  listen(handlers: TransportHandlers): void;
  /** Closes every link and leaves the network. */
  close(): void;
}
