/**
 * One WebRTC link of a table paired by codes (`DirectTransport`): a connection with the
 * table's one data channel, negotiated so that both ends make it the same and neither
 * waits for the other to open it, and its description once ICE gathering is done, as a
 * compact code (`pairing.ts`): one code each way is all it takes.
 */
import type { DataLink } from './links.ts';
import { encodePairing, fromSdp } from './pairing.ts';

/** Longest wait for ICE gathering before a code goes with the candidates found so far. */
const GATHER_LIMIT_MS = 5000;

/** A connection and its data channel, not linked to anyone yet. */
export interface OpenChannel {
  readonly connection: RTCPeerConnection;
  readonly channel: RTCDataChannel;
}

/** A connection with the one data channel of a table, under the ICE servers and policy `rtc`. */
export function openChannel(rtc: RTCConfiguration): OpenChannel {
  const connection = new RTCPeerConnection(rtc);
  const channel = connection.createDataChannel('fairdeal', { negotiated: true, id: 0 });
  return { connection, channel };
}

/** `connection`'s own end, once gathered, as a code of peer `id` at `table`. */
export async function describe(
  connection: RTCPeerConnection,
  kind: 'offer' | 'answer',
  table: string,
  id: string,
  nonce: string,
): Promise<string> {
  await connection.setLocalDescription();
  await gathered(connection);
  const sdp = connection.localDescription?.sdp ?? '';
  const pairing = fromSdp(sdp, kind, table, id, nonce);
  if (!pairing.ok) throw new Error(pairing.error);
  return encodePairing(pairing.value);
}

/** An `RTCDataChannel` and its connection, as a `LinkSet` takes it. */
export class ChannelLink implements DataLink {
  constructor(
    readonly peer: string,
    readonly connection: RTCPeerConnection,
    private readonly channel: RTCDataChannel,
  ) {}

  /** What the link's failure reads from: whether the other end answered, and found a path. */
  get peerConnection(): RTCPeerConnection {
    return this.connection;
  }

  on(event: 'open' | 'close' | 'error', listener: () => void): void;
  on(event: 'data', listener: (data: unknown) => void): void;
  on(event: 'open' | 'close' | 'error' | 'data', listener: (data?: unknown) => void): void {
    if (event === 'data')
      this.channel.addEventListener('message', (e) => listener((e as MessageEvent).data));
    else if (event === 'open' && this.channel.readyState === 'open') queueMicrotask(listener);
    else this.channel.addEventListener(event, () => listener());
    if (event === 'error')
      this.connection.addEventListener('connectionstatechange', () => {
        if (this.connection.connectionState === 'failed') listener();
      });
  }

  send(data: string): void {
    if (this.channel.readyState !== 'open') return;
    try {
      this.channel.send(data);
    } catch {
      // Closing under us: the link is reported lost by its events.
    }
  }

  close(): void {
    this.channel.close();
    this.connection.close();
  }
}

/** Resolves once `connection` has gathered its candidates, or after `GATHER_LIMIT_MS`. */
function gathered(connection: RTCPeerConnection): Promise<void> {
  return new Promise((resolve) => {
    if (connection.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(resolve, GATHER_LIMIT_MS);
    connection.addEventListener('icegatheringstatechange', () => {
      if (connection.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
}
