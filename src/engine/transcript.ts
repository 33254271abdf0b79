/**
 * Transcripts: a whole game as every signed event in log order, with the
 * genesis (names, identity public keys, game, deck). `verifyTranscript`
 * rebuilds the game from it alone and checks every signature, chain link,
 * proof and rule.
 *
 * Format (JSON):
 * ```
 * { "format": "fairdeal-transcript/1",
 *   "genesis": { "table", "game", "names", "identities", "deckSize", "options", "absentAfterMs" (before protocol 5) or "clock",
 *                "runBy" (only when a seat is run by another player's page),
 *                "protocol" (the table protocol's version, from 2; left out by version 1) },
 *   "events": [ "<canonical event JSON>", ... ] }
 * ```
 * The order must be the log's own deterministic order, each event exactly
 * once, and the game must be over with every seat's audit published.
 */
import { isGameId, type GameId } from './catalog.ts';
import { isRecord, type Json, type JsonObject } from './encoding.ts';
import type { Finding, Outcome, Seat } from './game.ts';
import { gameById, suitsSeats, totalDeckSize } from './games/registry.ts';
import { isValidPublicKey } from './identity.ts';
import { err, ok, type Result } from './result.ts';
import type { CheckBook } from './table/checks.ts';
import { isAbsentLimit, type Finality } from './table/leave.ts';
import { isClock, TIME_PROTOCOL, type Clock } from './table/clock.ts';
import { Replica, type Ahead, type ReplicaRecord } from './table/replica.ts';
import { HEADS_PROTOCOL, PROTOCOL_VERSION, type Ending, type Genesis } from './table/types.ts';
import { eventHash } from './events.ts';
import { utf8ToBytes } from '@noble/hashes/utils.js';

export const TRANSCRIPT_FORMAT = 'fairdeal-transcript/1';

export interface Transcript {
  format: typeof TRANSCRIPT_FORMAT;
  genesis: Genesis;
  events: string[];
}

/** Where and why a transcript fails; `index` is the first bad event (null: the whole file). */
export interface TranscriptFault {
  readonly index: number | null;
  readonly author: Seat | null;
  readonly reason: string;
  /**
   * For `ERR_FORKED`: event `index`, by `signer`, names another version of `seat`'s
   * event `seq` than the transcript holds. Its signer is not at fault, nor provably
   * `seat`: the file was changed after `signer` signed over `seat`'s events.
   */
  readonly forked?: { readonly signer: Seat; readonly seat: Seat; readonly seq: number };
}

/** The fault of an event that signed over another version of an event than the transcript holds. */
export const FORKED = 'ERR_FORKED';

export type Verified =
  | {
      ok: true;
      outcome: Outcome;
      genesis: Genesis;
      events: number;
      /** The game's state at the end, for a summary of the game in words. */
      game: Json;
      /** Whom the game's audit caught on the cards the published keys open (see `Game.audit`). */
      findings: readonly Finding[];
      /** Per seat, whether it published its keys for the audit. */
      audited: readonly boolean[];
      /** How the table ended before its game or audit did (a RESIGN, an ABSENT), or null. */
      ending: Ending | null;
      /** The seats that signed that the table ended so (`Replica.confirmedBy`). */
      confirmedBy: readonly Seat[];
      /** Whether that result is final: no other verifying transcript of this table can differ (`Replica.finality`). */
      finality: Finality;
    }
  | { ok: false; fault: TranscriptFault };

/** A transcript ready to check, or why it cannot be read at all. */
export type Opened = { ok: true; check: TranscriptCheck } | { ok: false; fault: TranscriptFault };

const fault = (
  reason: string,
  index: number | null = null,
  author: Seat | null = null,
): Verified => ({
  ok: false,
  fault: { index, author, reason },
});

/**
 * True when `runBy` says, for each of `seats` seats, whose page runs it (see
 * `Genesis.runBy`): a seat number, a runner runs its own seat, and some seat is
 * run by another's page (else the field is left out: one genesis, one encoding).
 */
export function isRunBy(runBy: unknown, seats: number): runBy is number[] {
  return (
    Array.isArray(runBy) &&
    runBy.length === seats &&
    runBy.every((r) => Number.isInteger(r) && r >= 0 && r < seats) &&
    runBy.every((r: number) => runBy[r] === r) &&
    runBy.some((r, seat) => r !== seat)
  );
}

