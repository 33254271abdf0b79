/**
 * TableController: the reactive face of a `TableSession` for the components.
 * It re-reads the replica after every change: the game's `view` and
 * `legalActions` for this seat, the progress of long steps, the log in words,
 * anyone caught cheating, and each player's link with whom the table waits for.
 * It shows the countdown of the session's clock for absent players.
 */
import type { Json, JsonObject } from '../engine/encoding.ts';
import type { Outcome, Seat } from '../engine/game.ts';
import { claimedAbsent } from '../engine/table/leave.ts';
import { startsNextGame } from '../engine/table/rounds.ts';
import { makeTranscript } from '../engine/transcript.ts';
import type { Verdict } from '../engine/table/replica.ts';
import type { SeatLinkState } from '../net/seats.ts';
import type { TableSession } from '../net/table.ts';
import { auditOf, hashRows, type AuditWords, type HashWords } from './audit.ts';
import {
  describeEntry,
  describeRefusal,
  describeStep,
  offenceWords,
  type LogLine,
} from './describe.ts';
import { describeInterlude, describeTableResult, type ResultWords } from './outcome.ts';
import { roundProgress, type PlayerProgress } from './progress.ts';
import { equivocationSteps, protocolStep, type ProtocolStep } from './protocol.ts';
import { FaceMemory } from './memory.ts';
import { failureWords, linkWords } from './waiting.ts';
import { runByWords } from './runby.ts';

const sameVerdict = (a: Verdict, b: Verdict): boolean =>
  typeof a === 'object' && typeof b === 'object' ? a.rejected === b.rejected : a === b;

/** How long a finished game of a match stays on screen before the next one starts by itself. */
export const NEXT_GAME_SECONDS = 20;

/** Between two games of a match: how the last one ended, who is ready, the countdown. */
export interface Interlude {
  /** The last game and the score, in words. */
  readonly summary: string;
  /** Names of the other players who have not pressed Next game yet. */
  readonly waitingFor: readonly string[];
  /** Seconds before this player's next game starts by itself; null once it pressed Next game. */
  readonly secondsLeft: number | null;
}

/** Another seat the table waits on while its link is down: when it may be declared absent. */
export interface Absence {
  readonly seat: Seat;
  readonly name: string;
  /** Seconds before it may be declared absent; 0 once it may. */
  readonly secondsLeft: number;
}

export class TableController {
  view = $state.raw<unknown>(null);
  /** Faces only this seat can read: card id -> face. Replaced whole on every change, never mutated. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  known = $state.raw<ReadonlyMap<number, number>>(new Map());
  legal = $state.raw<readonly JsonObject[]>([]);
  /** The long step under way, and each player's part in it during a shuffle round. */
  progress = $state.raw<{
    text: string;
    done: number;
    total: number;
    players: readonly PlayerProgress[] | null;
  } | null>(null);
  log = $state.raw<LogLine[]>([]);
  /** Each cryptographic step of the log, in order, for the protocol panel. */
  protocol = $state.raw<ProtocolStep[]>([]);
  alarms = $state.raw<string[]>([]);
  outcome = $state.raw<Outcome | null>(null);
  /** Who won and why, in words, once the game (or match) is over. */
  result = $state.raw<ResultWords | null>(null);
  /** Set between two games of a match, until every player has pressed Next game. */
  interlude = $state.raw<Interlude | null>(null);
  audited = $state(false);
  /** Once the table is done: every player's state hash against this page's. */
  hashes = $state.raw<HashWords | null>(null);
  autoplay = $state(false);
  /** The last action this page could not make, in words. */
  error = $state<string | null>(null);
  /** Each seat's link, as this page sees it (its own seat is `connected`). */
  links = $state.raw<readonly SeatLinkState[]>([]);
  /**
   * The other players' newest moves in words, for a polite live region: what a screen
   * reader hears as they play. Empty until something happens after this page opened.
   */
  news = $state('');
  /** Whom the table waits for because a link is down, in words; null while every link is up. */
  waiting = $state<string | null>(null);
  /** The seats the table waits on whose link is down, in seat order, while the game runs. */
  absences = $state.raw<readonly Absence[]>([]);

  readonly names: readonly string[];
  /** Per seat, the words saying that another player's page runs it (`runby.ts`), or null. */
  readonly runBy: readonly (string | null)[];
  readonly seat: number;
  readonly gameId: string;
  readonly rules: readonly string[];
  /** The words for each log entry shown, in log order, with what they were said about. */
  private readonly described: {
    hash: string;
    verdict: Verdict;
    lines: LogLine[];
    step: ProtocolStep;
  }[] = [];
  private autoplayPending = false;
  /** While this player's next game is held: when it starts by itself, and the ticking timer. */
  private countdown: { deadline: number; timer: ReturnType<typeof setInterval> } | null = null;
  private absenceTimer: ReturnType<typeof setInterval> | null = null;
  /** What this seat has read and still knows: drawn from, never drawn itself. */
  private readonly memory = new FaceMemory();
  private readonly unsubscribe: () => void;

