/**
 * A replica of one table: the event log, the table state folded over it, and
 * the verdicts on every event. Every peer runs one, the same code for all.
 *
 * ## Verdicts
 * Entries are judged in log order, each against the state the entries before
 * it left:
 * - `applied`: it changed the state;
 * - `void`: not valid where it lands, but valid in the state its author saw
 *   (the fold of exactly the entries its basis names): a concurrent event it
 *   had not seen got there first (below). Nothing changes and nobody is
 *   blamed;
 * - `rejected`: invalid where its author stood (out of turn, a bad proof, an
 *   illegal move, an exception anywhere in the fold), wherever the log puts
 *   it. The author is named and the table stops: nothing after it is folded,
 *   and the log keeps nothing that sorts after it (`EventLog.stopAfter`).
 *   So an old basis hides no cheat, and neither does an event of one's own
 *   made void on purpose: what follows it is judged where its author stood,
 *   like any other.
 * Events the log itself refuses (bad signature, broken chain, equivocation)
 * never reach the fold; the log keeps them as evidence.
 *
 * ## Checks done elsewhere
 * By default every proof is checked as the fold meets it. A replica given a
 * `CheckBook` takes the answers from it instead (a session has them computed
 * in workers): judging stops at the first entry with a check still
 * unanswered and waits there (`waiting`), as if the entries from there on
 * had not arrived; `ahead` lists the checks wanted from there to the end of
 * the log, and the state they lead to if all pass; `learn` takes answers and
 * judges on. The same answers give the same verdicts and states.
 *
 * ## Concurrent events
 * Two events whose authors had not seen each other's can each be valid alone
 * and not together. The one the log orders first stands and the other is
 * void, on every replica alike, whatever the delivery order: a late event that
 * lands before others has every entry from it on judged again. No game lets a
 * later event overtake an earlier one; where two players may act at once (a
 * call in Red & Black), the table seals the turn's move until the other has
 * seen it (`seal.ts`), so that the order settles nothing a player could win by
 * holding an event back or naming an older basis.
 *
 * ## Where the rules live
 * The replica holds the log, the verdicts and the states. The judging, entry by entry,
 * is `sweep.ts`; what it rests on has files of its own: claims of absence and their
 * answers (`absence.ts`), confirmations of the ending (`confirmations.ts`), when a
 * seat's time runs from (`turn-time.ts`) and what an event's author had seen (`seen.ts`).
 */
import type { Json } from '../encoding.ts';
import { stateHash } from '../encoding.ts';
import type { SignedEvent } from '../events.ts';
import type { AnyGame, Outcome, Seat } from '../game.ts';
import { createLog, type Appended, type EventLog, type LogEntry, type LogError } from '../log.ts';
import { composeEvent } from '../log-compose.ts';
import { err, ok, type Result } from '../result.ts';
import {
  claimsInPlace,
  firstAnswered,
  laterOf,
  MAX_CLAIMS,
  sharesFrom,
  standingClaim,
} from './absence.ts';
import type { TableBody } from './bodies.ts';
import { checkNow, type CheckBook, type CheckJob } from './checks.ts';
import { limitFor, TIME_PROTOCOL, type Clock } from './clock.ts';
import { confirmedSeats, confirmers } from './confirmations.ts';
import { allowed, genesisHash, initialTable, owed } from './fold.ts';
import { nameInitialState } from './judge.ts';
import {
  absentSeat,
  claimedAbsent,
  finalityOf,
  tableOutcome,
  type Finality,
  type Named,
} from './leave.ts';
import { startsNextGame } from './keys.ts';
import { sharesLayers } from './sharing.ts';
import { unseenBefore } from './seen.ts';
import { replay, stateSeenBy, sweep, type Run, type Verdict } from './sweep.ts';
import { seenIn, since } from './turn-time.ts';
import { HEADS_PROTOCOL, protocolOf, type Genesis, type TableState } from './types.ts';

