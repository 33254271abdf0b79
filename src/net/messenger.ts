/**
 * Typed messages over a `Transport`.
 *
 * Every incoming string is size-checked, parsed and validated by the message type's own
 * parser before anyone sees it; anything else is dropped with a reason, never half-used.
 */
import type { LinkState, Transport } from './transport.ts';

/** A parser turns untrusted JSON into a checked message, or says what is wrong. */
export type MessageParser<M> = (
  raw: unknown,
) => { ok: true; value: M } | { ok: false; error: string };

/**
 * WebRTC data channels carry at most 256 KiB per message in Chromium; this many UTF-16
 * characters stay below that even at three UTF-8 bytes each.
 */
export const MAX_MESSAGE_CHARS = 80_000;

export interface MessengerHandlers<M> {
  message(from: string, message: M): void;
  joined(peer: string): void;
  lost(peer: string): void;
  link(peer: string, state: LinkState): void;
  /** A message was dropped; `reason` says why. */
  dropped(from: string, reason: string): void;
}

export class Messenger<M> {
  private subscribers: Partial<MessengerHandlers<M>>[] = [];

  constructor(
    readonly transport: Transport,
    private readonly parse: MessageParser<M>,
  ) {
    transport.listen({
      message: (from, data) => this.receive(from, data),
      link: (peer, state) => {
        for (const h of this.subscribers) {
          h.link?.(peer, state);
          if (state === 'connected') h.joined?.(peer);
          if (state === 'lost') h.lost?.(peer);
        }
      },
    });
  }

  get id(): string {
    return this.transport.id;
  }

  /** Adds a subscriber (the lobby, then the table, share one messenger); returns its removal. */
  on(handlers: Partial<MessengerHandlers<M>>): () => void {
    this.subscribers.push(handlers);
    return () => {
      this.subscribers = this.subscribers.filter((h) => h !== handlers);
    };
  }

  connect(peer: string): void {
    this.transport.connect(peer);
  }

  /** Sends to one peer; false when there is no open link to it. */
  send(peer: string, message: M): boolean {
    const data = JSON.stringify(message);
    if (data.length > MAX_MESSAGE_CHARS)
      throw new Error(`message of ${data.length} characters exceeds the limit`);
    return this.transport.send(peer, data);
  }

  /** Sends to every peer with an open link. */
  broadcast(message: M): void {
    for (const peer of this.transport.connectedPeers()) this.send(peer, message);
  }

  close(): void {
    this.transport.close();
  }

  private receive(from: string, data: string): void {
    if (data.length > MAX_MESSAGE_CHARS)
      return this.drop(from, `oversized message (${data.length} characters)`);
    let raw: unknown;
    try {
      raw = JSON.parse(data);
    } catch {
      return this.drop(from, 'malformed message (not JSON)');
    }
    const parsed = this.parse(raw);
    if (!parsed.ok) return this.drop(from, `malformed message (${parsed.error})`);
    for (const h of this.subscribers) h.message?.(from, parsed.value);
  }

  private drop(from: string, reason: string): void {
    console.warn(`fairdeal: dropped a message from ${from}: ${reason}`);
    for (const h of this.subscribers) h.dropped?.(from, reason);
  }
}