/** Checks the genesis of an untrusted transcript. */
export function parseGenesis(raw: unknown): Result<Genesis, string> {
  if (!isRecord(raw)) return err('genesis missing');
  const {
    table,
    game,
    names,
    identities,
    deckSize,
    options,
    absentAfterMs,
    clock,
    runBy,
    protocol,
  } = raw;
  if (typeof table !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(table))
    return err('genesis.table');
  if (!isGameId(game) || !gameById(game)) return err('genesis.game');
  if (!Array.isArray(identities) || !identities.every(isValidPublicKey))
    return err('genesis.identities');
  if (
    !Array.isArray(names) ||
    names.length !== identities.length ||
    !names.every((n) => typeof n === 'string')
  )
    return err('genesis.names');
  if (
    !isRecord(options) ||
    !gameById(game)!.setup(options as JsonObject).ok ||
    !suitsSeats(gameById(game)!, options as JsonObject, names.length)
  )
    return err('genesis.options');
  if (deckSize !== totalDeckSize(gameById(game)!, options as JsonObject))
    return err('genesis.deckSize');
  if (runBy !== undefined && !isRunBy(runBy, names.length)) return err('genesis.runBy');
  if (protocol !== undefined && !isProtocol(protocol)) return err('genesis.protocol');
  // A table keeps time by its clock from protocol 5 on, by the pages' before.
  const timed = (protocol ?? 1) >= TIME_PROTOCOL;
  if (timed ? absentAfterMs !== undefined : !isAbsentLimit(absentAfterMs))
    return err('genesis.absentAfterMs');
  if (timed ? !isClock(clock) : clock !== undefined) return err('genesis.clock');
  return ok({
    table,
    game,
    names: names as string[],
    identities: identities as string[],
    deckSize,
    options: options as JsonObject,
    ...(timed ? { clock: clock as Clock } : { absentAfterMs: absentAfterMs as number }),
    ...(runBy === undefined ? {} : { runBy }),
    ...(protocol === undefined ? {} : { protocol }),
  });
}

/** A protocol version a genesis may name: from 2 (1 is named by leaving it out) to this code's. */
const isProtocol = (protocol: unknown): protocol is number =>
  Number.isInteger(protocol) &&
  (protocol as number) >= 2 &&
  (protocol as number) <= PROTOCOL_VERSION;

/** Writes the transcript of a replica's log. */
export function makeTranscript(replica: ReplicaRecord<Json>): Transcript {
  const text = new TextDecoder();
  return {
    format: TRANSCRIPT_FORMAT,
    genesis: replica.genesis,
    events: replica.log.entries().map((entry) => text.decode(entry.bytes)),
  };
}

/**
 * A transcript checked one event at a time, so that a page can show each step
 * as it is verified and stop at the first bad one; `verifyTranscript` runs it
 * to the end. The replica inside is rebuilt from the transcript alone.
 *
 * Opened with a `CheckBook`, it takes the answers to its proof checks from
 * there (a page has them done in its crypto workers): an event whose checks
 * are not answered yet waits (`waiting`; `ahead` lists the checks wanted)
 * until `learn` takes the answers, and is judged then. The same answers give
 * the same verdicts and states as checking at once.
 */
export class TranscriptCheck {
  /** How many events, from the first, have been checked and found good. */
  verified = 0;
  /** The first fault met, once one is; checking stops there. */
  fault: TranscriptFault | null = null;

  private constructor(
    readonly genesis: Genesis,
    /** The events as written in the transcript, in order. */
    readonly events: readonly string[],
    /** Rebuilt from the checked events only; read it, never feed it. */
    readonly replica: Replica<Json>,
  ) {}

  /**
   * Checks the genesis and the shape of an untrusted transcript, before any
   * event. `book`: where the answers to proof checks come from; without one,
   * every proof is checked as its event is.
   */
  static open(raw: unknown, book: CheckBook | null = null): Opened {
    const bad = (reason: string) => fault(reason) as Opened;
    if (!isRecord(raw) || raw.format !== TRANSCRIPT_FORMAT)
      return bad('not a Fair Deal transcript');
    const genesis = parseGenesis(raw.genesis);
    if (!genesis.ok) return bad(`bad ${genesis.error}`);
    if (!Array.isArray(raw.events) || !raw.events.every((e) => typeof e === 'string'))
      return bad('bad events list');
    const game = gameById(genesis.value.game as never)!;
    const initial = game.setup(genesis.value.options);
    if (!initial.ok) return bad('bad genesis.options');
    const replica = new Replica(genesis.value, game, initial.value, book);
    return { ok: true, check: new TranscriptCheck(genesis.value, raw.events as string[], replica) };
  }

  /** True once every event is checked, or a fault stopped the check. */
  get done(): boolean {
    return this.fault !== null || this.verified === this.events.length;
  }

  /** True while the next event waits for the answers to its proof checks (`ahead` lists them). */
  get waiting(): boolean {
    return !this.done && this.replica.waiting;
  }

  /** The proof checks the next event waits for, by id, and the log entry that asks each. */
  ahead(): Pick<Ahead<Json>, 'wanted' | 'askedBy'> {
    return this.replica.ahead();
  }

