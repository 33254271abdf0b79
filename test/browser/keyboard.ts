/**
 * A keyboard player in Chromium, and axe at the two sizes every screen is checked at: what
 * the accessibility tests share (a11y.test.ts, a11y-batailles.test.ts).
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { checkScreen, type Stack, type Viewport } from './harness.ts';

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/**
 * The size each game is played at, by keyboard: the phone's, where the layout is tightest.
 * Every screen it reaches is checked at both sizes (`checkAtBothSizes`), so each game is
 * played once, not once per size.
 */
export const PLAYED: Viewport = VIEWPORTS[1];

/** Checks the screen as it is at every size of `VIEWPORTS`, then gives the page its size back. */
export async function checkAtBothSizes(page: Page, screen: string, options?: { dialog?: boolean }) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await checkScreen(page, screen, viewport, options);
  }
  await page.setViewportSize(PLAYED);
}

export async function sizedPlayer(stack: Pick<Stack, 'newPlayer'>, size: Viewport) {
  const page = await stack.newPlayer();
  await page.setViewportSize(size);
  return page;
}

/** What has focus, as `tag[data-testid]`; `BODY` when focus was lost. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return 'none';
    const id = element.getAttribute('data-testid');
    return id ? `${element.tagName}[${id}]` : element.tagName;
  });

/** Tabs (forward, or back with `Shift+Tab`) until `testId` has focus, as a keyboard player would. */
export async function tabTo(page: Page, testId: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press(key);
    const here = await page.evaluate(
      () => document.activeElement?.getAttribute('data-testid') ?? null,
    );
    if (here === testId) return;
  }
  throw new Error(`${testId} cannot be reached with Tab`);
}

/**
 * Once a keyboard action has taken effect (the caller waits for that first), focus rests
 * on something a player can carry on from.
 */
export async function expectFocusKept(page: Page, after: string) {
  expect(await focused(page), `focus after ${after}`).not.toMatch(/^(BODY|none)$/);
}

/**
 * Turns "Confirm my moves" on by keyboard, as a player does, where the page offers it (the
 * home screen, a move's box): the test players start with it off (scripts/stack.ts).
 */
export async function confirmMovesOn(page: Page) {
  await tabTo(page, 'confirm-moves');
  await page.keyboard.press('Space');
  expect(await page.getByTestId('confirm-moves').isChecked()).toBe(true);
}

/**
 * A move just chosen by keyboard awaits its confirmation: focus is on its Confirm button,
 * which says it in `words`. Enter signs it.
 */
export async function confirmByKeyboard(page: Page, words: RegExp) {
  await expect.poll(() => focused(page)).toBe('BUTTON[confirm-move]');
  expect(await page.getByTestId('confirm-move').textContent()).toMatch(words);
  await page.keyboard.press('Enter');
}
