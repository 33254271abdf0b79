/**
 * KeptTable: where this page keeps the table it sits at, and what it last wrote there. A
 * table is kept from the moment this player has a seat (a host's roster too, as the
 * table gathers players), with the agreed genesis before the first event is signed, and
 * with where every seat was last seen, so that a reload comes back to it and dials the
 * others where they are. A table shared with another tab of this browser (`TabHold`) is
 * kept in memory only: the store keeps that tab's seat.
 */
import type { Seat } from '../../engine/game.ts';
import type { LobbySnapshot } from '../../net/lobby.ts';
import { MemoryStore, seatStore, type SavedTable, type TableStore } from '../../net/store.ts';
import type { TableSession } from '../../net/table.ts';

export class KeptTable {
  /** This table as last written; its `play` is set once the genesis is agreed. */
  saved: SavedTable | null = null;
  /** Where it is kept: the page's store, or memory for a table shared with another tab. */
  where: TableStore;

  /** `failed` says, in words, why the store could not do what it was asked. */
  constructor(
    private readonly store: TableStore,
    private readonly failed: (why: string) => void,
  ) {
    this.where = store;
  }

  /** Keeps the table in the page's store from now on, or in memory when `shared`. */
  keepIn(shared: boolean): void {
    this.where = shared ? new MemoryStore() : this.store;
  }

  /** Writes `table`; false (and says so) when the store fails. */
  async save(table: SavedTable): Promise<boolean> {
    this.saved = table;
    try {
      await this.where.saveTable(table);
      return true;
    } catch (e) {
      this.storeFailed(e);
      return false;
    }
  }

  storeFailed(e: unknown): void {
    this.failed(`This browser could not keep the table (${(e as Error).message}).`);
  }

  /** The host keeps its seats while the table gathers players, so that a reload keeps them. */
  keepRoster({ phase, players }: LobbySnapshot): void {
    const saved = this.saved;
    if (!saved?.host || saved.play || (phase !== 'open' && phase !== 'full')) return;
    if (JSON.stringify(saved.roster ?? []) === JSON.stringify(players)) return;
    void this.save({ ...saved, roster: players });
  }

  /** Keeps where every seat is now, so that a reload dials the others where they are. */
  keepAddresses(session: TableSession): void {
    const saved = this.saved;
    const play = saved?.play;
    const peers = session.links.addresses();
    if (!saved || !play || peers.every((peer, seat) => peer === play.peers[seat])) return;
    void this.save({ ...saved, play: { ...play, peers } });
  }

  /** Forgets table `id` in the page's store, and each computer seat of it that this page ran. */
  async forget(id: string): Promise<void> {
    const computers = this.saved ? otherSeats(this.saved) : [];
    try {
      await this.store.deleteTable(id);
      for (const seat of computers) await seatStore(this.store, seat).deleteTable(id);
    } catch (e) {
      this.failed(`This browser could not forget the table (${(e as Error).message}).`);
    }
  }

  /** Home: nothing kept for this page any more. */
  reset(): void {
    this.saved = null;
    this.where = this.store;
  }
}

/** Every seat of a started table but the page's own: where computers it runs may sit. */
export function otherSeats({ play }: SavedTable): Seat[] {
  return play ? play.genesis.names.map((_, seat) => seat).filter((seat) => seat !== play.seat) : [];
}
