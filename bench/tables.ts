/**
 * The table benchmark in memory: every seat of a table in this process, each
 * with its own identity, keys, replica and links, over the in-memory network,
 * computer players choosing the moves (what `npm run simulate` plays). For
 * each table it times Start (the table created) to the first legal move
 * offered to any seat, and counts the messages and payload bytes each seat
 * sends for the setup (up to that move) and for a whole game. It measures,
 * never asserts, but an honest table that names anyone stops it.
 */
import { localTable } from '../src/bots/table.ts';
import { GAMES, type GameId } from '../src/engine/catalog.ts';
import { LoopbackNetwork } from '../src/net/loopback.ts';
import type { CryptoPool } from '../src/net/pool.ts';
import { fillFrom, seededBytes } from '../scripts/seeded-bytes.ts';
import { median, ms, textTable } from './text.ts';

/** What one seat sent: messages, and their payload in UTF-8 bytes. */
export interface Sent {
  messages: number;
  bytes: number;
}

const utf8 = new TextEncoder();

/** The in-memory network, counting what each peer sends on it. */
export class CountingNetwork extends LoopbackNetwork {
  private readonly counts = new Map<string, Sent>();

  /** @internal Every message a linked peer sends passes here once. */
  override post(envelope: { from: string; to: string; data: string }): void {
    const sent = this.counts.get(envelope.from) ?? { messages: 0, bytes: 0 };
    sent.messages += 1;
    sent.bytes += utf8.encode(envelope.data).length;
    this.counts.set(envelope.from, sent);
    super.post(envelope);
  }

  /** What `peer` has sent so far. */
  sent(peer: string): Sent {
    const sent = this.counts.get(peer);
    return { messages: sent?.messages ?? 0, bytes: sent?.bytes ?? 0 };
  }
}

/** One table measured. */
export interface TableRun {
  /** Start to the first legal move offered to any seat, in ms. */
  startMs: number;
  /** What each seat sent up to that move. */
  setup: Sent[];
  /** The events each seat had signed by then, and their bytes: what the setup must carry. */
  signed: { events: number; bytes: number }[];
  /** The whole game (audit included), when it was played out; `bytes`, of every event in its log. */
  game?: { sent: Sent[]; ms: number; events: number; bytes: number };
}

const NAMES = ['Ada', 'Babbage', 'Curie', 'Dijkstra', 'Euler', 'Fermat'];

/**
 * Seats `seats` computer players at a table of `game`, times Start to the
 * first legal move and, if `whole`, plays the game out. `seed` fixes the
 * players' choices and the bytes behind every key and shuffle (as
 * `simulate --seed` does), so a run's counts come out the same every time.
 * `pool` is where the seats make and check their proofs (by default a fresh
 * `InThreadPool`, as `localTable` gives).
 */
export async function runTable(
  game: GameId,
  seats: number,
  seed: number,
  whole: boolean,
  pool?: CryptoPool,
  protocol?: number,
): Promise<TableRun> {
  const random = crypto.getRandomValues;
  const draw = seededBytes(`bench|${game}|${seats}|${seed}`);
  crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => fillFrom(draw, array);
  const network = new CountingNetwork();
  const sentBy = () => table.sessions.map((_, seat) => network.sent(`local-${seat}`));
  const started = performance.now();
  const table = localTable({
    game,
    names: NAMES.slice(0, seats),
    seed,
    table: `bench-${game}-${seats}-${seed}`,
    network,
    pool,
    protocol,
  });
  try {
    const listening: (() => void)[] = [];
    const startMs = await new Promise<number>((resolve, reject) => {
      const check = () => {
        if (table.sessions.some((s) => s.replica.stopped))
          reject(new Error(`bench: the ${game} table stopped before its first move`));
        else if (table.sessions.some((s) => s.legalActions().length > 0))
          resolve(performance.now() - started);
      };
      for (const session of table.sessions) listening.push(session.subscribe(check));
    });
    // Checked no more: the whole game is timed as the simulator plays it.
    for (const stop of listening) stop();
    // A seat may be offered its move by its own last duty, signed but not yet sent: the setup
    // counts it. Sending takes promises only, so no computer player has moved by then.
    await Promise.all(table.sessions.map((s) => s.whenSent()));
    const signed = table.sessions.map((s) => {
      const own = s.replica.log.entries().filter((e) => e.event.author === s.seat);
      return { events: own.length, bytes: own.reduce((n, e) => n + e.bytes.length, 0) };
    });
    const setup = { startMs, setup: sentBy(), signed };
    if (!whole) return setup;
    await table.finished();
    const replica = table.sessions[0]!.replica;
    const named = replica.offences();
    if (named.length > 0)
      throw new Error(`bench: an honest ${game} table named ${named.map((o) => o.seat)}`);
    const events = replica.log.size;
    const bytes = replica.log.entries().reduce((n, e) => n + e.bytes.length, 0);
    return { ...setup, game: { sent: sentBy(), ms: performance.now() - started, events, bytes } };
  } finally {
    table.close();
    crypto.getRandomValues = random;
  }
}

