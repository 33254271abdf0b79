/**
 * CodePairing: this page's side of a table played with no signaling server (`direct.ts`).
 * It holds the transport paired by codes, the offer codes the page shows (to pair a
 * player, or a spectator: the codes are the same, the link in them opens a join or a
 * watch), the code entry that answers another page's offer, and what to do once the
 * host's link is up, for a page that joins by code. The lobby decides what an answer
 * leads to; this keeps the codes.
 */
import type { DirectTransport } from '../../net/direct.ts';
import { hostPeerId } from '../../net/ids.ts';
import { AnswerPairing, OfferPairing, type Answered } from '../pair/pairing.svelte.ts';

/** What an offer code entered here leads to: the answer code to show back, or why not. */
export type Answer = (
  offer: string,
) => Promise<{ ok: true; value: Answered } | { ok: false; error: string }>;

/**
 * What a seated page of a table paired by codes shows of pairing again (`PairAgain`):
 * nothing while every player is linked to it, so that a game opens on its board; while
 * one is not, a short notice naming them, with a button each way round; the codes
 * themselves only once the player pressed one (`codesOpen`).
 */
export type PairAgainShown = 'nothing' | 'notice' | 'codes';

export function pairAgainShown(unlinked: number, codesOpen: boolean): PairAgainShown {
  if (unlinked === 0) return 'nothing';
  return codesOpen ? 'codes' : 'notice';
}

export class CodePairing {
  /** The table is played with no signaling server: its links are paired by codes. */
  paired = $state(false);
  /** The offer codes this page shows, to pair a player by codes; null when it shows none. */
  offers = $state<OfferPairing | null>(null);
  /** This page answers an offer code: to join a table, or to come back to one. */
  answers = $state<AnswerPairing | null>(null);
  /** The table this page visits by code, once linked to its host: what the join page shows. */
  codeVisit = $state<string | null>(null);
  /** Whom the offer codes on show are for: the link in them opens a join or a watch. */
  offersTo = $state<'player' | 'spectator'>('player');
  /** This page's transport when its table is paired by codes. */
  transport: DirectTransport | null = null;
  /** What to do once the host's link is up, for a page that joins by code. */
  private afterHost: (() => void) | null = null;

  /** `open`: a transport paired by codes under a peer id; null where the page cannot pair. */
  constructor(readonly open: ((peerId: string) => Promise<DirectTransport>) | null) {}

  /** A transport paired by codes under `peerId`, this page's from now on. */
  async pair(peerId: string): Promise<DirectTransport> {
    if (!this.open) throw new Error('this page cannot pair by codes');
    const transport = await this.open(peerId);
    this.transport = transport;
    this.paired = true;
    transport.watch((peer, state) => {
      if (state !== 'connected' || peer !== hostPeerId(transport.table) || !this.afterHost) return;
      const then = this.afterHost;
      this.afterHost = null;
      then();
    });
    return transport;
  }

  /** Runs `then` once this page's link to the table's host is up (a guest joining by code). */
  onceHostLinked(then: () => void): void {
    this.afterHost = then;
  }

  /**
   * Shows offer codes to pair a player by codes (this table is `paired`), or a spectator
   * (`to`): the codes are the same, the link in them opens the watch.
   */
  offer(to: 'player' | 'spectator' = 'player'): void {
    if (this.offers && this.offersTo !== to) this.close();
    if (this.transport && !this.offers) this.offers = new OfferPairing(this.transport);
    this.offersTo = to;
  }

  /**
   * Shows the code entry that answers offers with `answer`, in place of any other; once
   * linked, nothing more is answered: the entry closes, then `linked` runs.
   */
  answerWith(answer: Answer, linked: () => void = () => {}): void {
    this.answers?.close();
    const answers = new AnswerPairing(answer, () => {
      answers.close();
      if (this.answers === answers) this.answers = null;
      linked();
    });
    this.answers = answers;
  }

  /** True while this page shows a code to pair a player (not a spectator), or enters theirs. */
  get pairingPlayer(): boolean {
    return (this.offers !== null && this.offersTo === 'player') || this.answers !== null;
  }

  /**
   * Every player sits and is linked to this page: the codes to pair one are spent. An
   * offer taken makes a fresh code for a next player, which a table under way, or linked
   * again, has none of. A spectator's codes stay.
   */
  spent(): void {
    if (this.offersTo === 'player') {
      this.offers?.close();
      this.offers = null;
    }
    this.answers?.close();
    this.answers = null;
  }

  /** Stops showing codes. */
  close(): void {
    this.offers?.close();
    this.offers = null;
    this.answers?.close();
    this.answers = null;
  }

  /** Forgets the paired transport (an answer refused, the table left): the page is unpaired. */
  forget(): void {
    this.transport = null;
    this.afterHost = null;
    this.paired = false;
  }
}
