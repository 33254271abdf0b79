/**
 * Which screen the page shows: one answer, read from the lobby and from what the page
 * itself opened (a replay, an invite link), in the order that settles every overlap. A
 * spectator's screen (or the wait for it, as a watch link opens) or a replay covers
 * everything; a seat's table comes before its lobby; a notice (another tab holds the
 * table, an unknown table, a malformed link) before home.
 */
import type { Restoring } from '../../net/table.ts';
import type { AnswerPairing } from '../pair/pairing.svelte.ts';
import type { LobbyController } from './lobby.svelte.ts';
import type { ReplayController } from './replay.svelte.ts';
import type { TableController } from './table.svelte.ts';
import type { WatchController } from './watch.svelte.ts';

/** One screen of the page and what it draws. */
export type Screen =
  | { readonly kind: 'watch'; readonly watch: WatchController }
  | { readonly kind: 'finding-watch' }
  | { readonly kind: 'replay'; readonly replay: ReplayController; readonly file: string }
  | { readonly kind: 'table'; readonly table: TableController }
  | { readonly kind: 'lobby' }
  | { readonly kind: 'elsewhere'; readonly waiting: boolean }
  | { readonly kind: 'join'; readonly tableId: string }
  | { readonly kind: 'code-entry'; readonly pairing: AnswerPairing }
  | { readonly kind: 'restoring'; readonly restoring: Restoring | null }
  | { readonly kind: 'unknown-table' }
  | { readonly kind: 'malformed-invite' }
  | { readonly kind: 'home' };

/** What the screen depends on of the lobby. */
export type LobbyScreens = Pick<LobbyController, 'table' | 'snapshot'> & {
  readonly spectating: Pick<LobbyController['spectating'], 'watching' | 'finding'>;
  readonly tabs: Pick<LobbyController['tabs'], 'elsewhere' | 'waitingForTab'>;
  readonly codes: Pick<LobbyController['codes'], 'codeVisit' | 'answers'>;
  readonly comeback: Pick<LobbyController['comeback'], 'resuming' | 'restoring' | 'unknownTable'>;
};

/** What the page itself opened, beside the lobby. */
export interface PageOpened {
  /** A transcript replayed in the page, and its file's name. */
  readonly replay: { readonly controller: ReplayController; readonly file: string } | null;
  /** The table an invite link names, until the page leaves it. */
  readonly invitedTo: string | null;
  /** The page was opened with an invite link that names no table. */
  readonly malformedInvite: boolean;
}

/** The screen the page shows now. */
export function screenOf(lobby: LobbyScreens, page: PageOpened): Screen {
  const { spectating, tabs, codes, comeback } = lobby;
  if (spectating.watching) return { kind: 'watch', watch: spectating.watching };
  if (spectating.finding !== null) return { kind: 'finding-watch' };
  if (page.replay)
    return { kind: 'replay', replay: page.replay.controller, file: page.replay.file };
  if (lobby.table) return { kind: 'table', table: lobby.table };
  if (lobby.snapshot?.seated) return { kind: 'lobby' };
  if (tabs.elsewhere !== null) return { kind: 'elsewhere', waiting: tabs.waitingForTab };
  const joining = page.invitedTo ?? codes.codeVisit;
  if (joining) return { kind: 'join', tableId: joining };
  if (codes.answers && !lobby.snapshot) return { kind: 'code-entry', pairing: codes.answers };
  if (comeback.resuming) return { kind: 'restoring', restoring: comeback.restoring };
  if (comeback.unknownTable !== null) return { kind: 'unknown-table' };
  if (page.malformedInvite) return { kind: 'malformed-invite' };
  return { kind: 'home' };
}
