/**
 * ReplayController: a transcript opened in the page, checked event by event
 * with the same module as `npm run verify` (`TranscriptCheck`), and drawn as a
 * chosen player saw the table after any checked event. Every proof is checked
 * in the page's crypto pool, as at a table, and the cards of the audit view are
 * opened there too; the rest (signatures, rules, words) runs in short slices
 * so that the page stays live. The slider reaches only checked events, and a
 * bad event stops the check there, named.
 */
import { gameById, type Playable } from '../../engine/games/registry.ts';
import { GAMES, isGameId } from '../../engine/catalog.ts';
import { auditKeyring, CheckBook, privateFaces, type Genesis } from '../../engine/table/index.ts';
import {
  ENDS_EARLY,
  TranscriptCheck,
  describeAudit,
  describeEnding,
  describeFault,
} from '../../engine/transcript.ts';
import { describeEntry, describeFinding, type LogLine } from '../words/describe.ts';
import { auditOf, hashRows, type AuditWords, type HashWords } from '../words/audit.ts';
import { describeTableResult } from '../words/outcome.ts';
import { FaceMemory } from './memory.ts';
import { equivocationSteps, protocolStep, type ProtocolStep } from '../words/protocol.ts';
import { InThreadPool, type CryptoPool } from '../../net/pool.ts';
import { runByWords } from '../words/runby.ts';

/**
 * Where the check stands: under way, the whole game verified, verified with
 * a player the game's audit caught, every event good but the game
 * unfinished, or stopped at a fault.
 */
export type ReplayStatus = 'verifying' | 'verified' | 'caught' | 'unfinished' | 'failed';

/** How long one slice of checking may hold the page before it yields, in ms. */
const SLICE_MS = 30;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The events checked before the replay stopped, the first `verified` of them: "events 0 to 9". */
const checkedEvents = (verified: number): string =>
  verified === 1 ? 'event 0' : `events 0 to ${verified - 1}`;

/** The verdict on a transcript refused at event `verified`, `fault` telling why. */
export const refusedWords = (fault: string, verified: number): string =>
  `${capitalised(fault)}. The replay stops before it: ${verified === 0 ? 'it is the first event' : `${checkedEvents(verified)} ${verified === 1 ? 'holds' : 'hold'}`}.`;

/** The verdict when the page's workers fail after `verified` events were checked. */
export const poolFailedWords = (error: string, verified: number): string =>
  `This page could not check the proofs (${error}): the replay stops ${verified === 0 ? 'before its first event' : `after ${checkedEvents(verified)}, checked so far`}.`;

export class ReplayController {
  /** Events checked and found good so far, from the first. */
  verified = $state(0);
  /** Events applied to the table drawn: 0 is the table before the first event. */
  position = $state(0);
  /** Whose view of the table is drawn. */
  seat = $state(0);
  status = $state<ReplayStatus>('verifying');
  /** The verdict in words once the check is done. */
  verdict = $state<string | null>(null);
  /** Once the whole game is verified: the state hash this replay reached (a transcript holds no other). */
  hashes = $state<HashWords | null>(null);
  /**
   * Every layer key's scalar the published audit reveals so far: with it a
   * seat's own cards can be read, as that seat read them in the game.
   */
  // Replaced whole once the check is done, never mutated.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private secrets = $state.raw<Map<string, bigint>>(new Map());
  /** The words for each checked event, in order. */
  private lines = $state.raw<LogLine[][]>([]);
  /** Each checked event as a protocol step, in order. */
  private steps = $state.raw<ProtocolStep[]>([]);
  /** Where the check stopped at a cheat: the refused event (or equivocation) as a step, with its evidence. */
  private refused = $state.raw<ProtocolStep[]>([]);

  readonly genesis: Genesis;
  readonly names: readonly string[];
  /** Per seat, the words saying that another player's page ran it (`runby.ts`), or null. */
  readonly runBy: readonly (string | null)[];
  readonly gameId: string;
  readonly title: string;
  readonly total: number;
  private readonly playable: Playable;
  /** Ciphertexts already read, by face: a cache, never drawn. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly cache = new Map<string, number>();
  /**
   * For each seat, what it knew after each event so far, from the first: a cache,
   * never drawn, filled as far as asked and made afresh when the keys change.
   */
  private memories: { memory: FaceMemory; known: ReadonlyMap<number, number>[] }[] = [];
  private memoriesFor: ReadonlyMap<string, bigint> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** Checks sent to the pool, by id: each is asked once. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- never drawn
  private readonly asked = new Set<string>();
  /** Answers from the pool not learned yet: learned in the next slice, not as each comes. */
  private answers: [string, boolean][] = [];
  /** This page's time and its workers' over each event, in ms, by entry hash (the protocol panel's). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- never drawn
  private readonly spent = new Map<string, number>();

  /** The table after `position` events, as `seat` saw it: the game's own view with what that seat could read. */
  readonly view = $derived.by(() => {
    const state = this.check.replica.stateAfter(Math.min(this.position, this.verified))!;
    return this.playable.view(state.game, this.seat, this.known);
  });

