/**
 * CodeJoin: a way to a seat with no signaling server. The page answers the offer code a
 * player's page shows: a player joining visits the table the code names once its host's
 * link is up; a page already at that table (or back at it after a reload) pairs its own
 * transport with that player, and its links to the others are signaled through that one.
 */
import type { Identity } from '../../engine/identity.ts';
import { guestPeerId } from '../../net/ids.ts';
import type { LobbySession } from '../../net/lobby.ts';
import type { TableStore } from '../../net/store.ts';
import type { Answer, CodePairing } from './code-pairing.svelte.ts';
import type * as TableCode from './play.ts';
import type { TabHold } from './tab-hold.svelte.ts';

/** What answering a code needs of the lobby: its parts, and how it sits at a table. */
export interface CodeJoinPage {
  readonly store: TableStore;
  readonly codes: CodePairing;
  readonly tabs: TabHold;
  /** The table's code (`play.ts`); the lobby says why when it cannot be fetched. */
  parts(): Promise<typeof TableCode>;
  /** True while this page sits at a table, in its lobby or in its game. */
  seated(): boolean;
  /** Comes back to the kept table `id` (`Comeback.resume`). */
  resume(id: string): Promise<void>;
  /** Goes to table `id`: held by this tab if it can (`LobbyController.enter`). */
  enter(id: string): Promise<void>;
  /** This page signs at the table it goes to under `identity`, a key of its own for it. */
  identify(identity: Identity): void;
  /** The lobby session of the table this page visits. */
  attach(session: LobbySession): void;
}

export class CodeJoin {
  constructor(private readonly page: CodeJoinPage) {}

  /**
   * Shows the code entry: the page answers the offer code another player's page shows,
   * and visits the table once the host has taken the answer.
   */
  join(): void {
    this.page.codes.answerWith((offer) => this.answer(offer));
  }

  /** Answers offer codes, to pair again with a player by codes (this table is `paired`). */
  again(): void {
    const { codes } = this.page;
    if (codes.transport && !codes.answers) this.join();
  }

  /**
   * Answers `offer`: on this page's own transport when it names this table, else (a
   * player joining) on a new one for the table it names, which visits that table once
   * the host's link is up. Refused in words when the code is bad.
   */
  private async answer(offer: string): ReturnType<Answer> {
    const { page } = this;
    const { codes } = page;
    const { createIdentity, decodePairing, LobbySession } = await page.parts();
    const read = await decodePairing(offer);
    if (!read.ok) return read;
    const { table, peer } = read.value;
    if (codes.transport?.table !== table && !page.seated()) {
      // A code for a table this browser sits at (its page reloaded): back to it first.
      const kept = await page.store.loadTable(table).catch(() => null);
      if (kept?.table.paired) await page.resume(table);
    }
    const fresh = codes.transport?.table !== table;
    if (fresh) {
      if (page.seated())
        return { ok: false, error: 'This code is for another table than the one this page is at.' };
      codes.transport?.close();
      await page.enter(table);
      const transport = await codes.pair(guestPeerId(table));
      const identity = createIdentity();
      page.identify(identity);
      codes.onceHostLinked(() => {
        codes.codeVisit = table;
        page.attach(LobbySession.visit(transport, table, identity));
      });
    }
    const transport = codes.transport!;
    const answered = await transport.answer(offer);
    if (answered.ok) return { ok: true, value: { code: answered.value, transport, peer } };
    // Refused: a transport made for this code goes with it, and the page is as before.
    if (fresh && codes.transport === transport) {
      transport.close();
      codes.forget();
      page.tabs.letGo();
    }
    return answered;
  }
}
