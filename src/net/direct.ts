/**
 * `Transport` with no signaling server: plain WebRTC data channels, paired by codes.
 *
 * Two players open their first link by hand: one page makes an offer code (`offer`), the
 * other answers it (`answer`) with a code of its own, which the first page completes
 * (`complete`). A code is a compact session description (`pairing.ts`) made once ICE
 * gathering is complete, so one code each way is all it takes (`rtc-link.ts`).
 *
 * Every other link is signaled through links already open: `connect` sends the offer
 * code, in a transport envelope (`code-relay.ts`), to every linked peer, and a peer
 * linked to the one dialled forwards it, stamped with who sent it; the answer comes back
 * the same way. A relayed code must name as its sender the peer that sent it through the
 * relay, so nobody can make a peer answer for another. The relay stores nothing and
 * forwards at a bounded rate per sender; once the links are up it relays nothing, and the
 * table is the same full mesh PeerJS makes.
 *
 * Who may relay: any peer that proved an identity key on its link to this one (a lobby
 * hello, a seat hello: `proven`): the host, which relays for its guests, and any seat,
 * which relays when the links at hand call for it (a page back from a reload pairs again
 * with one seat alone, and reaches the others through it). A code that comes over a link
 * with no such proof (a visitor, a spectator, a page that only paired) is not taken. What
 * one relay can make this peer do is bounded, since a relay can stamp a code with any
 * sender: a burst of codes taken from it, then one every 2 s (`RELAYED_BURST`); at most
 * `MAX_PENDING_PER_RELAY` links answered for its offers still opening; and links whose
 * peer has proven nothing yet, whoever brought them, fill at most half the links
 * (`MAX_UNPROVEN`). Past that, or when every link is taken, the oldest unproven link of
 * the relay that brought the most is given up for the new one: a relay that answers
 * offers for nobody loses its own links first, and a player's is kept once it proves
 * itself (`introductions.ts`). A spectator's links never prove anything to a seat (it signs nothing): they
 * stay while there is room. A relayed offer from a peer this one holds a live link to
 * is ignored (that peer never dials a link it holds; the link is lost within seconds if
 * it did lose it), so no relay can break a link by forging one. A relay sees the codes
 * it forwards, as a PeerServer does, and could place itself in the middle of a link it
 * introduced, answering each end with a DTLS certificate of its own; but every seat
 * proves its identity key on each link with a hello that signs the link's certificates
 * (`Transport.channel`, `seats.ts`, `lobby-hello.ts`), so the hellos it relays are refused at
 * both ends, and all it can do is what a signaling server could: keep a link from being
 * made, in plain sight. Every move is signed besides.
 *
 * Links are kept by a `LinkSet` (`links.ts`), as PeerJS links are: the same heartbeat,
 * the same connected-once-heard handshake, the same rule for dials that cross. A link
 * paired by hand is made before the page's session listens (the session starts once the
 * host has answered), so events are held until `listen`, a bounded few.
 */
import { hostPeerId, isPeerIdOf, randomId } from './ids.ts';
import { LinkSet } from './links.ts';
import { decodePairing, toSdp, type Pairing, type Parsed } from './pairing.ts';
import type { LinkChannel, LinkState, Transport, TransportHandlers } from './transport.ts';
import { ENVELOPE, parseEnvelope, RelayAllowance, relayedCodeProblem } from './code-relay.ts';
import { ChannelLink, describe, openChannel, type OpenChannel } from './rtc-link.ts';
import { Introductions, MAX_LINKS } from './introductions.ts';

/** Offers made for pasting that wait for their answers; a newer one retires the oldest. */
const MAX_WAITING_OFFERS = 6;
/** Offers heard through relays, remembered so one heard through two relays is answered once. */
const MAX_SEEN = 64;
/**
 * What this peer takes through one relay: the offers of the few seats that dial it at
 * once through that relay and the answers to its own few dials; a burst of 10, then one
 * every 2 s.
 */
const RELAYED_BURST = 10;
const RELAYED_PER_SECOND = 0.5;
/** Events held until the session listens: a link's states and its first few messages. */
const MAX_HELD = 64;

