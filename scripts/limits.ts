/**
 * What one address may take of the signaling server: connections at once, and TURN
 * credentials over time. An address here is what one subscriber holds: an IPv4 address,
 * or an IPv6 /64 (one is handed out whole to a home or a phone, so its 2^64 addresses are
 * one client's). Behind a reverse proxy, the address is the one the proxy saw.
 */
import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/** The first four groups of an IPv6 address, written out: its /64. */
function ipv6Prefix(address: string): string {
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const front = groups(head);
  const back = groups(tail);
  const full = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The key an address is counted under: IPv4 as it is (mapped ones too), IPv6 by its /64. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return mapped;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return ipv6Prefix(address);
  return address;
}

/**
 * The address a request came from. Behind a proxy (`proxied`), the last entry of
 * X-Forwarded-For: the one the proxy itself wrote; any before it came from the client
 * and prove nothing. A request without it counts against the proxy's own address.
 */
export function clientAddress(req: IncomingMessage, proxied: boolean): string {
  const socket = req.socket.remoteAddress ?? '';
  if (!proxied) return addressKey(socket);
  const forwarded = req.headers['x-forwarded-for'];
  const last = [forwarded ?? []].flat().join(',').split(',').at(-1)?.trim() ?? '';
  return addressKey(isIPv4(last) || isIPv6(last) ? last : socket);
}

/** Addresses a `RateLimit` remembers at most; past that, it forgets the longest quiet. */
const REMEMBERED = 50_000;

/**
 * A token bucket per address: `burst` at once, then `perHour` spread over the hour. An
 * address whose bucket has filled again is as good as forgotten, and is forgotten first.
 */
export class RateLimit {
  private readonly buckets = new Map<string, { tokens: number; atMs: number }>();
  private readonly msPerToken: number;

  constructor(
    private readonly burst: number,
    perHour: number,
    private readonly now: () => number = Date.now,
  ) {
    this.msPerToken = 3_600_000 / perHour;
  }

  /** Takes one token for `key`: 0 if it had one, else the whole seconds until it has. */
  take(key: string): number {
    const nowMs = this.now();
    const last = this.buckets.get(key);
    const tokens = last
      ? Math.min(this.burst, last.tokens + (nowMs - last.atMs) / this.msPerToken)
      : this.burst;
    // Deleted and set again: the Map's order is then least recently asked first.
    this.buckets.delete(key);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, atMs: nowMs });
      return Math.ceil(((1 - tokens) * this.msPerToken) / 1000);
    }
    this.buckets.set(key, { tokens: tokens - 1, atMs: nowMs });
    if (this.buckets.size > REMEMBERED) this.buckets.delete(this.buckets.keys().next().value!);
    return 0;
  }
}

/** Open connections, in all and per address, each under its cap. */
export class ConnectionCaps {
  private readonly open = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly max: number,
    private readonly perAddress: number,
  ) {}

  /** Why `key` may not open one more now; null when it may. */
  refusal(key: string): string | null {
    if (this.total >= this.max) return 'the server has all the connections it takes';
    if ((this.open.get(key) ?? 0) >= this.perAddress)
      return 'this address has all the connections it may have';
    return null;
  }

  /** Counts one more for `key`; the returned function counts it closed, once. */
  add(key: string): () => void {
    this.total += 1;
    this.open.set(key, (this.open.get(key) ?? 0) + 1);
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      this.total -= 1;
      const left = this.open.get(key)! - 1;
      if (left === 0) this.open.delete(key);
      else this.open.set(key, left);
    };
  }
}
