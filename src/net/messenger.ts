/**
 * Typed messages over a `Transport`.
 *
 * Every incoming string is size-checked, parsed and validated by the message type's own
 * parser before anyone sees it; anything else is dropped with a reason, never half-used.
 */
import { MAX_EVENT_BYTES } from '../engine/events.ts';
import type { LinkState, Transport } from './transport.ts';

/** A parser turns untrusted JSON into a checked message, or says what is wrong. */
export type MessageParser<M> = (
  raw: unknown,
) => { ok: true; value: M } | { ok: false; error: string };

/**
 * Most UTF-8 bytes in one message, counted as the data channel counts them. The largest
 * message is a table event wrapped for the wire, `{"type":"event","event":"..."}`: the
 * event is at most `MAX_EVENT_BYTES` of canonical JSON, and writing it as a JSON string
 * at most doubles it (each `"` and `\` gains a backslash, an escape such as `\u0001`
 * gains one byte in six, and nothing else changes). Twice the largest event plus room for
 * the envelope is about 129 KiB, below the 256 KiB Chromium's data channels carry.
 */
export const MAX_MESSAGE_BYTES = 2 * MAX_EVENT_BYTES + 1024;

const utf8 = new TextEncoder();

function oversized(data: string): boolean {
  // A string never has fewer UTF-8 bytes than UTF-16 units, so huge input is refused unencoded.
  return data.length > MAX_MESSAGE_BYTES || utf8.encode(data).length > MAX_MESSAGE_BYTES;
}

export interface MessengerHandlers<M> {
  message(from: string, message: M): void;
  joined(peer: string): void;
  lost(peer: string): void;
  link(peer: string, state: LinkState): void;
  /** The signaling server is reachable again after an outage (`TransportHandlers.online`). */
  online(): void;
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
      online: () => {
        for (const h of this.subscribers) h.online?.();
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
    if (oversized(data)) throw new Error(`message over the limit of ${MAX_MESSAGE_BYTES} bytes`);
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
    if (oversized(data))
      return this.drop(from, `oversized message (over ${MAX_MESSAGE_BYTES} bytes)`);
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
