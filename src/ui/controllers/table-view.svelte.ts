/**
 * TableView: what one seat sees of a table, re-read from the replica after every change:
 * the game's `view` and `legalActions` for this seat, the progress of long steps, how the
 * game ended, the state hashes, anyone caught cheating, and each player's link with whom
 * the table waits for.
 */
import type { Json, JsonObject } from '../../engine/encoding.ts';
import type { Outcome, Seat } from '../../engine/game.ts';
import { claimedAbsent } from '../../engine/table/index.ts';
import type { SeatLinkState } from '../../net/seats.ts';
import type { TableSession } from '../../net/table.ts';
import { hashRows, type HashWords } from '../words/audit.ts';
import type { LogWords } from './log-words.svelte.ts';
import { claimNote, describeTableResult, type ResultWords } from '../words/outcome.ts';
import { roundProgress, seatsUnderCheck, type PlayerProgress } from '../words/progress.ts';
import { FaceMemory } from './memory.ts';
import { failureWords, linkWords, middleWords } from '../words/waiting.ts';

/** The long step under way in words, how far it has come, and each player's part in a shuffle round. */
export interface StepProgress {
  readonly text: string;
  readonly done: number;
  readonly total: number;
  readonly players: readonly PlayerProgress[] | null;
}

export class TableView {
  view = $state.raw<unknown>(null);
  /** Faces only this seat can read: card id -> face. Replaced whole on every change, never mutated. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  known = $state.raw<ReadonlyMap<number, number>>(new Map());
  legal = $state.raw<readonly JsonObject[]>([]);
  /** The long step under way, and each player's part in it during a shuffle round. */
  progress = $state.raw<StepProgress | null>(null);
  alarms = $state.raw<string[]>([]);
  outcome = $state.raw<Outcome | null>(null);
  /** Who won and why, in words, once the game (or match) is over. */
  result = $state.raw<ResultWords | null>(null);
  /** How the table ended, when it ended before its game did (a resignation…); null else. */
  ended = $state<string | null>(null);
  /** Once the table is done: every player's state hash against this page's. */
  hashes = $state.raw<HashWords | null>(null);
  /** Each seat's link, as this page sees it (its own seat is `connected`). */
  links = $state.raw<readonly SeatLinkState[]>([]);
  /** Whom the table waits for because a link is down, in words; null while every link is up. */
  waiting = $state<string | null>(null);
  /** How many spectators watch the table, as the seats say. */
  spectators = $state(0);
  /** What this seat has read and still knows: drawn from, never drawn itself. */
  private readonly memory = new FaceMemory();

  constructor(
    private readonly session: TableSession<Json>,
    private readonly names: readonly string[],
    private readonly seat: Seat,
    private readonly words: LogWords,
  ) {}

  /** Reads it all anew; `betweenGames` while the interlude of a match is shown. */
  update(betweenGames: boolean): void {
    const replica = this.session.replica;
    const state = replica.state;
    const gameId = this.session.genesis.game;
    this.legal = this.session.legalActions();
    this.known = this.memory.update(state, this.session.knownFaces());
    // A game that shows a hand (Town for Two) reads its faces from `known`; others ignore it.
    this.view = this.session.playable.view(state.game, this.seat, this.known);
    // A claim that this player is absent does not end the game here while it can be answered:
    // at once by the page on an older table, within the answer window on a timed one.
    const answering =
      claimedAbsent(state, this.seat) &&
      (replica.clock === null || this.session.ownDeadline()?.claimed === true);
    this.outcome = answering ? null : replica.outcome();
    const played = this.session.playable.outcome(state.game);
    this.result = this.outcome
      ? describeTableResult(gameId, this.outcome, played, state.game, this.names, this.seat)
      : null;
    const claim = state.ending?.type === 'ABSENT' ? state.ending : null;
    if (this.result && claim && replica.clock !== null) {
      const finality = replica.finality();
      const reached =
        claim.seat === this.seat || this.session.links.states()[claim.seat] === 'connected';
      if (finality.kind !== 'final')
        this.result = {
          ...this.result,
          note: claimNote(this.names, this.seat, claim, finality.missing, reached),
        };
    }
    // Between games the interlude says what the table waits for: the players, not the keys.
    const step = betweenGames ? null : this.words.step(state);
    // Events held but not judged yet: their proofs are being checked in this page's workers.
    const checking = seatsUnderCheck(replica);
    const proving = this.session.proving ? this.seat : null;
    const failure = failureWords(this.session);
    // A step this page cannot do never ends: no progress bar stands still in place of the words.
    this.progress =
      failure === null && step
        ? { ...step, players: roundProgress(state, this.names, checking, proving) }
        : null;
    this.ended = state.ending && this.result ? `The game is over: ${this.result.reason}` : null;
    this.hashes =
      state.step.type === 'DONE'
        ? hashRows(replica, this.names, this.seat, this.session.peerHashes)
        : null;
    // A player who resigned has left for good: its page closes once its RESIGN is out.
    const { ending } = state;
    this.links = this.session.links
      .states()
      .map((link, seat) => (ending?.type === 'RESIGN' && ending.seat === seat ? 'gone' : link));
    this.spectators = this.session.spectators;
    // Once the table is done no link holds anything up: only who left is still news. (During
    // the audit the game has its outcome, but the table still waits on every seat's keys.)
    const over = state.step.type === 'DONE';
    this.waiting = linkWords(
      this.names,
      over ? this.links.map((link) => (link === 'gone' ? link : 'connected')) : this.links,
      replica.owed().map((o) => o.seat),
    );
    const middle = middleWords(this.session.links.middled().map((seat) => this.names[seat]!));
    this.alarms = [
      ...(failure === null ? [] : [failure]),
      ...(middle === null ? [] : [middle]),
      ...this.words.alarms(),
      ...this.session.disconnected.map(
        (r) =>
          `${r.seat === null ? r.peer : this.names[r.seat]} was disconnected: they ${r.reason}.`,
      ),
    ];
  }
}
