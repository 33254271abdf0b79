/**
 * What each page's CPU time from Start to its first move is spent on, by kind of
 * work (`trace.ts`): Red & Black on two pages and Batailles on six, over PeerJS,
 * each run traced with the V8 sampling profiler on every page's main thread and
 * workers. The profiler slows the pages down (each run takes longer than an
 * untraced one), so these runs time nothing: they share each thread's CPU time,
 * read from /proc in the same run, out by each kind's part of its samples.
 */
import type { Stack } from '../scripts/stack.ts';
import type { GameId } from '../src/engine/catalog.ts';
import { closing, firstMove, openTable, timeStart } from './start.ts';
import { median, ms, textTable } from './text.ts';
import {
  markAt,
  pageWork,
  readSourceMaps,
  rendererPids,
  scaled,
  traced,
  WORK_KINDS,
  type PageWork,
  type Work,
} from './trace.ts';

/** How long a traced run may take to its first move: the profiler slows six pages several times over. */
const TRACED_TIMEOUT_MS = 600_000;

/** A table's work by kind: each run, each page. */
export interface TableWork {
  label: string;
  runs: PageWork[][];
}

/** One traced run of `seats` pages over PeerJS: each page's work from Start to its first move. */
async function tracedRun(
  stack: Stack,
  maps: ReturnType<typeof readSourceMaps>,
  game: GameId,
  seats: number,
): Promise<PageWork[]> {
  const { everySeat } = await firstMove(game);
  return closing(await openTable(stack, game, seats), async (pages) => {
    const pids = await rendererPids(stack.browser, pages);
    const { trace, result } = await traced(stack.browser, () =>
      timeStart(pages, game, 'start', pids, TRACED_TIMEOUT_MS),
    );
    if (result.pages === null) throw new Error('bench: no CPU time read for the pages (no /proc)');
    const cpu = result.pages;
    const start = markAt(trace, pids[0]!, 'fairdeal-start');
    const moves = pids.map((pid) => markAt(trace, pid, 'fairdeal-first-move'));
    const first = Math.min(...moves.filter((m) => m !== null));
    if (start === null || !Number.isFinite(first))
      throw new Error('bench: the trace lacks the marks of Start and the first move');
    return pids.map((pid, i) => {
      const work = pageWork(trace, maps, pid, start, everySeat ? (moves[i] ?? first) : first);
      return {
        main: scaled(work.main, cpu[i]!.main * 1000),
        workers: scaled(work.workers, cpu[i]!.workers * 1000),
      };
    });
  });
}

/**
 * Traces each table `runs` times on `stack`, an app built with source maps into
 * `outDir`; `log` hears a line per run.
 */
export async function benchWork(
  stack: Stack,
  outDir: string,
  runs: number,
  log: (line: string) => void = () => {},
): Promise<TableWork[]> {
  const maps = readSourceMaps(outDir);
  const tables = [
    { label: 'Red & Black, 2 pages over PeerJS', game: 'redblack', seats: 2 },
    { label: 'Batailles et piques, 6 pages over PeerJS', game: 'batailles', seats: 6 },
  ] as const;
  const results: TableWork[] = [];
  for (const { label, game, seats } of tables) {
    const result: TableWork = { label, runs: [] };
    for (let i = 0; i < runs; i++) {
      const pages = await tracedRun(stack, maps, game, seats);
      result.runs.push(pages);
      log(
        `${label} #${i + 1} traced: main threads ${pages.map((p) => ms(total(p.main))).join(', ')} ms, ` +
          `workers ${pages.map((p) => ms(total(p.workers))).join(', ')} ms`,
      );
    }
    results.push(result);
  }
  return results;
}

const total = (work: Work) => WORK_KINDS.reduce((sum, kind) => sum + work[kind], 0);

/**
 * One table per traced table: each kind of work in ms on a page's main thread and in its
 * workers, the median of every page of every run, and the worst page's (each run's page of
 * the most work, median of the runs).
 */
export function formatWork(results: readonly TableWork[]): string {
  return results
    .map(({ label, runs }) => {
      const every = runs.flat();
      const worst = runs.map(
        (pages) =>
          [...pages].sort(
            (a, b) => total(a.main) + total(a.workers) - total(b.main) - total(b.workers),
          )[pages.length - 1]!,
      );
      const column = (pages: PageWork[], thread: 'main' | 'workers', kind: (w: Work) => number) =>
        ms(median(pages.map((p) => kind(p[thread]))));
      const row = (name: string, kind: (w: Work) => number) => [
        name,
        column(every, 'main', kind),
        column(every, 'workers', kind),
        column(worst, 'main', kind),
        column(worst, 'workers', kind),
      ];
      return `  ${label}, CPU ms from Start to the first move by kind (${runs.length} traced runs):\n\n${textTable(
        ['kind of work', 'main thread', 'workers', 'worst page: main', 'workers'],
        [...WORK_KINDS.map((kind) => row(kind, (w) => w[kind])), row('all', total)],
      )}`;
    })
    .join('\n\n');
}
