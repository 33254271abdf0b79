/**
 * How long the page's main thread is kept busy while a 52-card War table is
 * set up in headless Chromium, from Start to the first Flip (fresh keys, both
 * shuffles with their proofs, every check). Each page records its long tasks
 * (the PerformanceObserver 'longtask' entries: every task over 50 ms); a run
 * reports the longest task of either page. Two browsers at one table, and one
 * browser against the computer (whose proofs are made in the same page's
 * workers). It measures, never asserts.
 */
import type { Page } from 'playwright-core';
import { createTable, flipOffered, joinTable, type Stack } from '../scripts/stack.ts';
import { median, ms, textTable } from './text.ts';

/** The long tasks of one setup, each run, and the target the project holds the longest to. */
export interface LongTasks {
  label: string;
  /** The longest main-thread task of any page of the table, each run (ms; 0: none over 50). */
  longest: number[];
  /** How many long tasks all pages had together, each run. */
  count: number[];
  /** From Start to Flip offered on every page, each run (ms). */
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
  count: number;
  setup: number;
}

async function player(stack: Stack): Promise<Page> {
  const page = await stack.newPlayer();
  await page.context().addInitScript(recordLongTasks);
  return page;
}

/** Times Start to Flip on `pages` and reads their long tasks over it; closes the pages. */
async function timeSetup(pages: Page[], start: () => Promise<void>): Promise<Run> {
  try {
    const since = await Promise.all(pages.map(now));
    const t0 = Date.now();
    await start();
    await Promise.all(pages.map(flipOffered));
    const setup = Date.now() - t0;
    const found = await Promise.all(pages.map((page, i) => longestSince(page, since[i]!)));
    return {
      longest: Math.max(...found.map((f) => f.longest)),
      count: found.reduce((n, f) => n + f.count, 0),
      setup,
    };
  } finally {
    for (const page of pages) await page.context().close();
  }
}

async function twoBrowsers(stack: Stack): Promise<Run> {
  const alice = await player(stack);
  const bob = await player(stack);
  const invite = await createTable(alice, stack.url, 'Alice', 'war');
  await joinTable(bob, invite, 'Bob');
  await alice.waitForFunction(
    () => document.querySelector('[data-testid=start]:not([disabled])') !== null,
  );
  return timeSetup([alice, bob], () => alice.getByTestId('start').click());
}

async function againstComputer(stack: Stack): Promise<Run> {
  const page = await player(stack);
  await page.goto(stack.url);
  await page.getByTestId('name').fill('Solo');
  await page.getByTestId('game-war').click();
  return timeSetup([page], () => page.getByTestId('solo').click());
}

/** Measures both setups `runs` times each on `stack`; `log` hears a line per run. */
export async function benchLongTasks(
  stack: Stack,
  runs: number,
  log: (line: string) => void = () => {},
): Promise<LongTasks[]> {
  const setups = [
    { label: 'War, 52 cards, 2 pages over PeerJS', run: twoBrowsers },
    { label: 'War, 52 cards, 1 page against the computer', run: againstComputer },
  ];
  const results: LongTasks[] = [];
  for (const { label, run } of setups) {
    const result: LongTasks = { label, longest: [], count: [], setup: [] };
    for (let i = 0; i < runs; i++) {
      const r = await run(stack);
      result.longest.push(r.longest);
      result.count.push(r.count);
      result.setup.push(r.setup);
      log(
        `${label} #${i + 1}: longest task ${ms(r.longest)} ms, ${r.count} long tasks, ` +
          `setup ${ms(r.setup)} ms`,
      );
    }
    results.push(result);
  }
  return results;
}

/** The long-task table: medians and the worst run per setup, against the target. */
export function formatLongTasks(results: readonly LongTasks[]): string {
  return textTable(
    ['setup, Start to Flip', 'longest task, ms', 'worst run, ms', 'long tasks', 'setup, ms'],
    results.map((r) => [
      r.label,
      ms(median(r.longest)),
      ms(Math.max(...r.longest)),
      ms(median(r.count)),
      ms(median(r.setup)),
    ]),
  );
}
