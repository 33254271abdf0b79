/**
 * A table of peers in one process, over the in-memory network: computer
 * players for the simulator, or a human seat plus computer opponents for solo
 * play in the page. Each peer has its own identity, keys, replica and links,
 * exactly as in a game over WebRTC; and its own store, which the page keeps so
 * that a reload resumes every seat where its store left it (`resumeLocalTable`).
 */
import type { GameId } from '../engine/catalog.ts';
import type { Json, JsonObject } from '../engine/encoding.ts';
import type { Level } from '../engine/game.ts';
import { gameById, totalDeckSize } from '../engine/games/registry.ts';
import { createIdentity, type Identity } from '../engine/identity.ts';
import { err, ok, type Result } from '../engine/result.ts';
import { DEFAULT_CLOCK, timeFields, type Clock } from '../engine/table/clock.ts';
import { PROTOCOL_VERSION, type Genesis } from '../engine/table/types.ts';
import { parseWireMessage, type WireMessage } from '../net/messages.ts';
import { LoopbackNetwork } from '../net/loopback.ts';
import { Messenger } from '../net/messenger.ts';
import { InThreadPool, type CryptoPool } from '../net/pool.ts';
import type { TableInfo } from '../net/messages.ts';
import type { SavedTable, TableStore } from '../net/store.ts';
import { TableSession, type Restoring } from '../net/table.ts';
import { ComputerPlayer, seededRandom } from './computer.ts';

export interface LocalTable {
  readonly genesis: Genesis;
  readonly sessions: TableSession<Json>[];
  /** Each seat's identity; empty for a table resumed, whose keys stay in its stores. */
  readonly identities: readonly Identity[];
  readonly bots: ComputerPlayer[];
  /** How well its computer players play. */
  readonly level: Level;
  /** The in-memory network, so a test can add a peer of its own. */
  readonly network: LoopbackNetwork;
  /** Resolves once every replica has finished the game (audit included) or stopped. */
  finished(): Promise<void>;
  close(): void;
}

/**
 * Seats `names.length` peers at a new table of `game`. Seats listed in
 * `humans` get no computer player; `seed` fixes the bots' choices, `delayMs`
 * paces them.
 */
export function localTable(options: {
  game: GameId;
  names: string[];
  humans?: number[];
  seed?: number;
  delayMs?: number;
  /** How well the computer players play; good by default. */
  level?: Level;
  table?: string;
  options?: JsonObject;
  /** Where every peer makes and checks its proofs, each check once; by default this thread. */
  pool?: CryptoPool;
  /** Seats the peers on this in-memory network (a benchmark's, counting what each sends). */
  network?: LoopbackNetwork;
  /** Where each seat keeps its secrets and events; by default in memory. */
  stores?: readonly TableStore[];
  /** Each seat's identity, one per name; by default made here. */
  identities?: readonly Identity[];
  /** The table protocol to play: this code's by default, an older one to measure against. */
  protocol?: number;
  /** The table's time control; the normal one by default. */
  clock?: Clock;
  /** Every page's clock (ms); the real one by default. */
  now?: () => number;
}): LocalTable {
  const entry = gameById(options.game);
  if (!entry) throw new Error(`${options.game} cannot be played yet`);
  const net = options.network ?? new LoopbackNetwork();
  const pool = options.pool ?? new InThreadPool();
  const given = options.options ?? {};
  const gameOptions = entry.withSeats?.(given, options.names.length) ?? given;
  const identities = options.identities ?? options.names.map(() => createIdentity());
  const peers = options.names.map((_, seat) => `local-${seat}`);
  const genesis: Genesis = {
    table: options.table ?? `local-${Date.now().toString(36)}`,
    game: options.game,
    names: options.names,
    identities: identities.map((i) => i.publicKey),
    deckSize: totalDeckSize(entry, gameOptions),
    options: gameOptions,
    ...timeFields(options.protocol ?? PROTOCOL_VERSION, options.clock),
    protocol: options.protocol ?? PROTOCOL_VERSION,
  };
  const messengers = peers.map((peer) => new Messenger(net.join(peer), parseWireMessage));
  // Every peer is on the network first: each session then dials the others and proves its seat.
  const sessions = messengers.map(
    (messenger, seat) =>
      new TableSession(
        messenger,
        genesis,
        entry,
        seat,
        identities[seat]!.secretKey,
        peers,
        options.stores?.[seat],
        pool,
        options.now,
      ),
  );
  return played(genesis, sessions, identities, messengers, net, options);
}

