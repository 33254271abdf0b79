/**
 * Batailles et piques in real browsers over real PeerJS, one whole game: three pages and a
 * computer player that the host seats over the network, and a spectator from the lobby on.
 * The pages lay their cards by hand, the host last: it reloads while the table waits on
 * it, and its hand and its move come back, and so does the computer its page runs (kept in
 * its store). Then Cat's page closes for good, mid-game, while the table waits on Cat's
 * move: once Cat's time ran out Ann claims it, the answer window passes, and the others
 * take Cat's lock off the cards still in the game with their shares and play on to the end
 * by the computer's help (issue 46). Both players' pages and the spectator's reach one
 * state hash, the audit done without Cat. The pages' clocks are Playwright's, moved on
 * together past Cat's time and the answer window. A whole game lasts as long as its deal,
 * so this file runs alone, after the others (vite.config.ts, ONE_AT_A_TIME). Three pages
 * at one Batailles table, and a reload there, are paired.test.ts's; one page playing
 * three computer players to the end is a11y-batailles.test.ts's.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAtBothSizes } from './keyboard.ts';
import {
  BATAILLES_GAME_MS,
  createTable,
  joinTable,
  reopen,
  turnOnAutoplay,
  useStack,
} from './harness.ts';

const stack = useStack();

const NAMES = ['Ann', 'Ben', 'Cat', 'Computer 1'];
const prompt = async (page: Page) => (await page.getByTestId('prompt').textContent()) ?? '';

/** A new page whose clock Playwright keeps, so that the test can move it on. */
async function timedPage(): Promise<Page> {
  const page = await stack.newPlayer();
  await page.clock.install();
  return page;
}

/**
 * Ann creates a table of four, Ben and Cat join by the invite link, a spectator opens the
 * watch link, Ann seats a computer player in the open seat (every page sees it, and nothing
 * more can be added), then starts.
 */
