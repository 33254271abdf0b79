/**
 * WatchController: the reactive face of a spectator's `WatchSession`. It draws the
 * session's snapshot of the spectator's own replica after every change: the board from the side of the seat the
 * spectator chose, with no face but the public ones (a spectator holds no key), the log
 * and the protocol panel with each proof as this device checked it, the step under way,
 * whom the table waits for, how the game ended and whether every replica agrees; and the
 * players' chat, to read.
 */
import type { Outcome } from '../../engine/game.ts';
import { makeTranscript } from '../../engine/transcript.ts';
import type { ChatLines } from '../../net/chat.ts';
import type { WatchSession, WatchStatus } from '../../net/watch.ts';
import { auditOf, hashRows, type AuditWords, type HashWords } from '../words/audit.ts';
import {
  describeTableResult,
  describeUnsettledAbsence,
  type ResultWords,
} from '../words/outcome.ts';
import { roundProgress } from '../words/progress.ts';
import { together } from '../text.ts';
import { LogWords } from './log-words.svelte.ts';
import type { StepProgress } from './table-view.svelte.ts';

/** A spectator reads no hand: the log and the board are told as nobody's seat. */
const NO_SEAT = -1;
const NOTHING_KNOWN: ReadonlyMap<number, number> = new Map();

export class WatchController {
  status = $state<WatchStatus>('finding');
  failure = $state<string | null>(null);
  names = $state.raw<readonly string[]>([]);
  gameId = $state('');
  rules = $state.raw<readonly string[]>([]);
  /** Whose side of the table the board is drawn from. */
  side = $state(0);
  view = $state.raw<unknown>(null);
  /** A spectator reads no face but the public ones, which the view holds. */
  readonly known = NOTHING_KNOWN;
  log = $state.raw<LogWords['log']>([]);
  protocol = $state.raw<LogWords['protocol']>([]);
  progress = $state.raw<StepProgress | null>(null);
  /** Whom the table waits for, in words; null once it is over. */
  waiting = $state<string | null>(null);
  outcome = $state.raw<Outcome | null>(null);
  result = $state.raw<ResultWords | null>(null);
  /** How the table ended, when it ended before its game did (a resignation…); null else. */
  ended = $state<string | null>(null);
  hashes = $state.raw<HashWords | null>(null);
  alarms = $state.raw<readonly string[]>([]);
  /** How many spectators watch, this one included. */
  spectators = $state(1);
  /** The players' chat, to read, once a seat has given the genesis. */
  chat = $state.raw<ChatLines | null>(null);
  /** Per seat, whether this page is linked to it now. */
  linked = $state.raw<readonly boolean[]>([]);
  /**
   * Per seat, its badge: linked, on the way, or, once the table is over, gone (a seat
   * that resigned closed its page; no page is on its way to a table that is done).
   */
  badges = $state.raw<readonly ('connected' | 'connecting' | 'gone')[]>([]);
  private words: LogWords | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    readonly session: WatchSession,
    /** This page came here following the players from their last table (a rematch). */
    readonly followed = false,
  ) {
    this.unsubscribe = session.subscribe(() => this.refresh());
    this.refresh();
  }

  /** The table's id, from the watch link. */
  get tableId(): string {
    return this.session.table;
  }

  /** Draws the board from `seat`'s side. */
  sit(seat: number): void {
    this.side = seat;
    this.refresh();
  }

  /** The game so far as a transcript, as a player downloads it, with a file name. */
  transcript(): { text: string; file: string } | null {
    const record = this.session.snapshot?.record;
    if (!record) return null;
    return {
      text: JSON.stringify(makeTranscript(record), null, 1),
      file: `fairdeal-${this.gameId}-${record.genesis.table}-${record.log.size}.json`,
    };
  }

  /** The game opened with every player's published keys, in words; or why it cannot be yet. */
  audit(): Promise<AuditWords | string> {
    const record = this.session.snapshot?.record;
    if (!record) return Promise.resolve('The game has not begun.');
    return auditOf(record, this.names, this.session.pool);
  }

  close(): void {
    this.unsubscribe();
    this.session.close();
  }

  private refresh(): void {
    const { session } = this;
    this.status = session.status;
    this.failure = session.failure;
    this.spectators = session.spectators;
    this.linked = session.linked();
    this.chat = session.chat;
    const table = session.snapshot;
    if (!table) return;
    const { genesis, playable, state, record } = table;
    this.names = genesis.names;
    this.gameId = genesis.game;
    this.rules = playable.rules;
    this.words ??= new LogWords(genesis.names, NO_SEAT);
    this.words.update(table, NOTHING_KNOWN);
    this.log = this.words.log;
    this.protocol = this.words.protocol;
    this.view = playable.view(state.game, this.side, NOTHING_KNOWN);
    this.outcome = table.outcome;
    const over = this.outcome !== null;
    this.badges = this.linked.map((on) => (on ? 'connected' : over ? 'gone' : 'connecting'));
    const { ending } = state;
    const unsettled =
      ending?.type === 'ABSENT' && !table.confirmed.includes(ending.seat) ? ending : null;
    this.result = unsettled
      ? describeUnsettledAbsence(
          genesis.names,
          unsettled.by,
          unsettled.seat,
          this.linked.filter(Boolean).length,
        )
      : this.outcome
        ? describeTableResult(
            genesis.game,
            this.outcome,
            playable.outcome(state.game),
            state.game,
            genesis.names,
            NO_SEAT,
          )
        : null;
    this.ended = ending && this.result ? `The game is over: ${this.result.reason}` : null;
    const step = this.words.step(state);
    this.progress = step
      ? { ...step, players: roundProgress(state, genesis.names, table.checking, null) }
      : null;
    const owed = table.owed.map((seat) => genesis.names[seat]!);
    this.waiting =
      this.outcome || owed.length === 0 ? null : `The table waits for ${together(owed)}.`;
    this.hashes =
      state.step.type === 'DONE'
        ? hashRows(record, genesis.names, NO_SEAT, session.peerHashes, 'This page (watching)')
        : null;
    this.alarms = [
      ...(table.poolError === null
        ? []
        : [`This device could not check the players' proofs: ${table.poolError}.`]),
      ...this.words.alarms(table),
    ];
  }
}
