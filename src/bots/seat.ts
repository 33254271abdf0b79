/**
 * A computer player that takes an open seat at a table gathering players over
 * the real network, run by the page of the player who adds it (the host). It
 * is a peer like any browser: its own peer id on the signaling server, its own
 * identity key, its own links to every seat; it asks the host for a seat,
 * signs the genesis, and plays its seat with the game's bot once the table
 * starts. It keeps nothing beyond the page: when that page closes, its seat
 * is unreachable like any player's whose tab closed.
 */
import type { Level } from '../engine/game.ts';
import { createIdentity, type Identity } from '../engine/identity.ts';
import { guestPeerId } from '../net/ids.ts';
import { LobbySession } from '../net/lobby.ts';
import { InThreadPool, type CryptoPool } from '../net/pool.ts';
import { TableSession } from '../net/table.ts';
import type { Transport } from '../net/transport.ts';
import { ComputerPlayer, seededRandom } from './computer.ts';

export class ComputerSeat {
  private table: TableSession | null = null;
  private bot: ComputerPlayer | null = null;

  private constructor(
    private readonly lobby: LobbySession,
    private readonly identity: Identity,
    private readonly random: () => number,
    private readonly delayMs: number,
    private readonly pool: CryptoPool,
    private readonly level: Level,
  ) {
    lobby.subscribe((snapshot) => {
      if (snapshot.phase === 'started' && !this.table) this.start();
    });
  }

  /**
   * Registers a new peer for a computer named `name` through `open` and asks the
   * host of `tableId` for a seat. `seed` fixes its choices, `delayMs` paces them;
   * `pool` makes and checks its proofs (the page's workers). `identity`: its key for
   * the table, made by the host's page beforehand so that the host can say, before
   * it sits, that its page runs this seat (`LobbySession.runsHere`). `level`: how well it plays.
   */
  static async join(
    open: (peerId: string) => Promise<Transport>,
    tableId: string,
    name: string,
    seed: number,
    delayMs = 0,
    pool: CryptoPool = new InThreadPool(),
    identity: Identity = createIdentity(),
    level: Level = 'good',
  ): Promise<ComputerSeat> {
    const transport = await open(guestPeerId(tableId));
    const lobby = LobbySession.join(transport, tableId, name, identity);
    return new ComputerSeat(lobby, identity, seededRandom(seed), delayMs, pool, level);
  }

  /** Its peer id, as the lobby's seats list it. */
  get peer(): string {
    return this.lobby.id;
  }

  /** The table session once the game started; null before. */
  get session(): TableSession | null {
    return this.table;
  }

  private start(): void {
    const start = this.lobby.tableStart();
    if (!start) return;
    const { genesis, seat, peers, playable } = start;
    // On the lobby's links, opened in the same turn: no message of the others' sessions is missed.
    this.table = new TableSession(
      this.lobby.channel,
      genesis,
      playable,
      seat,
      this.identity.secretKey,
      peers,
      undefined,
      this.pool,
    );
    this.bot = new ComputerPlayer(this.table, this.random, this.delayMs, this.level);
  }

  /** Leaves: stops playing, closes the table and every link. */
  close(): void {
    this.bot?.stop();
    this.table?.close();
    this.lobby.close();
  }
}
