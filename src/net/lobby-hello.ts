/**
 * The lobby's hellos: a player proves its identity key on each link, as a seat hello does
 * in the game (`seats.ts`). Each end of a link sends `{ type: 'lobby-challenge', nonce }`
 * as it opens, and a hello carries that nonce signed with the key it names, over
 * `fair-deal/lobby-hello/v2\n` and the canonical `{ channel, name, nonce, peer, table }`
 * (`peer`: the sender's own id, so a hello relayed over another link fails; `channel`: the
 * link's DTLS certificate fingerprints, the sender's then the receiver's, so a hello
 * relayed from one side of a man in the middle to the other fails too, `challenges.ts`).
 * So a seated player back under a new peer id (its page reloaded) is given its seat back
 * on proof, nobody who merely knows its public key, which every roster shows, can take
 * it, and whoever relayed a link's signaling cannot sit in its middle and have a player
 * seated through it.
 *
 * A link counts as the player's only once its hello is proven on it (`isProven`): the
 * lobby takes nothing of the player's word over it before. A hello made on another link
 * names a seated player whose link someone sits in the middle of (`middle`), until one of
 * its hellos is proven.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeCanonical } from '../engine/encoding.ts';
import { signMessage, verifyMessage, type Identity } from '../engine/identity.ts';
import { channelToSign, Challenges, onThisLink, type SignedChannel } from './challenges.ts';
import type { LobbyMessage, Player } from './messages.ts';
import type { LinkState, Transport } from './transport.ts';

const HELLO_DOMAIN = 'fair-deal/lobby-hello/v2\n';

/** What a lobby hello signs: see the top of this file. */
const helloBytes = (
  table: string,
  peer: string,
  name: string,
  nonce: string,
  channel: SignedChannel,
): Uint8Array => utf8ToBytes(HELLO_DOMAIN + encodeCanonical({ table, peer, name, nonce, channel }));

/** What the hellos read of their lobby, and what they ask of it. */
export interface HelloLobby {
  readonly tableId: string;
  /** This player's key for the table: it signs this end's hellos. */
  readonly identity: Identity;
  /** The links, whose channels a hello signs. */
  readonly transport: Transport;
  /** This peer's id. */
  id(): string;
  /** This player's name and key once it asked for a seat; null while it visits. */
  me(): Player | null;
  send(peer: string, message: LobbyMessage): void;
  /** Drops a message from `peer`, saying why. */
  drop(peer: string, reason: string): void;
  holdsSeat(peer: string): boolean;
  /** The name of the seated player whose identity key is `identity`, if one is. */
  seatedUnder(identity: string): string | undefined;
}

/** The hellos of one lobby, both ways, on each of its links: see the top of this file. */
export class LobbyHellos {
  /** Each linked peer's challenges from this end that its hello may still answer. */
  private readonly challenges = new Challenges();
  /** Each linked peer's latest challenge to this end, until this player has a name to answer with. */
  private readonly toAnswer = new Map<string, string>();
  /** Peers whose hello is proven on the link open now: what comes over it is theirs. */
  private readonly proven = new Set<string>();
  /** Seated peers whose hello was made on another link, until one is proven on a link of theirs. */
  private readonly middled = new Set<string>();

  constructor(private readonly lobby: HelloLobby) {}

  /** True when `peer`'s hello is proven on the link open now. */
  isProven(peer: string): boolean {
    return this.proven.has(peer);
  }

  /** The seated peers someone sits in the middle of this page's link to. */
  middle(): string[] {
    return [...this.middled];
  }

  /**
   * The link to `peer` changed: one that opens is sent a fresh nonce, one that does not
   * forgets those; either way, whoever is at its end proves itself again.
   */
  linkChanged(peer: string, state: LinkState): void {
    if (state === 'connected') this.challenge(peer);
    else {
      this.challenges.forget(peer);
      this.toAnswer.delete(peer);
    }
    this.proven.delete(peer);
  }

  /** `peer` challenged this end: answered at once, or once this player has a name. */
  challenged(peer: string, nonce: string): void {
    this.toAnswer.set(peer, nonce);
    this.answer(peer);
  }

  /** This player asked for a seat: every challenge waiting for its name is answered. */
  answerAll(): void {
    for (const peer of [...this.toAnswer.keys()]) this.answer(peer);
  }

  /**
   * True when `hello` answers an open challenge to `from`, is signed by the key it names
   * and was made on this very link; then that link is `from`'s own. Else the hello is
   * dropped, saying why.
   */
  proves(from: string, hello: LobbyMessage & { type: 'hello' }): boolean {
    const { lobby } = this;
    if (!this.challenges.take(from, hello.nonce)) {
      lobby.drop(from, 'a hello that answers no open challenge of ours');
      return false;
    }
    const bytes = helloBytes(lobby.tableId, from, hello.name, hello.nonce, hello.channel);
    if (!verifyMessage(hello.identity, bytes, hello.sig)) {
      const claimed = lobby.seatedUnder(hello.identity);
      lobby.drop(
        from,
        claimed !== undefined
          ? `a hello claiming ${claimed}'s seat, not signed by that seat's key`
          : 'a hello not signed by the identity key it names',
      );
      return false;
    }
    if (!onThisLink(lobby.transport, from, hello.channel)) {
      // Said on screen for a seated player, whose name the page shows: a bounded few.
      if (lobby.holdsSeat(from)) this.middled.add(from);
      lobby.drop(from, 'a hello made on another link: someone sits in the middle of this one');
      return false;
    }
    this.proven.add(from);
    this.middled.delete(from);
    lobby.transport.proven?.(from);
    return true;
  }

  /** Forgets the middle of links to peers no longer seated: what a peer can make us keep ends with its seat. */
  forgetUnseated(): void {
    for (const peer of this.middled) if (!this.lobby.holdsSeat(peer)) this.middled.delete(peer);
  }

  /** Sends `peer` a fresh nonce its hello must sign. */
  private challenge(peer: string): void {
    this.lobby.send(peer, { type: 'lobby-challenge', nonce: this.challenges.issue(peer) });
  }

  /** Answers `peer`'s challenge with a signed hello, once this player has a name to give. */
  private answer(peer: string): void {
    const { lobby } = this;
    const nonce = this.toAnswer.get(peer);
    const channel = channelToSign(lobby.transport, peer);
    const me = lobby.me();
    if (!me || nonce === undefined || !channel) return;
    this.toAnswer.delete(peer);
    const sig = signMessage(
      lobby.identity.secretKey,
      helloBytes(lobby.tableId, lobby.id(), me.name, nonce, channel),
    );
    lobby.send(peer, { type: 'hello', ...me, nonce, channel, sig });
  }
}
