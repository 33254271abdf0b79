/**
 * A visitor's wait for the host's answer: until the host's roster comes, the page says
 * the table is being joined; then, that no table answers (a bogus or expired invite link)
 * when the host says nothing within `HOST_ANSWER_LIMIT_MS` or its link is lost, or that
 * the host's page answered but no network path joins the two pages (their networks need
 * a relay).
 */
import { isDown, type LinkState } from './transport.ts';

/**
 * How long a visitor waits for the host's answer before saying that no table answers:
 * an unknown id is refused by the signaling server at once, but a host whose page died
 * may still be registered, and a link to it only times out later in the transport.
 */
export const HOST_ANSWER_LIMIT_MS = 8000;

/** What the wait reads of its lobby, and what it tells it. */
export interface AnswerLobby {
  /** The link to the host as the transport says it is. */
  hostLink(): LinkState | undefined;
  /** Something the page shows changed. */
  changed(): void;
}

/** One visitor's wait for the host: see the top of this file. */
export class HostAnswer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unanswered = false;
  /** The host's page answered, but no network path joined it to this one. */
  private unreachable = false;

  constructor(private readonly lobby: AnswerLobby) {}

  /** What the page says while no roster came: see the top of this file. */
  get phase(): 'joining' | 'unanswered' | 'unreachable' {
    return this.unreachable ? 'unreachable' : this.unanswered ? 'unanswered' : 'joining';
  }

  /** Starts the wait, as the visitor dials the host. */
  wait(): void {
    this.timer = setTimeout(() => {
      // A link still opening soon says how it ended: no table, or no path to it.
      if (this.lobby.hostLink() === 'connecting') return this.wait();
      this.timer = null;
      this.unanswered = true;
      this.lobby.changed();
    }, HOST_ANSWER_LIMIT_MS);
  }

  /** The host has answered, or the page left: the wait is over. */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The host's roster came: whatever was said of the host before no longer holds. */
  answered(): void {
    this.stop();
    this.unanswered = false;
    this.unreachable = false;
  }

  /** The link to the host changed before any roster came: one that went down says why. */
  hostLinkChanged(state: LinkState): void {
    if (!isDown(state)) return;
    this.stop();
    this.unanswered = state === 'lost';
    this.unreachable = state === 'unreachable';
  }
}
