/**
 * What a peer keeps of each table so that a reload, a closed tab or a crash
 * loses nothing: its identity, its seat and the genesis, every secret its
 * keyring made, and every signed event it made or learnt; the proof checks it
 * ran and found holding, so a reload need not run them again; and, for the page's
 * countdown to declaring a player absent, since when each seat has been
 * unreachable while the table waited on it.
 *
 * A table session writes a secret before it signs the event that uses it and
 * writes its own event before it sends it (see `TableSession`), so what is
 * stored is always at least what any peer has seen of us. `IdbStore` keeps it
 * in IndexedDB for the page; `MemoryStore` keeps it in memory for computer
 * players, solo play and tests, behind the same interface.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Level, Seat } from '../engine/game.ts';
import type { Identity } from '../engine/identity.ts';
import type { KeyringSecrets } from '../engine/table/keyring.ts';
import type { Genesis } from '../engine/table/types.ts';
import type { Seat as LobbySeat, TableInfo } from './messages.ts';

/** The game as it started on this peer: what a session needs besides secrets and events. */
export interface TablePlay {
  readonly genesis: Genesis;
  readonly seat: Seat;
  /**
   * `peers[seat]`: where each seat was last found (null: not known), this seat's own
   * peer id at its place. The lobby's ids at first, then each peer id a seat proves
   * itself under (`savePeers`): a player back under a new id is dialled there.
   */
  readonly peers: readonly (string | null)[];
}

/** One table this peer sits at. */
export interface SavedTable {
  readonly id: string;
  readonly info: TableInfo;
  /** The name this peer plays under. */
  readonly name: string;
  /** Signs this peer's events at this table and proves who it is to the others. */
  readonly identity: Identity;
  /** This peer created the table: it listens under the table's rendezvous id. */
  readonly host: boolean;
  /**
   * The host's seats before Start, its own first, as last sent to the players: a host
   * back from a reload keeps every seat for its player. Absent for a guest.
   */
  readonly roster?: readonly LobbySeat[];
  /**
   * The table is played with no signaling server, its links paired by codes
   * (`direct.ts`): after a reload this page pairs again by codes. Absent for PeerJS.
   */
  readonly paired?: boolean;
  /**
   * Every other seat is a computer player this page runs, over an in-memory network, at
   * this level: each kept in this store too, under its own key (`seatStore`). Absent for
   * a network table.
   */
  readonly computers?: Level;
  /**
   * This seat is a computer player, playing at this level, that the page of another seat
   * runs and keeps under that page's key for the table and this seat (`seatStore`): that
   * page resumes it when it resumes its own seat. Absent for a player's own seat.
   */
  readonly bot?: Level;
  /** Null while the table is still gathering players. */
  readonly play: TablePlay | null;
}

/** Everything kept of one table, in the order it was written. */
export interface StoredTable {
  readonly table: SavedTable;
  /** Batches of secrets; a later batch's coin replaces an earlier one's. */
  readonly secrets: readonly KeyringSecrets[];
  /** Signed events as their wire text, made or received, first kept first. */
  readonly events: readonly string[];
  /**
   * The ids (`checkId`) of the proof checks this device ran and found holding: each names
   * a digest of everything the check read, so it vouches for those very bytes and no others.
   */
  readonly checked: readonly string[];
}

/**
 * Where a peer keeps its tables. Writes to one table land in the order they
 * were made, so an event written after the events it depends on is read
 * back after them.
 */
export interface TableStore {
  /** Adds or replaces a table's record; its secrets and events stay. */
  saveTable(table: SavedTable): Promise<void>;
  /** Replaces where a started table's seats are (`TablePlay.peers`); any other table stays as it is. */
  savePeers(id: string, peers: readonly (string | null)[]): Promise<void>;
  /** Adds a batch of a table's secrets. */
  saveSecrets(id: string, secrets: KeyringSecrets): Promise<void>;
  /** Adds one signed event of a table. */
  saveEvent(id: string, event: string): Promise<void>;
  /** Adds the ids of proof checks this device ran for a table and found holding. */
  saveChecked(id: string, checks: readonly string[]): Promise<void>;
  /** Everything kept of a table, or null for a table never saved (or deleted). */
  loadTable(id: string): Promise<StoredTable | null>;
  /**
   * Replaces `since[seat]`: when (ms since the epoch) each seat became unreachable while
   * the table waited on it, null for a seat that is not; the page's clock, not the table's.
   */
  saveUnreachable(id: string, since: readonly (number | null)[]): Promise<void>;
  /** What `saveUnreachable` last kept of a table; empty when nothing is. */
  loadUnreachable(id: string): Promise<(number | null)[]>;
  /** The record of every table kept. */
  listTables(): Promise<SavedTable[]>;
  /** Forgets a table: its record, secrets, events and checks. */
  deleteTable(id: string): Promise<void>;
}

