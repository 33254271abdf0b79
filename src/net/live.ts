/**
 * A replica fed from the network, every proof checked in the crypto pool: what a seat's
 * `TableSession` and a spectator's `WatchSession` both run. It takes events as they come
 * (`receive`), has the pool check every proof the replica waits for or will next
 * (`Replica.ahead`), and learns the answers together, once per task: at six seats each
 * event arrives over five links, and a look ahead for each message and each answer took
 * half of a page's judging time during the setup.
 *
 * It keeps what only a page can know: how long this device took to check each event
 * (`timings`; a seat adds the time it took to make its own), and which events it refused
 * and from whose link.
 */
import { learnDeck } from '../../crypto/index.ts';
import type { Json } from '../engine/encoding.ts';
import { parseEvent } from '../engine/events.ts';
import type { Seat } from '../engine/game.ts';
import type { Playable } from '../engine/games/registry.ts';
import { CheckBook } from '../engine/table/checks.ts';
import { deckId } from '../engine/table/decks.ts';
import { Replica } from '../engine/table/replica.ts';
import type { Genesis } from '../engine/table/types.ts';
import type { Result } from '../engine/result.ts';
import type { CryptoPool } from './pool.ts';

/** An event this peer refused, and the seat whose link it came over. */
export interface RelayRefusal {
  readonly from: Seat;
  readonly reason: string;
}

/** How long this device took over one event, in ms: making it (its own duties only), and checking it. */
export interface StepTiming {
  /** Making the event and its proofs; null for an event this seat did not make, or a move. */
  readonly proveMs: number | null;
  /** Checking it: the log and the fold, every proof and rule. */
  readonly verifyMs: number;
}

/** What a live replica tells its session. */
export interface LiveReplicaHost {
  /** The pool failed. */
  changed(): void;
  /** The pool answered checks: the ids of those that hold, to keep, as they are learned. */
  answered(held: readonly string[]): void;
  /** The answers are learned: the replica may have judged more. */
  learned(): void;
  /** Two versions of one event were found: both should reach every linked peer. */
  equivocation(events: readonly [Uint8Array, Uint8Array]): void;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** What `receive` did with an event: placed, and fresh (not a copy of one held). */
type Received = Result<{ fresh: boolean }, string>;

export class LiveReplica<S extends Json = Json> {
  readonly replica: Replica<S>;
  /** This device's time over each event in the log, by event hash. */
  readonly timings = new Map<string, StepTiming>();
  /** Events refused, each sender and reason once. */
  readonly refusals: RelayRefusal[] = [];
  /** Why the crypto pool failed, or null; the table cannot go on in this page after it. */
  poolError: string | null = null;
  /** The answers to the replica's proof checks, as the pool gives them. */
  private readonly book = new CheckBook();
  /** Checks sent to the pool and not answered yet, by id. */
  private readonly checking = new Set<string>();
  /** Answers from the pool not learned yet: learned together in the next look ahead. */
  private answers: [string, boolean][] = [];
  /** True while a look ahead waits for its task (`lookAheadSoon`). */
  private lookScheduled = false;
  private closed = false;

  constructor(
    readonly genesis: Genesis,
    readonly playable: Playable<S>,
    private readonly pool: CryptoPool,
    private readonly host: LiveReplicaHost,
  ) {
    const initial = playable.setup(genesis.options);
    // The lobby and the transcript reader check options before a session exists.
    if (!initial.ok) throw new Error(`the table's options are unusable: ${initial.error}`);
    this.replica = new Replica(genesis, playable, initial.value, this.book);
    // The fold needs the face points once the keys are in: hashed in the pool, not here.
    const decks = playable
      .decks(genesis.options)
      .map((deck) => ({ id: deckId(genesis, deck.name), size: deck.size }));
    this.pool.faces(decks).then(
      (faces) => faces.forEach((encodings, i) => learnDeck(decks[i]!.id, encodings)),
      (e) => this.failed(e),
    );
  }

