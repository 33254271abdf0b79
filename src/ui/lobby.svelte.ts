/**
 * LobbyController: the reactive face of a `LobbySession` for the Svelte
 * components. It owns the transport and this player's identity key for the
 * table, and once every seat has signed the same genesis it opens the table session on
 * the same links. An invite link is visited first: the page learns the table from its
 * host, then asks for a seat.
 */
import type { GameId } from '../engine/catalog.ts';
import type { JsonObject } from '../engine/encoding.ts';
import { playable } from '../engine/games/registry.ts';
import { createIdentity, type Identity } from '../engine/identity.ts';
import { DEFAULT_ABSENT_AFTER_MS } from '../engine/table/leave.ts';
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
  /** This page asked for a seat and has no answer yet. */
  asked = $state(false);
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
    const table: TableInfo = {
      id: newTableId(),
      game,
      seats,
      options,
      absentAfterMs: DEFAULT_ABSENT_AFTER_MS,
    };
    const transport = await this.open(hostPeerId(table.id));
    this.identity = createIdentity();
    this.attach(LobbySession.create(transport, table, name, this.identity));
  }

  /** Opens the invite to `tableId`: learns the game, who invites and the seats taken. */
  async visit(tableId: string): Promise<void> {
    const transport = await this.open(guestPeerId(tableId));
    this.identity = createIdentity();
    this.attach(LobbySession.visit(transport, tableId, this.identity));
  }

  /** Asks the visited table's host for a seat under `name`. */
  sit(name: string): void {
    this.asked = true;
    this.session?.sit(name);
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

  /** Closes the table, says goodbye to the others and forgets this table. */
  leave(): void {
    this.table?.close();
    this.table = null;
    this.session?.leave();
    this.session = null;
    this.snapshot = null;
    this.asked = false;
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
