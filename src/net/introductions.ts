/**
 * The links a relay brings to a peer paired by codes (`DirectTransport`), and the room
 * they may take. A relay can stamp a code with any sender, so what one relay can make
 * this peer do is bounded: at most `MAX_PENDING_PER_RELAY` links answered for its offers
 * still opening, and links whose peer has proven nothing yet, whoever brought them, fill
 * at most half the links (`MAX_UNPROVEN`). Past that, or when every link is taken, the
 * oldest unproven link of the relay that brought the most is given up for the new one: a
 * relay that answers offers for nobody loses its own links first, and a player's is kept
 * once it proves itself (`proven`). Only a peer that proved an identity key on its link
 * may relay at all.
 */
import type { DataLink, LinkSet } from './links.ts';

/** Links at once: five other seats, and room for a few being replaced. */
export const MAX_LINKS = 12;
/**
 * Links brought by relays whose peer has proven nothing yet, at once: half the links, so
 * the other half stays for the players, whatever the relays bring.
 */
const MAX_UNPROVEN = MAX_LINKS / 2;
/**
 * Links answered for offers that came through one relay and have not opened yet: as many
 * as the other seats of the largest table, when they all dial this one at once.
 */
const MAX_PENDING_PER_RELAY = 4;

/** Which links may relay, and the links relays brought: see the top of this file. */
export class Introductions {
  /** Links whose other end proved an identity key on them (`proven`): the relays heard. */
  private readonly provenLinks = new WeakSet<DataLink>();
  /**
   * Links answered for a relayed offer whose peer has proven nothing on them yet, oldest
   * first, with the relay that brought the offer: the only links given up for room.
   */
  private readonly introduced = new Map<string, { relay: string; link: DataLink }>();

  constructor(private readonly links: LinkSet) {}

  /** The peer of the open link to `peer` proved a key on it: it may relay, and its link stays. */
  proven(peer: string): void {
    const link = this.links.connectionOf(peer);
    if (!link || !this.links.connectedPeers().includes(peer)) return;
    this.provenLinks.add(link);
    this.introduced.delete(peer);
  }

  /** True when the link to `via` is open and its peer proved a key on it. */
  mayRelay(via: string): boolean {
    const relay = this.links.connectionOf(via);
    return relay !== undefined && this.provenLinks.has(relay);
  }

  /** False when `via` has too many links of its bringing still opening for one more. */
  mayOpen(via: string): boolean {
    return this.opening(via) < MAX_PENDING_PER_RELAY;
  }

  /**
   * True when there is room for a link to `from` brought by a relay, made if need be by
   * giving up the oldest unproven link of the relay that brought the most; false when
   * every link is proven or of this peer's making.
   */
  makeRoomFor(from: string): boolean {
    const full =
      this.stillIntroduced().length >= MAX_UNPROVEN ||
      (!this.links.has(from) && this.links.size >= MAX_LINKS);
    if (!full) return true;
    const brought = new Map<string, string[]>();
    for (const [peer, { relay }] of this.stillIntroduced())
      brought.set(relay, [...(brought.get(relay) ?? []), peer]);
    const most = [...brought.values()].sort((a, b) => b.length - a.length)[0];
    if (!most) return false;
    this.links.drop(most[0]!);
    return true;
  }

  /** `link` to `from` was made for an offer `relay` brought: given up first for room. */
  introduce(from: string, relay: string, link: DataLink): void {
    this.introduced.delete(from);
    this.introduced.set(from, { relay, link });
  }

  /** The link to `peer` is gone. */
  forget(peer: string): void {
    this.introduced.delete(peer);
  }

  /** The page left: nothing is kept. */
  clear(): void {
    this.introduced.clear();
  }

  /** The links brought by relays still unproven, forgetting those gone or replaced since. */
  private stillIntroduced(): [string, { relay: string; link: DataLink }][] {
    for (const [peer, { link }] of this.introduced)
      if (this.links.connectionOf(peer) !== link) this.introduced.delete(peer);
    return [...this.introduced];
  }

  /** How many links brought by `relay` are still opening. */
  private opening(relay: string): number {
    const connected = new Set(this.links.connectedPeers());
    return this.stillIntroduced().filter(([peer, e]) => e.relay === relay && !connected.has(peer))
      .length;
  }
}
