/**
 * Spectating: this page watching a table as a spectator, with no seat, no key and nothing
 * signed. It finds the table at its rendezvous (a watch link) or through a player's page
 * paired by codes, and follows the players to their next table when they play again. The
 * watch session and its controller come in a chunk of their own (`spectate.ts`), fetched
 * when the page starts watching.
 */
import type { decodePairing } from '../../net/pairing.ts';
import { guestPeerId } from '../../net/ids.ts';
import { withEveryGame } from '../../engine/games/registry.ts';
import type { WireMessage } from '../../net/messages.ts';
import type { Messenger } from '../../net/messenger.ts';
import type { CryptoPool } from '../../net/pool.ts';
import type { Transport } from '../../net/transport.ts';
import type { CodePairing } from './code-pairing.svelte.ts';
import { Lazy } from '../lazy.svelte.ts';
import type { WatchController } from './watch.svelte.ts';

/**
 * A spectator's session and controller: fetched when a page opens a watch link, with every
 * game, as its verifier reads a transcript's game by id.
 */
const spectating = new Lazy(() => withEveryGame(import('./spectate.ts')));

/** What watching needs of the lobby: its links, its workers, and its chunks of code. */
export interface SpectatorPage {
  /** Registers `peerId` on the signaling server; the lobby says why when it cannot. */
  reach(peerId: string): Promise<Transport>;
  readonly pool: CryptoPool;
  readonly codes: CodePairing;
  /** Fetches a chunk of the app; the lobby says why when it cannot. */
  code<T>(part: Lazy<T>): Promise<T>;
  /** The pairing codes' reader, in the table's chunk. */
  decoder(): Promise<typeof decodePairing>;
}

export class Spectating {
  /** The table this page watches as a spectator, or null. */
  watching = $state.raw<WatchController | null>(null);
  /**
   * The table a watch link names while this page gets on the network to watch it (a
   * second or so): the page says it loads the spectator's screen, never the home screen.
   */
  finding = $state<string | null>(null);
  /** The spectator's links, closed as it stops watching. */
  private links: Messenger<WireMessage> | null = null;

  constructor(private readonly page: SpectatorPage) {}

  /**
   * Watches table `tableId`. The page finds the table at its rendezvous and follows it as
   * long as any of its players' pages serves it; a reload opens the watch link again and
   * gets the whole log anew.
   */
  async watch(tableId: string, followed = false): Promise<void> {
    this.finding = tableId;
    try {
      const transport = await this.page.reach(guestPeerId(tableId));
      await this.watchOver(transport, tableId, undefined, followed);
    } finally {
      this.finding = null;
    }
  }

  /**
   * Watches a table paired by codes: the page answers an offer code a player's page shows
   * (`codes.answers`), and watches through that player's page once it has taken the
   * answer; its links to the other players are signaled through that page.
   */
  watchByCode(): void {
    let linked: (() => Promise<void>) | null = null;
    const { codes } = this.page;
    codes.answerWith(
      async (offer) => {
        const read = await (await this.page.decoder())(offer);
        if (!read.ok) return read;
        const { table, peer } = read.value;
        if (!codes.open) return { ok: false, error: 'This page cannot pair by codes.' };
        const transport = await codes.open(guestPeerId(table));
        const answered = await transport.answer(offer);
        if (!answered.ok) {
          transport.close();
          return answered;
        }
        linked = () => this.watchOver(transport, table, peer);
        return { ok: true, value: { code: answered.value, transport, peer } };
      },
      () => void linked?.(),
    );
  }

  /** Stops watching: the watch and its links close. */
  stop(): void {
    this.watching?.close();
    this.links?.close();
    this.watching = null;
    this.links = null;
  }

  /**
   * Watches `tableId` over `transport`, asking `entry` first (else the table's
   * rendezvous); `followed` there from the players' last table.
   */
  private async watchOver(
    transport: Transport,
    tableId: string,
    entry?: string,
    followed = false,
  ): Promise<void> {
    const spectate = await this.page.code(spectating);
    const links = new spectate.Messenger(transport, spectate.parseWireMessage);
    const session = new spectate.WatchSession(
      links,
      tableId,
      this.page.pool,
      (game) => (spectate.isGameId(game) ? spectate.loadPlayable(game) : Promise.resolve(null)),
      undefined,
      entry,
    );
    this.links = links;
    this.watching = new spectate.WatchController(session, followed);
    // The players play again at a new table: the spectator follows them there. A table
    // paired by codes (`entry`) has no rendezvous to follow them to.
    if (entry !== undefined) return;
    const stop = session.subscribe(() => {
      const next = session.next;
      if (next === null) return;
      stop();
      if (this.links !== links) return;
      this.watching?.close();
      links.close();
      void this.watch(next, true);
    });
  }
}
