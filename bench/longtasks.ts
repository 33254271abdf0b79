/**
 * How long a page's main thread is kept busy while a table of each game is set
 * up in headless Chromium, from Start to the first move (fresh keys, every
 * shuffle with its proofs, every check). Each page records its long tasks (the
 * PerformanceObserver 'longtask' entries: every task over 50 ms); a run reports
 * the longest task of any page. Every game at its pages over PeerJS, and War
 * and six-seat Batailles in one page against the computer (whose proofs are
 * made in the same page's workers). It measures, never asserts.
 */
import type { Page } from 'playwright-core';
import type { Stack } from '../scripts/stack.ts';
import type { GameId } from '../src/engine/catalog.ts';
import { call, CLICK, closing, firstMove, openSolo, openTable, WATCH } from './start.ts';
import { median, ms, textTable } from './text.ts';
import { longestTaskCpu, markAt, rendererPids, TASKS, traced } from './trace.ts';

/** The long tasks of one setup, each run, and the target the project holds the longest to. */
export interface LongTasks {
  label: string;
  /** The longest main-thread task of any page of the table, each run (ms; 0: none over 50). */
  longest: number[];
  /** The most CPU time one task of any page's main thread took, each run (ms; from a trace). */
  longestCpu: number[];
  /** How many long tasks all pages had together, each run. */
  count: number[];
  /** From Start to the first move (on every page, where every seat gets one at once), each run (ms). */
  setup: number[];
}

/** Under this, no task holds the page long enough for a player to notice (ms). */
export const LONG_TASK_TARGET_MS = 50;

/** Every long task of the page from now on, kept where `longestSince` reads it. */
function recordLongTasks() {
  const tasks: { start: number; duration: number }[] = [];
  (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** The page's clock now, to read its long tasks from. */
const now = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The longest task of `page` that started at `since` or later (0 for none), and how many there were. */
const longestSince = (page: Page, since: number) =>
  page.evaluate((since) => {
    const tasks = (window as unknown as { longTasks: { start: number; duration: number }[] })
      .longTasks;
    const after = tasks.filter((t) => t.start >= since);
    return { longest: Math.max(0, ...after.map((t) => t.duration)), count: after.length };
  }, since);

interface Run {
  longest: number;
  longestCpu: number;
  count: number;
  setup: number;
}

async function player(stack: Stack): Promise<Page> {
  const page = await stack.newPlayer();
  await page.context().addInitScript(recordLongTasks);
  return page;
}

/**
 * Times Start (`button` on the first page) to the first move on `pages` and reads their long
 * tasks over it, and from a trace of every task the most CPU time one of them took.
 */
async function timeSetup(pages: Page[], game: GameId, button: string): Promise<Run> {
  const { selector, everySeat } = await firstMove(game);
  const browser = pages[0]!.context().browser()!;
  const pids = await rendererPids(browser, pages);
  for (const page of pages) await call(page, WATCH, selector);
  const since = await Promise.all(pages.map(now));
  const when = (page: Page) =>
    page
      .waitForFunction('window.fairDealFirstMove', null, { timeout: 120_000 })
      .then(() => page.evaluate<number>('window.fairDealFirstMove'));
  const { result: setup, trace } = await traced(
    browser,
    async () => {
      const t0 = await call<number>(pages[0]!, CLICK, button);
      const moves = everySeat
        ? await Promise.all(pages.map(when))
        : [await Promise.race(pages.map(when))];
      return Math.max(...moves) - t0;
    },
    TASKS,
  );
  const found = await Promise.all(pages.map((page, i) => longestSince(page, since[i]!)));
  const start = markAt(trace, pids[0]!, 'fairdeal-start') ?? 0;
  const end = Math.max(...pids.map((pid) => markAt(trace, pid, 'fairdeal-first-move') ?? 0));
  return {
    longest: Math.max(...found.map((f) => f.longest)),
    longestCpu: Math.max(...pids.map((pid) => longestTaskCpu(trace, pid, start, end))),
    count: found.reduce((n, f) => n + f.count, 0),
    setup,
  };
}

/** One run of `game` at `seats` pages over PeerJS. */
const overPeerJs = (game: GameId, seats: number) => async (stack: Stack) =>
  closing(await openTable(stack, game, seats, () => player(stack)), (pages) =>
    timeSetup(pages, game, 'start'),
  );

/** One run of `game` at `seats` seats in one page: the player and the computer's. */
const againstComputer = (game: GameId, seats: number) => async (stack: Stack) =>
  closing([await openSolo(stack, game, seats, () => player(stack))], (pages) =>
    timeSetup(pages, game, 'solo'),
  );

/** The setups measured: every game over PeerJS, and two against the computer. */
const SETUPS = [
  { label: 'Red & Black, 2 pages over PeerJS', run: overPeerJs('redblack', 2) },
  { label: 'Black & Red, 2 pages over PeerJS', run: overPeerJs('blackred', 2) },
  { label: 'War, 2 pages over PeerJS', run: overPeerJs('war', 2) },
  { label: 'War, 1 page against the computer', run: againstComputer('war', 2) },
  { label: 'Town for Two, 2 pages over PeerJS', run: overPeerJs('town', 2) },
  { label: 'Batailles et piques, 3 pages over PeerJS', run: overPeerJs('batailles', 3) },
  { label: 'Batailles et piques, 6 seats in 1 page', run: againstComputer('batailles', 6) },
];

/** Measures every setup `runs` times on `stack`; `log` hears a line per run. */
export async function benchLongTasks(
  stack: Stack,
  runs: number,
  log: (line: string) => void = () => {},
): Promise<LongTasks[]> {
  const results: LongTasks[] = [];
  for (const { label, run } of SETUPS) {
    const result: LongTasks = { label, longest: [], longestCpu: [], count: [], setup: [] };
    for (let i = 0; i < runs; i++) {
      const r = await run(stack);
      result.longest.push(r.longest);
      result.longestCpu.push(r.longestCpu);
      result.count.push(r.count);
      result.setup.push(r.setup);
      log(
        `${label} #${i + 1}: longest task ${ms(r.longest)} ms (CPU ${ms(r.longestCpu)} ms), ` +
          `${r.count} long tasks, ` +
          `setup ${ms(r.setup)} ms`,
      );
    }
    results.push(result);
  }
  return results;
}

/** The long-task table: medians and the worst run per setup, and the most CPU one task took. */
export function formatLongTasks(results: readonly LongTasks[]): string {
  return textTable(
    [
      'setup, Start to the first move',
      'longest task, ms',
      'worst run, ms',
      'most CPU in one task, ms',
      'long tasks',
      'setup, ms',
    ],
    results.map((r) => [
      r.label,
      ms(median(r.longest)),
      ms(Math.max(...r.longest)),
      ms(median(r.longestCpu)),
      ms(median(r.count)),
      ms(median(r.setup)),
    ]),
  );
}
