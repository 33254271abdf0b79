/**
 * SoloGame: a game against the computer. Every seat runs in this page, over an in-memory
 * network, and is kept in the store like a network table, each computer seat under a key
 * of its own (`seatStore`): a reload resumes every seat from what it kept, so nothing the
 * player has seen changes.
 */
import type { LocalTable } from '../../bots/table.ts';
import type { GameId } from '../../engine/catalog.ts';
import type { JsonObject } from '../../engine/encoding.ts';
import type { Level } from '../../engine/game.ts';
import type { Identity } from '../../engine/identity.ts';
import { err, ok, type Result } from '../../engine/result.ts';
import { sleep } from '../../net/backoff.ts';
import type { CryptoPool } from '../../net/pool.ts';
import { seatStore, type TablePlay, type TableStore } from '../../net/store.ts';
import type { Restoring, TableSession } from '../../net/table.ts';
import { COMPUTER_DELAY_MS } from './computer-seats.ts';
import type { KeptTable } from './kept-table.ts';
import type * as TableCode from './play.ts';

/** What a game against the computer needs of the table's code (`play.ts`). */
type Code = Pick<
  typeof TableCode,
  | 'createIdentity'
  | 'freshSeed'
  | 'localTable'
  | 'LoopbackNetwork'
  | 'resumeLocalTable'
  | 'seatRecords'
>;

/** A new game against the computer: its table id, the player's name and the game's terms. */
export interface SoloTerms {
  readonly id: string;
  readonly name: string;
  readonly game: GameId;
  readonly options: JsonObject;
  readonly seats: number;
  readonly level: Level;
}

export class SoloGame {
  /** The game this page runs, every seat of it; null while it plays none. */
  table = $state.raw<LocalTable | null>(null);

  constructor(private readonly pool: CryptoPool) {}

  /**
   * Seats the player and `seats - 1` computer players at a new table, each seat's record
   * kept (the player's through `kept`, each computer's under its seat's key): the player's
   * session.
   */
  async start(code: Code, terms: SoloTerms, kept: KeptTable): Promise<TableSession> {
    const { id, name, game, options, seats, level } = terms;
    const computers = Array.from({ length: seats - 1 }, (_, i) =>
      seats === 2 ? 'Computer' : `Computer ${i + 1}`,
    );
    const stores = [kept.where, ...computers.map((_, i) => seatStore(kept.where, i + 1))];
    // Each step a task of its own, so none holds the page: each seat's identity (the page's
    // first also builds ed25519's table for the base point), the sessions of every seat,
    // the table's first drawing; and each message between the seats.
    const identities: Identity[] = [];
    for (let seat = 0; seat < seats; seat++) {
      await sleep(0);
      identities.push(code.createIdentity());
    }
    await sleep(0);
    const local = code.localTable({
      game,
      options,
      names: [name, ...computers],
      identities,
      humans: [0],
      delayMs: COMPUTER_DELAY_MS,
      seed: code.freshSeed(),
      level,
      pool: this.pool,
      network: new code.LoopbackNetwork({ eachInATask: true }),
      table: id,
      stores,
    });
    this.table = local;
    // Written in this turn, before any seat's first secret: the store writes in order.
    code.seatRecords(local).forEach((table, seat) => {
      if (seat === 0) void kept.save(table);
      else void stores[seat]!.saveTable(table).catch((e: unknown) => kept.storeFailed(e));
    });
    await sleep(0);
    return local.sessions[0]!;
  }

  /**
   * Back to the game against the computer `id` after a reload: every seat as `store` kept
   * it, the player's at `play.seat`. The player's session, or why the game cannot come back.
   */
  async resume(
    code: Code,
    id: string,
    play: TablePlay,
    level: Level,
    store: TableStore,
    progress: (restoring: Restoring) => void,
  ): Promise<Result<TableSession, string>> {
    const resumed = await code.resumeLocalTable({
      table: id,
      stores: play.genesis.names.map((_, seat) =>
        seat === play.seat ? store : seatStore(store, seat),
      ),
      humans: [play.seat],
      seed: code.freshSeed(),
      level,
      delayMs: COMPUTER_DELAY_MS,
      pool: this.pool,
      network: new code.LoopbackNetwork({ eachInATask: true }),
      progress,
    });
    if (!resumed.ok) return err(resumed.error);
    this.table = resumed.value;
    return ok(resumed.value.sessions[play.seat]!);
  }

  /** Every seat of the game stops, and the page plays none. */
  close(): void {
    this.table?.close();
    this.table = null;
  }
}
