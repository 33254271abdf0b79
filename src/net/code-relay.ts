/**
 * What relaying a pairing code through links already open may do (`DirectTransport`). A
 * code travels in a transport envelope: to a peer, the dialler sends `{ to, code }` to
 * every peer it is linked to; a peer linked to the one dialled forwards it as
 * `{ from, code }`, stamped with who sent it, and the answer comes back the same way. A
 * relayed code must name as its sender the peer that sent it through the relay, so nobody
 * can make a peer answer for another. What a peer may have another relay, and what it
 * takes through one relay, is bounded by a token bucket per peer (`RelayAllowance`).
 */
import { hostPeerId, isPeerIdOf } from './ids.ts';
import { MAX_CODE_CHARS, type Pairing, type Parsed } from './pairing.ts';

/** Starts a transport-level envelope; app messages are JSON, heartbeats `\u0000`. */
export const ENVELOPE = '\u0001';
/** A code, its peer id and the JSON around them. */
const MAX_ENVELOPE_CHARS = MAX_CODE_CHARS + 200;
/**
 * What one peer may have this peer relay: an honest one signals each seat it dials once per
 * try (offers and answers, a few a minute); a burst of 30, then one a second.
 */
const RELAY_BURST = 30;
const RELAY_PER_SECOND = 1;

/** A code on its way through a relay: to the peer dialled, or forwarded from its sender. */
export type EnvelopeMessage = { to: string; code: string } | { from: string; code: string };

/** Checks a transport envelope (without its leading mark): exactly a recipient or a sender, and a code. */
export function parseEnvelope(data: string, table: string): Parsed<EnvelopeMessage> {
  const fail = (error: string): Parsed<never> => ({ ok: false, error });
  if (data.length > MAX_ENVELOPE_CHARS) return fail('signaling envelope too long');
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return fail('signaling envelope is not JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('signaling envelope is not an object');
  const keys = Object.keys(raw).sort().join(',');
  const { to, from, code } = raw as Record<string, unknown>;
  if (typeof code !== 'string' || code.length > MAX_CODE_CHARS)
    return fail('signaling envelope without a code');
  const ofTable = (peer: unknown): peer is string =>
    peer === hostPeerId(table) || isPeerIdOf(table, peer);
  if (keys === 'code,to' && ofTable(to)) return { ok: true, value: { to, code } };
  if (keys === 'code,from' && ofTable(from)) return { ok: true, value: { from, code } };
  return fail('signaling envelope names no peer of this table');
}

/**
 * Why a code that came through a relay, stamped as sent by `from`, is not taken by peer
 * `self` of `table`; null when it is. Only the peer that sent it through the relay may
 * be named in it as its sender.
 */
export function relayedCodeProblem(
  p: Pairing,
  from: string,
  self: string,
  table: string,
): string | null {
  if (p.table !== table) return `a relayed code for table ${p.table}`;
  if (p.peer !== from) return `a relayed code that claims to come from ${p.peer}, sent by ${from}`;
  if (from === self) return 'a relayed code of this peer’s own';
  return null;
}

/**
 * How much each peer may have this one relay: a token bucket per sender, `RELAY_BURST`
 * full, refilled at `RELAY_PER_SECOND`. What it keeps is bounded by the links held.
 */
export class RelayAllowance {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number = RELAY_BURST,
    private readonly perSecond: number = RELAY_PER_SECOND,
  ) {}

  /** True when `peer` may have one more code relayed now, which it is then charged. */
  allow(peer: string, now: number = Date.now()): boolean {
    const bucket = this.buckets.get(peer) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond,
    );
    bucket.at = now;
    this.buckets.set(peer, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Forgets `peer`, whose link is gone. */
  forget(peer: string): void {
    this.buckets.delete(peer);
  }
}
