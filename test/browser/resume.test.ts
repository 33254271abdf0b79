/**
 * Reloads over real PeerJS between two real browsers (issue 10): a page reloaded at any
 * moment comes straight back to its table from the URL and IndexedDB, registers again,
 * fetches what it missed, re-sends what the other missed, and the game ends with both
 * pages agreeing. While a page is away, the other says whom it waits for. Each reload is
 * held at the document request until the other page has said so, so that the moment
 * the test names is the moment the page is away.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createTable, joinTable, startStack, type Stack } from './harness.ts';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.close();
});

const playerLinks = (page: Page) =>
  page.getByTestId('player').getByTestId('link-state').allTextContents();

/**
 * Reloads `page` and holds it away until `other` shows `name`'s link as reconnecting and
 * waits for it in words; then lets the page load, and waits until it is back at the table.
 */
async function reloadWhileWatched(page: Page, other: Page, name: string, links: string[]) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const url = page.url();
  expect(url).toMatch(/#table=[a-z2-9]{10}$/);
  await page.route(url.replace(/#.*$/, ''), async (route) => {
    await held;
    await route.continue();
  });
  const reloaded = page.reload({ timeout: 60_000 });
  await expect
    .poll(() => other.getByTestId('waiting').textContent(), { timeout: 30_000 })
    .toBe(`Waiting for ${name} to reconnect…`);
  expect(await playerLinks(other)).toEqual(links);
  release();
  await reloaded;
  await page.unroute(url.replace(/#.*$/, ''));
  await page.getByTestId('table').waitFor({ timeout: 60_000 });
  expect(page.url()).toBe(url);
}

/** Both pages agree: the same last words and the same log, nobody caught. */
async function expectAgreement(alice: Page, bob: Page, result: (page: Page) => Promise<string>) {
  const [a, b] = await Promise.all([result(alice), result(bob)]);
  expect(b).toBe(a);
  await expect
    .poll(async () => (await bob.getByTestId('log').textContent()) ?? '', { timeout: 30_000 })
    .toBe((await alice.getByTestId('log').textContent()) ?? '');
  expect(await alice.getByTestId('log').textContent()).toMatch(/Bob published their secret keys/);
  expect(await alice.getByTestId('log').textContent()).toMatch(/Alice published their secret keys/);
  for (const page of [alice, bob]) expect(await page.getByTestId('alarm').count()).toBe(0);
}

const flipOffered = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid=flip]:not([disabled])') !== null,
    null,
    { timeout: 60_000 },
  );

test('War: the guest reloads during the first shuffle, the host mid-turn; the game ends agreed', async () => {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  const invite = await createTable(alice, stack.url, 'Alice', 'war');
  await expect.poll(() => alice.url()).toMatch(/#table=[a-z2-9]{10}$/);
  await joinTable(bob, invite, 'Bob');
  await expect.poll(() => bob.url()).toBe(alice.url());
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();

  // The first shuffle: Alice shuffles first, then Bob owes his.
  await expect
    .poll(() => bob.getByTestId('progress').textContent(), { timeout: 60_000 })
    .toMatch(/Shuffling: (Alice|Bob) is shuffling/);
  await reloadWhileWatched(bob, alice, 'Bob', ['you', 'reconnecting']);
  await Promise.all([flipOffered(alice), flipOffered(bob)]);

  // Mid-turn: Alice has flipped, Bob has not.
  await alice.getByTestId('flip').click();
  await expect.poll(() => alice.getByTestId('flip').isDisabled()).toBe(true);
  await reloadWhileWatched(alice, bob, 'Alice', ['reconnecting', 'you']);
  await bob.getByTestId('flip').click();
  await expect.poll(() => alice.getByTestId('battles').textContent()).toBe('1');

  for (const page of [alice, bob]) await page.getByTestId('autoplay').check();
  await expectAgreement(alice, bob, async (page) => {
    await page.getByTestId('winner').waitFor({ timeout: 240_000 });
    return (await page.getByTestId('winner').textContent()) ?? '';
  });
  expect(await bob.getByTestId('battles').textContent()).toBe(
    await alice.getByTestId('battles').textContent(),
  );
}, 400_000);
