/**
 * The JavaScript a player's phone downloads: every chunk of the build, gzip-compressed
 * (what a server that compresses sends), and the chunks a page really fetched in headless
 * Chromium before any game is chosen, on the home screen and on the join form an invite
 * link opens, one per game. A page's service worker is blocked (`newPlayerIn`): on a first visit it
 * fetches every chunk in the background to keep the app offline, after the page has drawn,
 * so it says nothing of what the page waits for. A page's crypto workers load their own
 * script as the page starts: it is counted with the page, and named apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { createTable, type Stack } from '../scripts/stack.ts';
import { GAME_IDS, GAMES } from '../src/engine/catalog.ts';
import { textTable } from './text.ts';

/** The target of issue 28: the JavaScript of the page before a game is chosen, gzip. */
export const BEFORE_CHOICE_TARGET_KB = 100;

/** A chunk of the build: its file under assets/, and its size raw and gzip-compressed, in bytes. */
export interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
}

/** A page as loaded in Chromium: the chunks it fetched, by file, until the network went quiet. */
export interface PageLoad {
  label: string;
  files: string[];
}

export interface BundleFigures {
  chunks: Chunk[];
  pages: PageLoad[];
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** Every JavaScript chunk in `outDir/assets`, largest compressed first. */
function chunksOf(outDir: string): Chunk[] {
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const code = readFileSync(join(assets, file));
      return { file, bytes: code.length, gzip: gzipSync(code).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** How long a page fetches no script before its JavaScript counts as loaded. */
const QUIET_MS = 1500;

/**
 * Opens `url` in a new player's page and lists the chunks it fetched until none came for
 * {@link QUIET_MS}. Not Playwright's `networkidle`: a page's links to the PeerServer and to
 * the others never leave the network idle.
 */
async function load(stack: Stack, url: string, ready: (page: Page) => Promise<void>) {
  const page = await stack.newPlayer();
  const files = new Set<string>();
  let last = Date.now();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.endsWith('.js')) return;
    files.add(path.slice(path.lastIndexOf('/') + 1));
    last = Date.now();
  });
  try {
    await page.goto(url);
    await ready(page);
    while (Date.now() - last < QUIET_MS) await page.waitForTimeout(100);
    return [...files];
  } finally {
    await page.context().close();
  }
}

/** Sizes every chunk of the app built in `outDir`, and loads its two pages before a choice on `stack`. */
export async function benchBundle(
  stack: Stack,
  outDir: string,
  progress: (line: string) => void,
): Promise<BundleFigures> {
  const chunks = chunksOf(outDir);
  progress('the home screen');
  const home = await load(stack, stack.url, (page) => page.getByTestId('create').waitFor());
  const pages: PageLoad[] = [{ label: 'home screen', files: home }];
  for (const game of GAME_IDS) {
    progress(`the join form of an invite link to ${GAMES[game].name}`);
    const host = await stack.newPlayer();
    try {
      const invite = await createTable(host, stack.url, 'Host', game);
      const files = await load(stack, invite, (page) => page.getByTestId('join').waitFor());
      pages.push({ label: `join form, ${GAMES[game].name}`, files });
    } finally {
      await host.context().close();
    }
  }
  return { chunks, pages };
}

/** The page's own script, its workers' (`crypto-worker-*.js`), and all it fetched, gzip kB. */
function pageSums({ chunks }: BundleFigures, page: PageLoad) {
  const fetched = chunks.filter((c) => page.files.includes(c.file));
  const sum = (cs: Chunk[]) => cs.reduce((total, c) => total + c.gzip, 0);
  const workers = fetched.filter((c) => c.file.startsWith('crypto-worker-'));
  return { all: sum(fetched), workers: sum(workers), count: fetched.length };
}

/** Every chunk's size, then each page's JavaScript before a game is chosen, against the target. */
export function formatBundle(figures: BundleFigures): string {
  const chunks = textTable(
    ['chunk', 'kB', 'gzip kB'],
    figures.chunks.map((c) => [c.file, kB(c.bytes), kB(c.gzip)]),
  );
  const pages = textTable(
    ['page', 'chunks', 'page gzip kB', 'workers gzip kB', 'all gzip kB', 'target'],
    figures.pages.map((page) => {
      const { all, workers, count } = pageSums(figures, page);
      const met = all - workers <= BEFORE_CHOICE_TARGET_KB * 1000 ? 'met' : 'MISSED';
      return [
        page.label,
        String(count),
        kB(all - workers),
        kB(workers),
        kB(all),
        `page at most ${BEFORE_CHOICE_TARGET_KB}: ${met}`,
      ];
    }),
  );
  const total = figures.chunks.reduce((sum, c) => sum + c.gzip, 0);
  return `${chunks}\n  all chunks: ${kB(total)} kB gzip\n\n${pages}`;
}

/** The figure the targets list: each page's own JavaScript before a game is chosen. */
export function bundleTargets(figures: BundleFigures): string[] {
  return figures.pages.map((page) => {
    const { all, workers } = pageSums(figures, page);
    const own = all - workers;
    return (
      `${page.label}: ${kB(own)} kB of JavaScript gzip before a game is chosen, ` +
      `${kB(workers)} kB more for its crypto workers (at most ${BEFORE_CHOICE_TARGET_KB}: ` +
      `${own <= BEFORE_CHOICE_TARGET_KB * 1000 ? 'met' : 'MISSED'})`
    );
  });
}
