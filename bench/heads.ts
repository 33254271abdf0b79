/**
 * What naming the events one saw by hash costs (protocol 4, `Event.heads`), against
 * counts alone (protocol 3): the same tables, seeds and moves under each, run in turn
 * in one process, so the two columns of a row are measured side by side. The bytes are
 * what each seat sends (the setup, up to the first move, and a whole game) and the mean
 * size of an event of that game; the time is Start to the first move, a median over the
 * runs. The setups are move for move the same; a whole game may not be (its proofs are
 * bound to the genesis, which names the protocol), so compare its bytes per event.
 */
import { GAMES } from '../src/engine/catalog.ts';
import { HEADS_PROTOCOL } from '../src/engine/table/types.ts';
import { runTable, TABLES, type TableRun, type TableSpec } from './tables.ts';
import { median, ms, textTable } from './text.ts';

/** One table's figures under counts alone and under hashes. */
export interface HeadsFigure extends TableSpec {
  runs: number;
  /** Per protocol (3, then 4): median Start to first move, ms. */
  startMs: [number, number];
  /** Per protocol: median bytes a seat sends in the setup (the mean over the seats). */
  setupBytes: [number, number];
  /** Per protocol: the bytes a seat sends over a whole game (seed 1, the mean over the seats). */
  gameBytes: [number, number];
  /** Per protocol: the events of that whole game. */
  events: [number, number];
  /** Per protocol: the mean bytes of an event of that whole game (the coins may differ, so the games). */
  eventBytes: [number, number];
}

const perSeat = (sent: readonly { bytes: number }[]) =>
  sent.reduce((n, s) => n + s.bytes, 0) / sent.length;

/** Measures each table `runs` times under each protocol (seeds 1, 2, …), the first run whole. */
export async function benchHeads(
  runs: number,
  log: (line: string) => void,
): Promise<HeadsFigure[]> {
  const figures: HeadsFigure[] = [];
  for (const spec of TABLES) {
    const by: [TableRun[], TableRun[]] = [[], []];
    for (let seed = 1; seed <= runs; seed++)
      for (const [i, protocol] of [HEADS_PROTOCOL - 1, HEADS_PROTOCOL].entries()) {
        const run = await runTable(spec.game, spec.seats, seed, seed === 1, undefined, protocol);
        by[i]!.push(run);
        log(
          `${GAMES[spec.game].name}, ${spec.seats} seats, protocol ${protocol} #${seed}: first move ${ms(run.startMs)} ms`,
        );
      }
    const pair = <T>(f: (runs: TableRun[]) => T): [T, T] => [f(by[0]), f(by[1])];
    figures.push({
      ...spec,
      runs,
      startMs: pair((r) => median(r.map((x) => x.startMs))),
      setupBytes: pair((r) => median(r.map((x) => perSeat(x.setup)))),
      gameBytes: pair((r) => perSeat(r[0]!.game!.sent)),
      events: pair((r) => r[0]!.game!.events),
      eventBytes: pair((r) => r[0]!.game!.bytes / r[0]!.game!.events),
    });
  }
  return figures;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const ratio = (a: number, b: number) => `×${(b / a).toFixed(2)}`;

/** The figures as a table: each measure under protocol 3, under 4, and their ratio. */
export function headsTable(figures: readonly HeadsFigure[]): string {
  return textTable(
    [
      'table',
      'setup kB/seat 3 → 4',
      'ratio',
      'game kB/seat 3 → 4',
      'ratio',
      'events',
      'bytes/event 3 → 4',
      'ratio',
      'first move ms 3 → 4',
      'ratio',
    ],
    figures.map((f) => [
      `${GAMES[f.game].name}, ${f.seats}`,
      `${kB(f.setupBytes[0])} → ${kB(f.setupBytes[1])}`,
      ratio(...f.setupBytes),
      `${kB(f.gameBytes[0])} → ${kB(f.gameBytes[1])}`,
      ratio(...f.gameBytes),
      `${f.events[0]} → ${f.events[1]}`,
      `${Math.round(f.eventBytes[0])} → ${Math.round(f.eventBytes[1])}`,
      ratio(...f.eventBytes),
      `${ms(f.startMs[0])} → ${ms(f.startMs[1])}`,
      ratio(...f.startMs),
    ]),
  );
}