/** A table the benchmark seats. */
export interface TableSpec {
  game: GameId;
  seats: number;
}

/** Every game at two seats, Batailles et piques at three and six. */
export const TABLES: readonly TableSpec[] = [
  { game: 'war', seats: 2 },
  { game: 'redblack', seats: 2 },
  { game: 'blackred', seats: 2 },
  { game: 'town', seats: 2 },
  { game: 'batailles', seats: 3 },
  { game: 'batailles', seats: 6 },
];

/** A table's figures over several runs: medians, per seat for the counts. */
export interface TableFigure extends TableSpec {
  runs: number;
  /** Median Start to first move, ms. */
  startMs: number;
  setup: Sent[];
  /** Events each seat signed in the setup. */
  signed: number[];
  /** How many runs played the whole game, and their medians. */
  games: number;
  whole: { sent: Sent[]; ms: number; events: number } | null;
}

const medianSent = (runs: readonly Sent[][], seats: number): Sent[] =>
  Array.from({ length: seats }, (_, seat) => ({
    messages: median(runs.map((r) => r[seat]!.messages)),
    bytes: median(runs.map((r) => r[seat]!.bytes)),
  }));

/**
 * Measures `spec` `runs` times (seeds 1, 2, ...); the first `games` runs play
 * the whole game. `log` hears a line per run.
 */
export async function benchTable(
  spec: TableSpec,
  runs: number,
  games: number,
  log: (line: string) => void = () => {},
): Promise<TableFigure> {
  const done: TableRun[] = [];
  for (let seed = 1; seed <= Math.max(runs, games); seed++) {
    const run = await runTable(spec.game, spec.seats, seed, seed <= games);
    done.push(run);
    log(
      `${label(spec)} #${seed}: first move ${ms(run.startMs)} ms` +
        (run.game ? `, game ${ms(run.game.ms)} ms, ${run.game.events} events` : ''),
    );
  }
  const played = done.flatMap((r) => (r.game ? [r.game] : []));
  return {
    ...spec,
    runs: done.length,
    startMs: median(done.map((r) => r.startMs)),
    setup: medianSent(
      done.map((r) => r.setup),
      spec.seats,
    ),
    signed: Array.from({ length: spec.seats }, (_, seat) =>
      median(done.map((r) => r.signed[seat]!.events)),
    ),
    games: played.length,
    whole:
      played.length === 0
        ? null
        : {
            sent: medianSent(
              played.map((g) => g.sent),
              spec.seats,
            ),
            ms: median(played.map((g) => g.ms)),
            events: median(played.map((g) => g.events)),
          },
  };
}

/** "War, 2 seats". */
export const label = (spec: TableSpec): string => `${GAMES[spec.game].name}, ${spec.seats} seats`;

const kB = (bytes: number): string => (bytes / 1000).toFixed(1);

/** The timing table: one row per table. */
export function formatTableStarts(figures: readonly TableFigure[]): string {
  return textTable(
    ['table', 'Start → first move, ms', 'runs', 'whole game, ms', 'events', 'games'],
    figures.map((f) => [
      label(f),
      ms(f.startMs),
      String(f.runs),
      f.whole ? ms(f.whole.ms) : '',
      f.whole ? String(f.whole.events) : '',
      String(f.games),
    ]),
  );
}

/** The traffic table: one row per seat of each table. */
export function formatTraffic(figures: readonly TableFigure[]): string {
  return textTable(
    ['table', 'seat', 'setup events', 'setup msgs', 'setup kB', 'game msgs', 'game kB'],
    figures.flatMap((f) =>
      f.setup.map((setup, seat) => {
        const game = f.whole?.sent[seat];
        return [
          seat === 0 ? label(f) : '',
          NAMES[seat]!,
          String(f.signed[seat]),
          String(setup.messages),
          kB(setup.bytes),
          game ? String(game.messages) : '',
          game ? kB(game.bytes) : '',
        ];
      }),
    ),
    2,
  );
}
