/**
 * Coming back to a table after a reload: a peer id for this seat on the signaling
 * server, and where to dial the others. What comes next is the table session's: its
 * seat links dial every seat and prove this one with its identity key (`seats.ts`), so
 * nobody cares which peer id this page got.
 *
 * The host takes the table's rendezvous id again (`hostPeerId`), which the other seats
 * keep dialling while it is away; PeerServer may hold it for the host's previous page a
 * while yet (peerjs issue 224, up to its `alive_timeout`, 90 s by default), so the host
 * retries with backoff. A guest tries its last id and, if that is still held, takes a
 * fresh one at once: it dials the others itself.
 */
import type { Seat } from '../engine/game.ts';
import type { Genesis } from '../engine/table/types.ts';
import { nextDelay, sleep, type Backoff } from './backoff.ts';
import { guestPeerId, hostPeerId, isPeerIdOf } from './ids.ts';
import { parseWireMessage, type WireMessage } from './lobby.ts';
import { Messenger } from './messenger.ts';
import { SignalingError, type Transport } from './transport.ts';

/** Registers `id` on the signaling server; rejects with a `SignalingError` when it cannot. */
export type OpenTransport = (id: string) => Promise<Transport>;

/** Waits between tries to register: 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export const REJOIN_BACKOFF: Backoff = { firstMs: 1000, maxMs: 10000 };
/** Tries before giving up: with `REJOIN_BACKOFF`, over two minutes, past PeerServer's hold. */
export const REJOIN_ATTEMPTS = 16;

/** Failures that may pass: the id still held, or the server out of reach for now. */
const PASSING = new Set([
  'unavailable-id',
  'network',
  'server-error',
  'socket-error',
  'socket-closed',
]);

/** A seat back on the network, ready for its `TableSession`. */
export interface Rejoined {
  messenger: Messenger<WireMessage>;
  /** Where to dial each seat first: the rendezvous for the host, else its last known id. */
  peers: (string | null)[];
}

/**
 * Puts `seat` of `genesis` back on the network through `open`. `lastPeers` are the
 * seats' peer ids as this page last knew them (`SeatLinks.addresses`), if kept.
 * Rejects when the server refuses for good, or still after `attempts` tries.
 */
export async function rejoinTable(
  open: OpenTransport,
  genesis: Genesis,
  seat: Seat,
  lastPeers: readonly (string | null)[] = [],
  backoff: Backoff = REJOIN_BACKOFF,
  attempts: number = REJOIN_ATTEMPTS,
): Promise<Rejoined> {
  const { table } = genesis;
  const transport = await registerAgain(
    open,
    table,
    seat === 0,
    lastPeers[seat],
    backoff,
    attempts,
  );
  const peers = genesis.identities.map((_, s) =>
    s === 0 ? hostPeerId(table) : s === seat ? transport.id : (lastPeers[s] ?? null),
  );
  return { messenger: new Messenger(transport, parseWireMessage), peers };
}

/**
 * Registers this page again for `table`: the host under the table's rendezvous id, with
 * backoff while the server still holds it; a guest under `last`, else a fresh id. The
 * lobby's way back too, before any genesis. Rejects as `rejoinTable` does.
 */
export async function registerAgain(
  open: OpenTransport,
  table: string,
  isHost: boolean,
  last: string | null | undefined,
  backoff: Backoff = REJOIN_BACKOFF,
  attempts: number = REJOIN_ATTEMPTS,
): Promise<Transport> {
  let id = isHost ? hostPeerId(table) : isPeerIdOf(table, last) ? last : guestPeerId(table);
  let waitMs = backoff.firstMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open(id);
    } catch (error) {
      if (!(error instanceof SignalingError) || !PASSING.has(error.type) || attempt >= attempts)
        throw error;
      // A guest's id is nobody's business: a fresh one now beats waiting for the old.
      if (error.type === 'unavailable-id' && !isHost) {
        id = guestPeerId(table);
        continue;
      }
      await sleep(waitMs);
      waitMs = nextDelay(waitMs, backoff);
    }
  }
}
