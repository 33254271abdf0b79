import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { joinTable, startStack, type Stack } from './harness.ts';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.close();
});

/** Home screen: Red & Black, a match of `target` games. */
async function chooseRedBlack(page: Page, name: string, target: number) {
  await page.goto(stack.url);
  await page.getByTestId('name').fill(name);
  await page.getByTestId('game-redblack').click();
  await page.getByTestId('opt-target').fill(String(target));
}

const prompt = (page: Page) => page.getByTestId('prompt').textContent();

/** Alice opens a match of `target` games, Bob joins, Alice starts; returns both pages. */
async function match(target: number) {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  await chooseRedBlack(alice, 'Alice', target);
  await alice.getByTestId('create').click();
  const invite = await alice.getByTestId('invite').inputValue();
  await joinTable(bob, invite, 'Bob');
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();
  return { alice, bob };
}

/** Plays the first game to Alice's call: the guess, then the call; returns the split called. */
async function playToCall(alice: Page, bob: Page) {
  // After the coin, the deal and the first two river cards, the non-dealer guesses.
  await expect
    .poll(async () => /Guess/.test(`${await prompt(alice)} ${await prompt(bob)}`), {
      timeout: 60_000,
    })
    .toBe(true);
  const guesser = /Guess/.test((await prompt(alice)) ?? '') ? alice : bob;
  await guesser.getByTestId('guess-black').click();
  await expect
    .poll(() => alice.getByTestId('log').textContent())
    .toMatch(/guessed the third river card is black/);

  // Each sees its own five cards face up and the opponent's as backs.
  for (const page of [alice, bob]) {
    await expect.poll(() => page.getByTestId('my-hand').getByTestId('card-face').count()).toBe(5);
    expect(await page.getByTestId('opponent-hand').getByTestId('card-face').count()).toBe(0);
  }

  // Alice calls Bob's hand out of the call panel; the hand is revealed and the game ends.
  await alice.getByTestId('call').waitFor({ timeout: 30_000 });
  const split = await alice.getByTestId('call-split').locator('option:checked').textContent();
  await alice.getByTestId('call').click();
  return split;
}

test('two browsers play a game of Red & Black to a call and agree on the result', async () => {
  const { alice, bob } = await match(1);
  const split = await playToCall(alice, bob);
  for (const page of [alice, bob]) {
    await expect
      .poll(() => prompt(page), { timeout: 60_000 })
      .toMatch(/(Alice|Bob) wins the match\./);
    await expect
      .poll(() => page.getByTestId('log').textContent())
      .toContain(`Alice calls: ${split}!`);
  }
  expect(await prompt(bob)).toBe(await prompt(alice));
  // Bob's hand is public after the call: Alice's page shows its faces.
  await expect
    .poll(() => alice.getByTestId('opponent-hand').getByTestId('card-face').count())
    .toBe(5);
  expect(await alice.getByTestId('alarm').count()).toBe(0);
  expect(await bob.getByTestId('alarm').count()).toBe(0);
});

test('between two games of a match, the next starts once both press Next game', async () => {
  const { alice, bob } = await match(2);
  await playToCall(alice, bob);

  // Both pages show how game 1 ended, Next game and the countdown.
  for (const page of [alice, bob]) {
    await page.getByTestId('interlude').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('interlude-summary').textContent()).toMatch(
      /^Game 1: Alice called Bob's hand \d red, \d black; .+ Score: Alice \d – \d Bob/,
    );
    expect(await page.getByTestId('countdown').textContent()).toMatch(
      /^Starts by itself in \d+ s$/,
    );
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('next-game');
  }
  await alice.keyboard.press('Enter');
  const status = alice.getByTestId('next-game-status');
  await expect.poll(() => status.textContent()).toBe('Waiting for Bob to press Next game…');
  expect(await status.getAttribute('role')).toBe('status');
  expect(await alice.getByTestId('next-game').count()).toBe(0);
  // Bob has not pressed: the match waits for him, his countdown still running.
  expect(await bob.getByTestId('next-game').count()).toBe(1);
  expect(await bob.getByTestId('log').textContent()).not.toMatch(/Game 2 begins/);

  await bob.getByTestId('next-game').click();
  for (const page of [alice, bob]) {
    await expect
      .poll(() => page.getByTestId('log').textContent(), { timeout: 60_000 })
      .toMatch(/Game 2 begins; (Alice|Bob) deals\./);
    await expect.poll(() => page.getByTestId('interlude').count()).toBe(0);
    expect(await page.getByTestId('alarm').count()).toBe(0);
  }
});

test('one browser plays a match of Red & Black against the computer to the end', async () => {
  const page = await stack.newPlayer();
  await chooseRedBlack(page, 'Solo', 2);
  await page.getByTestId('solo').click();
  await page.getByTestId('river').waitFor();
  await page.getByTestId('autoplay').check();
  await expect
    .poll(() => prompt(page), { timeout: 180_000 })
    .toMatch(/^(Solo|Computer) wins the match\.$/);
  expect((await page.getByTestId('result-headline').textContent())?.trim()).toMatch(
    /^(You win|Computer wins) the match$/,
  );
  expect(await page.getByTestId('result-reason').textContent()).toMatch(
    /Score: Solo \d – \d Computer/,
  );
  const log = (await page.getByTestId('log').textContent()) ?? '';
  expect(log).toMatch(/calls: \d red, \d black!/);
  expect(log).toContain('Computer shuffled and locked the cards');
  expect(await page.getByTestId('alarm').count()).toBe(0);
});
