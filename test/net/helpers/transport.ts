/** A transport in a test's hands: what it sends goes through the test first. */
import type { Transport } from '../../../src/net/transport.ts';

/** `inner`, but every message it is asked to send goes through `send` instead. */
export function sendingThrough(
  inner: Transport,
  send: (peer: string, data: string) => boolean,
): Transport {
  return {
    id: inner.id,
    connect: (peer) => inner.connect(peer),
    disconnect: (peer) => inner.disconnect(peer),
    connectedPeers: () => inner.connectedPeers(),
    channel: (peer) => inner.channel(peer),
    listen: (handlers) => inner.listen(handlers),
    close: () => inner.close(),
    send,
  };
}
