/**
 * The table benchmark, run by `npm run bench` after the crypto one: the app
 * built and served as a user gets it, in headless Chromium, one page playing
 * Batailles et piques with five computer players (six seats, each with its
 * own keys and replica in the page). It times Start (the solo button) to the
 * first move (Lay offered: every army shuffled by every seat, six hands
 * dealt), several times in fresh pages, and prints the median. It measures,
 * never asserts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { localConfig, serveConfig, startSignaling } from '../scripts/servers.ts';

/** Every timed run, in ms, and their median. */
export interface StartFigure {
  readonly runs: readonly number[];
  readonly median: number;
}

/**
 * Run in the page, as source text (tsx would add helpers the page lacks): from the
 * click that starts the table to the first move offered, in ms.
 */
const TIMED_START = `new Promise((resolve) => {
  const started = performance.now();
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid=lay]') === null) return;
    observer.disconnect();
    resolve(performance.now() - started);
  }).observe(document.body, { childList: true, subtree: true });
  document.querySelector('[data-testid=solo]').click();
})`;

/** Times Start to the first move of a six-seat Batailles table `runs` times. */
export async function benchStart(runs = 5): Promise<StartFigure> {
  const outDir = await mkdtemp(join(tmpdir(), 'fairdeal-bench-dist-'));
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
  const signaling = await startSignaling(0);
  const server = await preview({
    plugins: [serveConfig(localConfig(signaling.port))],
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
    logLevel: 'warn',
  });
  const url = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url);
      await page.getByTestId('name').fill('Bench');
      await page.getByTestId('game-batailles').click();
      await page.getByTestId('seats').selectOption('6');
      const ms = await page.evaluate<number>(TIMED_START);
      times.push(Math.round(ms));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
    await signaling.close();
    await rm(outDir, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { runs: times, median: sorted[sorted.length >> 1]! };
}
