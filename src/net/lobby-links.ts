/**
 * The lobby's board of links: each of this page's links as it tells it, and every pair of
 * seats' as its two ends tell it, so that each lobby shows who cannot reach whom before
 * Start, and Start waits for every pair. A link reads `connected` only once its hello is
 * proven on it, and `unreachable` while a link no path was found for is dialled again. A
 * seated player's word on its own links (`links` messages) counts once its hello is
 * proven on the link it came over, since everything on a proven link is the player's own;
 * until then it is kept aside.
 */
import type { Seat } from './messages.ts';
import type { LinkState } from './transport.ts';

/**
 * How the link between seats `a` and `b` (a < b) is doing, from what its two ends say:
 * the worse of their words when both spoke (a link is up only when both ends have it
 * up), else the one word heard. An end's word reaches only the seats it has a link to:
 * the host, linked to all, sees every pair.
 */
export interface PairLink {
  a: number;
  b: number;
  state: LinkState;
}

/** Worst first: the state a pair shows when its two ends disagree. */
const SEVERITY: readonly LinkState[] = ['unreachable', 'lost', 'connecting', 'connected'];
const worse = (x: LinkState, y: LinkState): LinkState =>
  SEVERITY.indexOf(x) <= SEVERITY.indexOf(y) ? x : y;

/** What the board reads of its lobby. */
export interface BoardLobby {
  /** This peer's id. */
  id(): string;
  /** The seats taken, in seat order. */
  players(): readonly Seat[];
  holdsSeat(peer: string): boolean;
  /** True when `peer`'s hello is proven on the link open now. */
  isProven(peer: string): boolean;
}

/** The links of one lobby page, and its seats' word on theirs: see the top of this file. */
export class LinkBoard {
  private readonly links = new Map<string, LinkState>();
  /**
   * Peers to which no path was found, dialled again since: their link still reads
   * `unreachable` while it opens, so nobody sees it flicker to `connecting` and back.
   */
  private readonly noPath = new Set<string>();
  /** Each seated peer's last word on its own links (`links` messages). */
  private readonly reports = new Map<string, ReadonlyMap<string, LinkState>>();
  /** The last report of a peer not proven yet on its link, taken once it is. */
  private readonly unproven = new Map<string, ReadonlyMap<string, LinkState>>();

  constructor(private readonly lobby: BoardLobby) {}

  /** The link to `peer` as the transport says it is, or undefined for a peer never linked. */
  state(peer: string): LinkState | undefined {
    return this.links.get(peer);
  }

  /** The link to `peer` changed; a report that came over the link before does not count. */
  set(peer: string, state: LinkState): void {
    this.links.set(peer, state);
    if (state === 'unreachable') this.noPath.add(peer);
    else if (state !== 'connecting') this.noPath.delete(peer);
    this.unproven.delete(peer);
  }

  /** Forgets the link to `peer`, whose seat was freed. */
  forget(peer: string): void {
    this.links.delete(peer);
  }

  /**
   * The link to `peer` as this player tells it (see `noPath`): `connected` only once its
   * hello is proven on it.
   */
  told(peer: string): LinkState | undefined {
    const state = this.links.get(peer);
    if (state === 'connected' && !this.lobby.isProven(peer)) return 'connecting';
    return state === 'connecting' && this.noPath.has(peer) ? 'unreachable' : state;
  }

  /** Every link of this page as it tells it, by peer. */
  all(): Record<string, LinkState> {
    return Object.fromEntries([...this.links.keys()].map((peer) => [peer, this.told(peer)!]));
  }

  /** This player's word on its links to the other seats, as a `links` message says it. */
  own(): Record<string, LinkState> {
    const { lobby } = this;
    return Object.fromEntries(
      lobby.players().flatMap((p) => {
        const state = this.told(p.peer);
        return p.peer === lobby.id() || state === undefined ? [] : [[p.peer, state]];
      }),
    );
  }

  /** A seated peer's word on its links: taken if proven on the link it came over, else kept aside. */
  report(from: string, links: Record<string, LinkState>): void {
    (this.lobby.isProven(from) ? this.reports : this.unproven).set(
      from,
      new Map(Object.entries(links)),
    );
  }

  /** `peer` proved its hello on the link open now: the report it made over that link is its own. */
  proven(peer: string): void {
    const report = this.unproven.get(peer);
    this.unproven.delete(peer);
    if (report && this.lobby.holdsSeat(peer)) this.reports.set(peer, report);
  }

  /** Forgets the reports of peers no longer seated: what a peer can make us keep ends with its seat. */
  forgetUnseated(): void {
    for (const kept of [this.reports, this.unproven])
      for (const peer of kept.keys()) if (!this.lobby.holdsSeat(peer)) kept.delete(peer);
  }

  /** Every pair of seats taken, and its link. */
  pairs(): PairLink[] {
    const { lobby } = this;
    const players = lobby.players();
    const said = (from: string, to: string): LinkState | undefined =>
      from === lobby.id() ? this.told(to) : this.reports.get(from)?.get(to);
    return players.flatMap((x, a) =>
      players.slice(a + 1).map((y, i) => {
        const [there, back] = [said(x.peer, y.peer), said(y.peer, x.peer)];
        const state = there && back ? worse(there, back) : (there ?? back ?? 'connecting');
        return { a, b: a + 1 + i, state };
      }),
    );
  }
}
