/**
 * Batailles et piques, the guided first game: one page plays a whole game against two
 * computers, by keyboard, with axe at both sizes on each screen it reaches. A whole game lasts
 * as long as its deal, so this file runs alone, after the others (vite.config.ts,
 * ONE_AT_A_TIME). Three seats, not four: at four (27–35 s on two idle cores) it ran past its
 * 60 s with one core kept busy (2026-12-06). Six seats against the computer are
 * layout.test.ts's.
 */
import { expect, test } from 'vitest';
import { turnOnAutoplay, useStack } from './harness.ts';
import {
  checkAtBothSizes,
  confirmMovesOn,
  expectFocusKept,
  PLAYED,
  sizedPlayer,
  tabTo,
} from './keyboard.ts';

const stack = useStack();

test(`Batailles et piques, a guided game with two computers, passes axe at both sizes, its rules and coach read, cards laid by keyboard, played to the end`, async () => {
  const page = await sizedPlayer(stack, PLAYED);
  await page.goto(stack.url);
  await page.getByTestId('name').fill('Dora');
  await page.getByTestId('game-batailles').click();
  await page.getByTestId('seats').selectOption('3');
  await confirmMovesOn(page);
  expect(await page.getByTestId('solo').textContent()).toMatch(/Play with 2 computers/);
  await checkAtBothSizes(page, 'batailles-home');
  // Its rules open from the home screen, pictures of the units among them.
  await page.getByTestId('game-rules').click();
  await page.getByTestId('rules-picture').first().waitFor();
  expect(await page.getByTestId('rules-page').getByTestId('unit-face').count()).toBeGreaterThan(0);
  await checkAtBothSizes(page, 'batailles-rules');
  await page.keyboard.press('Escape');
  // The guided first game: the same game with two computers, and a coach.
  await tabTo(page, 'guided');
  await page.keyboard.press('Enter');
  const hint = () => page.getByTestId('coach-hint').textContent();
  await expect.poll(hint).toMatch(/^Your goal: kill the most enemy cards/);
  const prompt = () => page.getByTestId('prompt').textContent();
  await expect.poll(prompt, { timeout: 50_000 }).toMatch(/^Pick 2 cards of your hand/);
  // Read by keyboard, the goal gives way to what laying means.
  await tabTo(page, 'coach-ok');
  await page.keyboard.press('Enter');
  await expect.poll(hint).toMatch(/^Pick 2 hand cards and lay them/);
  await expectFocusKept(page, 'reading a tip');
  await checkAtBothSizes(page, 'batailles-lay');

  // Dora picks two hand cards by keyboard and lays them.
  await tabTo(page, 'hand-card');
  await page.keyboard.press('Space');
  await tabTo(page, 'hand-card');
  await page.keyboard.press('Space');
  await expect
    .poll(() => page.locator('[data-testid=hand-card][aria-pressed=true]').count())
    .toBe(2);
  // The hand sits right below the controls: back to Lay, which confirms the two picked.
  await tabTo(page, 'lay', 'Shift+Tab');
  expect(await page.getByTestId('lay').textContent()).toMatch(
    /^Confirm: lay your .+ and your .+ facedown$/,
  );
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.getByTestId('log').textContent(), { timeout: 30_000 })
    .toMatch(/You laid 2 cards facedown\./);
  await expectFocusKept(page, 'laying two cards');
  await checkAtBothSizes(page, 'batailles-laid');

  await turnOnAutoplay(page);
  await page.getByTestId('result').waitFor({ timeout: 50_000 });
  await checkAtBothSizes(page, 'batailles-result');
  expect((await page.getByTestId('result-headline').textContent())?.trim()).toMatch(
    /^(You win the game|Computer \d wins the game|.+ share the game)$/,
  );
  expect(await page.getByTestId('seat-panel').count()).toBe(3);
  const log = (await page.getByTestId('log').textContent()) ?? '';
  expect(log).toMatch(/attacks/);
  expect(log).toMatch(/is dead: a trophy for/);
  expect(await page.getByTestId('alarm').count()).toBe(0);
});
