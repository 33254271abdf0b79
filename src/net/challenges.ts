/**
 * The freshness and the link of a proof on a link (a seat hello in the game, a hello in
 * the lobby).
 *
 * Freshness: this end sends the other a random nonce, and the signed answer must carry
 * one still open for that peer id. Each nonce is good once, right or wrong, so an old
 * answer cannot be replayed; a peer may leave a few unanswered, the oldest forgotten first.
 *
 * The link: the answer signs the channel it was made on (`LinkChannel`), the signer's
 * certificate fingerprint first, then the other end's, and the checker takes it only if
 * that is its own channel seen from the other end. A man in the middle of the link runs
 * a DTLS session with each end under a certificate of his own, so an answer he relays
 * from one session to the other names the wrong certificates, and is refused.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Transport } from './transport.ts';

/** Bytes in a challenge nonce. */
export const NONCE_BYTES = 32;
/**
 * Challenges a peer may leave unanswered; the oldest is forgotten first. An answer comes
 * back after as many newer challenges as there are challenge-and-answer chains crossing
 * on the link (each redial of a link still open starts one), so a window smaller than the
 * chains turns every answer away and the link never proves itself: four crossing chains
 * did that with a window of three. Chains start only at a link's opening and at redials,
 * seconds apart, and end as soon as one answer is taken, so sixteen is never reached;
 * the window bounds what an unproven peer can make this end remember.
 */
const MAX_OPEN_CHALLENGES = 16;

/** The nonces this end sent each peer id that an answer may still carry. */
export class Challenges {
  private readonly open = new Map<string, string[]>();

  /** A fresh nonce for `peer`, open from now on. */
  issue(peer: string): string {
    const nonce = bytesToHex(crypto.getRandomValues(new Uint8Array(NONCE_BYTES)));
    this.open.set(peer, [...(this.open.get(peer) ?? []), nonce].slice(-MAX_OPEN_CHALLENGES));
    return nonce;
  }

  /** True when `nonce` is open for `peer`; it is closed either way. */
  take(peer: string, nonce: string): boolean {
    const open = this.open.get(peer) ?? [];
    if (!open.includes(nonce)) return false;
    this.open.set(
      peer,
      open.filter((n) => n !== nonce),
    );
    return true;
  }

  /** Closes every nonce of `peer`: its link is gone, and with it what was asked over it. */
  forget(peer: string): void {
    this.open.delete(peer);
  }
}

/** A link as a proof signs it: the signer's certificate fingerprints, then the other end's. */
export type SignedChannel = [string, string];

/**
 * One end of a channel as the network may name it: a few fingerprints of one certificate,
 * a line each, in printable ASCII (nothing the canonical encoding refuses), bounded.
 */
const CHANNEL_END = /^[ -~\n]{1,1000}$/;

/** Checks the channel a proof from the network says it signed. */
export const isSignedChannel = (value: unknown): value is SignedChannel =>
  Array.isArray(value) &&
  value.length === 2 &&
  value.every((end) => typeof end === 'string' && CHANNEL_END.test(end));

/** What a proof sent to `peer` signs: this end's fingerprints, then `peer`'s; null with no open link. */
export function channelToSign(transport: Transport, peer: string): SignedChannel | null {
  const channel = transport.channel(peer);
  return channel && [channel.local, channel.remote];
}

/** True when `signed`, from a proof `peer` sent, names this very link, seen from its end. */
export function onThisLink(transport: Transport, peer: string, signed: SignedChannel): boolean {
  const channel = transport.channel(peer);
  return channel !== null && signed[0] === channel.remote && signed[1] === channel.local;
}
