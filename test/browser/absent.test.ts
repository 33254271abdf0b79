/**
 * The table's clock in two real pages: the creator picks the quick time control, the
 * joiner is told it and the table's options before sitting. Bob stays linked and never flips: both pages count
 * his time down, Alice's offers the claim once it ran out, Bob's says his answer time is
 * running, and once it is over both say Bob lost on time. The pages' clocks are
 * Playwright's, moved on together: the table's times are the pages' own.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { createTable, flipOffered, useStack } from './harness.ts';

const stack = useStack();

const WORDS = 'Time control: 20 seconds a move, 20 seconds for what a page does by itself.';

test('a linked player who never moves is claimed once his time ran out, and both pages say he lost on time', async () => {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  for (const page of [alice, bob]) await page.clock.install();
  const invite = await createTable(alice, stack.url, 'Alice', 'war', {
    clock: 'quick',
    options: { battleLimit: '300' },
  });
  expect(await alice.getByTestId('clock').textContent()).toContain(WORDS);
  await bob.goto(invite);
  await bob.getByTestId('invitation').waitFor();
  expect(await bob.getByTestId('clock').textContent()).toContain(WORDS);
  // The terms Bob would sign by sitting, told before he sits.
  expect(await bob.getByTestId('options').textContent()).toBe(
    'Table options: after 300 battles the player holding more cards wins.',
  );
  await bob.getByTestId('name').fill('Bob');
  await bob.getByTestId('join').click();
  await bob.getByTestId('lobby').waitFor();
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();
  for (const page of [alice, bob]) await flipOffered(page);
  await alice.getByTestId('flip').click();

  // Alice flipped: the table waits on Bob alone, and both pages show his time.
  await alice.getByText(/^Bob's time: 0:\d\d left\.$/).waitFor({ timeout: 30_000 });
  await expect
    .poll(() => bob.getByTestId('own-clock').textContent())
    .toMatch(/Your time: 0:\d\d left/);
  expect(await alice.getByTestId('declare-absent').count()).toBe(0);
  // A page that takes its turn in more than 5 s after it began says so (SEEN), and its
  // time runs from there: on a loaded machine Bob's may. A claim that had not seen it is
  // void, as at any table; so the clocks move on once Alice's page holds what Bob's said.
  const late = async (page: Page) =>
    /turn reached them late/.test((await page.getByTestId('log').textContent()) ?? '');
  if (await late(bob)) await expect.poll(() => late(alice)).toBe(true);

  // Ten seconds left: Bob's page says to hurry, once, to screen readers too.
  for (const page of [alice, bob]) await page.clock.fastForward('00:11');
  await expect
    .poll(() => bob.getByTestId('absent-news').textContent())
    .toBe('Your time is running out: 10 seconds or less left.');
  expect(await bob.getByTestId('own-clock').getAttribute('class')).toContain('low');
  for (const page of [alice, bob]) await page.clock.fastForward('00:10');
  const claim = alice.getByRole('button', { name: 'Declare Bob absent' });
  await claim.waitFor({ timeout: 30_000 });
  expect(await alice.getByTestId('absent-news').textContent()).toBe(
    'You may now declare Bob absent.',
  );
  // By keyboard: the button takes focus and Enter presses it.
  await claim.focus();
  await alice.keyboard.press('Enter');
  await alice.getByTestId('result').waitFor();
  expect(await alice.getByTestId('result-headline').textContent()).toContain('You win the game');
  expect(await alice.getByTestId('result-reason').textContent()).toBe('Bob ran out of time.');
  expect(await alice.getByTestId('absent').count()).toBe(0);
  // The ending replaces every word about moves and links: no flip, no reconnecting.
  expect(await alice.getByTestId('status').textContent()).toBe(
    'The game is over: Bob ran out of time.',
  );
  expect(await alice.getByTestId('verdict').innerText()).toBe('Game over');
  expect(await alice.getByTestId('waiting').textContent()).toBe('');
  // Bob's page: the claim is in, and he has the answer time to move.
  await expect
    .poll(() => bob.getByTestId('own-clock').textContent())
    .toMatch(/Your time ran out and the game is claimed: move within 0:\d\d or lose\./);

  for (const page of [alice, bob]) await page.clock.fastForward('00:25');
  await bob.getByTestId('result').waitFor({ timeout: 30_000 });
  expect(await bob.getByTestId('result-reason').textContent()).toBe('Bob ran out of time.');
  expect(await bob.locator('[data-testid=flip]:not([disabled])').count()).toBe(0);
});
