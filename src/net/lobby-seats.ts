/**
 * The lobby's roster: the table, and who sits where. The host keeps it: a player whose
 * hello is proven takes the seat of its key, back under a new peer id maybe (its page
 * reloaded), or a free one; a seat's key never changes, since the game's events are
 * checked against it. The host frees the seat of a player who left or is lost, and says
 * which seats its own page runs (`runByHost`: a computer player it added, whose keys live
 * there). A guest takes the host's roster as it comes.
 */
import type { Player, Seat, TableInfo } from './messages.ts';

/** The table and its seats, as one lobby page holds them: see the top of this file. */
export class Roster {
  /** The table, null until a visitor hears from the host. */
  table: TableInfo | null;
  /** The seats taken, in seat order, the host's first. */
  players: Seat[];
  /** At the host: the identity keys of the seats its own page runs (`runByHost`). */
  private readonly runHere = new Set<string>();
  /** The name each peer gave in its last proven hello, seated or not. */
  private readonly names = new Map<string, string>();

  /**
   * `me`: this player at peer `id`, seated first at a table it made, with `kept`, the seats
   * as the host kept them before its page reloaded (its own first); null while visiting.
   */
  constructor(id: string, me: Player | null, table: TableInfo | null, kept: readonly Seat[]) {
    this.table = table;
    // `=== true`: a roster kept before this flag existed has none.
    const others = kept.slice(1).map((p) => ({ ...p, runByHost: p.runByHost === true }));
    for (const p of others) if (p.runByHost) this.runHere.add(p.identity);
    this.players = table && me ? [{ peer: id, ...me, runByHost: false }, ...others] : [];
  }

  /** True when `peer` holds a seat. */
  holds(peer: string): boolean {
    return this.players.some((p) => p.peer === peer);
  }

  /** The seat `peer` holds, or -1. */
  seatOf(peer: string): number {
    return this.players.findIndex((p) => p.peer === peer);
  }

  /** True when every seat of the table is taken. */
  get full(): boolean {
    return this.table !== null && this.players.length === this.table.seats;
  }

  /** The name `peer` sits under, or gave in its hello, or else its id. */
  nameOf(peer: string): string {
    return this.players.find((p) => p.peer === peer)?.name ?? this.names.get(peer) ?? peer;
  }

  /** `peer` proved its hello under `name`. */
  named(peer: string, name: string): void {
    this.names.set(peer, name);
  }

  /** The name of the seated player whose identity key is `identity`, if one is. */
  seatedUnder(identity: string): string | undefined {
    return this.players.find((p) => p.identity === identity)?.name;
  }

  /**
   * At the host, a proven hello from `peer`: the seat of its key (back under a new peer
   * id, maybe), or a free one. `own` is the host's peer id. Why it is refused, or null.
   */
  seat(peer: string, { name, identity }: Player, own: string): string | null {
    const mine = this.players.find((p) => p.peer === peer);
    const held = this.players.find((p) => p.identity === identity);
    // A seat's identity key never changes: the game's events are checked against it.
    if (mine && mine !== held) return 'a hello under another key than the one of its seat';
    if (held?.peer === own) return 'a hello under the host’s own key';
    // Proven: a seated player back under a new peer id (a reloaded page) has its seat back.
    if (held) Object.assign(held, { peer, name });
    else if (this.players.length < this.table!.seats)
      this.players.push({ peer, name, identity, runByHost: this.runHere.has(identity) });
    return null;
  }

  /**
   * At the host: its own page runs the player whose key is `identity`, seated or still to
   * come. True when a seat already taken under that key is flagged now.
   */
  runByHost(identity: string): boolean {
    this.runHere.add(identity);
    const held = this.players.find((p) => p.identity === identity);
    if (!held || held.runByHost) return false;
    held.runByHost = true;
    return true;
  }

  /** At the host: frees the seat of `peer`. */
  free(peer: string): void {
    this.players = this.players.filter((p) => p.peer !== peer);
  }

  /** At a guest: the host's roster. */
  adopt(table: TableInfo, players: Seat[]): void {
    this.table = table;
    this.players = players;
  }
}