async function seatThreeAndAComputer(): Promise<{ players: Page[]; watcher: Page }> {
  const [ann, ben, cat, watcher] = [
    await timedPage(),
    await timedPage(),
    await timedPage(),
    await timedPage(),
  ];
  const invite = await createTable(ann!, stack.url, 'Ann', 'batailles', { seats: 4 });
  await joinTable(ben!, invite, 'Ben');
  await joinTable(cat!, invite, 'Cat');
  await watcher!.goto(invite.replace('#join=', '#watch='));
  await watcher!.getByTestId('watch').waitFor();
  await ann!.getByTestId('add-computer').click();
  for (const page of [ann!, ben!, cat!])
    await expect.poll(() => page.getByTestId('seat-name').allTextContents()).toEqual(NAMES);
  expect(await ann!.getByTestId('add-computer').count()).toBe(0);
  await expect.poll(() => ann!.getByTestId('start').isEnabled(), { timeout: 30_000 }).toBe(true);
  await ann!.getByTestId('start').click();
  for (const page of [ann!, ben!, cat!]) await page.getByTestId('table').waitFor();
  return { players: [ann!, ben!, cat!], watcher: watcher! };
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

/**
 * Moves every page's clock on together, 5 s at a time, until `reached` holds: the time
 * a seat has runs from the last event that moved the table, which may still be coming.
 */
async function forwardUntil(pages: readonly Page[], reached: () => Promise<boolean>) {
  for (let step = 0; !(await reached()); step++) {
    if (step === 40) throw new Error('not reached after 200 s of the pages’ time');
    for (const page of pages) await page.clock.fastForward('00:05');
    await pages[0]!.waitForTimeout(200);
  }
}

/** The result and every seat's score, as one page shows them once the audit is done. */
async function finalWords(page: Page): Promise<string> {
  await page.getByTestId('result').waitFor({ timeout: 50_000 });
  await expect
    .poll(
      async () =>
        (await page.getByTestId('log').textContent())?.match(/published their secret keys/g)
          ?.length ?? 0,
      { timeout: 60_000 },
    )
    // Everyone but Cat: the audit asks nothing of a player who left.
    .toBe(NAMES.length - 1);
  const scores = await page.getByTestId('seat-score').allTextContents();
  return `${await page.getByTestId('result-reason').textContent()} | ${scores.join(', ')}`;
}

/** The state hash `page`'s audit view names, once every replica still at the table agrees. */
async function hashWithoutCat(page: Page): Promise<string> {
  await page.getByTestId('see-audit').waitFor({ timeout: 50_000 });
  await page.getByTestId('see-audit').click();
  const words =
    /^Every replica still at the table reached the same state hash, ([0-9a-f]{16})…, after the same \d+ events; Cat left before the last\./;
  await expect
    .poll(() => page.getByTestId('audit-hashes').innerText(), { timeout: 30_000 })
    .toMatch(words);
  return (await page.getByTestId('audit-hashes').innerText()).match(words)![1]!;
}

test(
  'three browsers and a computer; the host reloads and comes back; a page closes for good mid-game, is claimed, and the others take its lock off and play on to an agreed end that a spectator follows',
  async () => {
    const { players, watcher } = await seatThreeAndAComputer();
    const [ann, ben, cat] = players as [Page, Page, Page];
    // Ben, Cat and the computer lay their cards: the table waits on Ann alone.
    await layByHand(ben);
    await layByHand(cat);
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
      'connected',
      'reconnecting',
    ]);
    await expect.poll(() => prompt(ann), { timeout: 60_000 }).toBe(before);
    expect(await hand()).toEqual(cards);
    // The computer is back: its links are up again on every page.
    for (const page of players)
      await expect
        .poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 })
        .toBe('');
    await layByHand(ann);
    // Every page sees the others' cards in play as backs: two each.
    for (const page of players)
      await expect
        .poll(() => page.locator('[data-testid=seat-panel] [data-testid=unit-back]').count())
        .toBe(6);

    // Ann and Ben play by the computer's help; Cat's page plays nothing, then closes.
    for (const page of [ann, ben]) await turnOnAutoplay(page);
    await ann.getByText(/^Cat's time: \d:\d\d left\.$/).waitFor({ timeout: 60_000 });
    await cat.close();
    const left = [ann, ben, watcher];
    // Cat's time runs from the last event that moved the table, which may still come.
    const claim = ann.getByRole('button', { name: 'Declare Cat absent' });
    await forwardUntil(left, async () => (await claim.count()) > 0);
    await claim.click();
    // The table goes on without Cat: no result yet, and it says what it waits for. Nobody
    // gives a share before Cat's answer window is over.
    const recovering = "Cat left; the table takes Cat's lock off the cards in play (0 of 3";
    for (const page of [ann, ben, watcher])
      await expect
        .poll(() => page.getByTestId('progress').textContent(), { timeout: 30_000 })
        .toContain(recovering);
    expect(await ann.getByTestId('result').count()).toBe(0);
    await checkAtBothSizes(ben, 'batailles-recovering');
    // Past the answer window the others give their shares, and play goes on.
    await forwardUntil(left, async () =>
      /Cat's lock is off every card still in the game; play goes on\./.test(
        (await ann.getByTestId('log').textContent()) ?? '',
      ),
    );
    for (const page of [ann, ben])
      expect(await page.getByTestId('left-tag').textContent()).toBe('left the game');

    const ends = await Promise.all([ann, ben].map(finalWords));
    expect(ends[0]).toMatch(/Cat ran out of time/);
    expect(ends[1]).toBe(ends[0]);
    for (const page of [ann, ben]) expect(await page.getByTestId('alarm').count()).toBe(0);
    await watcher.getByTestId('result').waitFor({ timeout: 50_000 });
    const hashes = await Promise.all([ann, ben, watcher].map(hashWithoutCat));
    expect(new Set(hashes).size).toBe(1);
  },
  BATAILLES_GAME_MS + 60_000,
);
