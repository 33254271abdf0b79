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
import { GAMES, type GameId } from '../src/engine/catalog.ts';
import type { FirstMove } from '../src/ui/games/game.ts';
import { cpus } from 'node:os';
import {
  CPU_KINDS,
  cpuSince,
  cpuTimes,
  cpuTotal,
  pageCpu,
  pageCpuSince,
  pageCpuTotal,
  type CpuKind,
  type CpuTimes,
  type PageCpu,
} from './cpu.ts';
import { rendererPids } from './trace.ts';
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
  /**
   * Each page's own CPU time (its renderer process) from Start to its first move, or to
   * the table's where one seat moves first: each run, every page (Linux only).
   */
  pages: PageCpu[][];
}

/** What the first move looks like on `game`'s board: its UI folder's `first-move.ts`. */
export async function firstMove(game: GameId): Promise<FirstMove> {
  const file = (await import(`../src/ui/games/${game}/first-move.ts`)) as { firstMove: FirstMove };
  return file.firstMove;
}

/**
 * Run in each page, as source text (tsx would add helpers a page lacks): keeps
 * the wall-clock time at which `selector` first matches, Date.now() being one
 * clock for every page of the machine, and marks it for a trace.
 */
export const WATCH = `(selector) => {
  window.fairDealFirstMove = new Promise((resolve) => {
    const seen = () => document.querySelector(selector) !== null;
    const found = () => {
      performance.mark('fairdeal-first-move');
      resolve(Date.now());
    };
    if (seen()) return found();
    new MutationObserver((_, observer) => {
      if (!seen()) return;
      observer.disconnect();
      found();
    }).observe(document.body, { childList: true, subtree: true });
  });
}`;

/** Clicks `testid` and returns the wall-clock time just before; marks it for a trace. */
export const CLICK = `(testid) => {
  performance.mark('fairdeal-start');
  const at = Date.now();
  document.querySelector('[data-testid=' + testid + ']').click();
  return at;
}`;

export const call = <T>(page: Page, fn: string, arg: string): Promise<T> =>
  page.evaluate<T>(`(${fn})(${JSON.stringify(arg)})`);

const SLOW = { timeout: 120_000 };

/** Home screen: the player's name and the game, and the seats where the game offers a choice. */
export async function choose(page: Page, url: string, name: string, game: GameId, seats: number) {
  await page.goto(url);
  await page.getByTestId('name').fill(name);
  await page.getByTestId(`game-${game}`).click();
  const { minSeats, maxSeats } = GAMES[game];
  if (minSeats !== maxSeats) await page.getByTestId('seats').selectOption(String(seats));
}

/**
 * Times Start (the `button` on the first page) to the first move: one run, in
 * ms from the click to the first page offered one and, where every seat gets
 * one at once, to the last; and the CPU time of the browser and of each page
 * (`knownPids`: each page's renderer process, when the caller has them). A
 * traced run, slower, may wait longer than `timeout` ms.
 */
export async function timeStart(
  pages: Page[],
  game: GameId,
  button: string,
  knownPids?: number[],
  timeout = SLOW.timeout,
) {
  const { selector, everySeat } = await firstMove(game);
  const pids = knownPids ?? (await rendererPids(pages[0]!.context().browser()!, pages));
  for (const page of pages) await call(page, WATCH, selector);
  const before = cpuTimes();
  const pagesBefore = pids.map(pageCpu);
  const clicked = await call<number>(pages[0]!, CLICK, button);
  const cpuOf = (i: number) => {
    const [then, now] = [pagesBefore[i], pageCpu(pids[i]!)];
    return then && now ? pageCpuSince(then, now) : null;
  };
  const when = (page: Page) =>
    page
      .waitForFunction('window.fairDealFirstMove', null, { timeout })
      .then(() => page.evaluate<number>('window.fairDealFirstMove'));
  // Each page's CPU is read when its own first move is seen, or the table's first.
  const own = pages.map((page, i) => when(page).then((at) => ({ at, cpu: cpuOf(i) })));
  const first = (await Promise.race(own)).at - clicked;
  const onFirst = pages.map((_, i) => cpuOf(i));
  const moves = everySeat ? await Promise.all(own) : null;
  const every = moves ? Math.max(...moves.map((m) => m.at)) - clicked : null;
  const after = cpuTimes();
  const perPage = moves ? moves.map((m) => m.cpu) : onFirst;
  return {
    first,
    every,
    cpu: before && after && cpuSince(before, after),
    pages: perPage.every((c) => c !== null) ? (perPage as PageCpu[]) : null,
  };
}

