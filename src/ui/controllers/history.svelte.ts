/**
 * YourGames: the page's face of the history of finished games (`GameHistory`): the list
 * for the home screen, kept up to date as games are recorded, and each game's transcript
 * for a replay. A browser that keeps nothing (a private window may refuse IndexedDB)
 * says so, and the rest of the page plays on.
 */
import { getContext } from 'svelte';
import { GameHistory, type KeptTranscript, type ListedGame } from '../../net/history.ts';
import type { TableController } from './table.svelte.ts';

export class YourGames {
  /** The games kept, the last first; null until read. */
  games = $state.raw<ListedGame[] | null>(null);
  /** Why the history cannot be kept or read, in words; null while it can. */
  error = $state<string | null>(null);

  constructor(private readonly history: Promise<GameHistory>) {
    // Read at once: the home screen lists the games.
    void this.use(async () => {});
  }

  /** Records the game at `table` as it stands, once it has a result; and again as its audit comes in. */
  record(table: TableController): void {
    const result = table.result;
    if (!result) return;
    const { replica } = table.session;
    const game = {
      table: replica.genesis.table,
      game: table.gameId,
      names: [...table.names],
      seat: table.seat,
      headline: result.headline,
      finishedAt: Date.now(),
      events: replica.log.size,
    };
    void this.use((history) => history.record(game, table.transcript().text));
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
