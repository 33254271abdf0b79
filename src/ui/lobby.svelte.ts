/**
 * LobbyController: the reactive face of a `LobbySession` for the Svelte
 * components. It owns the transport and this player's identity key for the
 * table, and once every seat has signed the same genesis it opens the table session on
 * the same links.
 */
import type { GameId } from '../engine/catalog.ts';
import type { JsonObject } from '../engine/encoding.ts';
import { playable } from '../engine/games/registry.ts';
import { createIdentity, type Identity } from '../engine/identity.ts';
import type { AppConfig } from '../net/config.ts';
import { guestPeerId, hostPeerId, newTableId } from '../net/ids.ts';
import { LobbySession, type LobbySnapshot, type TableInfo } from '../net/lobby.ts';
import { PeerJsTransport } from '../net/peerjs.ts';
import { TableSession } from '../net/table.ts';
import { TableController } from './table.svelte.ts';

export class LobbyController {
  snapshot = $state<LobbySnapshot | null>(null);
  error = $state<string | null>(null);
  table = $state<TableController | null>(null);
  session: LobbySession | null = null;
  private identity: Identity | null = null;

  constructor(private readonly config: AppConfig) {}

  /** The table's game has a rules engine; until it does, its lobby can gather players but not start. */
  get playable(): boolean {
    const game = this.snapshot?.table?.game;
    return game !== undefined && playable(game) !== null;
  }

  get canStart(): boolean {
    // Read the snapshot so Svelte re-evaluates this whenever it changes.
    return this.snapshot !== null && this.playable && (this.session?.canStart() ?? false);
  }

  async create(name: string, game: GameId, seats: number, options: JsonObject): Promise<void> {
    const table: TableInfo = { id: newTableId(), game, seats, options };
    const transport = await this.open(hostPeerId(table.id));
    this.identity = createIdentity();
    this.attach(LobbySession.create(transport, table, name, this.identity));
  }

  async join(tableId: string, name: string): Promise<void> {
    const transport = await this.open(guestPeerId(tableId));
    this.identity = createIdentity();
    this.attach(LobbySession.join(transport, tableId, name, this.identity));
  }

  start(): void {
    this.session?.start();
  }

  say(text: string): void {
    this.session?.say(text);
  }

  freeSeat(peer: string): void {
    this.session?.freeSeat(peer);
  }

  leave(): void {
    this.table?.close();
    this.table = null;
    this.session?.close();
    this.session = null;
    this.snapshot = null;
  }

  private async open(id: string): Promise<PeerJsTransport> {
    try {
      this.error = null;
      return await PeerJsTransport.open(id, this.config);
    } catch (e) {
      this.error = `Could not reach the signaling server (${(e as Error).message}).`;
      throw e;
    }
  }

  private attach(session: LobbySession): void {
    this.session = session;
    session.subscribe((snapshot) => {
      this.snapshot = snapshot;
      if (snapshot.phase === 'started' && !this.table) this.openTable(session);
    });
  }

  private openTable(session: LobbySession): void {
    const start = session.tableStart();
    if (!start || !this.identity) return;
    this.table = new TableController(
      new TableSession(
        session.channel,
        start.genesis,
        start.playable,
        start.seat,
        this.identity.secretKey,
        start.peers,
      ),
    );
  }
}