  /** Takes in an event from `from`'s link; a refusal is kept, once per sender and reason. */
  receive(from: Seat, event: string): Received {
    const { log } = this.replica;
    const equivocations = log.equivocations.length;
    const evidence = log.evidence.length;
    const result = this.timed(() => this.replica.receive(event));
    // A new equivocation stops the table: both versions go to every peer.
    if (!result.ok && log.equivocations.length > equivocations)
      this.host.equivocation(log.equivocations.at(-1)!.events);
    // An event chained onto another version of its author's previous event than ours is
    // a fork too: ours goes with it to every peer, so a seat holding the other version
    // finds the two and names the author, as we do. Once per refused event.
    const refused = log.evidence.at(-1);
    if (!result.ok && result.error === 'ERR_PREV' && log.evidence.length > evidence && refused) {
      const forked = parseEvent(refused.bytes);
      const ours = forked.ok ? log.at(forked.value.author, forked.value.seq - 1) : undefined;
      if (refused.signed && ours) this.host.equivocation([ours.bytes, refused.bytes]);
    }
    if (!result.ok) {
      // Copies of a refused event may come from every seat that answers a pull.
      if (!this.refusals.some((r) => r.from === from && r.reason === result.error))
        this.refusals.push({ from, reason: result.error });
      return result;
    }
    return { ok: true, value: { fresh: result.value.fresh } };
  }

  /** Checks this device found holding before (a restore): not run again. */
  knowChecked(ids: Iterable<string>): void {
    for (const id of ids) this.book.learn(id, true);
  }

  /**
   * Runs `receive` (the log and the fold, on the replica) and keeps its time for each
   * entry it placed, shared between them: one event may release others that waited for it.
   */
  timed<T extends { placed: readonly { hash: string }[] }>(
    receive: () => Result<T, string>,
  ): Result<T, string> {
    const started = performance.now();
    const result = receive();
    if (result.ok && result.value.placed.length > 0) {
      const verifyMs = (performance.now() - started) / result.value.placed.length;
      for (const { hash } of result.value.placed)
        if (!this.timings.has(hash)) this.timings.set(hash, { proveMs: null, verifyMs });
    }
    return result;
  }

  /**
   * Looks ahead in a task of its own, once for every change and answer that
   * came meanwhile: each look folds every event still under check.
   */
  lookAheadSoon(): void {
    if (this.lookScheduled || this.closed) return;
    this.lookScheduled = true;
    setTimeout(() => {
      this.lookScheduled = false;
      if (this.closed) return;
      const answers = this.answers;
      this.answers = [];
      if (answers.length > 0) {
        this.replica.learn(answers);
        this.host.answered(answers.flatMap(([id, holds]) => (holds ? [id] : [])));
      }
      this.checkAhead();
      if (answers.length > 0) this.host.learned();
    }, 0);
  }

  /** Records why the pool failed: nothing more can be checked or made here. */
  failed(e: unknown): false {
    this.poolError ??= messageOf(e);
    this.host.changed();
    return false;
  }

  /** Stops: no more checks are asked, no answer is learned. */
  close(): void {
    this.closed = true;
  }

  /**
   * Has the pool do every check the replica waits for, or will next (those `ahead`
   * lists); each answer is learned in the next look ahead.
   */
  private checkAhead(): void {
    if (this.poolError !== null) return;
    const { wanted, askedBy } = this.replica.ahead();
    for (const [id, job] of wanted) {
      if (this.checking.has(id)) continue;
      this.checking.add(id);
      const entry = askedBy.get(id);
      this.pool.check(job).then(
        ({ holds, ms }) => {
          this.checking.delete(id);
          if (this.closed) return;
          if (entry !== undefined) this.addCheckTime(entry, ms);
          this.answers.push([id, holds]);
          this.lookAheadSoon();
        },
        (e) => this.failed(e),
      );
    }
  }

  /** Adds a worker's time checking one proof of the entry `hash` to that entry's checking time. */
  private addCheckTime(hash: string, ms: number): void {
    const timing = this.timings.get(hash);
    this.timings.set(hash, {
      proveMs: timing?.proveMs ?? null,
      verifyMs: (timing?.verifyMs ?? 0) + ms,
    });
  }
}