// The replica's verdicts and its bound on claims are read where the replica is used.
export { MAX_CLAIMS } from './absence.ts';
export type { Verdict } from './sweep.ts';

/** Who broke the rules, how, and with which event. */
export type Offence = Named;

/** What `Replica.ahead` finds: the checks wanted, by id, and the state if all pass. */
export interface Ahead<S> {
  readonly wanted: ReadonlyMap<string, CheckJob>;
  /** For each check wanted, the hash of the log entry that first asks it. */
  readonly askedBy: ReadonlyMap<string, string>;
  readonly state: TableState<S>;
}

/**
 * The hash of a table state (`stateHash`), which every honest replica shares after the same
 * events. A table state is JSON through and through; its types, interfaces, do not say so.
 */
export const tableStateHash = <S extends Json>(state: TableState<S>): string =>
  stateHash(state as unknown as Json);

/**
 * What a replica shows and nothing that changes it: the log's entries, the verdicts and
 * the states they lead to. The pages, the transcript and the audit read a table through
 * this, so a page can describe a log but never receive, sign or judge an event into it.
 */
export type ReplicaRecord<S extends Json = Json> = Pick<
  Replica<S>,
  | 'genesis'
  | 'game'
  | 'entryVerdicts'
  | 'state'
  | 'stateAfter'
  | 'stateSeen'
  | 'stateHash'
  | 'offences'
> & { readonly log: Pick<EventLog, 'entries' | 'size' | 'equivocations'> };

/** A replica of one table: its log, the verdicts on it and the states they lead to. */
export class Replica<S extends Json> {
  readonly log: EventLog;
  /** The log judged so far, its proofs checked at once or from the book. */
  private readonly current: Run<S>;
  /** The first entry whose judging waits for the answer to a proof check, or null. */
  private waitingAt: number | null = null;
  /** What `ahead` found, until the next change. */
  private lookahead: Ahead<S> | null = null;
  /** The time control its events' times are judged by (protocol 5 on), else null. */
  readonly clock: Clock | null;

  /**
   * `book`: where the answers to proof checks come from (see "Checks done
   * elsewhere"); without one, every proof is checked as the fold meets it.
   */
  constructor(
    readonly genesis: Genesis,
    readonly game: AnyGame<S>,
    initialGame: S,
    private readonly book: CheckBook | null = null,
  ) {
    // Events name the game by its genesis hash, not the table id alone: an event signed
    // for another table, or for an earlier game at this table with the same keys, is
    // refused by the log (ERR_TABLE) and held against nobody.
    const timed = protocolOf(genesis) >= TIME_PROTOCOL;
    const log = createLog({
      table: genesisHash(genesis),
      keys: genesis.identities,
      heads: protocolOf(genesis) >= HEADS_PROTOCOL,
      times: timed,
    });
    if (!log.ok) throw new Error(`bad genesis: ${log.error}`);
    if (timed && genesis.clock === undefined) throw new Error('bad genesis: no clock');
    this.log = log.value;
    this.clock = timed ? genesis.clock! : null;
    const initial = initialTable(genesis, initialGame, sharesLayers(genesis, game));
    nameInitialState(initial);
    this.current = {
      states: [initial],
      verdicts: [],
      checks: book?.strict ?? checkNow,
      // Stryker disable next-line StringLiteral: set to the entry judged before any check is asked
      judging: '',
    };
  }

  /** The current table state. */
  get state(): TableState<S> {
    return this.current.states.at(-1)!;
  }

  /** A hash every honest replica shares after the same events. */
  get stateHash(): string {
    return tableStateHash(this.state);
  }

  /** The state after folding the first `count` log entries. */
  stateAfter(count: number): TableState<S> | undefined {
    return this.current.states[count];
  }

  /**
   * The state the author of entry `i` saw when it made its event (the fold of
   * exactly the entries its basis names): where a rejected event was judged.
   */
  stateSeen(i: number): TableState<S> {
    return stateSeenBy(this, this.current, i, unseenBefore(this.log, i));
  }

