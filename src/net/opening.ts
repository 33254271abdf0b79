/**
 * Where a seat's table session is built: on the links of a lobby once every seat signed
 * the same genesis, or after a reload, back on the network from what the store kept.
 * Each writes the seat's record before the session's first secret: the store writes in
 * order, so a reload always finds the genesis its secrets and events belong to.
 */
import type { Identity } from '../engine/identity.ts';
import { gameById } from '../engine/games/registry.ts';
import type { Result } from '../engine/result.ts';
import type { LobbySession } from './lobby.ts';
import type { Messenger } from './messenger.ts';
import type { WireMessage } from './messages.ts';
import type { CryptoPool } from './pool.ts';
import { rejoinTable, type OpenTransport } from './rejoin.ts';
import type { SavedTable, TablePlay, TableStore } from './store.ts';
import { TableSession, type Restoring } from './table.ts';

/**
 * The table session of `lobby`'s table once it started, on the lobby's links, signed
 * under `identity`, kept in `store`. `keep` writes the seat's record with `play` first,
 * in the same turn, so no message of the others' sessions is missed. Null before the
 * table starts, or for a game this code does not know.
 */
export function openStarted(
  lobby: LobbySession,
  saved: SavedTable,
  identity: Identity,
  store: TableStore,
  pool: CryptoPool,
  keep: (play: TablePlay) => void,
): TableSession | null {
  const start = lobby.tableStart();
  const rules = gameById(saved.info.game);
  if (!start || !rules) return null;
  const { genesis, seat, peers } = start;
  keep({ genesis, seat, peers });
  return new TableSession(
    lobby.channel,
    genesis,
    rules,
    seat,
    identity.secretKey,
    peers,
    store,
    pool,
  );
}

/** A kept seat back on the network: its links, and its session or why it cannot resume. */
export interface Resumed {
  readonly messenger: Messenger<WireMessage>;
  /** Null when the seat's new addresses could not be kept (`keep` says why). */
  readonly session: Result<TableSession, string> | null;
}

/**
 * Brings the started table `saved` back after a reload: registers this seat again
 * through `open`, keeps where it now dials the others (`keep`), then replays what
 * `store` kept, telling `progress` how far. Rejects when the network cannot be reached.
 */
export async function resumeSeat(
  open: OpenTransport,
  saved: SavedTable & { readonly play: TablePlay },
  store: TableStore,
  pool: CryptoPool,
  keep: (table: SavedTable) => Promise<boolean>,
  progress: (restoring: Restoring) => void,
): Promise<Resumed> {
  const { genesis, seat, peers } = saved.play;
  const { messenger, peers: dialled } = await rejoinTable(open, genesis, seat, peers);
  if (!(await keep({ ...saved, play: { genesis, seat, peers: dialled } })))
    return { messenger, session: null };
  const session = await TableSession.resume(messenger, store, saved.id, pool, progress);
  return { messenger, session };
}
