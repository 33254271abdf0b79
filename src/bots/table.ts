/**
 * A table of peers in one process, over the in-memory network: computer
 * players for the simulator, or a human seat plus computer opponents for solo
 * play in the page. Each peer has its own identity, keys, replica and links,
 * exactly as in a game over WebRTC.
 */
import type { GameId } from '../engine/catalog.ts';
import type { Json, JsonObject } from '../engine/encoding.ts';
import type { Level } from '../engine/game.ts';
import { playable, totalDeckSize } from '../engine/games/registry.ts';
import { createIdentity } from '../engine/identity.ts';
import { DEFAULT_ABSENT_AFTER_MS } from '../engine/table/leave.ts';
import type { Genesis } from '../engine/table/types.ts';
import { parseWireMessage } from '../net/messages.ts';
import { LoopbackNetwork } from '../net/loopback.ts';
import { Messenger } from '../net/messenger.ts';
import { InThreadPool, type CryptoPool } from '../net/pool.ts';
import { TableSession } from '../net/table.ts';
import { ComputerPlayer, seededRandom } from './computer.ts';

export interface LocalTable {
  readonly genesis: Genesis;
  readonly sessions: TableSession<Json>[];
  readonly bots: ComputerPlayer[];
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
}): LocalTable {
  const entry = playable(options.game);
  if (!entry) throw new Error(`${options.game} cannot be played yet`);
  const net = options.network ?? new LoopbackNetwork();
  const pool = options.pool ?? new InThreadPool();
  const given = options.options ?? {};
  const gameOptions = entry.withSeats?.(given, options.names.length) ?? given;
  const identities = options.names.map(() => createIdentity());
  const peers = options.names.map((_, seat) => `local-${seat}`);
  const genesis: Genesis = {
    table: options.table ?? `local-${Date.now().toString(36)}`,
    game: options.game,
    names: options.names,
    identities: identities.map((i) => i.publicKey),
    deckSize: totalDeckSize(entry, gameOptions),
    options: gameOptions,
    absentAfterMs: DEFAULT_ABSENT_AFTER_MS,
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
        undefined,
        pool,
      ),
  );
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
    bots,
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
