/**
 * LobbyController: the reactive face of a `LobbySession` for the Svelte components.
 * It owns the transport, so leaving the lobby closes every link.
 */
import type { AppConfig } from '../net/config.ts';
import { guestPeerId, hostPeerId, newTableId } from '../net/ids.ts';
import { LobbySession, type LobbySnapshot, type TableInfo } from '../net/lobby.ts';
import { PeerJsTransport } from '../net/peerjs.ts';
import type { GameId } from '../engine/catalog.ts';

export class LobbyController {
  snapshot = $state<LobbySnapshot | null>(null);
  error = $state<string | null>(null);
  session: LobbySession | null = null;

  constructor(private readonly config: AppConfig) {}

  get canStart(): boolean {
    // Read the snapshot so Svelte re-evaluates this whenever it changes.
    return this.snapshot !== null && (this.session?.canStart() ?? false);
  }

  async create(name: string, game: GameId, seats: number): Promise<void> {
    const table: TableInfo = { id: newTableId(), game, seats };
    const transport = await this.open(hostPeerId(table.id));
    this.attach(LobbySession.create(transport, table, name));
  }

  async join(tableId: string, name: string): Promise<void> {
    const transport = await this.open(guestPeerId(tableId));
    this.attach(LobbySession.join(transport, tableId, name));
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
    session.subscribe((snapshot) => (this.snapshot = snapshot));
  }
}