  /** Takes answers to the checks `ahead` wanted (id, whether it holds); `step` judges on. */
  learn(answers: Iterable<readonly [string, boolean]>): void {
    this.replica.learn(answers);
  }

  /**
   * Checks the next event: its signature, chain link, proofs and rule, and
   * that it comes exactly in the log's own order. False once done, and while
   * the event waits for the answers to its proof checks.
   */
  step(): boolean {
    if (this.done) return false;
    const replica = this.replica;
    const stop = (index: number, reason: string) => {
      this.fault = { index, author: authorOf(this.events[index]!), reason };
      return false;
    };
    if (replica.log.size === this.verified) {
      const index = this.verified;
      const appended = replica.receive(this.events[index]!);
      if (!appended.ok) return stop(index, appended.error);
      // An event that waits for one the file lacks is the file's fault, not its signer's:
      // nobody is named, whether the file lacks it or holds another version of it.
      if (appended.value.status === 'pending') {
        const wire = this.events[index]!;
        const forked = replica.log.otherVersionNamed(eventHash(utf8ToBytes(wire)));
        const signer = authorOf(wire);
        this.fault =
          forked !== null && signer !== null
            ? { index, author: null, reason: FORKED, forked: { signer, ...forked } }
            : { index, author: null, reason: MISSING };
        return false;
      }
      if (
        appended.value.status !== 'accepted' ||
        appended.value.from !== index ||
        replica.log.size !== index + 1
      )
        return stop(
          index,
          appended.value.status === 'duplicate'
            ? 'duplicate event'
            : 'event out of order or missing a predecessor',
        );
    }
    // An event that has those before it judged again (a race won, an absent seat that
    // answered) may wait on a check among them: those from there on are checked again.
    this.verified = Math.min(this.verified, replica.entryVerdicts.length);
    const index = this.verified;
    if (replica.entryVerdicts.length === index) return false;
    const verdict = replica.entryVerdicts[index];
    if (typeof verdict === 'object') return stop(index, verdict.rejected);
    this.verified = index + 1;
    return true;
  }

  /** The verdict on the whole transcript; meant once `done`. */
  result(): Verified {
    if (this.fault) return { ok: false, fault: this.fault };
    const outcome = this.replica.outcome();
    if (!this.done || !outcome || this.replica.state.step.type !== 'DONE') return fault(ENDS_EARLY);
    return {
      ok: true,
      outcome,
      genesis: this.genesis,
      events: this.replica.log.size,
      game: this.replica.state.game,
      findings: this.replica.state.findings,
      audited: this.replica.state.audit.map((record) => record !== null),
      ending: this.replica.state.ending,
      confirmedBy: this.replica.confirmedBy(),
      finality: this.replica.finality(),
    };
  }
}

/** Why an event that names one the transcript does not hold before it is refused. */
export const MISSING = 'it names an event this transcript does not hold before it';

/** Why a transcript of a game still under way (a download mid-game) is not a whole game. */
export const ENDS_EARLY = 'the transcript ends before the game is over';

/** Rebuilds and checks a game from its transcript alone; the outcome, or the first fault. */
export function verifyTranscript(raw: unknown): Verified {
  const check = TranscriptCheck.open(raw);
  if (!check.ok) return check;
  while (check.check.step());
  return check.check.result();
}

/** Faults a tampered or broken transcript meets, in words; the code stays for anyone who checks. */
const FAULT_WORDS: Record<string, string> = {
  ERR_SIGNATURE: 'its signature does not match its author',
  ERR_JSON: 'it is not well-formed JSON',
  ERR_FIELDS: 'its fields are not those of an event',
  ERR_BODY: 'its body is malformed',
  ERR_TABLE: 'it belongs to another table',
  ERR_TABLE_ID: 'it belongs to another table',
  ERR_UNKNOWN_SEAT: 'its author has no seat at this table',
  ERR_PREV: "it does not follow its author's previous event",
  ERR_SEQ: "its number does not follow its author's previous event",
  ERR_BASIS: 'it names the wrong number of seats',
  ERR_EQUIVOCATION: 'its author signed two different events for one turn',
};

/**
 * A fault in words, naming the event (numbered from 0, in transcript order)
 * and the seat that signed it: the same sentence on the command line and in the page.
 */