/** A table's links with no signaling server, paired by codes: see the top of this file. */
export class DirectTransport implements Transport {
  readonly table: string;
  private handlers: TransportHandlers | null = null;
  private held: (() => void)[] = [];
  private readonly links: LinkSet;
  /** Offers made to be answered by a pasted code, by nonce, oldest first. */
  private readonly waiting = new Map<string, OpenChannel>();
  /** Answers made to pasted offers whose channel has not opened yet, by nonce. */
  private readonly answered = new Map<string, RTCPeerConnection>();
  /** Dials through relays that wait for their answers: nonce -> the link made for them. */
  private readonly dials = new Map<string, ChannelLink>();
  /** The offer each dial sent through the relays, to send again should it cross another. */
  private readonly offers = new WeakMap<ChannelLink, string>();
  private readonly seen: string[] = [];
  /** Peers dialled while no link could relay: dialled once one can (at most `MAX_LINKS`). */
  private readonly wanted = new Set<string>();
  private readonly allowance = new RelayAllowance();
  /** What each relay may still have this peer take (`RELAYED_BURST`). */
  private readonly heard = new RelayAllowance(RELAYED_BURST, RELAYED_PER_SECOND);
  /** Which links may relay, and the links relays brought. */
  private readonly introductions: Introductions;
  private readonly watchers = new Set<(peer: string, state: LinkState) => void>();
  private closed = false;

  /** `rtc`: the ICE servers, a relay's fresh credentials among them, and the player's policy. */
  constructor(
    readonly id: string,
    private readonly rtc: RTCConfiguration,
  ) {
    const table = /^fairdeal-([a-z2-9]{10})-/.exec(id)?.[1];
    if (!table) throw new Error(`not a peer id of a table: ${id}`);
    this.table = table;
    this.links = new LinkSet(id, {
      data: (from, data) => this.data(from, data),
      link: (peer, state) => this.linkChanged(peer, state),
    });
    this.introductions = new Introductions(this.links);
  }

