/**
 * The cryptography of a table session, as the jobs a crypto worker does: the
 * fold's proof checks (`CheckJob`, see src/engine/table/checks.ts), this
 * seat's next duty (its KEY, SHUFFLE, unlock shares..., proofs included), and
 * the audit view's opening of every card with the published keys. Plain
 * functions of plain data: a pool of Web Workers runs them in the browser
 * (src/net/crypto-worker.ts) and the in-thread pool runs the very same code
 * in Node, so every test goes through the path the page takes.
 */
import {
  deckEncodings,
  observeOperations,
  OPERATIONS,
  precomputeTables,
  type Operation,
} from '../../crypto/index.ts';
import type { Json } from '../engine/encoding.ts';
import type { DeckSpec, Seat } from '../engine/game.ts';
import { makeDuty } from '../engine/table/author.ts';
import { Keyring, type KeyringSecrets } from '../engine/table/keyring.ts';
import type { TableBody } from '../engine/table/bodies.ts';
import { runChecks, type CheckJob } from '../engine/table/checks.ts';
import { auditReport, type AuditLog, type AuditReport } from '../engine/table/report.ts';
import type { Result } from '../engine/result.ts';
import type { TableState } from '../engine/table/types.ts';

/** What a worker needs to make this seat's duty: the state it is owed in, and the seat's secrets. */
export interface DutyRequest {
  readonly state: TableState<Json>;
  readonly seat: Seat;
  /** Every secret of the seat's keyring (`Keyring.all`). */
  readonly secrets: KeyringSecrets;
  /** The game's decks for the table's options: the keys of the first shuffle are made per deck. */
  readonly decks: readonly DeckSpec[];
}

/** A duty made: its body (null if nothing was owed) and the secrets it drew, to be stored before it is sent. */
export interface DutyDone {
  readonly body: TableBody | null;
  readonly secrets: KeyringSecrets | null;
  /** How long the worker took to make it, in ms (the protocol panel's times). */
  readonly ms: number;
}

/**
 * A check done: whether the proof holds, and how long the worker took to check
 * it, in ms (its share of the batch it was checked in).
 */
export interface CheckDone {
  readonly holds: boolean;
  readonly ms: number;
}

/** The game opened with the published keys, or `ERR_NO_AUDIT` while a seat's are missing. */
export type AuditDone = Result<AuditReport, 'ERR_NO_AUDIT'>;

/**
 * How many proofs this thread (a page, or one worker) has made and checked, by
 * function, and how many cards it opened with published keys. Kept for
 * diagnostics and tests (a page can show that its own thread made, checked and
 * opened none, its workers all); the protocol never reads it.
 */
export type WorkTally = Record<Operation, number>;

/**
 * This thread's tally, counted from crypto/'s reports since this module was
 * loaded: as a worker starts, and in a page as main.ts starts (through the
 * pool), before any proof.
 */
const counts = Object.fromEntries(OPERATIONS.map((op) => [op, 0])) as WorkTally;
observeOperations((op) => {
  counts[op] += 1;
});

/** The largest deck a game deals from: the generators a worker prepares as it starts. */
export const LARGEST_DECK = 52;

/** The jobs of a crypto worker. */
export const work = {
  /**
   * Whether the proof of each job holds, checked together (`runChecks`: one
   * batch, each answer exactly the job's own). The batch's time is shared
   * among the jobs by their size, a proof's cost growing with its points.
   */
  checks(jobs: readonly CheckJob[]): CheckDone[] {
    const started = performance.now();
    const verdicts = runChecks(jobs);
    const ms = performance.now() - started;
    const sizes = jobs.map((job) => job.parts.reduce((n, part) => n + part.length, 0));
    const total = sizes.reduce((a, b) => a + b, 0) || 1;
    return verdicts.map((holds, i) => ({ holds, ms: (ms * sizes[i]!) / total }));
  },
  /** Makes the duty this seat owes in `request.state`, with a copy of its keyring. */
  duty(request: DutyRequest): DutyDone {
    const started = performance.now();
    const keyring = new Keyring();
    keyring.restore(request.secrets);
    const body = makeDuty(request.state, request.seat, keyring, { decks: () => request.decks });
    return { body, secrets: keyring.takeUnsaved(), ms: performance.now() - started };
  },
  /**
   * The encodings of each deck's face points, for the page to `learnDeck`: so that
   * hashing 52 points to the curve is not done in the page as the first shuffle opens.
   */
  faces(decks: readonly { id: string; size: number }[]): Uint8Array[][] {
    return decks.map((deck) => deckEncodings(deck.id, deck.size));
  },
  /**
   * The game of `log` opened with the published keys (`auditReport`): a card
   * opened at every shuffle and re-mask, seconds for a long match.
   */
  audit(log: AuditLog): AuditDone {
    return auditReport(log);
  },
  /** The proofs this thread has made and checked, and the cards it opened. */
  tally(): WorkTally {
    return { ...counts };
  },
  /** Builds the fixed-base tables and generators the proofs use, once for this thread. */
  prepare(): void {
    precomputeTables(LARGEST_DECK);
  },
};

/** The jobs, as a pool offers them: each may run in another thread. */
export type Work = {
  [K in keyof typeof work]: (
    ...args: Parameters<(typeof work)[K]>
  ) => Promise<ReturnType<(typeof work)[K]>>;
};
