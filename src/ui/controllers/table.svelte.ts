/**
 * TableController: the reactive face of a `TableSession` for the components, one seat's
 * table in play. After every change it hands the session's snapshot to its parts, each
 * doing one job, which the components read: what this seat sees (`seen`, a `TableView`),
 * the pause between the games of a match (`match`), the countdown of absent players
 * (`clocks`), the log in words (`words`) and the computer playing for this player
 * (`autoplayer`). It takes the player's own moves and choices to the session.
 */
import type { Json, JsonObject } from '../../engine/encoding.ts';
import type { Seat } from '../../engine/game.ts';
import { makeTranscript } from '../../engine/transcript.ts';
import type { Invitation, TableSession } from '../../net/table.ts';
import { AbsenceClocks } from './absences.svelte.ts';
import { auditOf, type AuditWords } from '../words/audit.ts';
import { Autoplay } from './autoplay.svelte.ts';
import { MatchInterlude, NEXT_GAME_SECONDS } from './interlude.svelte.ts';
import { LogWords } from './log-words.svelte.ts';
import { runByWords } from '../words/runby.ts';
import { NO_SERIES, seriesWords, withGame, type Series } from '../words/series.ts';
import { TableView } from './table-view.svelte.ts';

export class TableController {
  /** The last action this page could not make, in words. */
  error = $state<string | null>(null);
  /**
   * The games these players finished before this one, Play again after Play again (set
   * by the lobby as the table opens); none for a first game.
   */
  before = $state.raw<Series>(NO_SERIES);
  /** Another player's invitation to play again, the lowest seat's when several crossed. */
  invitation = $state.raw<(Invitation & { name: string }) | null>(null);

  readonly names: readonly string[];
  /** Per seat, the words saying that another player's page runs it (`runby.ts`), or null. */
  readonly runBy: readonly (string | null)[];
  readonly seat: number;
  readonly gameId: string;
  readonly rules: readonly string[];
  /** What this seat sees: the board, the moves, the progress, the result, the links. */
  readonly seen: TableView;
  /** Between two games of a match. */
  readonly match: MatchInterlude;
  /** The countdowns of absent players and of this player's own time. */
  readonly clocks: AbsenceClocks;
  /** The log in words and as protocol steps. */
  readonly words: LogWords;
  /** The computer playing for this player, while it is on. */
  readonly autoplayer: Autoplay;
  private readonly unsubscribe: () => void;

  constructor(
    readonly session: TableSession<Json>,
    autoplayDelayMs = 0,
    nextGameSeconds = NEXT_GAME_SECONDS,
  ) {
    this.names = session.genesis.names;
    this.seat = session.seat;
    this.runBy = runByWords(this.names, session.genesis.runBy, this.seat);
    this.gameId = session.genesis.game;
    this.rules = session.playable.rules;
    this.words = new LogWords(this.names, this.seat);
    this.seen = new TableView(this.names, this.seat, this.words);
    this.match = new MatchInterlude(session, this.names, this.seat, nextGameSeconds);
    this.clocks = new AbsenceClocks(session, this.names);
    this.autoplayer = new Autoplay(session, this.seat, autoplayDelayMs, (action) =>
      this.act(action),
    );
    this.unsubscribe = session.subscribe(() => this.refresh());
    this.refresh();
  }

  /** The series with this game once it ended: what a Play again carries on. */
  get played(): Series {
    const { outcome } = this.seen;
    return outcome ? withGame(this.before, this.names, outcome) : this.before;
  }
  /** The running score of the series in words; null for a first game. */
  get series(): string | null {
    return seriesWords(this.before, this.names, this.seen.outcome);
  }
  act(action: JsonObject): void {
    const result = this.session.act(action);
    this.error = result.ok ? null : `That move was refused (${result.error}).`;
  }

  setAutoplay(on: boolean): void {
    this.autoplayer.set(on);
  }

  /** This player is ready for the next game of the match. */
  nextGame(): void {
    this.session.startNextGame();
  }

  /**
   * Declares `seat` absent, once it has been unreachable past the agreed limit while the
   * table waited on it: the game ends, lost by that seat. Sooner, nothing is signed.
   */
  async declareAbsent(seat: Seat): Promise<void> {
    const absence = this.clocks.current.find((a) => a.seat === seat);
    if (!absence || absence.secondsLeft > 0) return;
    const result = await this.session.declareAbsent(seat);
    this.error = result.ok
      ? null
      : `${absence.name} could not be declared absent (${result.error}).`;
  }

  /**
   * Leaves the table for good, the one call the leave flow makes into the table: resigns
   * and closes the table; settles once the RESIGN has gone out and the table is
   * closed. Whoever closes the links under it waits for that: sooner, and the others
   * never hear that this player left.
   */
  leave(): Promise<void> {
    this.stop();
    // Refused, unsigned, once the game is over: leaving then needs no event.
    return this.session
      .resign()
      .then(() => this.session.whenSent())
      .then(() => this.session.close());
  }

  /**
   * The game so far as a transcript, in the format `npm run simulate --out` writes
   * (so `npm run verify` and the replay screen read it), with a file name for it.
   */
  transcript(): { text: string; file: string } {
    const { record } = this.session.snapshot;
    return {
      text: JSON.stringify(makeTranscript(record), null, 1),
      file: `fairdeal-${this.gameId}-${record.genesis.table}-${record.log.size}.json`,
    };
  }

  /** The game opened with every player's published keys (in the pool), in words; or why it cannot be yet. */
  audit(): Promise<AuditWords | string> {
    return auditOf(this.session.snapshot.record, this.names, this.session.pool);
  }

  close(): void {
    this.stop();
    this.session.close();
  }

  /** Stops the clocks and stops following the session. */
  private stop(): void {
    this.match.stop();
    this.clocks.stop();
    this.unsubscribe();
  }

  private refresh(): void {
    const table = this.session.snapshot;
    const invited = table.invitations[0];
    if (invited?.table !== this.invitation?.table)
      this.invitation = invited ? { ...invited, name: this.names[invited.seat]! } : null;
    this.match.update(table);
    this.seen.update(table, this.match.current !== null);
    this.clocks.update(table.timed);
    this.words.update(table, this.seen.known);
    this.autoplayer.update(table.legal.length > 0 || table.nextGameHeld);
  }
}