/**
 * `seats` pages at one table over PeerJS, each in the lobby with every seat drawn, ready
 * for Start on the first: it creates the table, the others join by its link. `newPage`
 * makes each page (the stack's `newPlayer`).
 */
export async function openTable(
  stack: Stack,
  game: GameId,
  seats: number,
  newPage: () => Promise<Page> = () => stack.newPlayer(),
): Promise<Page[]> {
  const pages: Page[] = [];
  try {
    for (let i = 0; i < seats; i++) pages.push(await newPage());
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
    return pages;
  } catch (error) {
    for (const page of pages) await page.context().close();
    throw error;
  }
}

/** A page on the home screen with `game` chosen at `seats`, ready to play it against the computer. */
export async function openSolo(
  stack: Stack,
  game: GameId,
  seats: number,
  newPage: () => Promise<Page> = () => stack.newPlayer(),
): Promise<Page> {
  const page = await newPage();
  await choose(page, stack.url, 'Bench', game, seats);
  return page;
}

/** Runs `measure` on `pages`, then closes them. */
export async function closing<T>(pages: Page[], measure: (pages: Page[]) => Promise<T>) {
  try {
    return await measure(pages);
  } finally {
    for (const page of pages) await page.context().close();
  }
}

/** One run of `seats` pages over PeerJS. */
const overPeerJs = async (stack: Stack, game: GameId, seats: number) =>
  closing(await openTable(stack, game, seats), (pages) => timeStart(pages, game, 'start'));

/** One run of a six-seat Batailles table in one page: the player and five computer players. */
const solo = async (stack: Stack) =>
  closing([await openSolo(stack, 'batailles', 6)], (pages) =>
    timeStart(pages, 'batailles', 'solo'),
  );

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
      targetMs: 450,
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
    const result: BrowserStart = { label, first: [], every: [], targetMs, cpu: [], pages: [] };
    for (let i = 0; i < runs; i++) {
      const { first, every, cpu, pages } = await run();
      result.first.push(first);
      if (every !== null) result.every.push(every);
      if (cpu !== null) result.cpu.push(cpu);
      if (pages !== null) result.pages.push(pages);
      log(
        `${label} #${i + 1}: first move ${first} ms` +
          (every === null ? '' : `, on every page ${every} ms`) +
          (cpu === null ? '' : `, CPU ${cpuTotal(cpu).toFixed(1)} s`) +
          (pages === null
            ? ''
            : `, pages ${pages.map((p) => ms(pageCpuTotal(p) * 1000)).join(', ')} ms`),
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

/**
 * Each page's own CPU time, Start to its first move (or the table's, where one seat moves
 * first), medians of the runs: the median page and the worst, in all and by thread. The
 * figure one player's device would spend, but for the waits its peers' work adds. Empty
 * where it could not be read.
 */
export function formatPageCpu(starts: readonly BrowserStart[]): string {
  const measured = starts.filter((s) => s.pages.length > 0);
  if (measured.length === 0) return '';
  const msOf = (xs: number[]) => ms(median(xs) * 1000);
  const rows: string[][] = [];
  for (const s of measured)
    for (const [which, picked] of [
      // Every page of every run.
      ['median page', s.pages.flat()],
      // Each run's page of the most CPU.
      ['worst page', s.pages.map((xs) => byTotal(xs)[xs.length - 1]!)],
    ] as const)
      rows.push([
        s.label,
        which,
        msOf(picked.map(pageCpuTotal)),
        msOf(picked.map((p) => p.main)),
        msOf(picked.map((p) => p.workers)),
        msOf(picked.map((p) => p.rest)),
      ]);
  return textTable(['table', 'page', 'CPU ms', 'main thread', 'workers', 'other threads'], rows, 2);
}

const byTotal = (xs: PageCpu[]) => [...xs].sort((a, b) => pageCpuTotal(a) - pageCpuTotal(b));
