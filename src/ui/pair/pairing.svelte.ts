/**
 * The two sides of a pairing by codes, as the panels show them (`OfferPanel`,
 * `AnswerPanel`): every step says what to do next and what the page waits for.
 *
 * The side already at the table offers: the host gathering players, or any seated player
 * bringing back one whose page reloaded. The side coming in answers. Each keeps one code
 * on show at a time; a code that fails says why in words and changes nothing.
 */
import type { DirectTransport } from '../../net/direct.ts';
import type { LinkState } from '../../net/transport.ts';

/** The side at the table: shows an offer code, takes the answer code it gets back. */
export class OfferPairing {
  /** The offer code on show; null while the page makes it. */
  code = $state<string | null>(null);
  error = $state<string | null>(null);
  /** The answer pasted is being checked and applied. */
  busy = $state(false);
  /** The peer the last answer paired, until its link is up or lost. */
  connecting = $state<string | null>(null);
  private stop: () => void;

  constructor(private readonly transport: DirectTransport) {
    this.stop = transport.watch((peer, state) => {
      if (peer !== this.connecting || state === 'connecting') return;
      this.connecting = null;
      if (state === 'lost')
        this.error =
          'The link did not open. Make a new code and pair again; a firewall may stand between you.';
    });
    void this.fresh();
  }

  /** A new offer code, for the next player. */
  async fresh(): Promise<void> {
    this.code = null;
    try {
      this.code = await this.transport.offer();
    } catch (e) {
      this.error = `This page could not make a code (${(e as Error).message}).`;
    }
  }

  /** Takes the answer code the other player's page shows. */
  async complete(answer: string): Promise<boolean> {
    this.busy = true;
    try {
      const paired = await this.transport.complete(answer);
      if (!paired.ok) {
        this.error = paired.error;
        return false;
      }
      this.error = null;
      this.connecting = paired.value;
      // The code just used is spent; the next player gets a new one.
      await this.fresh();
      return true;
    } finally {
      this.busy = false;
    }
  }

  close(): void {
    this.stop();
  }
}

/** What answering an offer code gives: the answer to show, and where its link will be. */
export interface Answered {
  code: string;
  transport: DirectTransport;
  /** The offering page's peer. */
  peer: string;
}

/** The side coming in: takes an offer code, shows the answer code for it. */
export class AnswerPairing {
  /** The answer code on show, once an offer is taken. */
  code = $state<string | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);
  /** The link to the offering page, once an offer is taken (the pairing ends once it connects). */
  link = $state<LinkState | null>(null);
  private stop: () => void = () => {};

  /** `linked` is called once the offering page took the answer and the link is up. */
  constructor(
    private readonly answer: (
      offer: string,
    ) => Promise<{ ok: true; value: Answered } | { ok: false; error: string }>,
    private readonly linked: () => void = () => {},
  ) {}

  /** Answers the offer code the other player's page shows. */
  async take(offer: string): Promise<boolean> {
    this.busy = true;
    try {
      const answered = await this.answer(offer);
      if (!answered.ok) {
        this.error = answered.error;
        return false;
      }
      const { code, transport, peer } = answered.value;
      this.error = null;
      this.code = code;
      this.link = 'connecting';
      this.stop();
      this.stop = transport.watch((from, state) => {
        if (from !== peer) return;
        this.link = state;
        if (state === 'connected') this.linked();
      });
      return true;
    } finally {
      this.busy = false;
    }
  }

  /** Back to entering an offer: the answer shown did not lead to a link. */
  again(): void {
    this.stop();
    this.code = null;
    this.link = null;
  }

  close(): void {
    this.stop();
  }
}