  /**
   * The faces the chosen seat knew after `position` events (read with the audit's keys,
   * once checked): those it read then, and those it had read before that still held.
   */
  readonly known = $derived(
    this.knownAt(this.seat, Math.min(this.position, this.verified), this.secrets),
  );

  /** The game log in words up to `position`. */
  readonly log = $derived(this.lines.slice(0, this.position).flat());

  /** The protocol's steps up to `position`; at the last one, the refused event that stopped the check. */
  readonly protocol = $derived([
    ...this.steps.slice(0, this.position),
    ...(this.position === this.verified ? this.refused : []),
  ]);

  /** The last event applied, in words; null before the first. */
  readonly current = $derived.by(() => {
    if (this.position === 0) return null;
    const index = this.position - 1;
    const entry = this.check.replica.log.entries()[index]!;
    const who = this.names[entry.event.author] ?? `seat ${entry.event.author}`;
    const words = this.lines[index]?.map((line) => line.text).join(' ');
    // A step the game log does not tell (a coin bit, a seal) reads as the protocol panel tells it.
    return words
      ? `Event ${index} by ${who}: ${words}`
      : `Event ${index}: ${this.steps[index]?.text ?? who}.`;
  });

  private constructor(
    private readonly check: TranscriptCheck,
    private readonly pool: CryptoPool,
    /** The transcript as opened, for a download. */
    private readonly raw: unknown,
  ) {
    this.genesis = check.genesis;
    this.names = check.genesis.names;
    this.runBy = runByWords(this.names, check.genesis.runBy, null);
    this.gameId = check.genesis.game;
    this.title = isGameId(this.gameId) ? GAMES[this.gameId].name : this.gameId;
    this.total = check.events.length;
    this.playable = gameById(this.gameId as never)!;
    this.schedule();
  }

  /**
   * Opens an untrusted transcript (parsed JSON) and starts checking it, every
   * proof in `pool` (the page's crypto workers); why it cannot, in words.
   */
  static open(raw: unknown, pool: CryptoPool = new InThreadPool()): ReplayController | string {
    const opened = TranscriptCheck.open(raw, new CheckBook());
    if (!opened.ok) return capitalised(describeFault(opened.fault, []));
    return new ReplayController(opened.check, pool, raw);
  }

  /** The transcript as opened, as text, in the layout a table downloads. */
  transcriptText(): string {
    return JSON.stringify(this.raw, null, 1);
  }

  /** What `seat` knew after `position` events, read with `secrets`. */
  private knownAt(
    seat: number,
    position: number,
    secrets: ReadonlyMap<string, bigint>,
  ): ReadonlyMap<number, number> {
    if (this.memoriesFor !== secrets) {
      this.memoriesFor = secrets;
      this.memories = [];
    }
    const line = (this.memories[seat] ??= { memory: new FaceMemory(), known: [] });
    const keyring = {
      has: (key: string) => secrets.has(key),
      scalarFor: (key: string) => secrets.get(key)!,
    };
    // Fed every state in turn, as the seat's own page saw them.
    while (line.known.length <= position) {
      const state = this.check.replica.stateAfter(line.known.length)!;
      line.known.push(line.memory.update(state, privateFaces(state, seat, keyring, this.cache)));
    }
    return line.known[position]!;
  }

  /** Moves the table drawn to after `position` events, within those checked. */
  goTo(position: number): void {
    this.position = Math.max(0, Math.min(this.verified, Math.round(position)));
  }

  /** The game opened with every player's published keys (in the pool), in words; or why it cannot be. */
  audit(): Promise<AuditWords | string> {
    return auditOf(this.check.replica, this.names, this.pool);
  }

