/**
 * Start to the first move in headless Chromium, the app built and served as a
 * user gets it, with a PeerServer on loopback: tables of several pages, each
 * page a player in its own browser context that links to the others over real
 * PeerJS (WebRTC data channels on loopback) and checks every proof itself;
 * and, for comparison, a six-seat Batailles table in one page (the player and
 * five computer players, which share their proof checks). Every page, each
 * run, is new. It measures, never asserts.
 */
import type { Page } from 'playwright-core';
import type { Stack } from '../scripts/stack.ts';
import type { GameId } from '../src/engine/catalog.ts';
import { cpus } from 'node:os';
import { CPU_KINDS, cpuSince, cpuTimes, cpuTotal, type CpuKind, type CpuTimes } from './cpu.ts';
import { median, ms, textTable } from './text.ts';

/** A table measured in the browser: its runs and their medians, in ms. */
export interface BrowserStart {
  label: string;
  /** Start to the first move offered on any page, each run. */
  first: number[];
  /** Start to a move offered on every page, each run, where every seat gets one at once. */
  every: number[];
  /** The target for `first`, when the project has one. */
  targetMs?: number;
  /** The CPU time the browser used from Start to the last move timed, each run (Linux only). */
  cpu: CpuTimes[];
}

/** What the first move looks like on a game's board, and whether every seat gets one at once. */
const FIRST_MOVE: Partial<Record<GameId, { selector: string; everySeat: boolean }>> = {
  // One player, the dealer's opponent, guesses first.
  redblack: { selector: '[data-testid^=guess-]', everySeat: false },
  // Every player lays two cards at once.
  batailles: { selector: '[data-testid=lay]', everySeat: true },
};

/**
 * Run in each page, as source text (tsx would add helpers a page lacks): keeps
 * the wall-clock time at which `selector` first matches, Date.now() being one
 * clock for every page of the machine.
 */
const WATCH = `(selector) => {
  window.fairDealFirstMove = new Promise((resolve) => {
    const seen = () => document.querySelector(selector) !== null;
    if (seen()) return resolve(Date.now());
    new MutationObserver((_, observer) => {
      if (!seen()) return;
      observer.disconnect();
      resolve(Date.now());
    }).observe(document.body, { childList: true, subtree: true });
  });
}`;

/** Clicks `testid` and returns the wall-clock time just before. */
const CLICK = `(testid) => {
  const at = Date.now();
  document.querySelector('[data-testid=' + testid + ']').click();
  return at;
}`;

const call = <T>(page: Page, fn: string, arg: string): Promise<T> =>
  page.evaluate<T>(`(${fn})(${JSON.stringify(arg)})`);

const SLOW = { timeout: 120_000 };

/** Home screen: the player's name and the game, and for Batailles the seats. */
export async function choose(page: Page, url: string, name: string, game: GameId, seats: number) {
  await page.goto(url);
  await page.getByTestId('name').fill(name);
  await page.getByTestId(`game-${game}`).click();
  if (game === 'batailles') await page.getByTestId('seats').selectOption(String(seats));
}

/**
 * Times Start (the `button` on the first page) to the first move: one run, in
 * ms from the click to the first page offered one and, where every seat gets
 * one at once, to the last.
 */
async function timeStart(pages: Page[], game: GameId, button: string) {
  const { selector, everySeat } = FIRST_MOVE[game]!;
  for (const page of pages) await call(page, WATCH, selector);
  const before = cpuTimes();
  const clicked = await call<number>(pages[0]!, CLICK, button);
  const when = (page: Page) =>
    page
      .waitForFunction('window.fairDealFirstMove', null, SLOW)
      .then(() => page.evaluate<number>('window.fairDealFirstMove'));
  const first = (await Promise.race(pages.map(when))) - clicked;
  const every = everySeat ? Math.max(...(await Promise.all(pages.map(when)))) - clicked : null;
  const after = cpuTimes();
  return { first, every, cpu: before && after && cpuSince(before, after) };
}

