/**
 * What a lobby page shows of its lobby (`LobbySession.snapshot`): the snapshot the page
 * draws, new after every change, and the phase the lobby is in.
 */
import type { GameId } from '../engine/catalog.ts';
import type { AgreementStatus } from './genesis.ts';
import type { ChatLine } from './lobby-chat.ts';
import type { PairLink } from './lobby-links.ts';
import type { Seat, TableInfo } from './messages.ts';
import type { LinkState } from './transport.ts';

/**
 * A visitor is `joining` until the host answers, `unanswered` when it does not (a bogus or
 * expired link), `unreachable` when the host's page answered but no network path joins
 * the two pages (their networks need a relay). After Start the table is `checking` until
 * every seat has signed this player's genesis hash (`started`), or one has signed another
 * (`mismatch`: the table never starts).
 */
export type LobbyPhase =
  'joining' | 'unanswered' | 'unreachable' | 'open' | 'full' | 'checking' | 'started' | 'mismatch';

/** A snapshot for the UI; a new object after every change. */
export interface LobbySnapshot {
  table: TableInfo | null;
  players: Seat[];
  links: Record<string, LinkState>;
  /** Every pair of seats taken, and its link: who cannot reach whom, before Start. */
  pairs: PairLink[];
  chat: ChatLine[];
  phase: LobbyPhase;
  isHost: boolean;
  /** This peer holds a seat; a visitor does not (yet). */
  seated: boolean;
  /** Set when there is no seat for this peer: every seat is taken by others. */
  refused: boolean;
  /** Players who said goodbye: their link is closing or closed, and not lost by accident. */
  left: string[];
  /** Peers disconnected for sending more than any honest peer does: who, and how. */
  disconnected: { peer: string; name: string; reason: string }[];
  /** While `checking`: the seats whose signed genesis has not arrived yet. */
  waiting: Seat[];
  /** Messages dropped as malformed, with their reasons, newest last. */
  dropped: string[];
  /**
   * Peers whose hello came made on another link: someone sits in the middle of this
   * page's link to them, and it does not count as theirs. Until one proves itself.
   */
  middle: { peer: string; name: string }[];
  /**
   * The game whose rules this page is loading (to check the host's roster, or at the host
   * before its table can start), and why they could not load (a chunk not reachable) if
   * they could not; null when nothing waits for them.
   */
  rules: { game: GameId; error: string | null } | null;
}

const AGREEMENT_PHASE = {
  checking: 'checking',
  agreed: 'started',
  mismatch: 'mismatch',
} as const satisfies Record<AgreementStatus, LobbyPhase>;

/**
 * The phase of a lobby page: after Start, its genesis agreement's (`agreement`); before,
 * while no table is known, the visitor's wait for the host (`answer`); then whether every
 * seat is taken.
 */
export function lobbyPhase(
  agreement: AgreementStatus | null,
  answer: 'joining' | 'unanswered' | 'unreachable',
  table: TableInfo | null,
  full: boolean,
): LobbyPhase {
  if (agreement) return AGREEMENT_PHASE[agreement];
  if (table === null) return answer;
  return full ? 'full' : 'open';
}
