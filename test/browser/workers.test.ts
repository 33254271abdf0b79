/**
 * Issue 16 in the browser: a page makes and checks every proof in its crypto
 * workers (real Web Workers), none in its own thread, and while a shuffle round
 * runs it shows each player's part in it, at a desktop and at a phone size. A
 * finished game replayed from its transcript in a fresh page, and its audit
 * view opened, check every proof and open every card in the workers too.
 * With FAIRDEAL_SHOTS set to a folder, the round is saved there at both sizes.
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { WorkTally } from '../../src/net/work.ts';
import {
  axeViolations,
  createTable,
  flipOffered,
  joinTable,
  loseMessages,
  seatTwo,
  useStack,
} from './harness.ts';
import { sum } from '../net/helpers/tallies.ts';
import { keptTranscript } from '../vectors/kept.ts';

const stack = useStack();

const SHOTS = process.env.FAIRDEAL_SHOTS;

/** What the page's own thread and each of its workers have proved and checked so far. */
const work = (page: Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as {
        fairDealWork: () => Promise<{ page: WorkTally; workers: WorkTally[] }>;
      }
    ).fairDealWork(),
  );

test('two browsers set up a 52-card table with every proof made and checked in their workers', async () => {
  const { alice, bob } = await seatTwo(stack, 'war');
  await Promise.all([flipOffered(alice), flipOffered(bob)]);
  for (const page of [alice, bob]) {
    const done = await work(page);
    expect(Object.values(done.page).every((n) => n === 0)).toBe(true);
    expect(done.workers.length).toBeGreaterThanOrEqual(2);
    // Its own keys and shuffle, made (again if an event landed meanwhile); both seats' checked.
    expect(sum(done.workers, 'proveKey')).toBeGreaterThanOrEqual(1);
    expect(sum(done.workers, 'proveShuffle')).toBeGreaterThanOrEqual(1);
    expect(sum(done.workers, 'verifyKey')).toBe(2);
    expect(sum(done.workers, 'verifyShuffle')).toBe(2);
  }
});

/** The page's own thread made and checked no proof; its workers checked `shuffles` shuffles, each once. */
async function provedInWorkers(page: Page, shuffles: number) {
  const done = await work(page);
  expect(Object.values(done.page).every((n) => n === 0)).toBe(true);
  expect(sum(done.workers, 'proveShuffle')).toBeGreaterThanOrEqual(shuffles);
  expect(sum(done.workers, 'verifyShuffle')).toBe(shuffles);
}

test("computer players' proofs are made and checked in the page's workers too, each check once", async () => {
  // Against the computer: both sessions in the page share its pool.
  const solo = await stack.newPlayer();
  await solo.goto(stack.url);
  await solo.getByTestId('name').fill('Solo');
  await solo.getByTestId('game-war').click();
  await solo.getByTestId('solo').click();
  await flipOffered(solo);
  await provedInWorkers(solo, 2);

  // A computer the host adds over the network plays from the host's page, on its pool.
  const host = await stack.newPlayer();
  await createTable(host, stack.url, 'Host', 'war');
  await host.getByTestId('add-computer').click();
  await expect.poll(() => host.getByTestId('start').isEnabled(), { timeout: 30_000 }).toBe(true);
  await host.getByTestId('start').click();
  await flipOffered(host);
  await provedInWorkers(host, 2);
});

/** Each row of the page's round, as `name: words (stage)`. */
const round = (page: Page) =>
  page
    .getByTestId('player-progress')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.querySelector('.name')?.textContent}: ${row.querySelector('.words')?.textContent} (${row.getAttribute('data-stage')})`,
      ),
    );

test("while a shuffle round runs, each page shows each player's part in it", async () => {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  const invite = await createTable(alice, stack.url, 'Alice', 'war');
  await joinTable(bob, invite, 'Bob');
  // Bob's page will neither send nor hear a shuffle: the round stays where it is for a look.
  await loseMessages(bob, /SHUFFLE/);
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();

  await expect
    .poll(() => round(alice), { timeout: 60_000 })
    .toEqual([
      'Alice (you): shuffled, proof checked (done)',
      'Bob: shuffling and proving it… (working)',
    ]);
  await expect
    .poll(() => round(bob), { timeout: 60_000 })
    .toEqual([
      'Alice: shuffling and proving it… (working)',
      'Bob (you): shuffles after the others (waiting)',
    ]);
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await alice.setViewportSize(size);
    if (SHOTS)
      await alice.screenshot({ path: join(SHOTS, `round-${size.name}.png`), fullPage: true });
    expect(await axeViolations(alice)).toEqual([]);
    const width = await alice.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(size.width);
  }
});

test('a finished game replayed from its transcript, its audit opened: every proof checked and every card opened in the workers', async () => {
  // A game of Red & Black between computer peers, as `npm run simulate` writes it.
  const path = keptTranscript('redblack');
  const page = await stack.newPlayer();
  await page.goto(stack.url);
  await page.getByTestId('transcript-file').setInputFiles(path);
  await page.getByTestId('replay').waitFor();
  await expect
    .poll(() => page.getByTestId('replay-verdict').innerText(), { timeout: 50_000 })
    .toMatch(/^Verified: all \d+ events hold/);
  await page.getByTestId('see-audit').click();
  await page.getByTestId('audit-summary').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('audit-opening').count()).toBe(0);
  expect(await page.getByTestId('audit-shuffle').count()).toBeGreaterThanOrEqual(2);

  const done = await work(page);
  expect(done.page).toEqual(Object.fromEntries(Object.keys(done.page).map((fn) => [fn, 0])));
  expect(sum(done.workers, 'verifyKey')).toBeGreaterThanOrEqual(2);
  expect(sum(done.workers, 'verifyShuffle')).toBeGreaterThanOrEqual(2);
  expect(sum(done.workers, 'verifyUnlock')).toBeGreaterThan(0);
  // Each shuffle's deck order, opened: a card each.
  const shown = await page.getByTestId('audit-shuffle').locator('li').count();
  expect(sum(done.workers, 'openCard')).toBeGreaterThanOrEqual(shown);
});
