/**
 * Table news: what the seats of a table tell each other of themselves beside the signed
 * log and the chat, each the latest word of its seat, so a seat can make a page keep no
 * more than one of each per seat. Once the table is done, the state hash each replica
 * reached (`peerHashes`: the fold cannot hold its own hash, and a transcript shows the
 * seats agreed); the spectators each seat serves (`spectators` counts them all once); and
 * the new table a seat opened for the same players (`invite`, `invitations`). The seat
 * links follow every seat wherever its page comes back, so a seat linked again, or a
 * player who reloaded during the game, hears the news like any; and a seat's spectators
 * hear it too, so that they follow the players to the next table.
 */
import type { Json } from '../engine/encoding.ts';
import type { Seat } from '../engine/game.ts';
import type { Replica } from '../engine/table/replica.ts';
import type { StateHashMessage, WireMessage } from './messages.ts';

/** A seat of this table opened `table` for the same players and invites this one to it. */
export interface Invitation {
  readonly seat: Seat;
  readonly table: string;
}

/** What a seat says its replica reached: that many events, folded to that state hash. */
export type PeerHash = Omit<StateHashMessage, 'type'>;

/** What the news reads of its session, and what it asks of it. */
export interface NewsSession {
  readonly replica: Replica<Json>;
  readonly seat: Seat;
  /** Sends to a seat's proven link. */
  send(seat: Seat, message: WireMessage): void;
  /** Tells every spectator this seat serves. */
  tellSpectators(message: WireMessage): void;
  /** The spectators this seat serves, a fresh list. */
  spectators(): string[];
  /** True while the replica is not where it stands: a restore, or a closed session. */
  halted(): boolean;
  /** A seat's word changed what the page shows. */
  changed(): void;
}

/** One seat's news and the other seats': see the top of this file. */
export class TableNews {
  /** What each other seat says its replica reached once the table was done; null until it says. */
  readonly peerHashes: (PeerHash | null)[];
  /** What this seat last told the others it reached. */
  private told: PeerHash | null = null;
  /** Per seat, the spectators it says it serves; this seat's own are the session's. */
  private readonly audiences: string[][];
  /** The new table this seat invited the others to (`invite`), or null. */
  private inviting: string | null = null;
  /** Per seat, the new table it last invited this one to play at; null while it has not. */
  private readonly invitedTo: (string | null)[];

  constructor(private readonly session: NewsSession) {
    const seats = session.replica.genesis.identities;
    this.peerHashes = seats.map(() => null);
    this.audiences = seats.map(() => []);
    this.invitedTo = seats.map(() => null);
  }

  /** Takes in a seat's word, if `message` is news. */
  hear(from: Seat, message: WireMessage): void {
    if (message.type === 'state-hash') {
      this.peerHashes[from] = { events: message.events, hash: message.hash };
      this.session.changed();
    }
    if (message.type === 'audience') {
      this.audiences[from] = message.peers;
      this.session.changed();
    }
    // One per seat, the latest: a seat can make this page keep no more.
    if (message.type === 'rematch' && message.table !== this.session.replica.genesis.table) {
      this.invitedTo[from] = message.table;
      this.session.changed();
    }
  }

  /** Tells a seat just linked (again) this seat's news so far. */
  greet(seat: Seat): void {
    if (this.told) this.session.send(seat, { type: 'state-hash', ...this.told });
    if (this.inviting) this.session.send(seat, { type: 'rematch', table: this.inviting });
    const peers = this.session.spectators();
    if (peers.length > 0) this.session.send(seat, { type: 'audience', peers });
  }

  /** What a spectator hears after each answer besides the log. */
  forSpectators(): WireMessage[] {
    return [
      ...(this.told ? [{ type: 'state-hash' as const, ...this.told }] : []),
      // A spectator that comes after the invitation follows the players too.
      ...(this.inviting ? [{ type: 'rematch' as const, table: this.inviting }] : []),
    ];
  }

  /**
   * Once the table is done (the audit in, or ended early), tells every seat the state
   * hash this replica reached, and again whenever a late event changes what it holds.
   */
  tellHash(): void {
    const { replica } = this.session;
    if (this.session.halted() || replica.state.step.type !== 'DONE') return;
    if (this.told?.events === replica.log.size) return;
    this.told = { events: replica.log.size, hash: replica.stateHash };
    this.tellAll({ type: 'state-hash', ...this.told });
  }

  /** How many spectators watch the table: every seat's, each counted once. */
  get spectators(): number {
    return new Set([...this.audiences.flat(), ...this.session.spectators()]).size;
  }

  /** Tells every seat and spectator which spectators this seat serves now. */
  tellAudience(): void {
    this.tellAll({ type: 'audience', peers: this.session.spectators() });
  }

  /** The other seats' invitations to play again (`invite`), lowest seat first. */
  get invitations(): Invitation[] {
    return this.invitedTo.flatMap((table, seat) => (table === null ? [] : [{ seat, table }]));
  }

  /**
   * Invites every other seat to play again at the new table `table`; a seat linked later
   * too. The spectators are told as well, so that they follow the players there.
   */
  invite(table: string): void {
    this.inviting = table;
    this.tellAll({ type: 'rematch', table });
  }

  /** Tells `message` to every other seat, then to every spectator. */
  private tellAll(message: WireMessage): void {
    this.session.replica.genesis.identities.forEach((_, seat) => {
      if (seat !== this.session.seat) this.session.send(seat, message);
    });
    this.session.tellSpectators(message);
  }
}
