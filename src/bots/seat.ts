/**
 * A computer player that takes an open seat at a table gathering players over
 * the real network, run by the page of the player who adds it (the host). It
 * is a peer like any browser: its own peer id on the signaling server, its own
 * identity key, its own links to every seat; it asks the host for a seat,
 * signs the genesis, and plays its seat with the game's bot once the table
 * starts. It keeps its table in the host page's store, under its seat's own key
 * (`seatStore`), as a browser keeps its own: when that page reloads, the seat
 * comes back with it (`ComputerSeat.resume`), and while that page is closed the
 * seat is unreachable like any player's whose tab closed.
 */
import type { Level } from '../engine/game.ts';
import { gameById } from '../engine/games/registry.ts';
import { createIdentity, type Identity } from '../engine/identity.ts';
import { guestPeerId } from '../net/ids.ts';
import { LobbySession } from '../net/lobby.ts';
import type { WireMessage } from '../net/messages.ts';
import type { Messenger } from '../net/messenger.ts';
import { InThreadPool, type CryptoPool } from '../net/pool.ts';
import { rejoinTable } from '../net/rejoin.ts';
import { MemoryStore, seatStore, type SavedTable, type TableStore } from '../net/store.ts';
import { TableSession } from '../net/table.ts';
import type { Transport } from '../net/transport.ts';
import { ComputerPlayer, seededRandom } from './computer.ts';

/** How a computer seat plays: `seed` fixes its choices, `delayMs` paces them, `level` says how well. */
export interface ComputerStyle {
  readonly seed: number;
  readonly delayMs: number;
  readonly level: Level;
}

export class ComputerSeat {
  private table: TableSession | null = null;
  private bot: ComputerPlayer | null = null;
  private lobby: LobbySession | null = null;
  /** Its links once resumed, where no lobby holds them. */
  private messenger: Messenger<WireMessage> | null = null;

  private constructor(
    private readonly style: ComputerStyle,
    private readonly pool: CryptoPool,
  ) {}

  /**
   * Registers a new peer for a computer named `name` through `open` and asks the
   * host of `tableId` for a seat. `pool` makes and checks its proofs (the page's
   * workers); `store` is the host page's, where it keeps its table once seated.
   * `identity`: its key for the table, made by the host's page beforehand so that
   * the host can say, before it sits, that its page runs this seat
   * (`LobbySession.runsHere`).
   */
  static async join(
    open: (peerId: string) => Promise<Transport>,
    tableId: string,
    name: string,
    style: ComputerStyle,
    pool: CryptoPool = new InThreadPool(),
    identity: Identity = createIdentity(),
    store: TableStore = new MemoryStore(),
  ): Promise<ComputerSeat> {
    const transport = await open(guestPeerId(tableId));
    const computer = new ComputerSeat(style, pool);
    const lobby = LobbySession.join(transport, tableId, name, identity);
    computer.lobby = lobby;
    lobby.subscribe((snapshot) => {
      if (snapshot.phase === 'started' && !computer.table)
        computer.start(lobby, store, name, identity);
    });
    return computer;
  }

  /**
   * The computer seat `kept` (a record of `store`, the host page's `seatStore` for that
   * seat) back at its table after the host's page reloaded: registered again through
   * `open`, its session restored from the store, and playing on with a fresh seed.
   * Rejects when it cannot reach the signaling server; an error string when the kept
   * table cannot be resumed.
   */
  static async resume(
    open: (peerId: string) => Promise<Transport>,
    store: TableStore,
    kept: SavedTable,
    style: ComputerStyle,
    pool: CryptoPool,
  ): Promise<ComputerSeat | string> {
    if (!kept.play) return 'ERR_NOT_STARTED';
    const { genesis, seat, peers } = kept.play;
    const rejoined = await rejoinTable(open, genesis, seat, peers);
    const resumed = await TableSession.resume(rejoined.messenger, store, genesis.table, pool);
    if (!resumed.ok) {
      rejoined.messenger.close();
      return resumed.error;
    }
    const computer = new ComputerSeat(style, pool);
    computer.messenger = rejoined.messenger;
    computer.play(resumed.value);
    return computer;
  }

  /** Its peer id, as the lobby's seats list it; null once resumed, when no lobby runs. */
  get peer(): string | null {
    return this.lobby?.id ?? null;
  }

  /** The table session once the game started; null before. */
  get session(): TableSession | null {
    return this.table;
  }

  /** Its table opens: kept in `hostStore` under its seat's key, and played. */
  private start(
    lobby: LobbySession,
    hostStore: TableStore,
    name: string,
    identity: Identity,
  ): void {
    const start = lobby.tableStart();
    const info = lobby.snapshot().table;
    if (!start || !info) return;
    const { genesis, seat, peers } = start;
    const rules = gameById(info.game);
    if (!rules) return;
    const store = seatStore(hostStore, seat);
    const saved: SavedTable = {
      id: genesis.table,
      info,
      name,
      identity,
      host: false,
      bot: this.style.level,
      play: { genesis, seat, peers },
    };
    // The store writes in order: the record lands before the session's first secret and
    // event. The session opens in the same turn, so no message of the others' is missed.
    void store.saveTable(saved);
    this.play(
      new TableSession(
        lobby.channel,
        genesis,
        rules,
        seat,
        identity.secretKey,
        peers,
        store,
        this.pool,
      ),
    );
  }

  /** Plays `table` with the bot. The session keeps in its store where each seat proves itself. */
  private play(table: TableSession): void {
    this.table = table;
    const { seed, delayMs, level } = this.style;
    this.bot = new ComputerPlayer(table, seededRandom(seed), delayMs, level);
  }

  /** Leaves: stops playing, closes the table and every link. */
  close(): void {
    this.bot?.stop();
    this.table?.close();
    this.lobby?.close();
    this.messenger?.close();
  }
}