  /**
   * Verdict of each log entry judged, in log order: all of them, but while the
   * replica waits on a check, the entries from there on.
   */
  get entryVerdicts(): readonly Verdict[] {
    return this.current.verdicts;
  }

  /** True while judging waits for the answer to a proof check (`ahead` says which). */
  get waiting(): boolean {
    return this.waitingAt !== null;
  }

  /**
   * Where the fold would be if every check it waits for passed: the checks it
   * will ask, by id, from the first unanswered to the end of the log (each
   * unanswered one counted as passed for what follows), and the state they
   * lead to. Nothing wanted and the current state while it waits on nothing.
   * Changes nothing: a look, to have the checks done and to prepare what
   * follows while they are.
   */
  ahead(): Ahead<S> {
    if (this.waitingAt === null)
      return { wanted: new Map(), askedBy: new Map(), state: this.state };
    // Stryker disable next-line ConditionalExpression: only work: the look ahead is the same until the next change
    if (this.lookahead) return this.lookahead;
    const wanted = new Map<string, CheckJob>();
    const askedBy = new Map<string, string>();
    const { states, verdicts } = this.current;
    const run: Run<S> = {
      states: [...states],
      // Stryker disable next-line ArrayDeclaration: only the states are read, and no entry before the wait was rejected (judging stops at an offence)
      verdicts: [...verdicts],
      // Only a book's strict checks make the replica wait (`Unchecked`).
      checks: this.book!.guessing((id, job) => {
        wanted.set(id, job);
        if (!askedBy.has(id)) askedBy.set(id, run.judging);
      }),
      // Stryker disable next-line StringLiteral: set to the entry judged before any check is asked
      judging: '',
    };
    sweep(this, run, this.waitingAt);
    const state = run.states.at(-1)!;
    this.lookahead = { wanted, askedBy, state };
    return this.lookahead;
  }

  /** Takes the answers to checks `ahead` wanted (id, whether it holds) and judges on. */
  learn(answers: Iterable<readonly [string, boolean]>): void {
    if (this.book === null) return;
    for (const [id, holds] of answers) this.book.learn(id, holds);
    if (this.waitingAt !== null) this.judgeFrom(this.waitingAt);
    this.stopLog();
  }

  /**
   * Every seat caught breaking the protocol: rejected events, then
   * equivocation, then a claim a reveal refuted (`event` is then `reveal`:
   * the claim's author is named, not the seat whose share turned the card),
   * then what the audit found (`event` is then `audit`).
   */
  offences(): Offence[] {
    const entries = this.log.entries();
    const rejected = this.current.verdicts.flatMap((v, i) =>
      typeof v === 'object'
        ? [{ seat: entries[i]!.event.author, reason: v.rejected, event: entries[i]!.hash }]
        : [],
    );
    const equivocations = this.log.equivocations.map((e) => ({
      seat: e.author,
      reason: 'ERR_EQUIVOCATION',
      event: `seq ${e.seq}`,
    }));
    const ending = this.state.ending;
    const refuted =
      ending?.type === 'REFUTED'
        ? [{ seat: ending.seat, reason: ending.reason, event: 'reveal' }]
        : ending?.type === 'FALSE_SHARE'
          ? [{ seat: ending.seat, reason: 'ERR_SHARE', event: 'complaint' }]
          : [];
    const found = this.state.findings.map((f) => ({ ...f, event: 'audit' }));
    return [...rejected, ...equivocations, ...refuted, ...found];
  }

  /** True once someone is caught: the table takes no more events. */
  get stopped(): boolean {
    return this.log.halted || this.current.verdicts.some((v) => typeof v === 'object');
  }

