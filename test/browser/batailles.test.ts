/**
 * Batailles et piques in real browsers over real PeerJS, one whole game: two pages and a
 * computer player that the host seats over the network. The pages lay their cards by hand,
 * the host last: it reloads while the table waits on it, and its hand and its move come
 * back, and so does the computer its page runs (kept in its store); then both play to the end by the
 * computer's help and agree on the scores, the audit done on each, the computer's keys
 * published by the host's page. A whole game lasts as long as its deal, so
 * this file runs alone, after the others (vite.config.ts, ONE_AT_A_TIME). Three pages at one
 * Batailles table, and a reload there, are paired.test.ts's; one page playing three computer
 * players to the end is a11y-batailles.test.ts's.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  BATAILLES_GAME_MS,
  createTable,
  joinTable,
  reopen,
  turnOnAutoplay,
  useStack,
} from './harness.ts';

const stack = useStack();

const NAMES = ['Ann', 'Ben', 'Computer 1'];
const prompt = async (page: Page) => (await page.getByTestId('prompt').textContent()) ?? '';

/**
 * Ann creates a table of three, Ben joins by the invite link, Ann seats a computer player
 * in the open seat (both pages see it, and nothing more can be added), then starts.
 */
async function seatTwoAndAComputer(): Promise<Page[]> {
  const ann = await stack.newPlayer();
  const ben = await stack.newPlayer();
  const invite = await createTable(ann, stack.url, 'Ann', 'batailles', { seats: 3 });
  await joinTable(ben, invite, 'Ben');
  await ann.getByTestId('add-computer').click();
  for (const page of [ann, ben])
    await expect.poll(() => page.getByTestId('seat-name').allTextContents()).toEqual(NAMES);
  expect(await ann.getByTestId('add-computer').count()).toBe(0);
  await expect.poll(() => ann.getByTestId('start').isEnabled(), { timeout: 30_000 }).toBe(true);
  await ann.getByTestId('start').click();
  for (const page of [ann, ben]) await page.getByTestId('table').waitFor();
  return [ann, ben];
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

/** Both pages show the same result and scores, and nobody was caught. */
async function expectSameEnd(pages: Page[]) {
  const ends = await Promise.all(pages.map(finalWords));
  expect(ends[0]).toMatch(
    /^Nobody else could attack\. Points, 1 per trophy and 2 per King: Ann \d+, Ben \d+, Computer 1 \d+\. \| /,
  );
  for (const end of ends) expect(end).toBe(ends[0]);
  for (const page of pages) expect(await page.getByTestId('alarm').count()).toBe(0);
}

test(
  'two browsers and a computer the host seats over the network; the host reloads while it owes its cards, and its hand, its move and the computer come back; the game ends agreed',
  async () => {
    const [ann, ben] = (await seatTwoAndAComputer()) as [Page, Page];
    // Ben and the computer lay their cards: the table waits on Ann alone.
    await layByHand(ben);
    await expect.poll(() => prompt(ben), { timeout: 30_000 }).toBe('Waiting for Ann…');
    const before = await prompt(ann);
    expect(before).toMatch(/^Pick 2 cards/);
    const hand = () =>
      ann
        .getByTestId('hand-card')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    const cards = await hand();
    await reopen(ann, ben, 'Waiting for Ann to reconnect… Computer 1 is reconnecting…', [
      'reconnecting',
      'you',
      'reconnecting',
    ]);
    await expect.poll(() => prompt(ann), { timeout: 60_000 }).toBe(before);
    expect(await hand()).toEqual(cards);
    // The computer is back: its links are up again on both pages.
    for (const page of [ann, ben])
      await expect
        .poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 })
        .toBe('');
    await layByHand(ann);
    // Every page sees the others' cards in play as backs: two each.
    for (const page of [ann, ben])
      await expect
        .poll(() => page.locator('[data-testid=seat-panel] [data-testid=unit-back]').count())
        .toBe(4);

    for (const page of [ann, ben]) await turnOnAutoplay(page);
    await expectSameEnd([ann, ben]);
  },
  BATAILLES_GAME_MS,
);
