/**
 * TableController: the reactive face of a `TableSession` for the components, one seat's
 * table in play. It re-reads everything after every change of the session, through the
 * parts that each do one job: what this seat sees (`TableView`), the pause between the
 * games of a match (`MatchInterlude`), the countdown of absent players (`AbsenceClocks`),
 * the log in words (`LogWords`) and the computer playing for this player (`Autoplay`).
 * It takes the player's own moves and choices to the session.
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
  private readonly seen: TableView;
  private readonly match: MatchInterlude;
  private readonly clocks: AbsenceClocks;
  private readonly words: LogWords;
  private readonly autoplayer: Autoplay;
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
    this.words = new LogWords(session, this.names, this.seat);
    this.seen = new TableView(session, this.names, this.seat, this.words);
    this.match = new MatchInterlude(session, this.names, this.seat, nextGameSeconds);
    this.clocks = new AbsenceClocks(session, this.names);
    this.autoplayer = new Autoplay(session, this.seat, autoplayDelayMs, this.seen, (action) =>
      this.act(action),
    );
    this.unsubscribe = session.subscribe(() => this.refresh());
    this.refresh();
  }

  get view() {
    return this.seen.view;
  }
  get known() {
    return this.seen.known;
  }
  get legal() {
    return this.seen.legal;
  }
  get progress() {
    return this.seen.progress;
  }
  get alarms() {
    return this.seen.alarms;
  }
  get outcome() {
    return this.seen.outcome;
  }
  get result() {
    return this.seen.result;
  }
  get ended() {
    return this.seen.ended;
  }
  get hashes() {
    return this.seen.hashes;
  }
  get links() {
    return this.seen.links;
  }
  get waiting() {
    return this.seen.waiting;
  }
  get spectators() {
    return this.seen.spectators;
  }
  /** The series with this game once it ended: what a Play again carries on. */
  get played(): Series {
    return this.outcome ? withGame(this.before, this.names, this.outcome) : this.before;
  }
  /** The running score of the series in words; null for a first game. */
  get series(): string | null {
    return seriesWords(this.before, this.names, this.outcome);
  }
  get interlude() {
    return this.match.current;
  }
  get absences() {
    return this.clocks.current;
  }
  get ownClock() {
    return this.clocks.own;
  }
  get log() {
    return this.words.log;
  }
  get protocol() {
    return this.words.protocol;
  }
  get news() {
    return this.words.news;
  }
  get autoplay() {
    return this.autoplayer.on;
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
    const absence = this.absences.find((a) => a.seat === seat);
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
    const replica = this.session.replica;
    return {
      text: JSON.stringify(makeTranscript(replica), null, 1),
      file: `fairdeal-${this.gameId}-${replica.genesis.table}-${replica.log.size}.json`,
    };
  }

  /** The game opened with every player's published keys (in the pool), in words; or why it cannot be yet. */
  audit(): Promise<AuditWords | string> {
    return auditOf(this.session.replica, this.names, this.session.pool);
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
    const invited = this.session.invitations[0];
    if (invited?.table !== this.invitation?.table)
      this.invitation = invited ? { ...invited, name: this.names[invited.seat]! } : null;
    this.match.update();
    this.seen.update(this.match.current !== null);
    this.clocks.update();
    this.words.update(this.seen.known);
    this.autoplayer.update();
  }
}
