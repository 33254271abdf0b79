/**
 * The lobby's redials before Start. A guest, seated or still visiting, dials a host it
 * lost again: a first dial can fail on a busy machine (a link that does not open in
 * time), and a host may be reloading its page, so the join page must not wait for a
 * reload of its own. A guest also dials again a lost link to a guest seated before it,
 * the one of the pair that dialled it first: Start waits for every pair, so a pair nobody
 * dials again would hold the table forever. Nothing is dialled again once Start is seen.
 */
import { Retry } from './backoff.ts';
import { hostPeerId } from './ids.ts';
import type { Seat } from './messages.ts';
import { isDown, type LinkState } from './transport.ts';

/** Soon, then every 10 s. */
const REDIAL_BACKOFF = { firstMs: 1000, maxMs: 10000 };

/** What the redials read of their lobby, and what they ask of it. */
export interface RedialLobby {
  readonly tableId: string;
  /** This peer's id. */
  id(): string;
  /** True once Start is seen: the roster is frozen, the table's links are the session's. */
  started(): boolean;
  /** The seats taken, in seat order. */
  players(): readonly Seat[];
  /** The link to `peer` as the transport says it is. */
  linkState(peer: string): LinkState | undefined;
  connect(peer: string): void;
}

/** The lobby's redials of the host and of the guests seated before this one: see the top of this file. */
export class Redials {
  private readonly host = new Retry(() => this.redialHost(), REDIAL_BACKOFF);
  private readonly seats = new Map<string, Retry>();

  constructor(private readonly lobby: RedialLobby) {}

  /** The link to `peer` changed: a lost one this guest dials is dialled again, an open one no more. */
  linkChanged(peer: string, state: LinkState): void {
    const { lobby } = this;
    if (!lobby.started() && this.dials(peer)) {
      if (state === 'connected') this.redialSeat(peer).reset();
      else if (isDown(state)) this.redialSeat(peer).schedule();
    }
    if (peer === hostPeerId(lobby.tableId)) {
      if (state === 'connected') this.host.reset();
      else if (isDown(state) && !lobby.started()) this.host.schedule();
    }
  }

  /** Dials nothing more. */
  stop(): void {
    this.host.stop();
    for (const redial of this.seats.values()) redial.stop();
  }

  private redialHost(): void {
    const { lobby } = this;
    const host = hostPeerId(lobby.tableId);
    if (lobby.started() || lobby.linkState(host) === 'connected') return;
    lobby.connect(host);
    this.host.schedule();
  }

  /** The guest seated before this one at `peer`, which this one dials; the host has its own redial. */
  private dials(peer: string): boolean {
    const players = this.lobby.players();
    const seat = players.findIndex((p) => p.peer === peer);
    const mine = players.findIndex((p) => p.peer === this.lobby.id());
    return seat > 0 && mine > seat;
  }

  private redialSeat(peer: string): Retry {
    let redial = this.seats.get(peer);
    if (!redial) {
      redial = new Retry(() => {
        if (this.lobby.started() || !this.dials(peer)) this.seats.delete(peer);
        else if (this.lobby.linkState(peer) !== 'connected') this.lobby.connect(peer);
      }, REDIAL_BACKOFF);
      this.seats.set(peer, redial);
    }
    return redial;
  }
}
