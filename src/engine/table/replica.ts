/**
 * A replica of one table: the event log, the table state folded over it, and
 * the verdicts on every event. Every peer runs one, the same code for all.
 *
 * Each accepted log entry gets a verdict when folded:
 * - `applied`: it changed the state;
 * - `void`: an event overtaken by a concurrent event ordered before it
 *   (DESIGN.md: void, not an error): valid in the state after its basis,
 *   invalid where it lands (a move, or an unlock share for a reveal that a
 *   concurrent call changed), and an invalid event that follows its author's
 *   own void event (made on top of it). Any other invalid event is an
 *   offence, so an old basis hides no cheat;
 * - `rejected`: a signed event that breaks the protocol (out of turn, a bad
 *   proof, an illegal move made against the state it lands on). The author is
 *   named and the table stops: nothing after it is folded.
 * Events the log itself refuses (bad signature, broken chain, equivocation)
 * never reach the fold; the log keeps them as evidence.
 */
import type { Json } from '../encoding.ts';
import { stateHash } from '../encoding.ts';
import { ZERO_HASH, type Event, type EventBody, type SignedEvent } from '../events.ts';
import type { Outcome, Seat } from '../game.ts';
import { composeEvent, createLog, type Appended, type EventLog, type LogError } from '../log.ts';
import { err, ok, type Result } from '../result.ts';
import type { TableBody } from './bodies.ts';
import { initialTable, owed, type AnyGame } from './fold.ts';
import { judge } from './judge.ts';
import type { Genesis, TableState } from './types.ts';

export type Verdict = 'applied' | 'void' | { rejected: string };

/** Who broke the rules, how, and with which event. */
export interface Offence {
  readonly seat: Seat;
  readonly reason: string;
  readonly event: string;
}

export class Replica<S extends Json> {
  readonly log: EventLog;
  /** `states[i]`: the state after folding the first `i` log entries. */
  private states: TableState<S>[];
  private verdicts: Verdict[] = [];

  constructor(
    readonly genesis: Genesis,
    readonly game: AnyGame<S>,
    initialGame: S,
  ) {
    const log = createLog({ table: genesis.table, keys: genesis.identities });
    if (!log.ok) throw new Error(`bad genesis: ${log.error}`);
    this.log = log.value;
    this.states = [initialTable(genesis, initialGame)];
  }

  /** The current table state. */
  get state(): TableState<S> {
    return this.states.at(-1)!;
  }

  /** A hash every honest replica shares after the same events. */
  get stateHash(): string {
    return stateHash(this.state as unknown as Json);
  }

  /** The state after folding the first `count` log entries. */
  stateAfter(count: number): TableState<S> | undefined {
    return this.states[count];
  }

  /** Verdict of each log entry, in log order. */
  get entryVerdicts(): readonly Verdict[] {
    return this.verdicts;
  }

  /** Every seat caught breaking the protocol: rejected events, then equivocation. */
  offences(): Offence[] {
    const entries = this.log.entries();
    const rejected = this.verdicts.flatMap((v, i) =>
      typeof v === 'object'
        ? [{ seat: entries[i]!.event.author, reason: v.rejected, event: entries[i]!.hash }]
        : [],
    );
    const equivocations = this.log.equivocations.map((e) => ({
      seat: e.author,
      reason: 'ERR_EQUIVOCATION',
      event: `seq ${e.seq}`,
    }));
    return [...rejected, ...equivocations];
  }

  /** True once someone is caught: the table takes no more events. */
  get stopped(): boolean {
    return this.log.halted || this.verdicts.some((v) => typeof v === 'object');
  }

  /** The game's outcome, once the game is over. */
  outcome(): Outcome | null {
    return this.game.outcome(this.state.game);
  }

  /** Seats that owe an event now, with the kind each owes. */
  owed(): { seat: Seat; kind: string }[] {
    return this.stopped ? [] : owed(this.state, this.game);
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
    if (fresh) this.refold(appended.value.from);
    return ok({ ...appended.value, fresh });
  }

  /** Signs, appends and returns `seat`'s next event, ready to send to every peer. */
  author(seat: Seat, secretKey: Uint8Array, body: TableBody): Result<SignedEvent, string> {
    if (this.stopped) return err('ERR_STOPPED');
    const signed = composeEvent(this.log, seat, body as unknown as EventBody, secretKey);
    if (!signed.ok) return signed;
    const received = this.receive(signed.value.bytes);
    return received.ok ? ok(signed.value) : err(received.error);
  }

  /** Refolds from log position `from` (a late concurrent event may land before others). */
  private refold(from: number): void {
    this.states.length = Math.min(this.states.length, from + 1);
    this.verdicts.length = Math.min(this.verdicts.length, from);
    const entries = this.log.entries();
    for (let i = this.verdicts.length; i < entries.length; i++) {
      const state = this.states[i]!;
      if (this.verdicts.some((v) => typeof v === 'object')) {
        this.verdicts.push('void');
        this.states.push(state);
        continue;
      }
      const entry = entries[i]!;
      const verdict = this.fold(state, entry.event, i);
      this.verdicts.push(verdict.verdict);
      this.states.push(verdict.state);
    }
  }

  /** The verdict of the entry `hash`, searched backwards from `index`. */
  private verdictOf(hash: string, index: number): Verdict | undefined {
    const entries = this.log.entries();
    for (let i = index - 1; i >= 0; i--) if (entries[i]!.hash === hash) return this.verdicts[i];
    return undefined;
  }

  /** The state after the entry `basis`, searched backwards from `index`; undefined if not before it. */
  private stateAtBasis(basis: string, index: number): TableState<S> | undefined {
    if (basis === ZERO_HASH) return this.states[0];
    const entries = this.log.entries();
    for (let i = index - 1; i >= 0; i--) if (entries[i]!.hash === basis) return this.states[i + 1];
    return undefined;
  }

  private fold(
    state: TableState<S>,
    event: Event,
    index: number,
  ): { verdict: Verdict; state: TableState<S> } {
    const { author, body, basis, prev } = event;
    const seen = this.stateAtBasis(basis, index);
    const next = judge(state, this.game, author, body, seen?.acts ?? state.acts);
    if (next.ok) return { verdict: 'applied', state: next.value };
    // An event made against an older head may have been overtaken rather than cheated
    // (a concurrent move changed what is owed): void if it was valid in the state its
    // author saw, an offence otherwise.
    if (seen && seen !== state && judge(seen, this.game, author, body, seen.acts).ok)
      return { verdict: 'void', state };
    // What follows an overtaken event of the same author was made on top of it: its
    // re-mask after a voided swap, say. It goes down with it, changing nothing.
    if (this.verdictOf(prev, index) === 'void') return { verdict: 'void', state };
    return { verdict: { rejected: next.error }, state };
  }
}
