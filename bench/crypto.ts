/**
 * `npm run bench`: times the mental-poker proofs in Node, then the same code
 * bundled for the browser in headless Chromium (/usr/bin/chromium, driven by
 * playwright-core with a fresh temporary profile), and prints both; then the
 * app's Start to first move at a six-seat table (`start.ts`). Prints figures
 * only; it asserts no timing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { formatResult, runBench, type BenchResult } from './core.ts';
import { benchStart } from './start.ts';

/** Bundles bench/browser.ts (and crypto/ with noble) into one classic script. */
async function bundle(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: {
        entry: fileURLToPath(new URL('./browser.ts', import.meta.url)),
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

async function runChromium(): Promise<BenchResult> {
  const code = await bundle();
  const profile = await mkdtemp(join(tmpdir(), 'fairdeal-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (msg) => console.log(`  [page] ${msg.text()}`));
    await page.goto('about:blank');
    await page.addScriptTag({ content: code });
    return await page.evaluate(() => {
      const run = globalThis.fairDealBench;
      if (run === undefined) throw new Error('bench bundle did not load');
      return run();
    });
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const node = runBench(`Node ${process.version}`, (line) => console.log(`  ${line}`));
console.log('Running the same benchmark in headless Chromium ...');
const browser = await runChromium();
console.log('');
console.log(formatResult(node));
console.log('');
console.log(formatResult(browser));
console.log('');
console.log('Batailles et piques, 6 seats (1 page, 5 computer players), in headless Chromium ...');
const start = await benchStart();
console.log(
  `Start to the first move: median ${start.median} ms over ${start.runs.length} runs (${start.runs.join(', ')} ms)`,
);
