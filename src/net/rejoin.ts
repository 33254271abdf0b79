/**
 * Coming back to a table after a reload: a peer id for this seat on the signaling
 * server, and where to dial the others. What comes next is the table session's: its
 * seat links dial every seat and prove this one with its identity key (`seats.ts`), so
 * nobody cares which peer id this page got.
 *
 * Every seat, the host's too, tries its last id and, if PeerServer still holds it for
 * the page that went away (peerjs issue 224: up to its `alive_timeout`, 90 s by default,
 * when that page died without closing its socket), takes a fresh one at once: waiting
 * would stall the table for as long as a server we do not run decides. The others find
 * a host under a fresh id as they find a guest: it dials them where it last knew them,
 * proves its seat, and tells each where the others are. The rendezvous id matters only
 * before the game, when joiners know nothing else: a lobby's host waits for it.
 */
import type { Seat } from '../engine/game.ts';
import type { Genesis } from '../engine/table/types.ts';
import { nextDelay, sleep, type Backoff } from './backoff.ts';
import { guestPeerId, hostPeerId, isPeerIdOf } from './ids.ts';
import { parseWireMessage, type WireMessage } from './messages.ts';
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
 * Rejects when the server refuses for good, or is still out of reach after `attempts` tries.
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
  const last = lastPeers[seat];
  const wanted = seat === 0 ? hostPeerId(table) : isPeerIdOf(table, last) ? last : null;
  const transport = await registerAgain(open, table, wanted, true, backoff, attempts);
  const peers = genesis.identities.map((_, s) =>
    s === seat
      ? transport.id
      : isPeerIdOf(table, lastPeers[s])
        ? lastPeers[s]!
        : s === 0
          ? hostPeerId(table)
          : null,
  );
  return { messenger: new Messenger(transport, parseWireMessage), peers };
}

/**
 * Registers this page again for `table` under `wanted` (null: any fresh id). When the
 * server still holds `wanted`, takes a fresh id at once if `fresh` allows, else retries
 * with backoff: a lobby's host needs its rendezvous id, which joiners derive from the
 * link. Rejects when the server refuses for good, or still after `attempts` tries.
 */
export async function registerAgain(
  open: OpenTransport,
  table: string,
  wanted: string | null,
  fresh: boolean,
  backoff: Backoff = REJOIN_BACKOFF,
  attempts: number = REJOIN_ATTEMPTS,
): Promise<Transport> {
  let id = wanted ?? guestPeerId(table);
  let waitMs = backoff.firstMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open(id);
    } catch (error) {
      if (!(error instanceof SignalingError) || !PASSING.has(error.type) || attempt >= attempts)
        throw error;
      if (error.type === 'unavailable-id' && fresh) {
        id = guestPeerId(table);
        continue;
      }
      await sleep(waitMs);
      waitMs = nextDelay(waitMs, backoff);
    }
  }
}
