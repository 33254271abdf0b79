/**
 * ComputerSeats: the computer players this page seated at a network table. Each is a peer
 * of its own, with its own identity key and its own record in the store (`ComputerSeat`,
 * under its seat's key), run by this page; a reload brings each back from that record.
 */
import type { ComputerSeat } from '../../bots/seat.ts';
import type { Level } from '../../engine/game.ts';
import type { CryptoPool } from '../../net/pool.ts';
import { seatStore, type SavedTable, type TableStore } from '../../net/store.ts';
import type { Transport } from '../../net/transport.ts';
import { otherSeats } from './kept-table.ts';
import type * as TableCode from './play.ts';

/**
 * How long a computer player this page runs thinks before each move, so a person can
 * follow: against the computer, and at a network table where the host seated it.
 */
export const COMPUTER_DELAY_MS = 40;

/** What seating a computer player needs of the table's code (`play.ts`, fetched on the way to a table). */
type Code = Pick<typeof TableCode, 'ComputerSeat' | 'createIdentity' | 'freshSeed'>;

export class ComputerSeats {
  private seats: ComputerSeat[] = [];

  constructor(private readonly pool: CryptoPool) {}

  /**
   * Seats a computer player at table `tableId` under a fresh identity key, which
   * `runsHere` is told first (the lobby tells every player that this page runs it, before
   * it even sits): it asks for a seat over `open` like any visitor, and keeps its record
   * in `store`. Rejects when it cannot.
   */
  async add(
    { ComputerSeat, createIdentity, freshSeed }: Code,
    open: (peerId: string) => Promise<Transport>,
    tableId: string,
    level: Level,
    store: TableStore,
    runsHere: (key: string) => void,
  ): Promise<void> {
    const identity = createIdentity();
    runsHere(identity.publicKey);
    const name = `Computer ${this.seats.length + 1}`;
    const style = { seed: freshSeed(), delayMs: COMPUTER_DELAY_MS, level };
    const seat = await ComputerSeat.join(open, tableId, name, style, this.pool, identity, store);
    this.seats = [...this.seats, seat];
  }

  /**
   * Back at a network table, brings back every computer player this page seated there,
   * each from the record it keeps under its seat's key in `store`: why, in words, for each
   * that cannot come back.
   */
  async resume(
    { ComputerSeat, freshSeed }: Code,
    table: SavedTable,
    store: TableStore,
    open: (peerId: string) => Promise<Transport>,
  ): Promise<string[]> {
    const failed: string[] = [];
    for (const seat of otherSeats(table)) {
      const own = seatStore(store, seat);
      const kept = (await own.loadTable(table.id))?.table;
      if (!kept?.bot) continue;
      const style = { seed: freshSeed(), delayMs: COMPUTER_DELAY_MS, level: kept.bot };
      const computer = await ComputerSeat.resume(open, own, kept, style, this.pool);
      if (typeof computer === 'string')
        failed.push(`${kept.name} cannot be resumed here (${computer}).`);
      else this.seats = [...this.seats, computer];
    }
    return failed;
  }

  /** Every computer player this page runs leaves with it. */
  close(): void {
    for (const seat of this.seats) seat.close();
    this.seats = [];
  }
}
