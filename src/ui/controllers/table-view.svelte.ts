/**
 * TableView: what one seat sees of a table, drawn from the session's snapshot after every
 * change: the game's `view` and `legalActions` for this seat, the progress of long steps,
 * how the game ended, the state hashes, anyone caught cheating, and each player's link
 * with whom the table waits for. The game's view and the result are made again only when
 * the state or the faces this seat knows changed: a link coming and going redraws none.
 */
import type { Json, JsonObject } from '../../engine/encoding.ts';
import type { Outcome, Seat } from '../../engine/game.ts';
import type { TableState } from '../../engine/table/index.ts';
import type { SeatLinkState } from '../../net/seats.ts';
import type { SeatSnapshot } from '../../net/snapshot.ts';
import { hashRows, type HashWords } from '../words/audit.ts';
import type { LogWords } from './log-words.svelte.ts';
import { claimNote, describeTableResult, type ResultWords } from '../words/outcome.ts';
import { roundProgress, type PlayerProgress } from '../words/progress.ts';
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
  /** The state and faces the view was last drawn from. */
  private drawn: { state: TableState<Json>; fresh: ReadonlyMap<number, number> } | null = null;

  constructor(
    private readonly names: readonly string[],
    private readonly seat: Seat,
    private readonly words: LogWords,
  ) {}

  /** Draws `table`; `betweenGames` while the interlude of a match is shown. */
  update(table: SeatSnapshot<Json>, betweenGames: boolean): void {
    const { state } = table;
    this.legal = table.legal;
    if (this.drawn?.state !== state || !sameFaces(this.drawn.fresh, table.known)) {
      this.drawn = { state, fresh: table.known };
      this.known = this.memory.update(state, table.known);
      // A game that shows a hand (Town for Two) reads its faces from `known`; others ignore it.
      this.view = table.playable.view(state.game, this.seat, this.known);
    }
    // A claim that this player is absent does not end the game here while it can be answered.
    this.outcome = table.answering ? null : table.outcome;
    this.result = this.outcome ? this.resultOf(table, this.outcome) : null;
    // Between games the interlude says what the table waits for: the players, not the keys.
    const step = betweenGames ? null : this.words.step(state);
    const proving = table.proving ? this.seat : null;
    const failure = failureWords(table);
    // A step this page cannot do never ends: no progress bar stands still in place of the words.
    this.progress =
      failure === null && step
        ? { ...step, players: roundProgress(state, this.names, table.checking, proving) }
        : null;
    this.ended = state.ending && this.result ? `The game is over: ${this.result.reason}` : null;
    this.hashes =
      state.step.type === 'DONE'
        ? hashRows(table.record, this.names, this.seat, table.peerHashes)
        : null;
    // A player who resigned has left for good: its page closes once its RESIGN is out. So
    // has one the table plays on without.
    const { ending } = state;
    this.links = table.links.map((link, seat) =>
      (ending?.type === 'RESIGN' && ending.seat === seat) ||
      state.left?.some((d) => d.seat === seat)
        ? 'gone'
        : link,
    );
    this.spectators = table.spectators;
    // Once the table is done no link holds anything up: only who left is still news. (During
    // the audit the game has its outcome, but the table still waits on every seat's keys.)
    const over = state.step.type === 'DONE';
    this.waiting = linkWords(
      this.names,
      over ? this.links.map((link) => (link === 'gone' ? link : 'connected')) : this.links,
      table.owed,
    );
    const middle = middleWords(table.middled.map((seat) => this.names[seat]!));
    this.alarms = [
      ...(failure === null ? [] : [failure]),
      ...(middle === null ? [] : [middle]),
      ...this.words.alarms(table),
      ...table.disconnected.map(
        (r) =>
          `${r.seat === null ? r.peer : this.names[r.seat]} was disconnected: they ${r.reason}.`,
      ),
    ];
  }

  /** Who won and why, in words, with a note while a claim of absence that ended it is not final. */
  private resultOf(table: SeatSnapshot<Json>, outcome: Outcome): ResultWords {
    const { state, genesis, playable, finality } = table;
    const played = playable.outcome(state.game);
    const result = describeTableResult(
      genesis.game,
      outcome,
      played,
      state.game,
      this.names,
      this.seat,
    );
    const claim = state.ending?.type === 'ABSENT' ? state.ending : null;
    if (!claim || finality === null || finality.kind === 'final') return result;
    const reached = claim.seat === this.seat || table.links[claim.seat] === 'connected';
    return { ...result, note: claimNote(this.names, this.seat, claim, finality.missing, reached) };
  }
}

/** True when `a` and `b` hold the same faces for the same cards. */
const sameFaces = (a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): boolean =>
  a.size === b.size && [...a].every(([id, face]) => b.get(id) === face);