  /**
   * The outcome, once the game is over: the game's own, or a win for the
   * others once a seat resigned or was declared absent (`state.ending`), or
   * once anyone is caught, at any point, a claim a reveal refuted included
   * (see `tableOutcome`).
   */
  outcome(): Outcome | null {
    const played = this.game.outcome(this.state.game);
    return tableOutcome(this.state, played, this.game.audit !== undefined, this.offences());
  }

  /**
   * Where `seat`'s next event will stand: the current state, but with every claim that
   * `seat` is absent void, as that event answers them. A claimed seat plays on from there.
   */
  standingFor(seat: Seat): TableState<S> {
    // Stryker disable next-line ConditionalExpression: a shortcut: an applied claim names the seat exactly when the ending does
    if (!claimedAbsent(this.state, seat)) return this.state;
    const claim = standingClaim(this.log, this.current.verdicts, seat);
    // Stryker disable next-line ConditionalExpression: never: the ending names the seat, so an applied claim does
    if (claim < 0) return this.state;
    const answer = { seat, seq: this.log.nextSeq(seat) };
    return replay(this, this.current, claim, this.log.size, () => true, answer);
  }

  /**
   * The seats that confirmed how the table ended: each signed a CONFIRM, once
   * the table was done, that had seen every other event of the log. A
   * transcript cut short, or given another ending, keeps no such confirmation
   * of the seats that never saw it end so: nobody can forge one for them.
   */
  confirmedBy(): Seat[] {
    return confirmedSeats(this.log, this.current.verdicts);
  }

  /**
   * Whether the ending is final (see `finalityOf`): the seats that confirmed it, and every
   * CONFIRM the log made void, with the ending its author had seen. A transcript whose
   * ending is not final names no winner as final: `verify` and the replay say so.
   */
  finality(): Finality {
    const overruled = this.log
      .entries()
      .flatMap(({ event }, i) =>
        event.body.type === 'CONFIRM' && this.current.verdicts[i] === 'void'
          ? [{ seat: event.author, event: i, ending: this.stateSeen(i).ending }]
          : [],
      );
    const confirmed = confirmers(this, this.current.verdicts, this.state.ending);
    return finalityOf(this.state, confirmed, overruled);
  }

  /**
   * When `seat`'s time runs out, as a claim signed now would judge it (ms, the table's
   * clock): the latest event that moved the table, plus its move or duty time. Null
   * when the table waits on nothing from it, or keeps no time.
   */
  due(seat: Seat): number | null {
    if (this.clock === null) return null;
    const owing = this.owed();
    const start = this.turnStart(seat);
    if (start === null || !owing.some((o) => o.seat === seat)) return null;
    return start + limitFor(this.clock, owing, seat, startsNextGame(this.state));
  }

  /**
   * When `seat`'s turn began, as a claim signed now would judge it (see `since`): for the
   * shares of a claimed seat's lock, not before the claim's answer window ends (`sharesFrom`).
   */
  turnStart(seat: Seat): number | null {
    const from = sharesFrom(this, this.current.verdicts, this.state);
    return laterOf(since(this.log, this.log.seen(), seat), from);
  }

  /**
   * The claim on the table that names `seat`, standing or answered, if any: its time and
   * the answer window's end. A claimed seat's page says how long it has left to answer.
   */
  claimOn(seat: Seat): { at: number; answerBy: number } | null {
    if (this.clock === null || !claimedAbsent(this.state, seat)) return null;
    // The ending names the seat: an applied claim does.
    const claim = this.log.entries()[standingClaim(this.log, this.current.verdicts, seat)]!;
    const at = claim.event.at!;
    return { at, answerBy: at + this.clock.dutyMs };
  }

  /**
   * True when `seat` said SEEN in the turn it is in: a SEEN signed now would be refused
   * (`ERR_SEEN_AGAIN`). Its page asks the log, not its memory: the memory of a page that
   * reloaded, or that slept between its SEEN and its next look, would say it again.
   */
  saidSeen(seat: Seat): boolean {
    return seenIn(this.log, seat, this.log.nextSeq(seat), this.log.seen());
  }

