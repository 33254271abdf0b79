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
 */
import type { Json } from '../encoding.ts';
import { stateHash } from '../encoding.ts';
import type { Event, EventBody, SignedEvent } from '../events.ts';
import type { AnyGame, Outcome, Seat } from '../game.ts';
import {
  composeEvent,
  createLog,
  type Appended,
  type EventLog,
  type LogEntry,
  type LogError,
} from '../log.ts';
import { err, ok, type Result } from '../result.ts';
import type { TableBody } from './bodies.ts';
import { checkNow, Unchecked, type CheckBook, type CheckJob, type Checks } from './checks.ts';
import { allowed, genesisHash, initialTable, owed } from './fold.ts';
import { judge, nameInitialState } from './judge.ts';
import {
  absentSeat,
  claimedAbsent,
  finalityOf,
  tableOutcome,
  type Finality,
  type Named,
} from './leave.ts';
import { HEADS_PROTOCOL, protocolOf, type Genesis, type TableState } from './types.ts';
import { limitFor, STILL, TIME_PROTOCOL, type Clock } from './clock.ts';
import { startsNextGame } from './keys.ts';

export type Verdict = 'applied' | 'void' | { rejected: string };

/**
 * How many times one seat may claim another absent with the table not moving in
 * between: once, and once again in case the seat that answered went silent again
 * before it moved. More would only grow the log, a claim and an answer at a time.
 */
export const MAX_CLAIMS = 2;

/** Events that leave the table where it was: claims, their answers, confirmations, a late turn. */
const QUIET = new Set([...STILL, 'SEEN']);

/** Who broke the rules, how, and with which event. */
export type Offence = Named;

/** An event not in the log yet, by `seat` at `seq`, counted as an answer to the claims before it. */
type Answer = { readonly seat: Seat; readonly seq: number };

type Judged<S> = { verdict: Verdict; state: TableState<S> };

/**
 * A judging of the log: `states[i]`, the state after folding the first `i`
 * entries, their verdicts, how proofs are checked, and the entry being judged
 * (what-ifs replay others on its behalf). The replica keeps its own; `ahead`
 * judges a copy of it.
 */
interface Run<S> {
  readonly states: TableState<S>[];
  readonly verdicts: Verdict[];
  readonly checks: Checks;
  judging: string;
}

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

