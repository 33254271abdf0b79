/**
 * Leaving a game: a dialog asks first (focus inside, Escape stays), then the
 * page goes home with a clean address and closed links, whoever leaves.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { checkScreen, seatTwo, useStack } from './harness.ts';

const stack = useStack();

/** How many times slower than this machine a slow phone runs (Chromium's CPU throttling). */
const SLOW_PHONE = 20;

const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/** Leave, asked and kept from once with Escape, then confirmed. */
async function leave(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Leave this game?' });
  await page.getByTestId('leave-table').click();
  await dialog.waitFor();
  expect(await dialog.getAttribute('aria-describedby')).toBeTruthy();
  expect(await focused(page)).toBe('stay');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await page.getByTestId('table').count()).toBe(1);

  await page.getByTestId('leave-table').click();
  await dialog.waitFor();
  await page.getByTestId('confirm-leave').click();
}

/** The home screen, nothing of the old table left: no table, no join form, no `#...`. */
async function atHome(page: Page) {
  await page.getByTestId('create').waitFor();
  expect(await page.getByTestId('table').count()).toBe(0);
  expect(await page.getByTestId('join').count()).toBe(0);
  expect(await page.getByTestId('progress').count()).toBe(0);
  expect(new URL(page.url()).hash).toBe('');
}

test('the creator leaves a game: asked first, then home, not a new table', async () => {
  const { alice, bob } = await seatTwo(stack, 'war');
  await leave(alice);
  await atHome(alice);
  // Bob's page keeps its table: for now it learns of the leave only as a dropped link.
  await expect.poll(() => bob.getByTestId('table').count()).toBe(1);
  // Home works as home: a new table opens in its lobby.
  await alice.getByTestId('create').click();
  await alice.getByTestId('lobby').waitFor();
  expect(await alice.getByTestId('seat-name').allTextContents()).toEqual(['Alice']);
});

test('a joiner on a slow device leaves a game: home, not the join form of the table just left, and the other page hears that it resigned', async () => {
  const { alice, bob } = await seatTwo(stack, 'war');
  // Seated, the address names the table (a reload comes back to it), not the invite.
  expect(new URL(bob.url()).hash).toMatch(/^#table=/);
  // A slow phone: signing and storing its RESIGN takes longer than the goodbye's grace.
  await (
    await bob.context().newCDPSession(bob)
  ).send('Emulation.setCPUThrottlingRate', {
    rate: SLOW_PHONE,
  });
  await leave(bob);
  await atHome(bob);
  expect(await alice.getByTestId('table').count()).toBe(1);
  // Alice's page says that Bob resigned and left: nobody is reconnecting, nothing is being read.
  await alice.getByTestId('result').waitFor();
  await expect
    .poll(() => alice.getByTestId('waiting').textContent())
    .toBe('Bob has left the table.');
  expect(await alice.getByTestId('player').getByTestId('link-state').allTextContents()).toEqual([
    'you',
    'left',
  ]);
  expect(await alice.getByTestId('status').textContent()).toBe('The game is over: Bob resigned.');
  // The audit has no cards to open, and says why; every replica's state hash is still there.
  await alice.getByTestId('see-audit').click();
  expect(await alice.getByTestId('audit-missing').textContent({ timeout: 20_000 })).toContain(
    'This game ended when Bob resigned',
  );
  // Bob's page closed before Alice confirmed the ending: nothing to wait for, nothing wrong.
  await expect
    .poll(() => alice.getByTestId('audit-hashes').textContent())
    .toMatch(
      /^\s*This page reached [0-9a-f]{16}… after \d+ events\. Bob left before the last, so no other replica is there to compare\.\s*$/,
    );
  await alice.keyboard.press('Escape');
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await alice.setViewportSize(viewport);
    await checkScreen(alice, 'table-resigned', viewport);
  }
});