  /** Calls `watcher` on every change of a link's state, beside the session's handlers; returns the way to stop. */
  watch(watcher: (peer: string, state: LinkState) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** A new offer code for a player to answer by hand. */
  async offer(): Promise<string> {
    const offer = openChannel(this.rtc);
    const nonce = randomId(8);
    const code = await describe(offer.connection, 'offer', this.table, this.id, nonce);
    if (this.closed) {
      offer.connection.close();
      throw new Error('the page left the table');
    }
    this.waiting.set(nonce, offer);
    for (const [old, { connection }] of this.waiting) {
      if (this.waiting.size <= MAX_WAITING_OFFERS) break;
      connection.close();
      this.waiting.delete(old);
    }
    return code;
  }

  /**
   * Answers an offer code another player's page made: the answer code to show them, or
   * in words why the code is refused (nothing changes then). The link opens once their
   * page takes the answer.
   */
  async answer(code: string): Promise<Parsed<string>> {
    const read = await decodePairing(code);
    if (!read.ok) return read;
    const p = read.value;
    if (p.kind !== 'offer')
      return refuse(
        'This is an answer code. Paste the offer code the other player’s page shows first.',
      );
    if (p.table !== this.table) return refuse('This code is for another table.');
    if (p.peer === this.id) return refuse('This is the code this page made itself.');
    const { connection, channel } = openChannel(this.rtc);
    try {
      await connection.setRemoteDescription({ type: 'offer', sdp: toSdp(p) });
      const answer = await describe(connection, 'answer', this.table, this.id, p.nonce);
      if (this.closed) throw new Error('the page left the table');
      for (const [old, pc] of this.answered) {
        if (this.answered.size < MAX_WAITING_OFFERS) break;
        pc.close();
        this.answered.delete(old);
      }
      this.answered.set(p.nonce, connection);
      // Taken on as a link when it opens: the other page may take minutes to enter the answer.
      channel.addEventListener('open', () => {
        if (this.answered.get(p.nonce) !== connection || this.closed) return;
        this.answered.delete(p.nonce);
        this.links.drop(p.peer);
        this.links.adopt(new ChannelLink(p.peer, connection, channel), false);
      });
      return { ok: true, value: answer };
    } catch (e) {
      connection.close();
      return refuse(`This browser could not use the code (${(e as Error).message}).`);
    }
  }

  /**
   * Takes the answer code to one of this page's offers: the peer id it links to, or in
   * words why the code is refused (nothing changes then).
   */
  async complete(code: string): Promise<Parsed<string>> {
    const read = await decodePairing(code);
    if (!read.ok) return read;
    const p = read.value;
    if (p.kind !== 'answer')
      return refuse('This is an offer code. Paste the answer code the other player’s page shows.');
    if (p.table !== this.table) return refuse('This code is for another table.');
    const offer = this.waiting.get(p.nonce);
    if (!offer)
      return refuse(
        'This answer is to another code: it does not answer the code this page shows now. Ask for a new answer.',
      );
    if (p.peer === this.id) return refuse('This is the code this page made itself.');
    const { connection, channel } = offer;
    try {
      await connection.setRemoteDescription({ type: 'answer', sdp: toSdp(p) });
    } catch (e) {
      return refuse(`This browser could not use the code (${(e as Error).message}).`);
    }
    this.waiting.delete(p.nonce);
    this.links.drop(p.peer);
    this.links.adopt(new ChannelLink(p.peer, connection, channel), true);
    return { ok: true, value: p.peer };
  }

  /**
   * Dials `peer` through the peers already linked; while there is none, as soon as one
   * is. Does nothing for a peer of another table.
   */
  connect(peer: string): void {
    if (peer === this.id || this.links.has(peer) || this.closed) return;
    if (peer !== hostPeerId(this.table) && !isPeerIdOf(this.table, peer)) return;
    if (this.links.size >= MAX_LINKS) return;
    if (this.links.connectedPeers().length === 0) {
      this.wanted.add(peer);
      return;
    }
    const { connection, channel } = openChannel(this.rtc);
    const link = new ChannelLink(peer, connection, channel);
    this.links.adopt(link, true);
    const nonce = randomId(8);
    // Dials whose link is gone (lost, or replaced) wait for nothing: at most one per link.
    for (const [old, dial] of this.dials)
      if (this.links.connectionOf(dial.peer) !== dial) this.dials.delete(old);
    this.dials.set(nonce, link);
    void describe(connection, 'offer', this.table, this.id, nonce).then(
      (code) => {
        if (this.links.connectionOf(peer) !== link) return;
        this.offers.set(link, code);
        this.relay(peer, code);
      },
      () => this.links.connectionOf(peer) === link && this.links.drop(peer),
    );
  }

  send(peer: string, data: string): boolean {
    return this.links.send(peer, data);
  }

  disconnect(peer: string): void {
    this.links.drop(peer);
  }

  connectedPeers(): string[] {
    return this.links.connectedPeers();
  }

  /** The peer of the open link to `peer` proved a key on it: it may relay codes to this one. */
  proven(peer: string): void {
    this.introductions.proven(peer);
  }

  channel(peer: string): LinkChannel | null {
    return this.links.channel(peer);
  }

  /** Registers the handlers, and hands them what happened before. */
  listen(handlers: TransportHandlers): void {
    this.handlers = handlers;
    const held = this.held;
    this.held = [];
    for (const event of held) event();
  }

  close(): void {
    this.closed = true;
    this.links.close();
    for (const { connection } of this.waiting.values()) connection.close();
    for (const connection of this.answered.values()) connection.close();
    this.waiting.clear();
    this.answered.clear();
    this.introductions.clear();
    this.dials.clear();
    this.wanted.clear();
    this.watchers.clear();
  }

  private emit(event: () => void): void {
    if (this.handlers) return event();
    if (this.held.length < MAX_HELD) this.held.push(event);
    else {
      // More than any honest peer sends before the page listens: start again from nothing.
      this.held = [];
      for (const peer of this.links.connectedPeers()) this.links.drop(peer);
    }
  }

  private linkChanged(peer: string, state: LinkState): void {
    if (state === 'lost' || state === 'unreachable') {
      this.allowance.forget(peer);
      this.heard.forget(peer);
      this.introductions.forget(peer);
    }
    for (const watcher of this.watchers) watcher(peer, state);
    this.emit(() => this.handlers?.link(peer, state));
    // A link is a way to signal the others: dial those asked for while there was none.
    if (state === 'connected' && this.wanted.size > 0)
      setTimeout(() => {
        const wanted = [...this.wanted];
        this.wanted.clear();
        for (const other of wanted) this.connect(other);
      });
  }

  private data(from: string, data: string): void {
    if (!data.startsWith(ENVELOPE)) return this.emit(() => this.handlers?.message(from, data));
    const envelope = parseEnvelope(data.slice(1), this.table);
    if (!envelope.ok)
      return console.warn(`fairdeal: dropped signaling from ${from}: ${envelope.error}`);
    if ('to' in envelope.value) this.forward(from, envelope.value.to, envelope.value.code);
    else void this.relayed(from, envelope.value.from, envelope.value.code);
  }

  /** Forwards `code` from `from` to `to`, if linked to both and `from` is within its allowance. */
  private forward(from: string, to: string, code: string): void {
    if (to === from || to === this.id || !this.links.connectedPeers().includes(to)) return;
    if (!this.allowance.allow(from))
      return console.warn(`fairdeal: ${from} asked to relay too much`);
    this.links.send(to, ENVELOPE + JSON.stringify({ from, code }));
  }

  /** Sends `code` to `peer` through every other linked peer: any linked to it forwards it. */
  private relay(peer: string, code: string): void {
    const message = ENVELOPE + JSON.stringify({ to: peer, code });
    for (const relay of this.links.connectedPeers())
      if (relay !== peer) this.links.send(relay, message);
  }

  /**
   * A code `from` sent through the relay `via`: an offer to answer, or the answer to a
   * dial. Taken only through a relay proven on its link, within its allowance, and an offer
   * only while that relay has few links of its bringing still opening (see the top).
   */
  private async relayed(via: string, from: string, code: string): Promise<void> {
    if (!this.introductions.mayRelay(via))
      return console.warn(`fairdeal: dropped a code relayed by ${via}, proven on no link`);
    if (!this.heard.allow(via))
      return console.warn(`fairdeal: dropped a code relayed by ${via}, past its allowance`);
    const read = await decodePairing(code);
    if (!read.ok)
      return console.warn(`fairdeal: dropped a relayed code from ${from}: ${read.error}`);
    const p = read.value;
    const problem = relayedCodeProblem(p, from, this.id, this.table);
    if (problem) return console.warn(`fairdeal: dropped ${problem}`);
    const key = `${p.kind} ${from} ${p.nonce}`;
    if (this.seen.includes(key) || this.closed) return;
    this.seen.push(key);
    if (this.seen.length > MAX_SEEN) this.seen.shift();
    if (p.kind === 'answer') return this.takeAnswer(p);
    // A peer never dials a link it holds: an offer over a live link would only break it.
    if (this.links.connectedPeers().includes(from))
      return console.warn(`fairdeal: dropped a relayed offer from ${from}, linked already`);
    if (!this.introductions.mayOpen(via))
      return console.warn(`fairdeal: dropped an offer relayed by ${via}, its links still opening`);
    if (!this.introductions.makeRoomFor(from)) return;
    const { connection, channel } = openChannel(this.rtc);
    const link = new ChannelLink(from, connection, channel);
    if (this.links.adopt(link, false)) {
      this.introductions.introduce(from, via, link);
    } else {
      // Our dial to `from` crossed theirs and stands. It may have gone out before `from` could
      // hear it (a page that reloads dials as soon as it is back, before the others know it
      // left): send it again, now that `from` is heard, or both would wait out their dials.
      const mine = this.links.connectionOf(from);
      const offer = mine instanceof ChannelLink ? this.offers.get(mine) : undefined;
      if (offer !== undefined) this.relay(from, offer);
      return;
    }
    try {
      await connection.setRemoteDescription({ type: 'offer', sdp: toSdp(p) });
      const answer = await describe(connection, 'answer', this.table, this.id, p.nonce);
      if (this.links.connectionOf(from) === link) this.relay(from, answer);
    } catch {
      if (this.links.connectionOf(from) === link) this.links.drop(from);
    }
  }

  /** The answer to a dial made through a relay. */
  private async takeAnswer(p: Pairing): Promise<void> {
    const link = this.dials.get(p.nonce);
    if (!link || link.peer !== p.peer || this.links.connectionOf(p.peer) !== link) return;
    this.dials.delete(p.nonce);
    try {
      await link.connection.setRemoteDescription({ type: 'answer', sdp: toSdp(p) });
    } catch {
      if (this.links.connectionOf(p.peer) === link) this.links.drop(p.peer);
    }
  }
}

const refuse = (error: string): Parsed<never> => ({ ok: false, error });