/** True when `event`'s author had seen `other` when it made `event`. */
const sees = (event: Event, other: Event): boolean => other.seq < event.basis[other.author]!;

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
    const initial = initialTable(genesis, initialGame);
    nameInitialState(initial);
    this.current = {
      states: [initial],
      verdicts: [],
      checks: book?.strict ?? checkNow,
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
    return this.stateSeenBy(this.current, i, this.unseenBefore(i));
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
    if (this.waitingAt === null || this.book === null)
      return { wanted: new Map(), askedBy: new Map(), state: this.state };
    if (this.lookahead) return this.lookahead;
    const wanted = new Map<string, CheckJob>();
    const askedBy = new Map<string, string>();
    const { states, verdicts } = this.current;
    const run: Run<S> = {
      states: [...states],
      verdicts: [...verdicts],
      checks: this.book.guessing((id, job) => {
        wanted.set(id, job);
        if (!askedBy.has(id)) askedBy.set(id, run.judging);
      }),
      judging: '',
    };
    this.sweep(run, this.waitingAt);
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
    if (!claimedAbsent(this.state, seat)) return this.state;
    const claim = this.standingClaim(seat);
    if (claim < 0) return this.state;
    const answer = { seat, seq: this.log.nextSeq(seat) };
    return this.replay(this.current, claim, this.log.size, () => true, answer);
  }

  /**
   * Position of the claim applied that names `seat`, or -1. There is at most one: it ends
   * the table, and a claim after it is refused (`ERR_GAME_OVER`).
   */
  private standingClaim(seat: Seat): number {
    return this.log
      .entries()
      .findIndex(
        (e, j) => this.current.verdicts[j] === 'applied' && absentSeat(e.event.body) === seat,
      );
  }

  /**
   * The seats that confirmed how the table ended: each signed a CONFIRM, once
   * the table was done, that had seen every other event of the log. A
   * transcript cut short, or given another ending, keeps no such confirmation
   * of the seats that never saw it end so: nobody can forge one for them.
   */
  confirmedBy(): Seat[] {
    const entries = this.log.entries();
    const game = entries.filter((e) => e.event.body.type !== 'CONFIRM');
    const seats = entries.flatMap(({ event }, i) =>
      event.body.type === 'CONFIRM' &&
      this.current.verdicts[i] === 'applied' &&
      game.every((other) => sees(event, other.event))
        ? [event.author]
        : [],
    );
    return [...new Set(seats)].sort((a, b) => a - b);
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
    return finalityOf(this.state, this.confirmers(), overruled);
  }

  /**
   * The seats whose word the ending has: those that confirmed it, and on a timed table
   * those whose word it does not wait for. A seat that resigned, or that a claim names, has
   * nothing left to undo it with but an answer the others settled without (a claim is
   * settled by a seat's event signed the answer window after it), so the ending holds
   * without that seat's word; and a claim's ending has another seat's word once that seat
   * settled it.
   */
  private confirmers(): Seat[] {
    const confirmed = this.confirmedBy();
    const ending = this.state.ending;
    if (this.clock === null || ending === null || ending.type === 'REFUTED') return confirmed;
    if (ending.type === 'RESIGN') return [...confirmed, ending.seat];
    const claim = this.log.entries()[this.standingClaim(ending.seat)];
    if (claim === undefined) return confirmed;
    const settlers = this.settlers(claim.event);
    return this.genesis.identities.flatMap((_, seat) =>
      seat === ending.seat || settlers.has(seat) ? [seat] : [],
    );
  }

  /**
   * The seats that signed an event the answer window or more after `claim` that had seen
   * it (of those `include` admits, and, given `reply`, not having seen that): each, past
   * the window, says no answer had reached it.
   */
  private settlers(
    claim: Event,
    include: (event: Event) => boolean = () => true,
    reply?: Event,
  ): Set<Seat> {
    const window = (claim.at ?? 0) + this.clock!.dutyMs;
    const found = new Set<Seat>();
    for (const { event } of this.log.entries())
      if (
        include(event) &&
        (event.at ?? 0) >= window &&
        sees(event, claim) &&
        (reply === undefined || !sees(event, reply))
      )
        found.add(event.author);
    return found;
  }

  /**
   * When `seat`'s time runs out, as a claim signed now would judge it (ms, the table's
   * clock): the latest event that moved the table, plus its move or duty time. Null
   * when the table waits on nothing from it, or keeps no time.
   */
  due(seat: Seat): number | null {
    if (this.clock === null) return null;
    const owing = this.owed();
    const since = this.since(this.log.seen(), seat);
    if (since === null || !owing.some((o) => o.seat === seat)) return null;
    return since + limitFor(this.clock, owing, seat, startsNextGame(this.state));
  }

  /** When `seat`'s turn began, as a claim signed now would judge it (see `since`). */
  turnStart(seat: Seat): number | null {
    return this.since(this.log.seen(), seat);
  }

  /**
   * The claim on the table that names `seat`, standing or answered, if any: its time and
   * the answer window's end. A claimed seat's page says how long it has left to answer.
   */
  claimOn(seat: Seat): { at: number; answerBy: number } | null {
    if (this.clock === null || !claimedAbsent(this.state, seat)) return null;
    const claim = this.log.entries()[this.standingClaim(seat)];
    if (claim === undefined) return null;
    const at = claim.event.at!;
    return { at, answerBy: at + this.clock.dutyMs };
  }

  /**
   * The time `seat`'s turn runs from, for an event whose basis is `basis`: the latest `at`
   * among the events it had seen that moved the table (claims, answers by presence and
   * confirmations move nothing), `seat`'s own SEEN among them but no one else's: a SEEN
   * restarts only its author's time. Null before any: the table's clock starts with its
   * first event, so nobody runs out of time before anyone moved.
   */
  private since(basis: readonly number[], seat: Seat): number | null {
    let latest: number | null = null;
    for (let other = 0; other < basis.length; other++) {
      const moved = this.lastMoved(other, basis[other]!, other !== seat);
      if (moved) latest = Math.max(latest ?? 0, moved.at ?? 0);
    }
    return latest;
  }

  /**
   * The last event of `seat` among its first `count` that moved the table, if any; a SEEN
   * counted only unless `skipSeen`.
   */
  private lastMoved(seat: Seat, count: number, skipSeen = false): Event | undefined {
    for (let seq = count - 1; seq >= 0; seq--) {
      const event = this.log.at(seat, seq)!.event;
      const type = event.body.type;
      if (!STILL.has(type) && !(skipSeen && type === 'SEEN')) return event;
    }
    return undefined;
  }

  /**
   * True when `seat` said SEEN in the turn it is in: a SEEN signed now would be refused
   * (`ERR_SEEN_AGAIN`). Its page asks the log, not its memory: the memory of a page that
   * reloaded, or that slept between its SEEN and its next look, would say it again.
   */
  saidSeen(seat: Seat): boolean {
    return this.seenIn(seat, this.log.nextSeq(seat), this.log.seen());
  }

  /** True when `event`, a SEEN, comes a second time in one turn (see `seenIn`). */
  private seenAgain(event: Event): boolean {
    return this.seenIn(event.author, event.seq, event.basis);
  }

  /**
   * True when, among the events `basis` counts, `author`'s last that moved the table before
   * its `seq`th is a SEEN, and nothing of anyone else's moved it since.
   */
  private seenIn(author: Seat, seq: number, basis: readonly number[]): boolean {
    const last = this.lastMoved(author, seq);
    if (last?.body.type !== 'SEEN') return false;
    return basis.every((count, seat) => {
      if (seat === author) return true;
      const moved = this.lastMoved(seat, count, true);
      return moved === undefined || sees(last, moved);
    });
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
    if (fresh) {
      const from = appended.value.from;
      this.judgeFrom(this.firstAnswered(from));
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
      const claim = this.log
        .entries()
        .findIndex((e, i) => i < from && absentSeat(e.event.body) !== null);
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
    const signed = composeEvent(this.log, seat, body as unknown as EventBody, secretKey, now);
    if (!signed.ok) return signed;
    const received = this.receive(signed.value.bytes);
    return received.ok ? ok(signed.value) : err(received.error);
  }

  /** Judges the replica's log from `start` on (or from where it waited, if sooner). */
  private judgeFrom(start: number): void {
    const from = Math.min(start, this.waitingAt ?? start);
    this.lookahead = null;
    this.waitingAt = this.sweep(this.current, from);
  }

  /**
   * Judges every entry of `run` from `start` on, stopping at an entry whose checks are
   * not all answered yet: returns where it waits, or null once every entry is judged.
   */
  private sweep(run: Run<S>, start: number): number | null {
    const entries = this.log.entries();
    run.states.length = start + 1;
    run.verdicts.length = start;
    let stopped = run.verdicts.some((v) => typeof v === 'object');
    for (let i = start; i < entries.length; i++) {
      const state = run.states[i]!;
      run.judging = entries[i]!.hash;
      let judged: Judged<S>;
      try {
        judged = stopped ? { verdict: 'void', state } : this.judgeEntry(run, i);
      } catch (e) {
        if (!(e instanceof Unchecked)) throw e;
        return i;
      }
      run.verdicts.push(judged.verdict);
      run.states.push(judged.state);
      stopped ||= typeof judged.verdict === 'object';
    }
    return null;
  }

  private judgeEntry(run: Run<S>, i: number): Judged<S> {
    const { author, body } = this.log.entries()[i]!.event;
    const state = run.states[i]!;
    // Its one use: a seat could flood the log with answers to nothing. On a timed table it
    // has none: a claimed seat answers with what it owes.
    if (body.type === 'PRESENT' && (this.clock !== null || !this.answersClaim(i)))
      return { verdict: { rejected: 'ERR_NO_CLAIM' }, state };
    if (
      body.type === 'SEEN' &&
      (this.clock === null || this.seenAgain(this.log.entries()[i]!.event))
    )
      return { verdict: { rejected: 'ERR_SEEN_AGAIN' }, state };
    // Likewise a confirmation of nothing new.
    if (body.type === 'CONFIRM' && this.confirmedBefore(i))
      return { verdict: { rejected: 'ERR_CONFIRMED' }, state };
    // And a claim made again and again on a seat that answers each one, the table not moving.
    const event = this.log.entries()[i]!.event;
    const claimed = absentSeat(body);
    if (
      claimed !== null &&
      this.claimsInPlace(author, claimed, i, (e) => sees(event, e)) >= MAX_CLAIMS
    )
      return { verdict: { rejected: 'ERR_CLAIMED_AGAIN' }, state };
    const next = judge(state, this.game, author, body, run.checks);
    const unseen = this.unseenBefore(i);
    const seen = this.stateSeenBy(run, i, unseen);
    // Every event must be valid where its author stood, wherever the log puts it:
    // else naming an older state could slip in a move that was never legal there.
    const where = seen === state ? next : judge(seen, this.game, author, body, run.checks);
    if (!where.ok) return { verdict: { rejected: where.error }, state };
    // A claim before the claimed seat's time ran out, by the times of what the claim had seen.
    if (claimed !== null && this.clock !== null) {
      const limit = limitFor(this.clock, owed(seen, this.game), claimed, startsNextGame(seen));
      const since = this.since(event.basis, claimed);
      if (since === null || (event.at ?? 0) < since + limit)
        return { verdict: { rejected: 'ERR_TOO_SOON' }, state };
    }
    return next.ok && !this.answered(this.log.entries()[i]!)
      ? { verdict: 'applied', state: next.value }
      : { verdict: 'void', state };
  }

  /**
   * The state the author of entry `i` saw: the fold of exactly the entries
   * its basis names (all before `i` but those at `unseen`), with each ABSENT
   * unanswered unless it had seen the answer.
   */
  private stateSeenBy(run: Run<S>, i: number, unseen: readonly number[]): TableState<S> {
    const event = this.log.entries()[i]!.event;
    // An event answers every claim that its author is absent made before it: its author,
    // though claimed, stood where the claim was void (see `standingFor`).
    const seen = (other: Event) =>
      sees(event, other) || (other.author === event.author && other.seq === event.seq);
    // An ABSENT answered by an event its author had not seen ended the table where it stood;
    // one naming the author, this very event answers there, in time or not (a late answer
    // is void where it lands, not a lie).
    const late = this.clock !== null && !STILL.has(event.body.type);
    const self = late ? { seat: event.author, seq: event.seq } : undefined;
    const absent = this.log
      .entries()
      .slice(0, i)
      .flatMap((e, j) => (this.answered(e) !== this.answered(e, seen, self) ? [j] : []));
    return this.replay(run, Math.min(i, ...unseen, ...absent), i, seen, self);
  }

  /**
   * Folds entries `from` to `to` (exclusive) that `include` admits, from the
   * state before `from`: a what-if that records nothing. With nothing to fold,
   * that state itself.
   */
  private replay(
    run: Run<S>,
    from: number,
    to: number,
    include: (event: Event) => boolean,
    answer?: Answer,
  ): TableState<S> {
    const entries = this.log.entries();
    let state = run.states[from]!;
    for (let j = from; j < to; j++) {
      const { event } = entries[j]!;
      if (!include(event)) continue;
      const next = judge(state, this.game, event.author, event.body, run.checks);
      if (next.ok && !this.answered(entries[j]!, include, answer)) state = next.value;
    }
    return state;
  }

  /**
   * True when `entry` declares a seat absent that answered: the log holds an
   * event of that seat the declarer had not seen (of those `include` admits,
   * in a what-if, or `answer`, an event still to come), wherever the log puts
   * it. A player who answers (a PRESENT, or any event) simply continues, so
   * the ABSENT is void, in either order. On a timed table the answer is what the
   * seat owes (an event that moves the table), signed within the answer window, and
   * not one every other seat settled the claim without (`settlers`).
   */
  private answered(
    entry: LogEntry,
    include: (event: Event) => boolean = () => true,
    answer?: Answer,
  ): boolean {
    const claim = entry.event;
    const seat = absentSeat(claim.body);
    if (seat === null) return false;
    const seq = claim.basis[seat]!;
    if (answer?.seat === seat && answer.seq === seq) return true;
    const reply = this.log.at(seat, seq)?.event;
    if (reply === undefined || !include(reply)) return false;
    if (this.clock === null) return true;
    if (STILL.has(reply.body.type) || reply.at! > claim.at! + this.clock.dutyMs) return false;
    const settlers = this.settlers(claim, include, reply);
    return !this.genesis.identities.every((_, t) => t === seat || settlers.has(t));
  }

  /**
   * True when entry `i` answers a claim its author had seen: an ABSENT naming
   * it that had not seen this seq of its author's. A PRESENT that does not is
   * refused, `ERR_NO_CLAIM`.
   */
  private answersClaim(i: number): boolean {
    const event = this.log.entries()[i]!.event;
    return this.log
      .entries()
      .slice(0, i)
      .some(
        ({ event: claim }) =>
          sees(event, claim) &&
          absentSeat(claim.body) === event.author &&
          claim.basis[event.author] === event.seq,
      );
  }

  /**
   * True when entry `i`, a CONFIRM, confirms nothing its author had not
   * confirmed before: an earlier CONFIRM of its had seen every event but
   * CONFIRMs that this one had seen.
   */
  private confirmedBefore(i: number): boolean {
    const entries = this.log.entries();
    const event = entries[i]!.event;
    const seen = entries.filter((e) => e.event.body.type !== 'CONFIRM' && sees(event, e.event));
    return entries
      .slice(0, i)
      .some(
        (e) =>
          e.event.author === event.author &&
          e.event.body.type === 'CONFIRM' &&
          seen.every((other) => sees(e.event, other.event)),
      );
  }

  /**
   * True when `author` may not claim `seat` absent now: its next event would be
   * refused, `ERR_CLAIMED_AGAIN` (see `claimsInPlace`). A page asks before it signs.
   */
  claimedAgain(author: Seat, seat: Seat): boolean {
    const size = this.log.size;
    return this.claimsInPlace(author, seat, size, () => true) >= MAX_CLAIMS;
  }

  /**
   * How many claims `author` made that `seat` is absent, among the first `before`
   * entries, with nothing since but claims, answers and confirmations, as an event
   * of `author`'s that saw what `seen` admits would find them: latest first, up to
   * the first after which something else happened (a move, a duty, a resignation).
   * Judged on the events the claimant saw, like every rule.
   */
  private claimsInPlace(
    author: Seat,
    seat: Seat,
    before: number,
    seen: (event: Event) => boolean,
  ): number {
    const entries = this.log.entries().slice(0, before);
    const moved = (claim: Event) =>
      entries.some(
        ({ event }) =>
          seen(event) &&
          !sees(claim, event) &&
          !(event.author === claim.author && event.seq === claim.seq) &&
          !QUIET.has(event.body.type),
      );
    let count = 0;
    for (let j = entries.length - 1; j >= 0 && count < MAX_CLAIMS; j--) {
      const claim = entries[j]!.event;
      if (claim.author !== author || absentSeat(claim.body) !== seat) continue;
      if (moved(claim)) break;
      count++;
    }
    return count;
  }

  /**
   * The first entry before `from` applied as an ABSENT whose seat has
   * answered since (its event may land after it): judging restarts there. On a timed
   * table also one made void by an answer that every other seat has settled without
   * since: it stands again.
   */
  private firstAnswered(from: number): number {
    const entries = this.log.entries().slice(0, from);
    const first = entries.findIndex((e, j) => {
      const verdict = this.current.verdicts[j];
      if (verdict === 'applied') return this.answered(e);
      const seat = absentSeat(e.event.body);
      return (
        this.clock !== null &&
        verdict === 'void' &&
        seat !== null &&
        this.log.at(seat, e.event.basis[seat]!) !== undefined &&
        !this.answered(e)
      );
    });
    return first < 0 ? from : first;
  }

  /**
   * Positions before entry `i` of the entries its author had not seen, latest first. A
   * scan of every earlier entry: a comparison each, cheap next to the judging it serves.
   */
  private unseenBefore(i: number): number[] {
    const entries = this.log.entries();
    const event = entries[i]!.event;
    const found: number[] = [];
    for (let j = i - 1; j >= 0; j--) if (!sees(event, entries[j]!.event)) found.push(j);
    return found;
  }
}
