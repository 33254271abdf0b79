/**
 * The crypto benchmark in headless Chromium: `core.ts` bundled for the
 * browser and run in /usr/bin/chromium, driven by playwright-core with a
 * fresh temporary profile. `npm run bench` (`main.ts`) runs it after the same
 * code in Node.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import type { BenchResult } from './core.ts';

/** Bundles `entry` (by default bench/browser.ts, with crypto/ and noble) into one classic script. */
export async function bundle(entry = new URL('./browser.ts', import.meta.url)): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: {
        entry: fileURLToPath(entry),
        formats: ['iife'],
        name: 'fairDealBenchBundle',
      },
    },
  });
  const outputs = Array.isArray(out) ? out : [out];
  for (const o of outputs) {
    if ('output' in o) {
      const chunk = o.output.find((x) => x.type === 'chunk');
      if (chunk && 'code' in chunk) return chunk.code;
    }
  }
  throw new Error('bench: vite produced no bundle');
}

/**
 * Loads the script `code` in a blank page of a fresh headless Chromium (a new profile, removed
 * after), then returns what `run` makes of that page; `log` hears the page's console lines.
 */
export async function inFreshChromium<T>(
  code: string,
  log: (line: string) => void,
  run: (page: Page) => Promise<T>,
): Promise<T> {
  const profile = await mkdtemp(join(tmpdir(), 'fairdeal-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (msg) => log(msg.text()));
    await page.goto('about:blank');
    await page.addScriptTag({ content: code });
    return await run(page);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** Runs `runBench` in a fresh headless Chromium; `log` hears the page's progress lines. */
export async function runChromium(log: (line: string) => void): Promise<BenchResult> {
  return inFreshChromium(await bundle(), log, (page) =>
    page.evaluate(() => {
      const run = globalThis.fairDealBench;
      if (run === undefined) throw new Error('bench bundle did not load');
      return run();
    }),
  );
}
