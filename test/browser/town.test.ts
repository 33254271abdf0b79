/**
 * Town for Two in real browsers over real PeerJS: a run built by clicking (a wrong
 * pick refused in words), a reload while the other player owes its run, then the
 * computer plays on to the end and both pages show the same score; a game against the
 * computer.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAgreement, reopen, seatTwo, turnOnAutoplay, useStack } from './harness.ts';

const stack = useStack();

const prompt = async (page: Page) => (await page.getByTestId('prompt').textContent()) ?? '';
const YOUR_TURN = /^Your turn: pick a run/;

/** Waits until one of the pages owes the first run; returns it first, the other second. */
async function firstMover(alice: Page, bob: Page): Promise<[Page, Page]> {
  await expect
    .poll(async () => YOUR_TURN.test(await prompt(alice)) || YOUR_TURN.test(await prompt(bob)), {
      timeout: 50_000,
    })
    .toBe(true);
  return YOUR_TURN.test(await prompt(alice)) ? [alice, bob] : [bob, alice];
}

/** A card's rank from its words ("A♥" is 1, "7♠" is 7). */
const rankOf = (words: string) =>
  words.trim().startsWith('A') ? 1 : Number.parseInt(words.trim(), 10);

/** The ranks of the hand cards, as their buttons name them. */
async function handRanks(page: Page): Promise<number[]> {
  const labels = await page
    .getByTestId('hand-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
  return labels.map(rankOf);
}

/** The final score on a page, once it has one: the score line and the pile-by-pile table. */
async function finalScore(page: Page): Promise<string> {
  await page.getByTestId('final-score').waitFor({ timeout: 50_000 });
  return `${await page.getByTestId('score-line').textContent()} | ${await page.getByTestId('final-score').textContent()}`;
}

test('two browsers play Town for Two: a run built by hand; the player who then owes a run reloads and its hand and turn come back; played to the end, the same score on both', async () => {
  const { alice, bob } = await seatTwo(stack, 'town');
  const [mover, other] = await firstMover(alice, bob);
  const moverName = mover === alice ? 'Alice' : 'Bob';
  await expect.poll(() => prompt(other)).toBe(`Waiting for ${moverName} to play a run…`);
  const cards = mover.getByTestId('hand-card');
  expect(await cards.count()).toBe(5);
  const ranks = await handRanks(mover);
  // The hand is sorted by rank; five cards of at most two per rank hold one not next to the lowest.
  expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);

  // A pick taken back with Clear leaves nothing picked.
  await cards.nth(1).click();
  await mover.getByTestId('clear').click();
  expect(await mover.locator('[data-testid=hand-card][aria-pressed=true]').count()).toBe(0);
  expect(await prompt(mover)).toMatch(YOUR_TURN);

  await cards.nth(0).click();
  expect(await cards.nth(0).getAttribute('aria-pressed')).toBe('true');
  expect(await cards.nth(0).getAttribute('aria-label')).toMatch(/, card 1 of the run$/);
  const wrong = ranks.findIndex((r, i) => i > 0 && Math.abs(r - ranks[0]!) !== 1);
  await cards.nth(wrong).click();
  expect(await mover.getByTestId('why').textContent()).toMatch(
    /cannot follow .+: each card of a run must be exactly 1 above or below the one before\.$/,
  );
  expect(await mover.getByTestId('why').getAttribute('aria-live')).toBe('polite');
  expect(await cards.nth(wrong).getAttribute('aria-pressed')).toBe('false');
  const next = ranks.findIndex((r) => r === ranks[0]! + 1);
  if (next > 0) {
    await cards.nth(next).click();
    expect(await cards.nth(next).getAttribute('aria-label')).toMatch(/, card 2 of the run$/);
  }
  const run = next > 0 ? 2 : 1;
  expect(await prompt(mover)).toMatch(/^Your run: \S+( → \S+)?\. /);

  // The lit piles are exactly those whose top card is 1 away from the run's first card.
  const tops = await mover
    .getByTestId('pile')
    .evaluateAll((piles) => piles.map((p) => p.querySelector('li:last-child')?.textContent ?? ''));
  const adjacent = tops.flatMap((top, pile) =>
    Math.abs(rankOf(top) - ranks[0]!) === 1 ? [`play-pile-${pile}`] : [],
  );
  const piles = mover.locator('[data-testid^=play-pile-]');
  expect(
    await piles.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid'))),
  ).toEqual(adjacent);
  // A lit pile takes the run if there is one; else it makes a new pile.
  const before = await mover.getByTestId('pile').count();
  if ((await piles.count()) > 0) {
    expect(await piles.first().getAttribute('aria-label')).toMatch(
      /^Play on pile \d+ \(top (Ace|\d+), (yours|Alice's|Bob's)\)$/,
    );
    await piles.first().click();
  } else {
    await mover.getByTestId('new-pile').click();
  }
  for (const page of [alice, bob]) {
    await expect
      .poll(() => page.getByTestId('log').textContent(), { timeout: 60_000 })
      .toMatch(new RegExp(`${moverName} played (\\S+ ){${run}}(on|as new) pile \\d+\\.`));
    await expect
      .poll(() => page.getByTestId('opponent-hand').getByTestId('card-back').count(), {
        timeout: 60_000,
      })
      .toBe(5);
  }
  expect(await mover.getByTestId('pile').count()).toBeGreaterThanOrEqual(before);
  await expect.poll(() => prompt(other), { timeout: 60_000 }).toMatch(YOUR_TURN);

  // The other player owes a run, and its page goes away and comes back.
  const hand = await other.getByTestId('hand-card').allTextContents();
  const labels = () =>
    other
      .getByTestId('hand-card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  const held = await labels();
  const otherName = other === alice ? 'Alice' : 'Bob';
  await reopen(
    other,
    mover,
    `Waiting for ${otherName} to reconnect…`,
    other === alice ? ['reconnecting', 'you'] : ['you', 'reconnecting'],
  );
  await expect.poll(() => prompt(other), { timeout: 60_000 }).toMatch(YOUR_TURN);
  expect(hand).toHaveLength(5);
  expect(await labels()).toEqual(held);

  for (const page of [alice, bob]) await turnOnAutoplay(page);
  await expectAgreement(alice, bob, finalScore);
  expect(await alice.getByTestId('result-reason').textContent()).toMatch(
    /could not draw back up to 5\. Score Alice \d+ – \d+ Bob: piles? \d+[ ,]/,
  );
  expect(await bob.getByTestId('result-reason').textContent()).toBe(
    await alice.getByTestId('result-reason').textContent(),
  );
});

test('one browser plays Town for Two against the computer to the end', async () => {
  const page = await stack.newPlayer();
  await page.goto(stack.url);
  await page.getByTestId('name').fill('Solo');
  await page.getByTestId('game-town').click();
  await page.getByTestId('solo').click();
  await page.getByTestId('piles').waitFor();
  await turnOnAutoplay(page);
  const score = await finalScore(page);
  expect(score).toMatch(/^Solo \d+ – \d+ Computer \| Pile/);
  expect((await page.getByTestId('result-headline').textContent())?.trim()).toMatch(
    /^(You win the game|Computer wins the game|The game is a draw)$/,
  );
  const log = (await page.getByTestId('log').textContent()) ?? '';
  expect(log).toMatch(/(Solo|Computer) played \S+/);
  expect(log).toMatch(/cannot draw back up to 5/);
  expect(await page.getByTestId('alarm').count()).toBe(0);
});