/**
 * What each seat of `local` keeps of its table, in its own store (`stores` of `localTable`)
 * before its first secret: the record `resumeLocalTable` reads back. Seat 0 is the host.
 */
export function seatRecords(local: LocalTable): SavedTable[] {
  const { genesis, identities } = local;
  const info: TableInfo = {
    id: genesis.table,
    game: genesis.game as TableInfo['game'],
    seats: genesis.names.length,
    options: genesis.options,
    clock: genesis.clock ?? DEFAULT_CLOCK,
  };
  const peers = genesis.names.map((_, seat) => `local-${seat}`);
  return identities.map((identity, seat) => ({
    id: genesis.table,
    info,
    name: genesis.names[seat]!,
    identity,
    host: seat === 0,
    play: { genesis, seat, peers },
    computers: local.level,
  }));
}

/**
 * The table `table` as each seat's store kept it (`stores[seat]`, as `localTable`
 * wrote them), every seat back on a new in-memory network: each session restored
 * from its own secrets and events, so nothing any seat has seen changes. A seat not in
 * `humans` gets a computer player again. Errors as `TableSession.resume`'s, the first.
 */
export async function resumeLocalTable(options: {
  table: string;
  stores: readonly TableStore[];
  humans: number[];
  seed: number;
  delayMs: number;
  pool: CryptoPool;
  network: LoopbackNetwork;
  /** How well the computer players play; good by default. */
  level?: Level;
  /** How far the restore is, over every seat's log (each seat replays its own). */
  progress?: (restoring: Restoring) => void;
}): Promise<Result<LocalTable, string>> {
  const { table, stores, pool, network, progress } = options;
  const sessions: TableSession<Json>[] = [];
  const messengers: Messenger<WireMessage>[] = [];
  // One seat after the other, each on the network only as its session opens: it dials
  // the seats before it, which listen already, so no dial meets a peer not yet listening.
  for (const [seat, store] of stores.entries()) {
    const messenger = new Messenger(network.join(`local-${seat}`), parseWireMessage);
    messengers.push(messenger);
    const resumed = await TableSession.resume(messenger, store, table, pool, ({ done, total }) =>
      progress?.({ done: seat * total + done, total: stores.length * total }),
    );
    if (!resumed.ok) {
      for (const s of sessions) s.close();
      for (const m of messengers) m.close();
      return err(resumed.error);
    }
    sessions.push(resumed.value);
  }
  return ok(played(sessions[0]!.genesis, sessions, [], messengers, network, options));
}

/** The table of `sessions`: a computer player at each seat not in `humans`. */
function played(
  genesis: Genesis,
  sessions: TableSession<Json>[],
  identities: readonly Identity[],
  messengers: readonly Messenger<WireMessage>[],
  net: LoopbackNetwork,
  options: { humans?: number[]; seed?: number; delayMs?: number; level?: Level },
): LocalTable {
  const bots = sessions.flatMap((session, seat) =>
    options.humans?.includes(seat)
      ? []
      : [
          new ComputerPlayer(
            session,
            seededRandom((options.seed ?? 1) * 7919 + seat),
            options.delayMs ?? 0,
            options.level,
          ),
        ],
  );
  const done = () =>
    sessions.every((s) => s.replica.stopped || s.replica.state.step.type === 'DONE');
  return {
    genesis,
    sessions,
    identities,
    bots,
    level: options.level ?? 'good',
    network: net,
    finished: () =>
      new Promise((resolve) => {
        const check = () => {
          if (done()) resolve();
        };
        for (const s of sessions) s.subscribe(check);
        check();
      }),
    close() {
      for (const bot of bots) bot.stop();
      for (const s of sessions) s.close();
      for (const m of messengers) m.close();
    },
  };
}
