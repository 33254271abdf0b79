/**
 * The history of finished games (src/net/history.ts) on Chromium's own IndexedDB: the
 * module is built alone and loaded in a page of a static server (as `historyModule`),
 * and each test drives it there, on a database of its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PlayedGame } from '../../src/net/history.ts';
import { launchTestBrowser } from './harness.ts';
import { serveFolder, type StaticSite } from './static.ts';

let folder: string;
let site: StaticSite;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'fairdeal-history-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: folder,
      emptyOutDir: true,
      lib: { entry: 'src/net/history.ts', formats: ['es'], fileName: 'history' },
    },
  });
  writeFileSync(
    join(folder, 'index.html'),
    `<!doctype html><title>history</title><script type="module">
      import * as history from './history.js';
      window.historyModule = history;
    </script>`,
  );
  [site, browser] = await Promise.all([serveFolder(folder), launchTestBrowser()]);
  page = await browser.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => 'historyModule' in window);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The module as the page loaded it. */
type Module = typeof import('../../src/net/history.ts');

/** A finished game of War at table `table`, recorded at `finishedAt`. */
const played = (table: string, finishedAt: number): PlayedGame => ({
  table,
  game: 'war',
  names: ['Ada', 'Computer'],
  seat: 0,
  headline: 'You win',
  finishedAt,
  events: 400,
});

test('a game recorded lists with its transcript; recorded again, it is replaced but keeps its first date', async () => {
  const [first, again] = [played('table-one', 1000), { ...played('table-one', 5000), events: 412 }];
  const { listed, transcript } = await page.evaluate(
    async ({ first, again }) => {
      const { GameHistory } = (window as unknown as { historyModule: Module }).historyModule;
      const history = await GameHistory.open('replaced', 30);
      await history.record(first, '{"events":["a"]}');
      await history.record(again, '{"events":["a","b"]}');
      const result = {
        listed: await history.list(),
        transcript: await history.transcript('table-one'),
      };
      history.close();
      return result;
    },
    { first, again },
  );
  expect(listed).toEqual([{ ok: true, game: { ...again, finishedAt: 1000 } }]);
  expect(transcript).toEqual({ ok: true, raw: { events: ['a', 'b'] } });
});

test('only the last games are kept: one more forgets the oldest, and its transcript', async () => {
  const games = [3000, 1000, 5000, 2000, 4000].map((at) => played(`table-${at}`, at));
  const { listed, forgotten } = await page.evaluate(async (games) => {
    const { GameHistory } = (window as unknown as { historyModule: Module }).historyModule;
    const history = await GameHistory.open('bounded', 3);
    for (const game of games) await history.record(game, '{}');
    const result = {
      listed: await history.list(),
      forgotten: await history.transcript('table-1000'),
    };
    history.close();
    return result;
  }, games);
  expect(listed.map((entry) => entry.ok && entry.game.finishedAt)).toEqual([5000, 4000, 3000]);
  expect(forgotten).toEqual({
    ok: false,
    problem: 'This browser no longer keeps the transcript of this game.',
  });
});

test('a damaged entry is listed with why it cannot be read, beside the good ones, and can be forgotten', async () => {
  const good = played('table-good', 2000);
  const { listed, damaged, afterForget } = await page.evaluate(async (good) => {
    const { GameHistory } = (window as unknown as { historyModule: Module }).historyModule;
    const history = await GameHistory.open('damaged', 30);
    await history.record(good, '{}');
    history.close();
    // What another program could leave in the same database: a record and a transcript that are neither.
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('damaged');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction(['games', 'transcripts'], 'readwrite');
    tx.objectStore('games').put({ table: 'table-bad', game: 'war', names: 'Ada', seat: 0 });
    tx.objectStore('transcripts').put('{"events": [', 'table-bad');
    await new Promise((done) => (tx.oncomplete = done));
    db.close();
    const reopened = await GameHistory.open('damaged', 30);
    const result = {
      listed: await reopened.list(),
      damaged: await reopened.transcript('table-bad'),
      afterForget: await reopened.forget('table-bad').then(() => reopened.list()),
    };
    reopened.close();
    return result;
  }, good);
  expect(listed).toEqual([
    { ok: true, game: good },
    {
      ok: false,
      table: 'table-bad',
      problem: 'This saved game cannot be read: its players are not a list of names.',
    },
  ]);
  expect(damaged).toEqual({
    ok: false,
    problem: 'The transcript kept for this game is damaged: it is not JSON.',
  });
  expect(afterForget).toEqual([{ ok: true, game: good }]);
});