export function describeFault(fault: TranscriptFault, names: readonly string[]): string {
  if (fault.forked) {
    const { signer, seat, seq } = fault.forked;
    const name = (s: Seat) => names[s] ?? `seat ${s}`;
    return `event ${fault.index} (${name(signer)}'s) was signed over another version of ${name(seat)}'s event ${seq} than this transcript holds: ${name(seat)}'s events were changed after ${name(signer)} signed over them (${FORKED})`;
  }
  const words = FAULT_WORDS[fault.reason];
  const reason = words ? `${words} (${fault.reason})` : fault.reason;
  if (fault.index === null) return `invalid transcript: ${reason}`;
  const name = fault.author === null ? undefined : names[fault.author];
  const who =
    fault.author === null
      ? ''
      : name === undefined
        ? ` by seat ${fault.author}`
        : ` by ${name} (seat ${fault.author})`;
  return `event ${fault.index}${who} is bad: ${reason}`;
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cat". */
const andList = (items: readonly string[]): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * Whether the seats confirmed how the table ended, and whether its result is
 * final, in words. An ending before the game's own (a resignation, a claim of
 * absence, a refuted claim) that some seat did not confirm may be undone by an
 * event of that seat this transcript lacks, so no winner is final; a
 * transcript that also holds a seat's confirmation of another ending is
 * disputed: cut there, it names another result.
 */
export function describeEnding(verified: Extract<Verified, { ok: true }>): string {
  const { genesis } = verified;
  const name = (seat: Seat) => genesis.names[seat] ?? `seat ${seat}`;
  const missing = genesis.names.flatMap((_, seat) =>
    verified.confirmedBy.includes(seat) ? [] : [name(seat)],
  );
  const older =
    (genesis.protocol ?? 1) < HEADS_PROTOCOL
      ? `; made under protocol ${genesis.protocol ?? 1}, whose events name what they saw by count only, so a seat could have changed its own events after the others signed over them`
      : '';
  return `${endingWords(verified, missing, name)}${older}`;
}

/** `describeEnding` but the warning on older protocols. */
function endingWords(
  verified: Extract<Verified, { ok: true }>,
  missing: readonly string[],
  name: (seat: Seat) => string,
): string {
  const { finality, ending } = verified;
  if (missing.length === 0) return 'ending confirmed by every seat';
  if (finality.kind === 'final') return `not confirmed by ${andList(missing)}`;
  const endedBy = (end: Ending | null) =>
    end === null
      ? 'the game'
      : end.type === 'ABSENT'
        ? `${name(end.by)}'s claim that ${name(end.seat)} was absent`
        : end.type === 'RESIGN'
          ? `${name(end.seat)}'s resignation`
          : end.type === 'FALSE_SHARE'
            ? `${name(end.by)}'s proof that ${name(end.seat)} dealt a false share`
            : `a claim of ${name(end.seat)}'s that the cards deny`;
  const claim = `ended by ${endedBy(ending)}, not confirmed by ${andList(missing)}`;
  // On a timed table a claim is final once every other seat confirmed it past the answer
  // time: the claimed seat's word is not waited for.
  if (finality.kind === 'unconfirmed' && ending?.type === 'ABSENT' && verified.genesis.clock) {
    const others = finality.missing.filter((seat) => seat !== ending.seat).map(name);
    return `not final: ended by ${name(ending.by)}'s claim that ${name(ending.seat)} ran out of time, not confirmed past the answer time by ${andList(others)}; ${name(ending.seat)} may still have answered in time`;
  }
  if (finality.kind === 'unconfirmed')
    return `not final: ${claim}; no winner is final until every seat confirms`;
  const others = finality.confirmed.map(
    (o) => `${name(o.seat)} confirmed another ending (${endedBy(o.ending)})`,
  );
  return `disputed: ${claim}, and ${andList(others)}; no winner is final`;
}

/**
 * What the game's audit found, for a game with hidden claims (see
 * `Game.audit`); null for a game with none. It says plainly when the audit
 * did not run (the game ended by a RESIGN or an ABSENT first) or ran only in
 * part (a seat withheld its keys: only the claims the published keys open were
 * judged). `caught` puts one finding into words (on the command line, the name
 * and the code). The same sentence on the command line and in the page.
 */
export function describeAudit(
  verified: Extract<Verified, { ok: true }>,
  caught: (name: string, code: string) => string = (name, code) => `${name} (${code})`,
): string | null {
  const { findings, genesis, audited } = verified;
  if (!gameById(genesis.game as GameId)?.audit) return null;
  const name = (seat: Seat) => genesis.names[seat] ?? `seat ${seat}`;
  const named = findings.map((f) => caught(name(f.seat), f.reason));
  const withheld = audited.flatMap((done, seat) => (done ? [] : [name(seat)]));
  if (withheld.length === audited.length)
    return 'audit: did not run (the game ended before it); no hidden claim was checked';
  if (withheld.length > 0)
    return `audit: ran only in part, without the keys of ${andList(withheld)}: only the hidden claims the published keys open were checked; ${named.length === 0 ? 'nobody caught' : `caught ${andList(named)}`}`;
  if (findings.length === 0)
    return 'audit: every hidden claim checked against the opened cards; nobody caught';
  return `audit caught ${andList(named)}`;
}

function authorOf(event: string): Seat | null {
  try {
    const author = (JSON.parse(event) as { author?: unknown }).author;
    return typeof author === 'number' ? author : null;
  } catch {
    return null;
  }
}
