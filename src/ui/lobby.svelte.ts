/**
 * LobbyController: the reactive face of a `LobbySession` for the Svelte
 * components. It owns the transport and this player's identity key for the
 * table, and once every seat has signed the same genesis it opens the table session on
 * the same links. An invite link is visited first: the page learns the table from its
 * host, then asks for a seat.
 *
 * Play again opens a new table (new id, fresh identity key, same game and
 * options) and invites the others over the links of the table just played,
 * which stay open until the new table starts: an invited player accepts, and
 * joins it like anyone following an invite link.
 */
import type { GameId } from '../engine/catalog.ts';
import type { JsonObject } from '../engine/encoding.ts';
import { playable } from '../engine/games/registry.ts';
import { createIdentity, type Identity } from '../engine/identity.ts';
import { DEFAULT_ABSENT_AFTER_MS } from '../engine/table/leave.ts';
import { guestPeerId, hostPeerId, newTableId } from '../net/ids.ts';
import { LobbySession, type Invitation, type LobbySnapshot, type TableInfo } from '../net/lobby.ts';
import { TableSession } from '../net/table.ts';
import type { Transport } from '../net/transport.ts';
import { TableController } from './table.svelte.ts';

export class LobbyController {
  snapshot = $state<LobbySnapshot | null>(null);
  error = $state<string | null>(null);
  table = $state<TableController | null>(null);
  /** This page asked for a seat and has no answer yet. */
  asked = $state(false);
  session: LobbySession | null = null;
  private identity: Identity | null = null;
  /**
   * After Play again: the table just played. Its links carry the invitation,
   * and any crossing one, until the new table starts.
   */
  private previous: LobbySession | null = null;

  /** `open` registers a peer id on the network (PeerJS in the page, loopback in tests). */
  constructor(private readonly open: (peerId: string) => Promise<Transport>) {}

  /** The invitation to play again this page shows: the lowest seat's, when several crossed. */
  get invitation(): Invitation | null {
    return this.snapshot?.invitations[0] ?? null;
  }

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
    const transport = await this.reach(hostPeerId(table.id));
    this.identity = createIdentity();
    this.attach(LobbySession.create(transport, table, name, this.identity));
  }

  /** Opens the invite to `tableId`: learns the game, who invites and the seats taken. */
  async visit(tableId: string): Promise<void> {
    const transport = await this.reach(guestPeerId(tableId));
    this.identity = createIdentity();
    this.attach(LobbySession.visit(transport, tableId, this.identity));
  }

  /** Asks the visited table's host for a seat under `name`. */
  sit(name: string): void {
    this.asked = true;
    this.session?.sit(name);
  }

  /** Visits `tableId` and asks for a seat at once: an invitation to play again, accepted. */
  async join(tableId: string, name: string): Promise<void> {
    const transport = await this.reach(guestPeerId(tableId));
    this.identity = createIdentity();
    this.attach(LobbySession.join(transport, tableId, name, this.identity));
  }

  /**
   * Opens a new table for the same players (same game, seats and options; new
   * id and fresh keys) and invites the others to it over this table's links.
   */
  async playAgain(): Promise<void> {
    const played = this.session;
    const table = this.snapshot?.table;
    const me = this.snapshot?.players.find((p) => p.peer === played?.id);
    if (!played || !table || !me) return;
    const fresh: TableInfo = { ...table, id: newTableId() };
    const transport = await this.reach(hostPeerId(fresh.id));
    if (this.session !== played) return transport.close();
    this.table?.close();
    this.table = null;
    this.previous?.close();
    this.previous = played;
    this.identity = createIdentity();
    this.attach(LobbySession.create(transport, fresh, me.name, this.identity));
    // Crossing invitations (both pressed Play again): the lowest seat's table wins everywhere.
    const seat = played.snapshot().players.findIndex((p) => p.peer === played.id);
    played.subscribe((snapshot) => {
      const first = snapshot.invitations[0];
      if (this.previous === played && first && first.seat < seat) void this.accept(first);
    });
    played.invite(fresh.id);
  }

  /** Joins the table another player invited this one to, under the same name; closes this one. */
  async accept(invitation: Invitation | null = this.invitation): Promise<void> {
    const played = this.previous ?? this.session;
    const me = played?.snapshot().players.find((p) => p.peer === played.id);
    if (!invitation || !played || !me) return;
    const abandoned = this.session;
    await this.join(invitation.table, me.name);
    if (abandoned !== played) abandoned?.close();
    this.closePlayed(played);
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

  /** Leaves the table (through `TableController.leave`), says goodbye and closes every link. */
  leave(): void {
    this.table?.leave();
    this.table = null;
    this.session?.leave();
    this.session = null;
    this.snapshot = null;
    this.asked = false;
    this.previous?.close();
    this.previous = null;
  }

  /** The table just played is done with: its game, then its links. */
  private closePlayed(played: LobbySession): void {
    if (this.previous === played) this.previous = null;
    else {
      this.table?.close();
      this.table = null;
    }
    played.close();
  }

  private async reach(id: string): Promise<Transport> {
    try {
      this.error = null;
      return await this.open(id);
    } catch (e) {
      this.error = `Could not reach the signaling server (${(e as Error).message}).`;
      throw e;
    }
  }

  private attach(session: LobbySession): void {
    this.session = session;
    session.subscribe((snapshot) => {
      // A session this page has moved on from has nothing more to show.
      if (this.session !== session) return;
      this.snapshot = snapshot;
      if (snapshot.phase === 'started' && !this.table) {
        this.openTable(session);
        if (this.previous) this.closePlayed(this.previous);
      }
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
