/**
 * Reloads over real PeerJS between two real browsers (issue 10): a page reloaded at any
 * moment comes straight back to its table from the URL and IndexedDB, registers again,
 * fetches what it missed, re-sends what the other missed, and the game ends with both
 * pages agreeing. While a page is away, the other says whom it waits for: each page
 * leaves for a blank page and comes back to its URL only once the other has said so.
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
 * Takes `page` away from its table, as a closed tab or a reload does, until `other` shows
 * the page's link as reconnecting and says so in `words`; then opens the same URL
 * again and waits until the page is back at the table.
 */
async function reopen(page: Page, other: Page, words: string, links: string[]) {
  const url = page.url();
  expect(url).toMatch(/#table=[a-z2-9]{10}$/);
  await page.goto('about:blank');
  await expect
    .poll(() => other.getByTestId('waiting').textContent(), { timeout: 30_000 })
    .toBe(words);
  expect(await playerLinks(other)).toEqual(links);
  await page.goto(url);
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
  await reopen(bob, alice, 'Waiting for Bob to reconnect…', ['you', 'reconnecting']);
  await Promise.all([flipOffered(alice), flipOffered(bob)]);

  // Mid-turn: Alice has flipped, Bob has not; Bob's page waits for nobody but says so.
  await alice.getByTestId('flip').click();
  await expect.poll(() => alice.getByTestId('flip').isDisabled()).toBe(true);
  await reopen(alice, bob, 'Alice is reconnecting…', ['reconnecting', 'you']);
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
