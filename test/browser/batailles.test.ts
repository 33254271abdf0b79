/**
 * Batailles et piques in real browsers over real PeerJS: three pages lay their cards by
 * hand; the page that owes its turn reloads, and its cards and its turn come back; then
 * all play to the end by the computer's help and agree on the scores, the audit done on
 * each. One game covers both: each three-page game costs half a minute of two cores.
 * (One page playing with three computer players to the end is a11y.test.ts's Batailles.)
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createTable, joinTable, reopen, useStack } from './harness.ts';

const stack = useStack();

const NAMES = ['Ann', 'Ben', 'Cat'];
const prompt = async (page: Page) => (await page.getByTestId('prompt').textContent()) ?? '';

/** Ann creates a table of three, Ben and Cat join by the invite link, Ann starts it. */
async function seatThree(): Promise<Page[]> {
  const pages = [await stack.newPlayer(), await stack.newPlayer(), await stack.newPlayer()];
  const invite = await createTable(pages[0]!, stack.url, 'Ann', 'batailles', 3);
  await joinTable(pages[1]!, invite, 'Ben');
  await joinTable(pages[2]!, invite, 'Cat');
  await expect.poll(() => pages[0]!.getByTestId('start').isEnabled()).toBe(true);
  await pages[0]!.getByTestId('start').click();
  for (const page of pages) await page.getByTestId('table').waitFor();
  return pages;
}

/** The page lays its first two hand cards by clicking them, then Lay. */
async function layByHand(page: Page) {
  await expect.poll(() => prompt(page), { timeout: 50_000 }).toMatch(/^Pick 2 cards/);
  const cards = page.getByTestId('hand-card');
  expect(await cards.count()).toBe(6);
  await cards.nth(0).click();
  await cards.nth(1).click();
  await page.getByTestId('lay').click();
  await expect
    .poll(() => page.getByTestId('log').textContent(), { timeout: 60_000 })
    .toMatch(/You laid 2 cards facedown\./);
}

/** The result and every seat's score, as one page shows them once the audit is done. */
async function finalWords(page: Page): Promise<string> {
  await page.getByTestId('result').waitFor({ timeout: 50_000 });
  await expect
    .poll(
      async () =>
        (await page.getByTestId('log').textContent())?.match(/published their secret keys/g)
          ?.length ?? 0,
      {
        timeout: 60_000,
      },
    )
    .toBe(NAMES.length);
  const scores = await page.getByTestId('seat-score').allTextContents();
  return `${await page.getByTestId('result-reason').textContent()} | ${scores.join(', ')}`;
}

/** Every page shows the same result and scores, and nobody was caught. */
async function expectSameEnd(pages: Page[]) {
  const ends = await Promise.all(pages.map(finalWords));
  expect(ends[0]).toMatch(
    /^Nobody else could attack\. Points, 1 per trophy and 2 per King: Ann \d+, Ben \d+, Cat \d+\. \| /,
  );
  for (const end of ends) expect(end).toBe(ends[0]);
  for (const page of pages) expect(await page.getByTestId('alarm').count()).toBe(0);
}

test('three browsers lay their cards by hand; the player who owes its turn reloads, its cards and its turn come back; the game ends agreed', async () => {
  const pages = await seatThree();
  await Promise.all(pages.map(layByHand));
  // Every page sees the others' cards in play as backs: two each.
  for (const page of pages)
    await expect
      .poll(() => page.locator('[data-testid=seat-panel] [data-testid=unit-back]').count())
      .toBe(4);
  await expect
    .poll(
      async () => (await Promise.all(pages.map(prompt))).some((p) => p.startsWith('Your turn')),
      {
        timeout: 50_000,
      },
    )
    .toBe(true);
  const prompts = await Promise.all(pages.map(prompt));
  const seat = prompts.findIndex((p) => p.startsWith('Your turn'));
  const mover = pages[seat]!;
  const other = pages[(seat + 1) % 3]!;
  const labels = () =>
    mover
      .locator(
        '[data-testid=my-hand] [aria-label], [data-testid=seat-panel] [data-testid=unit-face]',
      )
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  const before = await labels();
  await reopen(
    mover,
    other,
    `Waiting for ${NAMES[seat]} to reconnect…`,
    NAMES.map((_, s) => (s === (seat + 1) % 3 ? 'you' : s === seat ? 'reconnecting' : 'connected')),
  );
  await expect.poll(() => prompt(mover), { timeout: 60_000 }).toMatch(/^Your turn/);
  expect(await labels()).toEqual(before);

  for (const page of pages) await page.getByTestId('autoplay').check();
  await expectSameEnd(pages);
});

test('the host fills an open seat with a computer player over the network; both browsers agree at the end', async () => {
  const ann = await stack.newPlayer();
  const ben = await stack.newPlayer();
  const invite = await createTable(ann, stack.url, 'Ann', 'batailles', 3);
  await joinTable(ben, invite, 'Ben');
  await ann.getByTestId('add-computer').click();
  for (const page of [ann, ben])
    await expect
      .poll(() => page.getByTestId('seat-name').allTextContents())
      .toEqual(['Ann', 'Ben', 'Computer 1']);
  expect(await ann.getByTestId('add-computer').count()).toBe(0);
  await expect.poll(() => ann.getByTestId('start').isEnabled(), { timeout: 30_000 }).toBe(true);
  await ann.getByTestId('start').click();
  await Promise.all([ann, ben].map(layByHand));
  for (const page of [ann, ben]) await page.getByTestId('autoplay').check();
  const ends = await Promise.all([ann, ben].map(finalWords));
  expect(ends[1]).toBe(ends[0]);
  expect(ends[0]).toMatch(/Ann \d+, Ben \d+, Computer 1 \d+/);
});