  /** Stops checking: the page leaves the replay. Answers still to come are dropped. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Checks events for one slice of time, describes them, and schedules the
   * next slice; or, at an event whose proofs are being checked in the pool,
   * waits for their answers.
   */
  private run(): void {
    this.timer = null;
    const until = performance.now() + SLICE_MS;
    const replica = this.check.replica;
    const lines = [...this.lines];
    const steps = [...this.steps];
    for (let started = performance.now(); started < until; started = performance.now()) {
      if (this.answers.length > 0) this.check.learn(this.answers.splice(0));
      const index = this.check.verified;
      const stepped = this.check.step();
      // This page's time over the event (the log, the fold), to which its workers' is added.
      const entry = replica.log.entries()[index];
      if (entry) this.spend(entry.hash, performance.now() - started);
      if (!stepped) break;
      const i = this.check.verified - 1;
      const before = replica.stateAfter(i)!;
      const after = replica.stateAfter(i + 1)!;
      const verdict = replica.entryVerdicts[i]!;
      const verifyMs = this.spent.get(entry!.hash) ?? 0;
      // Indexed, not pushed: an event that re-judges those before it has them checked again.
      lines[i] = describeEntry(entry!, verdict, before, after, this.names);
      steps[i] = protocolStep(replica, i, this.names, { proveMs: null, verifyMs });
    }
    this.lines = lines.slice(0, this.check.verified);
    this.steps = steps.slice(0, this.check.verified);
    this.verified = this.check.verified;
    this.position = Math.min(this.position, this.verified);
    if (this.check.waiting) return this.askPool();
    if (!this.check.done) {
      this.schedule();
      return;
    }
    const refusedAt = this.check.replica.log.entries()[this.check.verified];
    this.refused = this.refusedSteps(this.spent.get(refusedAt?.hash ?? '') ?? 0);
    this.finish();
  }

  /** The next slice, in a task of its own once the page has drawn. */
  private schedule(): void {
    if (this.timer === null && !this.closed) this.timer = setTimeout(() => this.run(), 0);
  }

  /** Adds `ms` to the time spent over the entry `hash`. */
  private spend(hash: string, ms: number): void {
    this.spent.set(hash, (this.spent.get(hash) ?? 0) + ms);
  }

  /**
   * Has the pool do every check the next event waits for, each once; a slice
   * runs again as answers come, with each check's time in its worker added to
   * the event that asked it (as a table's protocol panel counts it).
   */
  private askPool(): void {
    const { wanted, askedBy } = this.check.ahead();
    for (const [id, job] of wanted) {
      if (this.asked.has(id)) continue;
      this.asked.add(id);
      this.pool.check(job).then(
        ({ holds, ms }) => {
          if (this.closed) return;
          const hash = askedBy.get(id);
          if (hash !== undefined) this.spend(hash, ms);
          this.answers.push([id, holds]);
          this.schedule();
        },
        (e: unknown) => this.poolFailed(e),
      );
    }
  }

  /** The pool failed: nothing more can be checked in this page. */
  private poolFailed(e: unknown): void {
    if (this.closed || this.status !== 'verifying') return;
    this.close();
    this.status = 'failed';
    this.verdict = poolFailedWords(e instanceof Error ? e.message : String(e), this.verified);
  }

  /** The event the check refused, if the fold refused it (not the log), and any equivocation. */
  private refusedSteps(verifyMs: number): ProtocolStep[] {
    const replica = this.check.replica;
    const at = this.check.verified;
    const refused =
      typeof replica.entryVerdicts[at] === 'object'
        ? [protocolStep(replica, at, this.names, { proveMs: null, verifyMs })]
        : [];
    return [...refused, ...equivocationSteps(replica, this.names)];
  }

  private finish(): void {
    const result = this.check.result();
    this.secrets = auditKeyring(this.check.replica.state);
    if (result.ok) {
      const played = this.playable.outcome(result.game);
      const words = describeTableResult(
        this.gameId,
        result.outcome,
        played,
        result.game,
        this.names,
        -1,
      );
      // A game with hidden claims: what its audit found once every key was open.
      const audit = describeAudit(
        result,
        (name, code) => `${name} for ${describeFinding(this.gameId, code)}`,
      );
      this.status = result.findings.length > 0 ? 'caught' : 'verified';
      this.hashes = hashRows(this.check.replica, this.names, null, []);
      // An ending that is not final names no winner: the ending's words say why.
      const named =
        result.finality.kind === 'final' ? `${words.headline}. ${capitalised(words.reason)} ` : '';
      this.verdict = `Verified: all ${result.events} events hold, every signature, chain link, proof and rule.${audit ? ` ${capitalised(audit)}.` : ''} ${named}${capitalised(describeEnding(result))}.`;
    } else if (result.fault.reason === ENDS_EARLY && this.check.fault === null) {
      this.status = 'unfinished';
      this.verdict = `All ${this.total} events hold, but ${ENDS_EARLY}: the cards still locked cannot be opened.`;
    } else {
      this.status = 'failed';
      this.verdict = refusedWords(describeFault(result.fault, this.names), this.verified);
    }
  }
}
