/**
 * TableController: the reactive face of a `TableSession` for the components.
 * It re-reads the replica after every change: the game's `view` and
 * `legalActions` for this seat, the progress of long steps, the log in words,
 * anyone caught cheating, and each player's link with whom the table waits for.
 */
import type { Json, JsonObject } from '../engine/encoding.ts';
import type { Outcome } from '../engine/game.ts';
import type { SeatLinkState } from '../net/seats.ts';
import type { TableSession } from '../net/table.ts';
import { describeEntry, describeStep, type LogLine } from './describe.ts';
import { linkWords } from './waiting.ts';

export class TableController {
  view = $state<unknown>(null);
  /** Faces only this seat can read: card id -> face. Replaced whole on every change, never mutated. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  known = $state.raw<ReadonlyMap<number, number>>(new Map());
  legal = $state<readonly JsonObject[]>([]);
  progress = $state<{ text: string; done: number; total: number } | null>(null);
  log = $state<LogLine[]>([]);
  alarms = $state<string[]>([]);
  outcome = $state<Outcome | null>(null);
  audited = $state(false);
  autoplay = $state(false);
  /** The last action this page could not make, in words. */
  error = $state<string | null>(null);
  /** Each seat's link, as this page sees it (its own seat is `connected`). */
  links = $state<readonly SeatLinkState[]>([]);
  /** Whom the table waits for because a link is down, in words; null while every link is up. */
  waiting = $state<string | null>(null);

  readonly names: readonly string[];
  readonly seat: number;
  readonly gameId: string;
  readonly rules: readonly string[];
  private described = 0;
  private autoplayPending = false;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly memory = new Map<number, number>();
  private readonly unsubscribe: () => void;

  constructor(
    readonly session: TableSession<Json>,
    private readonly autoplayDelayMs = 0,
  ) {
    this.names = session.genesis.names;
    this.seat = session.seat;
    this.gameId = session.genesis.game;
    this.rules = session.playable.rules;
    this.unsubscribe = session.subscribe(() => this.refresh());
    this.refresh();
  }

  act(action: JsonObject): void {
    const result = this.session.act(action);
    this.error = result.ok ? null : `That move was refused (${result.error}).`;
  }

  setAutoplay(on: boolean): void {
    this.autoplay = on;
    this.maybeAutoplay();
  }

  close(): void {
    this.unsubscribe();
    this.session.close();
  }

  private refresh(): void {
    const replica = this.session.replica;
    const state = replica.state;
    this.view = this.session.playable.game.view(state.game, this.seat);
    this.legal = this.session.legalActions();
    this.known = this.remember(this.session.knownFaces());
    this.progress = describeStep(state, this.names);
    this.outcome = replica.outcome();
    this.audited = state.step.type === 'DONE';
    this.links = this.session.links.states();
    this.waiting = linkWords(
      this.names,
      this.links,
      replica.owed().map((o) => o.seat),
    );
    this.appendLog();
    this.alarms = [
      ...replica
        .offences()
        .map(
          (o) =>
            `${this.names[o.seat] ?? `Seat ${o.seat}`} was caught: ${o.reason}. The table stopped.`,
        ),
      ...this.session.refusals.map(
        (r) => `Refused an event relayed by ${this.names[r.from]}: ${r.reason}.`,
      ),
    ];
    this.maybeAutoplay();
  }

  /**
   * Faces this seat has read stay known to it while their ids name the same
   * cards: a card it placed facedown stays known after the other player's
   * peek has moved it under the peeker's layer. A fresh deck forgets all.
   */
  private remember(fresh: Map<number, number>): ReadonlyMap<number, number> {
    // Mid-shuffle, ids are positions in a deck still being permuted: nothing read there lasts.
    if (this.session.replica.state.step.type === 'SHUFFLE') {
      this.memory.clear();
      return fresh;
    }
    for (const [id, face] of fresh) this.memory.set(id, face);
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    return new Map([...this.memory, ...fresh]);
  }

  private appendLog(): void {
    const replica = this.session.replica;
    const entries = replica.log.entries();
    // A late concurrent event can reorder the tail, a race can void an entry already
    // described: describe it afresh from the first change.
    const firstChanged = Math.min(this.described, replica.takeEarliestChange());
    const lines = [...this.log];
    if (firstChanged < this.described) lines.length = 0;
    const start = firstChanged < this.described ? 0 : this.described;
    for (let i = start; i < replica.entryVerdicts.length; i++) {
      lines.push(
        ...describeEntry(
          entries[i]!,
          replica.entryVerdicts[i]!,
          replica.stateAfter(i)!,
          replica.stateAfter(i + 1)!,
          this.names,
        ),
      );
    }
    this.described = replica.entryVerdicts.length;
    this.log = lines;
  }

  private maybeAutoplay(): void {
    if (!this.autoplay || this.autoplayPending || this.legal.length === 0) return;
    this.autoplayPending = true;
    setTimeout(() => {
      this.autoplayPending = false;
      if (!this.autoplay) return;
      // Choose on the state as it is now: events may have arrived since this was scheduled.
      const legal = this.session.legalActions();
      const view = this.session.playable.game.view(this.session.replica.state.game, this.seat);
      const choice =
        legal.length > 0 ? this.session.playable.bot(view, legal, Math.random, this.known) : null;
      if (choice) this.act(choice);
    }, this.autoplayDelayMs);
  }
}
