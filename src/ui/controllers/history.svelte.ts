/**
 * YourGames: the page's face of the history of finished games (`GameHistory`): the list
 * for the home screen, kept up to date as games are recorded, and each game's transcript
 * for a replay. A browser that keeps nothing (a private window may refuse IndexedDB)
 * says so, and the rest of the page plays on.
 */
import { getContext } from 'svelte';
import { GameHistory, type KeptTranscript, type ListedGame } from '../../net/history.ts';
import type { TableController } from './table.svelte.ts';
import { keptHeadline } from '../words/history.ts';

export class YourGames {
  /** The games kept, the last first; null until read. */
  games = $state.raw<ListedGame[] | null>(null);
  /** Why the history cannot be kept or read, in words; null while it can. */
  error = $state<string | null>(null);
  /** The history's writes, one after another (`use` says a failure, never throws). */
  private writes: Promise<void> = Promise.resolve();
  /** The tables with a write queued and not begun. Bookkeeping, drawn by nothing. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly queued = new Set<string>();
  /** The tables followed, each once however often its screen is drawn again. */
  private readonly followed = new WeakSet<TableController>();
  /** Per table, how many events the last write held. Bookkeeping, drawn by nothing. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly kept = new Map<string, number>();

  constructor(private readonly history: Promise<GameHistory>) {
    // Read at once: the home screen lists the games.
    void this.use(async () => {});
  }

  /**
   * Keeps `table`'s game from the moment the table is done (its audit in, or ended
   * without one), and keeps it current as later events come in, until its session
   * closes: each player's CONFIRM of the ending comes after, and a game kept without them
   * replays as not confirmed. They may come after the page left the table's screen (Play
   * again keeps the table just played open until the next one starts). Returns what
   * records the game as it stands, if it has a result: a player leaving a game that
   * ended but is not done yet.
   */
  follow(table: TableController): () => void {
    if (!this.followed.has(table)) {
      this.followed.add(table);
      const update = () => {
        if (table.session.snapshot.state.step.type === 'DONE') this.record(table);
      };
      // A closed session calls no listener: following ends with it.
      table.session.subscribe(update);
      update();
    }
    return () => this.record(table);
  }

  /**
   * Records the game at `table` as it stands, once it has a result. Writes follow one
   * another, each of the table as it stands when it starts, and none while the kept game
   * already holds every event: each write holds the whole transcript.
   */
  private record(table: TableController): void {
    if (!table.seen.result) return;
    const id = table.session.genesis.table;
    // A write queued will take the table as it stands then.
    if (this.queued.has(id)) return;
    this.queued.add(id);
    this.writes = this.writes.then(() => {
      this.queued.delete(id);
      const { events } = table.session.snapshot;
      const result = table.seen.result;
      if (!result || this.kept.get(id) === events) return;
      this.kept.set(id, events);
      const game = {
        table: id,
        game: table.gameId,
        names: [...table.names],
        seat: table.seat,
        headline: keptHeadline(result),
        finishedAt: Date.now(),
        events,
      };
      return this.use((history) => history.record(game, table.transcript().text));
    });
  }

  /** The transcript kept of `table`'s game, for a replay. */
  async transcript(table: string): Promise<KeptTranscript> {
    try {
      return await (await this.history).transcript(table);
    } catch (e) {
      return { ok: false, problem: `This browser could not read the game (${String(e)}).` };
    }
  }

  /** Forgets `table`'s game. */
  forget(table: string): Promise<void> {
    return this.use((history) => history.forget(table));
  }

  /** Runs `change` on the history, then reads the list again; a failure is said, not thrown. */
  private async use(change: (history: GameHistory) => Promise<void>): Promise<void> {
    try {
      const history = await this.history;
      await change(history);
      this.games = await history.list();
      this.error = null;
    } catch (e) {
      this.error = `This browser keeps no history of your games here (${e instanceof Error ? e.message : String(e)}).`;
    }
  }
}

const CONTEXT = Symbol('your games');

/** The context entry `mount` hands the app, so that the table records and home lists. */
export const yourGamesContext = (games: YourGames): [symbol, YourGames] => [CONTEXT, games];

/** The page's history of games; undefined where none was handed (a component alone in a test). */
export const yourGames = (): YourGames | undefined => getContext(CONTEXT);