  constructor(
    readonly session: TableSession<Json>,
    private readonly autoplayDelayMs = 0,
    private readonly nextGameSeconds = NEXT_GAME_SECONDS,
  ) {
    this.names = session.genesis.names;
    this.seat = session.seat;
    this.runBy = runByWords(this.names, session.genesis.runBy, this.seat);
    this.gameId = session.genesis.game;
    this.rules = session.playable.rules;
    this.unsubscribe = session.subscribe(() => this.refresh());
    // A person reads how a game of the match ended before the next one is dealt.
    session.holdNextGame(true);
    this.refresh();
  }

  act(action: JsonObject): void {
    const result = this.session.act(action);
    this.error = result.ok ? null : `That move was refused (${result.error}).`;
  }

  setAutoplay(on: boolean): void {
    this.autoplay = on;
    this.maybeAutoplay();
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

  /** Leaves the table for good: the one call the leave flow makes into the table. */
  leave(): void {
    this.stopCountdown();
    this.stopAbsenceClock();
    this.unsubscribe();
    // Refused, unsigned, once the game is over: leaving then needs no event. The RESIGN
    // goes out once stored; closing sooner would keep it from the others.
    void this.session
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
    this.stopCountdown();
    this.stopAbsenceClock();
    this.unsubscribe();
    this.session.close();
  }

  private refresh(): void {
    const replica = this.session.replica;
    const state = replica.state;
    this.legal = this.session.legalActions();
    this.known = this.memory.update(state, this.session.knownFaces());
    // A game that shows a hand (Town for Two) reads its faces from `known`; others ignore it.
    this.view = this.session.playable.view(state.game, this.seat, this.known);
    // A claim that this player is absent never ends the game here: the page answers it at once.
    this.outcome = claimedAbsent(state, this.seat) ? null : replica.outcome();
    const played = this.session.playable.outcome(state.game);
    this.result = this.outcome
      ? describeTableResult(this.gameId, this.outcome, played, state.game, this.names, this.seat)
      : null;
    this.interlude = this.readInterlude();
    // Between games the interlude says what the table waits for: the players, not the keys.
    const step = this.interlude ? null : describeStep(state, this.names);
    // Events held but not judged yet: their proofs are being checked in this page's workers.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- read once, never kept
    const checking = new Set(
      replica.log
        .entries()
        .slice(replica.entryVerdicts.length)
        .map((entry) => entry.event.author),
    );
    const proving = this.session.proving ? this.seat : null;
    const failure = failureWords(this.session);
    // A step this page cannot do never ends: no progress bar stands still in place of the words.
    this.progress =
      failure === null && step
        ? { ...step, players: roundProgress(state, this.names, checking, proving) }
        : null;
    // A RESIGN, an ABSENT or a refuted claim ends the table too, without the audit.
    this.audited = state.step.type === 'DONE' && state.ending === null;
    this.hashes =
      state.step.type === 'DONE'
        ? hashRows(replica, this.names, this.seat, this.session.peerHashes)
        : null;
    this.links = this.session.links.states();
    this.waiting = linkWords(
      this.names,
      this.links,
      replica.owed().map((o) => o.seat),
    );
    this.trackAbsences();
    this.describeLog();
    this.alarms = [
      ...(failure === null ? [] : [failure]),
      ...replica.offences().map((o) => offenceWords(o, this.names[o.seat] ?? `Seat ${o.seat}`)),
      ...this.session.refusals.map(
        (r) => `Refused an event relayed by ${this.names[r.from]}: ${describeRefusal(r.reason)}.`,
      ),
      ...this.session.disconnected.map(
        (r) =>
          `${r.seat === null ? r.peer : this.names[r.seat]} was disconnected: they ${r.reason}.`,
      ),
    ];
    this.maybeAutoplay();
  }

  /** The interlude between two games, starting or stopping this player's countdown to match. */
  private readInterlude(): Interlude | null {
    const state = this.session.replica.state;
    if (this.session.replica.stopped || !startsNextGame(state)) {
      this.stopCountdown();
      return null;
    }
    if (!this.session.nextGameHeld) this.stopCountdown();
    else if (!this.countdown) {
      const timer = setInterval(() => this.tick(), 1000);
      this.countdown = { deadline: Date.now() + this.nextGameSeconds * 1000, timer };
    }
    return {
      summary: describeInterlude(this.gameId, state.game, this.names) ?? '',
      waitingFor: this.names.filter((_, seat) => seat !== this.seat && state.keys[seat] === null),
      secondsLeft: this.secondsLeft(),
    };
  }

  private secondsLeft(): number | null {
    return this.countdown
      ? Math.max(0, Math.ceil((this.countdown.deadline - Date.now()) / 1000))
      : null;
  }

  private tick(): void {
    const left = this.secondsLeft();
    if (left === 0) this.nextGame();
    else if (this.interlude) this.interlude = { ...this.interlude, secondsLeft: left };
  }

  private stopCountdown(): void {
    if (this.countdown) clearInterval(this.countdown.timer);
    this.countdown = null;
  }

  /** Keeps the countdown of every seat the session's absence clock runs for ticking. */
  private trackAbsences(): void {
    if (this.session.absences().length === 0) this.stopAbsenceClock();
    else this.absenceTimer ??= setInterval(() => this.readAbsences(), 1000);
    this.readAbsences();
  }

  private readAbsences(): void {
    const limit = this.session.genesis.absentAfterMs;
    const now = Date.now();
    this.absences = this.session.absences().map(({ seat, since }) => ({
      seat,
      name: this.names[seat] ?? `Seat ${seat}`,
      secondsLeft: Math.max(0, Math.ceil((since + limit - now) / 1000)),
    }));
  }

  private stopAbsenceClock(): void {
    if (this.absenceTimer) clearInterval(this.absenceTimer);
    this.absenceTimer = null;
  }

  /**
   * Describes the log as it is ordered now, in words and as protocol steps. A late concurrent event can land before
   * entries already shown and a race can void one: the words are kept per entry, and
   * everything from the first entry whose event or verdict differs is described afresh
   * (the same events with the same verdicts fold to the same states, so the rest stands).
   */
  private describeLog(): void {
    const replica = this.session.replica;
    const entries = replica.log.entries();
    const verdicts = replica.entryVerdicts;
    let same = 0;
    while (
      same < this.described.length &&
      same < verdicts.length &&
      this.described[same]!.hash === entries[same]!.hash &&
      sameVerdict(this.described[same]!.verdict, verdicts[same]!)
    )
      same++;
    const equivocations = replica.log.equivocations.length;
    if (
      same === this.described.length &&
      same === verdicts.length &&
      equivocations === this.protocol.length - same
    )
      return;
    // What this page had described before: a first look (a reload) announces nothing.
    const shown = this.described.length;
    this.described.length = same;
    for (let i = same; i < verdicts.length; i++)
      this.described.push({
        hash: entries[i]!.hash,
        verdict: verdicts[i]!,
        lines: describeEntry(
          entries[i]!,
          verdicts[i]!,
          replica.stateAfter(i)!,
          replica.stateAfter(i + 1)!,
          this.names,
          { seat: this.seat, known: this.known },
        ),
        step: protocolStep(replica, i, this.names, this.session.timings.get(entries[i]!.hash)),
      });
    this.log = this.described.flatMap((entry) => entry.lines);
    this.protocol = [
      ...this.described.map((entry) => entry.step),
      ...equivocationSteps(replica, this.names),
    ];
    const fresh = this.described
      .slice(shown)
      // This player's own moves it knows; what follows from the table's steps it hears.
      .filter((_, i) => {
        const event = entries[shown + i]!.event;
        return event.author !== this.seat || event.body.type !== 'ACT';
      })
      .flatMap((entry) => entry.lines.filter((line) => line.kind === 'game'));
    if (shown > 0 && fresh.length > 0) this.news = fresh.map((line) => line.text).join(' ');
  }

  private maybeAutoplay(): void {
    const owes = this.legal.length > 0 || this.session.nextGameHeld;
    if (!this.autoplay || this.autoplayPending || !owes) return;
    this.autoplayPending = true;
    setTimeout(() => {
      this.autoplayPending = false;
      if (!this.autoplay) return;
      // Playing for this player includes going on to the next game of the match.
      if (this.session.nextGameHeld) return this.nextGame();
      // Choose on the state as it is now: events may have arrived since this was scheduled.
      const legal = this.session.legalActions();
      const view = this.session.playable.view(
        this.session.replica.state.game,
        this.seat,
        this.known,
      );
      const choice =
        legal.length > 0 ? this.session.playable.bot(view, legal, Math.random, this.known) : null;
      if (choice) this.act(choice);
    }, this.autoplayDelayMs);
  }
}