  /** Seats that owe an event now, with the kind each owes: the seats the table waits on. */
  owed(): { seat: Seat; kind: string }[] {
    return this.stopped ? [] : owed(this.state, this.game);
  }

  /** Seats that may sign an event now, with its kind: those that owe one, and a call out of turn. */
  allowed(): { seat: Seat; kind: string }[] {
    return this.stopped ? [] : allowed(this.state, this.game);
  }

  /**
   * Takes event bytes from the network (or a transcript). Never throws. On
   * success says where the log placed it and whether it was new (and so
   * should be forwarded).
   */
  receive(bytes: Uint8Array | string): Result<Appended & { fresh: boolean }, LogError> {
    const appended = this.log.append(bytes);
    if (!appended.ok) return appended;
    const fresh = appended.value.status !== 'duplicate';
    // Stryker disable next-line ConditionalExpression: only work: a copy changes no entry, and judging again gives the same verdicts
    if (fresh) {
      const from = appended.value.from;
      this.judgeFrom(firstAnswered(this, this.current.verdicts, from));
      this.stopLog();
    }
    return ok({ ...appended.value, fresh });
  }

  /**
   * Once an entry is rejected, has the log drop what sorts after it and refuse
   * what would: void wherever it lands, whatever comes later, it is no evidence,
   * and a named seat could sign it without end. Verdicts and states of the entries
   * dropped go with them.
   */
  private stopLog(): void {
    for (;;) {
      const offence = this.current.verdicts.findIndex((v) => typeof v === 'object');
      if (offence < 0) return;
      const size = this.log.size;
      const from = this.log.stopAfter(this.log.entries()[offence]!.hash);
      this.current.verdicts.length = Math.min(this.current.verdicts.length, from);
      this.current.states.length = Math.min(this.current.states.length, from + 1);
      if (this.log.size === size) return;
      // A claim of absence before the cut stood or fell by an event of the claimed seat
      // anywhere in the log: one the cut dropped answers it no more, as on a replica that
      // never took it. Judged again from the first claim, the offence may come sooner.
      // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: an earlier start is only work: no entry is left from `from` on, and judging from any earlier entry gives the same verdicts
      const claimBefore = (e: LogEntry, i: number) => i < from && absentSeat(e.event.body) !== null;
      const claim = this.log.entries().findIndex(claimBefore);
      if (claim < 0) return;
      this.judgeFrom(claim);
    }
  }

  /**
   * Signs, appends and returns `seat`'s next event, ready to send to every peer: signed at
   * `now` (its author's clock, ms) where the table keeps time (see `composeEvent`).
   */
  author(seat: Seat, secretKey: Uint8Array, body: TableBody, now = 0): Result<SignedEvent, string> {
    if (this.stopped) return err('ERR_STOPPED');
    // Its basis would name events not judged yet: it would be judged where its author never looked.
    if (this.waiting) return err('ERR_UNCHECKED');
    const signed = composeEvent(this.log, seat, body, secretKey, now);
    if (!signed.ok) return signed;
    const received = this.receive(signed.value.bytes);
    return received.ok ? ok(signed.value) : err(received.error);
  }

  /** Judges the replica's log from `start` on (or from where it waited, if sooner). */
  private judgeFrom(start: number): void {
    const from = Math.min(start, this.waitingAt ?? start);
    this.lookahead = null;
    this.waitingAt = sweep(this, this.current, from);
  }

  /**
   * True when `author` may not claim `seat` absent now: its next event would be
   * refused, `ERR_CLAIMED_AGAIN` (see `claimsInPlace`). A page asks before it signs.
   */
  claimedAgain(author: Seat, seat: Seat): boolean {
    const size = this.log.size;
    return claimsInPlace(this.log, author, seat, size, () => true) >= MAX_CLAIMS;
  }
}