const withPeers = (table: SavedTable, peers: readonly (string | null)[]): SavedTable => ({
  ...table,
  play: table.play && { ...table.play, peers: [...peers] },
});

/**
 * `store` as seat `seat` of a table run in this page sees it, beside the seat whose
 * record is the table's own: every record kept under the table id plus `.seat`, which
 * no link names (`isTableId`).
 */
export function seatStore(store: TableStore, seat: Seat): TableStore {
  const key = (id: string) => `${id}.${seat}`;
  return {
    saveTable: (table) => store.saveTable({ ...table, id: key(table.id) }),
    savePeers: (id, peers) => store.savePeers(key(id), peers),
    saveSecrets: (id, secrets) => store.saveSecrets(key(id), secrets),
    saveEvent: (id, event) => store.saveEvent(key(id), event),
    saveChecked: (id, checks) => store.saveChecked(key(id), checks),
    loadTable: (id) => store.loadTable(key(id)),
    saveUnreachable: (id, since) => store.saveUnreachable(key(id), since),
    loadUnreachable: (id) => store.loadUnreachable(key(id)),
    listTables: async () =>
      (await store.listTables()).flatMap((table) =>
        table.id.endsWith(`.${seat}`)
          ? [{ ...table, id: table.id.slice(0, -`.${seat}`.length) }]
          : [],
      ),
    deleteTable: (id) => store.deleteTable(key(id)),
  };
}

/** The IndexedDB database every page of this origin shares. */
export const DATABASE = 'fair-deal';

interface Schema extends DBSchema {
  tables: { key: string; value: SavedTable };
  secrets: {
    key: number;
    value: { table: string; secrets: KeyringSecrets };
    indexes: { table: string };
  };
  events: { key: number; value: { table: string; event: string }; indexes: { table: string } };
  checked: { key: number; value: { table: string; ids: string[] }; indexes: { table: string } };
  unreachable: { key: string; value: { table: string; since: (number | null)[] } };
}

/**
 * Version 1: tables by id; secrets and events under increasing keys, so reading them back
 * keeps the order written. Version 2: each table's clock of unreachable seats, by table id.
 * Version 3: batches of each table's checks found holding. A table kept before it has none
 * and is checked in full on its next restore, as any table whose checks are lost.
 */
function upgrade(db: IDBPDatabase<Schema>, from: number): void {
  if (from < 1) {
    db.createObjectStore('tables', { keyPath: 'id' });
    db.createObjectStore('secrets', { autoIncrement: true }).createIndex('table', 'table');
    db.createObjectStore('events', { autoIncrement: true }).createIndex('table', 'table');
  }
  if (from < 2) db.createObjectStore('unreachable', { keyPath: 'table' });
  if (from < 3)
    db.createObjectStore('checked', { autoIncrement: true }).createIndex('table', 'table');
}

/** Tables kept in IndexedDB. */
export class IdbStore implements TableStore {
  private constructor(private readonly db: IDBPDatabase<Schema>) {}

  /** Opens (and creates or upgrades) the database `name`. */
  static async open(name = DATABASE): Promise<IdbStore> {
    return new IdbStore(
      await openDB<Schema>(name, 3, { upgrade: (db, from) => upgrade(db, from) }),
    );
  }

  async saveTable(table: SavedTable): Promise<void> {
    await this.db.put('tables', table);
  }

  async savePeers(id: string, peers: readonly (string | null)[]): Promise<void> {
    const tx = this.db.transaction('tables', 'readwrite');
    const table = await tx.store.get(id);
    if (table?.play) await tx.store.put(withPeers(table, peers));
    await tx.done;
  }

  // Scoped over `tables` too: IndexedDB runs overlapping transactions in the order they were
  // made, so a secret or event written after a table's record lands after it.
  async saveSecrets(id: string, secrets: KeyringSecrets): Promise<void> {
    const tx = this.db.transaction(['secrets', 'tables'], 'readwrite');
    await Promise.all([tx.objectStore('secrets').add({ table: id, secrets }), tx.done]);
  }

