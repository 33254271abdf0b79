/**
 * `npm run bench:group`: the group backends (bench/group.ts) in Node and in
 * headless Chromium, one after the other, each alternating noble and
 * libsodium (`--rounds N`, 9), then in-memory tables on each backend
 * alternately (`--runs N` per backend, 5). Medians; it asserts nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { useBackend } from '../crypto/index.ts';
import { formatGroup, runGroupBench, type GroupResult } from './group.ts';
import { runTable } from './tables.ts';
import { median, ms, textTable } from './text.ts';

async function bundle(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: {
        entry: fileURLToPath(new URL('./group-browser.ts', import.meta.url)),
        formats: ['iife'],
        name: 'fairDealGroupBundle',
      },
    },
  });
  for (const o of Array.isArray(out) ? out : [out]) {
    if ('output' in o) {
      const chunk = o.output.find((x) => x.type === 'chunk');
      if (chunk && 'code' in chunk) return chunk.code;
    }
  }
  throw new Error('bench: vite produced no bundle');
}

async function inChromium(rounds: number): Promise<GroupResult> {
  const code = await bundle();
  const profile = await mkdtemp(join(tmpdir(), 'fairdeal-group-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (msg) => console.error(msg.text()));
    await page.goto('about:blank');
    await page.addScriptTag({ content: code });
    return await page.evaluate((n) => globalThis.fairDealGroupBench!(n), rounds);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** Start → first move of in-memory tables on each backend, alternating, seeds 1..runs. */
async function tables(runs: number): Promise<string> {
  const rows: string[][] = [];
  for (const [game, seats] of [
    ['war', 2],
    ['redblack', 2],
  ] as const) {
    const wall = { noble: [] as number[], sodium: [] as number[] };
    const used = { noble: [] as number[], sodium: [] as number[] };
    await runTable(game, seats, 99, false); // warm-up
    for (let seed = 1; seed <= runs; seed++) {
      for (const b of seed % 2 ? (['noble', 'sodium'] as const) : (['sodium', 'noble'] as const)) {
        useBackend(b);
        const before = process.cpuUsage();
        wall[b].push((await runTable(game, seats, seed, false)).startMs);
        const { user, system } = process.cpuUsage(before);
        used[b].push((user + system) / 1000);
      }
    }
    useBackend('sodium');
    const [n, s] = [median(wall.noble), median(wall.sodium)];
    const [nc, sc] = [median(used.noble), median(used.sodium)];
    rows.push([
      `${game}, ${seats} seats`,
      ms(n),
      ms(s),
      (n / s).toFixed(2),
      ms(nc),
      ms(sc),
      (nc / sc).toFixed(2),
    ]);
    console.error(`${game}: noble ${ms(n)} ms, sodium ${ms(s)} ms`);
  }
  return textTable(
    [
      'in memory (Node), Start → first move',
      'noble ms',
      'sodium ms',
      'noble/sodium',
      'noble CPU ms',
      'sodium CPU ms',
      'noble/sodium',
    ],
    rows,
  );
}

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '9' }, runs: { type: 'string', default: '5' } },
});
const rounds = Number(values.rounds);
const node = await runGroupBench(`Node ${process.versions.node}`, rounds, (l) => console.error(l));
const chrome = await inChromium(rounds);
const inMemory = await tables(Number(values.runs));
console.log(formatGroup([node, chrome]));
console.log('');
console.log(inMemory);
