/**
 * `npm run bench`, second part: how long the page's main thread is kept busy while a
 * 52-card War table is set up in headless Chromium, from Start to the first Flip
 * (fresh keys, both shuffles with their proofs, every check). Each page records its
 * long tasks (the PerformanceObserver 'longtask' entries: every task over 50 ms); a
 * run reports the longest task of either page, and the figures are medians over
 * several runs, for two browsers at one table and for one browser against the
 * computer (whose cryptography runs in the same page). Prints figures; asserts none.
 */
import type { Page } from 'playwright-core';
import { createTable, flipOffered, joinTable, startStack, type Stack } from '../scripts/stack.ts';

const RUNS = Number(process.env.FAIRDEAL_BENCH_RUNS ?? 5);

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

/** The longest task of `page` that started at `since` or later, and how many there were; 0 for none. */
const longestSince = (page: Page, since: number) =>
  page.evaluate((since) => {
    const tasks = (window as unknown as { longTasks: { start: number; duration: number }[] })
      .longTasks;
    const after = tasks.filter((t) => t.start >= since);
    return { longest: Math.max(0, ...after.map((t) => t.duration)), count: after.length };
  }, since);

interface Run {
  /** The longest main-thread task of any page of the table during the setup (ms; 0: none over 50). */
  longest: number;
  /** Long tasks of all pages together. */
  count: number;
  /** From Start to Flip offered on every page (ms). */
  setup: number;
}

async function player(stack: Stack): Promise<Page> {
  const page = await stack.newPlayer();
  await page.context().addInitScript(recordLongTasks);
  return page;
}

async function twoBrowsers(stack: Stack): Promise<Run> {
  const alice = await player(stack);
  const bob = await player(stack);
  const invite = await createTable(alice, stack.url, 'Alice', 'war');
  await joinTable(bob, invite, 'Bob');
  await alice.waitForFunction(
    () => document.querySelector('[data-testid=start]:not([disabled])') !== null,
  );
  const pages = [alice, bob];
  const since = await Promise.all(pages.map(now));
  const t0 = Date.now();
  await alice.getByTestId('start').click();
  await Promise.all(pages.map(flipOffered));
  const setup = Date.now() - t0;
  const found = await Promise.all(pages.map((page, i) => longestSince(page, since[i]!)));
  await Promise.all(pages.map((page) => page.context().close()));
  return {
    longest: Math.max(...found.map((f) => f.longest)),
    count: found.reduce((n, f) => n + f.count, 0),
    setup,
  };
}

async function againstComputer(stack: Stack): Promise<Run> {
  const page = await player(stack);
  await page.goto(stack.url);
  await page.getByTestId('name').fill('Solo');
  await page.getByTestId('game-war').click();
  const since = await now(page);
  const t0 = Date.now();
  await page.getByTestId('solo').click();
  await flipOffered(page);
  const setup = Date.now() - t0;
  const found = await longestSince(page, since);
  await page.context().close();
  return { ...found, setup };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const ms = (x: number) => (x === 0 ? 'none over 50 ms' : `${x.toFixed(0)} ms`);

async function measure(name: string, stack: Stack, run: (stack: Stack) => Promise<Run>) {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await run(stack);
    runs.push(r);
    console.log(
      `  ${name} run ${i + 1}: longest task ${ms(r.longest)}, ${r.count} long tasks, ` +
        `setup ${(r.setup / 1000).toFixed(1)} s`,
    );
  }
  return {
    name,
    longest: median(runs.map((r) => r.longest)),
    worst: Math.max(...runs.map((r) => r.longest)),
    count: median(runs.map((r) => r.count)),
    setup: median(runs.map((r) => r.setup)),
  };
}

console.log(`Long main-thread tasks while a 52-card War table is set up (${RUNS} runs each) ...`);
const stack = await startStack();
try {
  const results = [
    await measure('two browsers', stack, twoBrowsers),
    await measure('against the computer', stack, againstComputer),
  ];
  console.log('');
  console.log(
    `  ${'setup, Start to Flip'.padEnd(24)}${'median longest'.padStart(16)}${'worst'.padStart(17)}` +
      `${'long tasks'.padStart(12)}${'setup s'.padStart(9)}`,
  );
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(24)}${ms(r.longest).padStart(16)}${ms(r.worst).padStart(17)}` +
        `${String(r.count).padStart(12)}${(r.setup / 1000).toFixed(1).padStart(9)}`,
    );
} finally {
  await stack.close();
}
