/**
 * The six-devices model: a table's recorded setup (`steps.ts`) replayed as a
 * discrete-event simulation, each seat on a device of its own with one core, every
 * link between two devices the same one-way latency.
 *
 * A device's table opens at `start` (Start, then the genesis agreed over the links); its
 * events leave it only once its links have proved their seats, `linkHops` one-way trips
 * after it opened. A device does one job at a time, to its end: first its opening work
 * (`open`), then, for each step, making it (the author) or taking it in (every other
 * seat). A job can start
 * once the device is free and everything it rests on is done there: for a step, the
 * last event of each seat in its basis (the events before it follow, each resting on
 * those before); to take a step in, also its arrival, `latencyMs` after its author made
 * it, sent straight to every seat. Of the jobs that can start, the device takes the one
 * that could start first (then the one ready first, then the earlier step). A seat
 * sees its first move once it has taken in every event its version vector counts.
 *
 * Pure arithmetic: no clock, no randomness; test/bench/model.test.ts checks it on
 * hand-made tables.
 */

/** What the model needs of a recorded step (see `Step` of steps.ts). */
export interface ModelStep {
  author: number;
  seq: number;
  basis: readonly number[];
  /** Each seat's cost, ms: making it for the author, taking it in for the others. */
  cost: readonly number[];
}

/** What the model needs of a recorded table (see `Recording` of steps.ts). */
export interface ModelTable {
  steps: readonly ModelStep[];
  /** Per seat, the version vector it must hold to see its first move. */
  first: readonly (readonly number[])[];
  /** Per seat, work it does as the table opens, before any step, ms. */
  open: readonly number[];
}

/** What each device did, as the model played it. */
export interface Modeled {
  /** Per seat, Start to its first move, ms. */
  firstMove: number[];
  /** Per seat, its CPU up to its first move, ms. */
  busy: number[];
  /** Per seat and step, when that device was done with it, ms. */
  done: number[][];
}

/** When each device's table opens, and how many one-way trips its links take to prove their seats. */
export interface Opening {
  /** Per seat, ms after Start; 0 for every seat by default. */
  start?: readonly number[];
  /** 0 by default. */
  linkHops?: number;
}

/** Replays `table` on one single-core device per seat, every link `latencyMs` one way. */
export function simulate(table: ModelTable, latencyMs: number, opening: Opening = {}): Modeled {
  const seats = table.open.length;
  const start = opening.start ?? table.open.map(() => 0);
  const sendFrom = start.map((t) => t + (opening.linkHops ?? 0) * latencyMs);
  const index = new Map(table.steps.map((s, i) => [`${s.author}/${s.seq}`, i]));
  const stepAt = (seat: number, count: number): number => {
    const i = index.get(`${seat}/${count - 1}`);
    if (i === undefined) throw new Error(`model: no step ${count - 1} of seat ${seat}`);
    return i;
  };
  const deps = table.steps.map((s) =>
    s.basis.flatMap((count, seat) => (count > 0 ? [stepAt(seat, count)] : [])),
  );
  const free = table.open.map((open, seat) => start[seat]! + open);
  const done = table.steps.map(() => Array<number>(seats).fill(NaN));
  const jobs: { seat: number; step: number }[] = [];
  table.steps.forEach((_, step) => {
    for (let seat = 0; seat < seats; seat++) jobs.push({ seat, step });
  });
  // Every job of a step waits for the author's making of it: made first, then taken in.
  const readyAt = ({ seat, step }: { seat: number; step: number }): number | null => {
    const { author } = table.steps[step]!;
    let ready = 0;
    if (seat !== author) {
      const made = done[step]![author]!;
      if (Number.isNaN(made)) return null;
      ready = Math.max(made, sendFrom[author]!) + latencyMs;
    }
    for (const dep of deps[step]!) {
      const at = done[dep]![seat]!;
      if (Number.isNaN(at)) return null;
      ready = Math.max(ready, at);
    }
    return ready;
  };
  while (jobs.length > 0) {
    let best = -1;
    let bestStart = Infinity;
    let bestReady = Infinity;
    jobs.forEach((job, i) => {
      const ready = readyAt(job);
      if (ready === null) return;
      const start = Math.max(free[job.seat]!, ready);
      if (start < bestStart || (start === bestStart && ready < bestReady)) {
        [best, bestStart, bestReady] = [i, start, ready];
      }
    });
    if (best < 0) throw new Error('model: a step rests on one never made');
    const [{ seat, step }] = jobs.splice(best, 1) as [{ seat: number; step: number }];
    free[seat] = bestStart + table.steps[step]!.cost[seat]!;
    done[step]![seat] = free[seat]!;
  }
  const firstMove = table.first.map((vector, seat) =>
    vector.reduce(
      (t, count, s) => (count > 0 ? Math.max(t, done[stepAt(s, count)]![seat]!) : t),
      0,
    ),
  );
  const busy = firstMove.map(
    (until, seat) =>
      table.open[seat]! +
      table.steps.reduce((n, s, i) => (done[i]![seat]! <= until ? n + s.cost[seat]! : n), 0),
  );
  return { firstMove, busy, done };
}