/** One run of `seats` pages over PeerJS: the first creates the table, the others join by its link. */
async function overPeerJs(stack: Stack, game: GameId, seats: number) {
  const pages: Page[] = [];
  try {
    for (let i = 0; i < seats; i++) pages.push(await stack.newPlayer());
    const [host, ...guests] = pages;
    await choose(host!, stack.url, 'Host', game, seats);
    await host!.getByTestId('create').click();
    const invite = await host!.getByTestId('invite').inputValue();
    for (const [i, page] of guests.entries()) {
      await page.goto(invite);
      await page.getByTestId('name').fill(`Guest ${i + 1}`);
      await page.getByTestId('join').click();
      await page.getByTestId('lobby').waitFor(SLOW);
    }
    await host!.waitForFunction(
      "document.querySelector('[data-testid=start]:not([disabled])') !== null",
      null,
      SLOW,
    );
    // Every page has drawn the full lobby before the clock starts.
    for (const page of pages)
      await page.waitForFunction(
        `document.querySelectorAll('[data-testid=seat-name]').length === ${seats}`,
        null,
        SLOW,
      );
    return await timeStart(pages, game, 'start');
  } finally {
    for (const page of pages) await page.context().close();
  }
}

/** One run of a six-seat Batailles table in one page: the player and five computer players. */
async function solo(stack: Stack) {
  const page = await stack.newPlayer();
  try {
    await choose(page, stack.url, 'Bench', 'batailles', 6);
    return await timeStart([page], 'batailles', 'solo');
  } finally {
    await page.context().close();
  }
}

/**
 * Measures each table `runs` times on `stack` (the app built and served with a
 * PeerServer on loopback): Red & Black on two pages and Batailles on six over
 * PeerJS, and Batailles at six seats in one page. `log` hears a line per run.
 */
export async function benchStarts(
  stack: Stack,
  runs: number,
  log: (line: string) => void = () => {},
): Promise<BrowserStart[]> {
  const tables = [
    {
      label: 'Red & Black, 2 pages over PeerJS',
      targetMs: 1000,
      run: () => overPeerJs(stack, 'redblack', 2),
    },
    {
      label: 'Batailles et piques, 6 pages over PeerJS',
      targetMs: 4000,
      run: () => overPeerJs(stack, 'batailles', 6),
    },
    {
      label: 'Batailles et piques, 6 seats in 1 page (5 computers)',
      run: () => solo(stack),
    },
  ];
  const results: BrowserStart[] = [];
  for (const { label, targetMs, run } of tables) {
    const result: BrowserStart = { label, first: [], every: [], targetMs, cpu: [] };
    for (let i = 0; i < runs; i++) {
      const { first, every, cpu } = await run();
      result.first.push(first);
      if (every !== null) result.every.push(every);
      if (cpu !== null) result.cpu.push(cpu);
      log(
        `${label} #${i + 1}: first move ${first} ms` +
          (every === null ? '' : `, on every page ${every} ms`) +
          (cpu === null ? '' : `, CPU ${cpuTotal(cpu).toFixed(1)} s`),
      );
    }
    results.push(result);
  }
  return results;
}

/** The browser table: medians per table, every run, the target. */
export function formatBrowserStarts(starts: readonly BrowserStart[]): string {
  return textTable(
    ['table', 'first page, ms', 'every page, ms', 'runs (first page)', 'target'],
    starts.map((s) => [
      s.label,
      ms(median(s.first)),
      s.every.length === 0 ? '' : ms(median(s.every)),
      s.first.map(ms).join(', '),
      s.targetMs === undefined
        ? ''
        : `under ${ms(s.targetMs)}: ${median(s.first) < s.targetMs ? 'met' : 'missed'}`,
    ]),
  );
}

const HEADING: Record<CpuKind, string> = {
  pages: 'main threads',
  workers: 'crypto workers',
  'renderer pool': 'renderer pool',
  other: 'other',
};

/**
 * What each table cost the machine, medians of its runs: the browser's CPU seconds by
 * kind of thread, and that total spread over every core, the least time any schedule
 * of that work could take here. Empty where the CPU time could not be read.
 */
export function formatBrowserCpu(starts: readonly BrowserStart[]): string {
  const measured = starts.filter((s) => s.cpu.length > 0);
  if (measured.length === 0) return '';
  const cores = cpus().length;
  const s1 = (xs: number[]) => median(xs).toFixed(1);
  return textTable(
    ['table', 'CPU s', ...CPU_KINDS.map((kind) => HEADING[kind]), `÷ ${cores} cores, ms`],
    measured.map((s) => [
      s.label,
      s1(s.cpu.map(cpuTotal)),
      ...CPU_KINDS.map((kind) => s1(s.cpu.map((c) => c[kind]))),
      ms((median(s.cpu.map(cpuTotal)) * 1000) / cores),
    ]),
  );
}
