/**
 * Typed messages over a `Transport`.
 *
 * Every incoming string is size-checked, parsed and validated by the message type's own
 * parser before anyone sees it; anything else is dropped with a reason, never half-used.
 * A peer that sends more than an honest one ever does (a message over the size limit, or
 * more messages or bytes than its allowance) is disconnected for good, with the reason.
 */
import { MAX_EVENT_BYTES } from '../engine/events.ts';
import { isDown, type LinkState, type Transport } from './transport.ts';

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

/**
 * How much one peer may send: two token buckets, one counting messages and one counting
 * bytes, each full at first and refilled at a steady rate.
 */
export interface PeerLimits {
  burstMessages: number;
  messagesPerSecond: number;
  burstBytes: number;
  bytesPerSecond: number;
}

/**
 * An honest peer's largest burst is the whole log, sent once to a peer that (re)connects.
 * Whole games of War measured with `npm run simulate` (two seats, ten seeds) run from 160
 * to 1,040 events, 100 to 440 KB on the wire; a Red & Black match is about 200 events and
 * 320 KB. The burst holds twenty times the longest of them, so a long game and a few
 * reconnects in a row stay well inside it. Between bursts a table moves at the pace of
 * people, a few events a second; computer players with no delay in one process reach
 * about 70, half of it on each link. A shuffle event is at most 14 KB and comes once per
 * seat and deal. A peer over the allowance costs each other peer at most 100 parsed
 * messages (signature checks) a second, and 256 KiB of input.
 */
export const PEER_LIMITS: PeerLimits = {
  burstMessages: 20_000,
  messagesPerSecond: 100,
  burstBytes: 16 * 1024 * 1024,
  bytesPerSecond: 256 * 1024,
};

const utf8 = new TextEncoder();

/** UTF-8 bytes of `data`, or Infinity for a string too long to be a message. */
function byteLength(data: string): number {
  // A string never has fewer UTF-8 bytes than UTF-16 units, so huge input is refused unencoded.
  return data.length > MAX_MESSAGE_BYTES ? Infinity : utf8.encode(data).length;
}

interface Allowance {
  messages: number;
  bytes: number;
  at: number;
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
  /** `peer` sent more than the limits allow and is disconnected for good; `reason` says how. */
  cut(peer: string, reason: string): void;
}

/** A messenger's limits on each peer, and the clock its allowances refill by. */
export interface MessengerOptions {
  limits?: PeerLimits;
  now?: () => number;
}

export class Messenger<M> {
  private subscribers: Partial<MessengerHandlers<M>>[] = [];
  private readonly allowances = new Map<string, Allowance>();
  /** Peers disconnected for going over the limits, with the reason: never heard again. */
  private readonly cutOff = new Map<string, string>();
  private readonly limits: PeerLimits;
  private readonly now: () => number;

  constructor(
    readonly transport: Transport,
    private readonly parse: MessageParser<M>,
    options: MessengerOptions = {},
  ) {
    this.limits = options.limits ?? PEER_LIMITS;
    this.now = options.now ?? Date.now;
    transport.listen({
      message: (from, data) => this.receive(from, data),
      link: (peer, state) => {
        if (this.cutOff.has(peer) && !isDown(state)) {
          if (state === 'connected') transport.disconnect(peer);
          return;
        }
        for (const h of this.subscribers) {
          h.link?.(peer, state);
          if (state === 'connected') h.joined?.(peer);
          if (isDown(state)) h.lost?.(peer);
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

  /** Peers disconnected for going over the limits, with the reason for each. */
  get disconnected(): ReadonlyMap<string, string> {
    return this.cutOff;
  }

  /** Sends to one peer; false when there is no open link to it. */
  send(peer: string, message: M): boolean {
    const data = JSON.stringify(message);
    if (byteLength(data) > MAX_MESSAGE_BYTES)
      throw new Error(`message over the limit of ${MAX_MESSAGE_BYTES} bytes`);
    return this.transport.send(peer, data);
  }

  /** Sends to every peer with an open link. */
  broadcast(message: M): void {
    for (const peer of this.transport.connectedPeers()) this.send(peer, message);
  }

  close(): void {
    this.transport.close();
  }

  /** Disconnects `peer` for good, for a `reason` a layer above found, as going over the limits does. */
  shutOut(peer: string, reason: string): void {
    if (!this.cutOff.has(peer)) this.cut(peer, reason);
  }

  private receive(from: string, data: string): void {
    if (this.cutOff.has(from)) return;
    const bytes = byteLength(data);
    if (bytes > MAX_MESSAGE_BYTES)
      return this.cut(from, `sent a message over the limit of ${MAX_MESSAGE_BYTES} bytes`);
    const over = this.spend(from, bytes);
    if (over) return this.cut(from, over);
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

  /** Takes one message of `bytes` from `peer`'s allowance; says which limit it broke, if any. */
  private spend(peer: string, bytes: number): string | null {
    const { burstMessages, messagesPerSecond, burstBytes, bytesPerSecond } = this.limits;
    const now = this.now();
    const last = this.allowances.get(peer) ?? {
      messages: burstMessages,
      bytes: burstBytes,
      at: now,
    };
    const seconds = Math.max(0, now - last.at) / 1000;
    const allowance = {
      messages: Math.min(burstMessages, last.messages + seconds * messagesPerSecond) - 1,
      bytes: Math.min(burstBytes, last.bytes + seconds * bytesPerSecond) - bytes,
      at: now,
    };
    this.allowances.set(peer, allowance);
    if (allowance.messages < 0)
      return `sent more than ${burstMessages} messages at once or ${messagesPerSecond} a second`;
    if (allowance.bytes < 0)
      return `sent more than ${burstBytes} bytes at once or ${bytesPerSecond} a second`;
    return null;
  }

  private cut(peer: string, reason: string): void {
    console.warn(`fairdeal: disconnected ${peer}: ${reason}`);
    this.cutOff.set(peer, reason);
    this.allowances.delete(peer);
    for (const h of this.subscribers) h.cut?.(peer, reason);
    this.transport.disconnect(peer);
  }

  private drop(from: string, reason: string): void {
    console.warn(`fairdeal: dropped a message from ${from}: ${reason}`);
    for (const h of this.subscribers) h.dropped?.(from, reason);
  }
}
