/**
 * The games this browser finished, kept in IndexedDB for "Your games": who played what,
 * how it ended for this player and when, and the game's transcript, to replay, audit and
 * download later. Only the last `KEEP_GAMES` are kept: recording one more forgets the
 * oldest. Everything read back is checked before use, as if it came from a stranger: the
 * storage is the browser's, and another version of the app, an extension or a full disk
 * can leave anything there.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { isRecord } from '../engine/encoding.ts';

/** What the list of games shows of one game, without its transcript. */
export interface PlayedGame {
  /** The table's id: one game per table, recorded again as its last events come in. */
  readonly table: string;
  /** The game's id in the catalog (`catalog.ts`). */
  readonly game: string;
  readonly names: readonly string[];
  /** This player's seat among `names`. */
  readonly seat: number;
  /** How the game ended, as this player read it ("You won", "Alice wins the match"). */
  readonly headline: string;
  /** When it was recorded, in ms since the epoch. */
  readonly finishedAt: number;
  /** How many signed events its transcript holds. */
  readonly events: number;
}

/** One entry of the list: a game, or why what is stored under a table cannot be read. */
export type ListedGame =
  | { readonly ok: true; readonly game: PlayedGame }
  | { readonly ok: false; readonly table: string; readonly problem: string };

/** A transcript read back: its parsed JSON, for `TranscriptCheck` to check; or why not. */
export type KeptTranscript =
  { readonly ok: true; readonly raw: unknown } | { readonly ok: false; readonly problem: string };

/** How many finished games a browser keeps; recording one more forgets the oldest. */
export const KEEP_GAMES = 30;

/** The IndexedDB database of the history: apart from the tables' (`store.ts`), which come and go. */
export const HISTORY_DATABASE = 'fair-deal-history';

/** The most players a table seats: no game kept can name more. */
const MAX_NAMES = 6;

interface Schema extends DBSchema {
  games: { key: string; value: PlayedGame; indexes: { finishedAt: number } };
  /** Each game's transcript as JSON text, under its table's id; read only to replay it. */
  transcripts: { key: string; value: string };
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Checks one stored game record; what is wrong with it, in words, if anything. */
export function parsePlayedGame(raw: unknown): PlayedGame | string {
  if (!isRecord(raw)) return 'it is not a record of a game';
  const { table, game, names, seat, headline, finishedAt, events } = raw;
  if (typeof table !== 'string' || table === '') return 'it names no table';
  if (typeof game !== 'string' || game === '') return 'it names no game';
  if (
    !Array.isArray(names) ||
    names.length === 0 ||
    names.length > MAX_NAMES ||
    !names.every((name) => typeof name === 'string')
  )
    return 'its players are not a list of names';
  if (!isCount(seat) || seat >= names.length) return 'its seat is not one of its players';
  if (typeof headline !== 'string') return 'it has no result';
  if (!isCount(finishedAt)) return 'it has no date';
  if (!isCount(events)) return 'it has no count of events';
  return { table, game, names: [...names] as string[], seat, headline, finishedAt, events };
}

export class GameHistory {
  private constructor(
    private readonly db: IDBPDatabase<Schema>,
    private readonly keep: number,
  ) {}

  /** Opens (or creates) the history in `name`, keeping the last `keep` games. */
  static async open(name = HISTORY_DATABASE, keep = KEEP_GAMES): Promise<GameHistory> {
    const db = await openDB<Schema>(name, 1, {
      upgrade(db) {
        db.createObjectStore('games', { keyPath: 'table' }).createIndex('finishedAt', 'finishedAt');
        db.createObjectStore('transcripts');
      },
    });
    return new GameHistory(db, keep);
  }

  /**
   * Records a finished game and its transcript (JSON text), replacing what was recorded
   * of the same table but its date, the first; then forgets the oldest games past the
   * limit, all in one transaction.
   */
  async record(game: PlayedGame, transcript: string): Promise<void> {
    const tx = this.db.transaction(['games', 'transcripts'], 'readwrite');
    const games = tx.objectStore('games');
    const transcripts = tx.objectStore('transcripts');
    const before = parsePlayedGame(await games.get(game.table));
    const finishedAt = typeof before === 'string' ? game.finishedAt : before.finishedAt;
    await Promise.all([
      games.put({ ...game, finishedAt }),
      transcripts.put(transcript, game.table),
    ]);
    let over = (await games.count()) - this.keep;
    // Oldest first; a record with no date is not in the index and is forgotten by hand.
    for (let cursor = await games.index('finishedAt').openCursor(); cursor && over > 0; over--) {
      await Promise.all([cursor.delete(), transcripts.delete(cursor.primaryKey)]);
      cursor = await cursor.continue();
    }
    await tx.done;
  }

  /** Every game kept, the last finished first; an entry that cannot be read says why, last. */
  async list(): Promise<ListedGame[]> {
    const tx = this.db.transaction('games');
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
    const listed: ListedGame[] = keys.map((table, i) => {
      const game = parsePlayedGame(values[i]);
      return typeof game === 'string'
        ? { ok: false, table, problem: `This saved game cannot be read: ${game}.` }
        : { ok: true, game };
    });
    const when = (entry: ListedGame) => (entry.ok ? entry.game.finishedAt : -1);
    return listed.sort((a, b) => when(b) - when(a));
  }

  /** The transcript kept for `table`, parsed; or why it cannot be replayed. */
  async transcript(table: string): Promise<KeptTranscript> {
    const text: unknown = await this.db.get('transcripts', table);
    if (typeof text !== 'string')
      return { ok: false, problem: 'This browser no longer keeps the transcript of this game.' };
    try {
      return { ok: true, raw: JSON.parse(text) };
    } catch {
      return {
        ok: false,
        problem: 'The transcript kept for this game is damaged: it is not JSON.',
      };
    }
  }

  /** Forgets the game of `table`, and its transcript. */
  async forget(table: string): Promise<void> {
    const tx = this.db.transaction(['games', 'transcripts'], 'readwrite');
    await Promise.all([
      tx.objectStore('games').delete(table),
      tx.objectStore('transcripts').delete(table),
      tx.done,
    ]);
  }

  close(): void {
    this.db.close();
  }
}
