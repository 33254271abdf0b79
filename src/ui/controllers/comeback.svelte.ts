/**
 * Comeback: this page back at a table the browser kept, after a reload or with the tab
 * reopened. A table still gathering players is rejoined in its lobby (the host opens it
 * again under its rendezvous id, a guest asks for its seat again, which its identity key
 * keeps); a started one is registered again and replayed from the store, its seat links
 * fetching what it missed and re-sending what the others missed; a game against the
 * computer brings every seat back from its own record.
 */
import type { Level } from '../../engine/game.ts';
import { hostPeerId, isTableId } from '../../net/ids.ts';
import type { LobbySession } from '../../net/lobby.ts';
import type { WireMessage } from '../../net/messages.ts';
import type { Messenger } from '../../net/messenger.ts';
import type { CryptoPool } from '../../net/pool.ts';
import type { SavedTable, TablePlay, TableStore } from '../../net/store.ts';
import type { Restoring, TableSession } from '../../net/table.ts';
import type { Transport } from '../../net/transport.ts';
import type { CodePairing } from './code-pairing.svelte.ts';
import type { ComputerSeats } from './computer-seats.ts';
import type { KeptTable } from './kept-table.ts';
import type * as TableCode from './play.ts';
import type { SoloGame } from './solo.svelte.ts';
import type { TabHold } from './tab-hold.svelte.ts';

type Code = typeof TableCode;

/** What coming back needs of the lobby: its parts, and how it sits and shows a table. */
export interface ComebackPage {
  readonly store: TableStore;
  readonly pool: CryptoPool;
  readonly tabs: TabHold;
  readonly kept: KeptTable;
  readonly codes: CodePairing;
  readonly computers: ComputerSeats;
  readonly solo: SoloGame;
  /** The table's code (`play.ts`); the lobby says why when it cannot be fetched. */
  parts(): Promise<Code>;
  /** How a kept table's page gets back on the network: PeerJS, or by codes if `paired`. */
  reopen(table: SavedTable): (peerId: string) => Promise<Transport>;
  /** This page sits again at `table`, under the name and identity key it kept. */
  sitAgain(table: SavedTable): void;
  /** Answers the offer codes of a player still at a table paired by codes. */
  answerCodes(): void;
  /** The lobby session of a table that had not started; `asked`: its seat asked for again. */
  attach(session: LobbySession, asked?: boolean): void;
  /** The table's game on show. */
  show(code: Code, session: TableSession): void;
  /** The links of a table resumed, which no lobby session holds: closed as the page leaves. */
  linked(messenger: Messenger<WireMessage>): void;
  /** Says why the page could not come back, in words. */
  fail(why: string | null): void;
}

export class Comeback {
  /** The page is coming back to a kept table: registering again and replaying. */
  resuming = $state(false);
  /** How far the replay of a kept table is, once registered again; null before and after. */
  restoring = $state<Restoring | null>(null);
  /** A table the page was sent back to that this browser does not keep. */
  unknownTable = $state<string | null>(null);

  constructor(private readonly page: ComebackPage) {}

  /**
   * Comes back to table `id` as this browser kept it: straight into the game, registered
   * again and resumed where it stood; or to its lobby, when it had not started.
   */
  async resume(id: string): Promise<void> {
    const { tabs, kept, store } = this.page;
    if (isTableId(id) && !(await tabs.hold(id))) {
      tabs.elsewhere = id;
      return;
    }
    tabs.shared = false;
    kept.keepIn(false);
    const table = isTableId(id) ? (await store.loadTable(id))?.table : null;
    if (!table) {
      this.unknownTable = id;
      return;
    }
    const code = await this.page.parts();
    kept.saved = table;
    this.page.sitAgain(table);
    const { play } = table;
    if (!play) return this.rejoinLobby(code, table);
    await this.replaying(async () => {
      if (table.computers) await this.resumeSolo(code, id, play, table.computers);
      else await this.resumeSeat(code, { ...table, play });
    });
  }

  /**
   * Waits until the tab that holds the table this page was sent to lets go of it (closes,
   * leaves the page, or leaves the table), then comes back to it here.
   */
  async useHere(): Promise<void> {
    const id = await this.page.tabs.takeOver();
    if (id !== null) await this.resume(id);
  }

  /** Forgets the table the page was sent back to. */
  reset(): void {
    this.unknownTable = null;
  }

  /** Runs `replay`, the page saying meanwhile that it comes back and how far it is. */
  private async replaying(replay: () => Promise<void>): Promise<void> {
    this.resuming = true;
    try {
      await replay();
    } finally {
      this.resuming = false;
      this.restoring = null;
    }
  }

  private readonly progress = (restoring: Restoring) => (this.restoring = restoring);

  /** Back to the network table `table`, and to the computer players this page seated there. */
  private async resumeSeat(code: Code, table: SavedTable & { play: TablePlay }): Promise<void> {
    const { kept, pool, store, computers } = this.page;
    const reopen = this.page.reopen(table);
    try {
      const save = (saved: SavedTable) => kept.save(saved);
      const resumed = await code.resumeSeat(reopen, table, store, pool, save, this.progress);
      this.page.linked(resumed.messenger);
      if (!resumed.session) return;
      if (!resumed.session.ok)
        return this.page.fail(`This table cannot be resumed here (${resumed.session.error}).`);
      this.page.show(code, resumed.session.value);
      const failed = await computers.resume(code, table, store, reopen);
      if (failed.length > 0) this.page.fail(failed.join(' '));
    } catch (e) {
      this.page.fail(`Could not reconnect to the table (${(e as Error).message}).`);
    }
  }

  /** Back to the game against the computer `id`: every seat as the store kept it. */
  private async resumeSolo(code: Code, id: string, play: TablePlay, level: Level): Promise<void> {
    const { solo, store } = this.page;
    try {
      const resumed = await solo.resume(code, id, play, level, store, this.progress);
      if (!resumed.ok)
        return this.page.fail(`This game cannot be resumed here (${resumed.error}).`);
      this.page.show(code, resumed.value);
    } catch (e) {
      this.page.fail(`This browser could not read the game back (${(e as Error).message}).`);
    }
  }

  /**
   * Back to the lobby of a table that had not started: the host opens it again under
   * its rendezvous id and the others come back to it; a guest asks for its seat again.
   */
  private async rejoinLobby({ LobbySession, registerAgain }: Code, table: SavedTable) {
    const { codes } = this.page;
    const isHost = table.host;
    try {
      this.page.fail(null);
      const transport = await registerAgain(
        this.page.reopen(table),
        table.id,
        isHost ? hostPeerId(table.id) : null,
        !isHost,
      );
      const session = () =>
        isHost
          ? LobbySession.create(transport, table.info, table.name, table.identity, table.roster)
          : LobbySession.join(transport, table.id, table.name, table.identity);
      // Paired by codes, a guest asks the host for its seat again once paired with it again.
      if (table.paired && isHost) codes.offer();
      if (table.paired && !isHost) {
        codes.onceHostLinked(() => {
          codes.codeVisit = table.id;
          this.page.attach(session(), true);
        });
        this.page.answerCodes();
      } else this.page.attach(session());
    } catch (e) {
      this.page.fail(`Could not reach the signaling server (${(e as Error).message}).`);
    }
  }
}
