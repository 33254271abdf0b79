/**
 * An in-memory stand-in for the browser's WebRTC, so that `DirectTransport` (pairing
 * codes, relayed signaling, its `LinkSet`) runs whole in node, which has no WebRTC; the
 * browser tests (test/browser/paired.test.ts) run the real one.
 *
 * What the transport relies on, and no more: a connection describes itself as an offer
 * or an answer with a fresh certificate fingerprint, ICE credentials and one host
 * candidate, gathered at once; once an offerer takes an answer, its channel and the
 * answerer's open, if and only if the answer's fingerprint is that of a live connection
 * that took this offerer's offer (as DTLS would check). Messages arrive in order, each
 * in a microtask of its own. Closing either end closes both channels.
 */
import { bytesToHex } from '@noble/hashes/utils.js';

/** Live connections by certificate fingerprint (lowercase hex, no colons). */
const live = new Map<string, MemoryPeerConnection>();

const random = (bytes: number) => bytesToHex(crypto.getRandomValues(new Uint8Array(bytes)));

/** The fingerprint a session description names, as `pairing.ts` reads it. */
function fingerprintOf(sdp: string | undefined): string | null {
  const line = (sdp ?? '').split(/\r?\n/).find((l) => l.startsWith('a=fingerprint:sha-256 '));
  return line
    ? line.slice('a=fingerprint:sha-256 '.length).replaceAll(':', '').toLowerCase()
    : null;
}

class MemoryChannel extends EventTarget {
  readyState: RTCDataChannelState = 'connecting';
  private other: MemoryChannel | null = null;

  /** @internal */
  openTo(other: MemoryChannel): void {
    if (this.readyState !== 'connecting') return;
    this.other = other;
    this.readyState = 'open';
    this.dispatchEvent(new Event('open'));
  }

  send(data: string): void {
    if (this.readyState !== 'open') throw new DOMException('not open', 'InvalidStateError');
    const other = this.other!;
    queueMicrotask(() => {
      if (other.readyState === 'open') other.dispatchEvent(new MessageEvent('message', { data }));
    });
  }

  close(): void {
    if (this.readyState === 'closed') return;
    this.readyState = 'closed';
    const other = this.other;
    this.other = null;
    queueMicrotask(() => this.dispatchEvent(new Event('close')));
    other?.close();
  }
}

export class MemoryPeerConnection extends EventTarget {
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  iceGatheringState: RTCIceGatheringState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  private readonly fingerprint = random(32);
  private readonly ufrag = random(4);
  private readonly pwd = random(12);
  private channel: MemoryChannel | null = null;

  constructor(readonly configuration?: RTCConfiguration) {
    super();
    live.set(this.fingerprint, this);
  }

  createDataChannel(): MemoryChannel {
    this.channel = new MemoryChannel();
    return this.channel;
  }

  async setLocalDescription(): Promise<void> {
    const type = this.remoteDescription?.type === 'offer' ? 'answer' : 'offer';
    const fingerprint = this.fingerprint.toUpperCase().match(/../g)!.join(':');
    const sdp = [
      'v=0',
      'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
      'a=candidate:1 1 udp 2113937151 192.0.2.1 50000 typ host',
      `a=ice-ufrag:${this.ufrag}`,
      `a=ice-pwd:${this.pwd}`,
      `a=fingerprint:sha-256 ${fingerprint}`,
      `a=setup:${type === 'offer' ? 'actpass' : 'active'}`,
      '',
    ].join('\r\n');
    this.localDescription = { type, sdp };
    this.iceGatheringState = 'complete';
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (this.connectionState === 'closed') throw new DOMException('closed', 'InvalidStateError');
    if (!fingerprintOf(description.sdp)) throw new DOMException('no fingerprint', 'SyntaxError');
    this.remoteDescription = description;
    if (description.type !== 'answer') return;
    const other = live.get(fingerprintOf(description.sdp)!);
    // DTLS: the answerer must hold the certificate the answer names, and have taken our offer.
    if (!other || fingerprintOf(other.remoteDescription?.sdp ?? '') !== this.fingerprint) return;
    queueMicrotask(() => {
      if (this.connectionState === 'closed' || other.connectionState === 'closed') return;
      for (const end of [this, other]) {
        end.iceConnectionState = 'connected';
        end.connectionState = 'connected';
      }
      this.channel?.openTo(other.channel!);
      other.channel?.openTo(this.channel!);
    });
  }

  close(): void {
    if (this.connectionState === 'closed') return;
    this.connectionState = 'closed';
    live.delete(this.fingerprint);
    this.channel?.close();
  }
}