  async saveEvent(id: string, event: string): Promise<void> {
    const tx = this.db.transaction(['events', 'tables'], 'readwrite');
    await Promise.all([tx.objectStore('events').add({ table: id, event }), tx.done]);
  }

  async saveChecked(id: string, checks: readonly string[]): Promise<void> {
    await this.db.add('checked', { table: id, ids: [...checks] });
  }

  async loadTable(id: string): Promise<StoredTable | null> {
    const tx = this.db.transaction(['tables', 'secrets', 'events', 'checked']);
    const [table, secrets, events, checked] = await Promise.all([
      tx.objectStore('tables').get(id),
      tx.objectStore('secrets').index('table').getAll(id),
      tx.objectStore('events').index('table').getAll(id),
      tx.objectStore('checked').index('table').getAll(id),
    ]);
    if (!table) return null;
    return {
      table,
      secrets: secrets.map((record) => record.secrets),
      events: events.map((record) => record.event),
      checked: checked.flatMap((record) => record.ids),
    };
  }

  async saveUnreachable(id: string, since: readonly (number | null)[]): Promise<void> {
    await this.db.put('unreachable', { table: id, since: [...since] });
  }

  async loadUnreachable(id: string): Promise<(number | null)[]> {
    return (await this.db.get('unreachable', id))?.since ?? [];
  }

  async listTables(): Promise<SavedTable[]> {
    return this.db.getAll('tables');
  }

  async deleteTable(id: string): Promise<void> {
    const tx = this.db.transaction(
      ['tables', 'secrets', 'events', 'checked', 'unreachable'],
      'readwrite',
    );
    const drop = async (store: 'secrets' | 'events' | 'checked') => {
      const keys = await tx.objectStore(store).index('table').getAllKeys(id);
      await Promise.all(keys.map((key) => tx.objectStore(store).delete(key)));
    };
    await Promise.all([
      tx.objectStore('tables').delete(id),
      tx.objectStore('unreachable').delete(id),
      drop('secrets'),
      drop('events'),
      drop('checked'),
      tx.done,
    ]);
  }

  /** Closes the database; the store is unusable after. */
  close(): void {
    this.db.close();
  }
}

type Kept = { secrets: KeyringSecrets[]; events: string[]; checked: string[] };

/** Tables kept in memory, gone with the page: for sessions that need not survive a reload. */
export class MemoryStore implements TableStore {
  private readonly tables = new Map<string, SavedTable>();
  private readonly kept = new Map<string, Kept>();
  private readonly unreachable = new Map<string, (number | null)[]>();

  async saveTable(table: SavedTable): Promise<void> {
    this.tables.set(table.id, structuredClone(table));
  }

  async savePeers(id: string, peers: readonly (string | null)[]): Promise<void> {
    const table = this.tables.get(id);
    if (table?.play) this.tables.set(id, structuredClone(withPeers(table, peers)));
  }

  async saveSecrets(id: string, secrets: KeyringSecrets): Promise<void> {
    this.of(id).secrets.push(structuredClone(secrets));
  }

  async saveEvent(id: string, event: string): Promise<void> {
    this.of(id).events.push(event);
  }

  async saveChecked(id: string, checks: readonly string[]): Promise<void> {
    this.of(id).checked.push(...checks);
  }

  async loadTable(id: string): Promise<StoredTable | null> {
    const table = this.tables.get(id);
    if (!table) return null;
    return structuredClone({ table, ...this.of(id) });
  }

  async saveUnreachable(id: string, since: readonly (number | null)[]): Promise<void> {
    this.unreachable.set(id, [...since]);
  }

  async loadUnreachable(id: string): Promise<(number | null)[]> {
    return [...(this.unreachable.get(id) ?? [])];
  }

  async listTables(): Promise<SavedTable[]> {
    return structuredClone([...this.tables.values()]);
  }

  async deleteTable(id: string): Promise<void> {
    this.tables.delete(id);
    this.kept.delete(id);
    this.unreachable.delete(id);
  }

  private of(id: string): Kept {
    let kept = this.kept.get(id);
    if (!kept) this.kept.set(id, (kept = { secrets: [], events: [], checked: [] }));
    return kept;
  }
}
