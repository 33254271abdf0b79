/**
 * JustPlayed: after Play again, or an invitation accepted, the table just played and what
 * closes it and its links. Its seat links carry the invitation, and any crossing one,
 * until the new table starts; its score is where the next table's series goes on from.
 */
import type { Invitation } from '../../net/table.ts';
import { sameSeries } from '../words/series.ts';
import type { TableController } from './table.svelte.ts';

export class JustPlayed {
  private kept: { table: TableController; close: () => void } | null = null;

  /** The table just played, kept open until the next one starts; null when there is none. */
  get table(): TableController | null {
    return this.kept?.table ?? null;
  }

  /** Keeps `table` open until the next table starts; `close` closes it and its links. */
  keep(table: TableController, close: () => void): void {
    this.kept = { table, close };
  }

  /** Played again by the same players: `next`'s series score goes on from the table just played. */
  carrySeries(next: TableController): void {
    const played = this.kept?.table.played;
    if (played && sameSeries(played, next.names)) next.before = played;
  }

  /**
   * Invites the others at the table just played to `table`. When invitations cross (both
   * pressed Play again), the lowest seat's table wins everywhere: `accept` joins it.
   */
  invite(table: string, accept: (invitation: Invitation) => void): void {
    const played = this.table;
    if (!played) return;
    const crossed = () => {
      const first = played.session.invitations[0];
      if (this.table !== played || !first || first.seat > played.seat) return;
      stop();
      accept(first);
    };
    const stop = played.session.subscribe(crossed);
    played.session.invite(table);
    crossed();
  }

  /** The table just played is done with: its game and its links close. */
  close(): void {
    this.kept?.close();
    this.kept = null;
  }
}
