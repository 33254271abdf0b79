/**
 * Every game's table (War between two pages, the others against the computer, Batailles
 * against five), at a phone (390x844), at the narrowest phone we serve (360 px), at
 * 1280x800 and at 1920x1080: no sideways scrolling, no text spilling out of its panel, and
 * every enabled control takes a tap at its centre (nothing drawn over it), and Town for Two's
 * Play here badge leaves the words under its pile readable. With
 * FAIRDEAL_SHOTS set to a folder, each table is saved there at 1280x800 and at 390x844 as
 * a PNG. The same for the join, lobby and result screens.
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createTable, turnOnAutoplay, useStack } from './harness.ts';

const stack = useStack();

const SHOTS = process.env.FAIRDEAL_SHOTS;

/** For each game: what its prompt (or status line) says once this player's move is owed. */
const OWED = {
  war: { line: 'status', words: /^Your move: flip/ },
  redblack: { line: 'prompt', words: /^(Guess|Your turn)/ },
  town: { line: 'prompt', words: /^Your turn: pick a run/ },
  blackred: { line: 'prompt', words: /^(Your turn: |You hold 7 |No \w+ card fits)/ },
  batailles: { line: 'prompt', words: /^Pick 2 cards of your hand/ },
} as const;

/**
 * The controls a player could tap now that something else covers at their centre,
 * each scrolled into view first, as a player would.
 */
const covered = (page: Page) =>
  page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button:not(:disabled), input:not(:disabled), select:not(:disabled), summary',
    );
    const blocked: string[] = [];
    for (const control of controls) {
      // Not drawn (a closed dialog, a folded panel, a closed <details>, whose content
      // keeps its boxes): nothing to tap.
      if (!control.checkVisibility()) continue;
      control.scrollIntoView({ block: 'center', inline: 'center' });
      const box = control.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (!hit || !(hit === control || control.contains(hit))) {
        const name = control.dataset.testid ?? control.textContent?.trim() ?? control.tagName;
        const over = hit ? (hit.getAttribute('data-testid') ?? hit.className) : 'nothing';
        blocked.push(`${name} under ${over}`);
      }
    }
    return blocked;
  });

/**
 * Text that spills out of the panel holding it: each text node of the table must end
 * within its nearest panel, or within the nearest box that clips it (a name cut short).
 */
const spilled = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('[data-testid=table]')!;
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    const spills: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text || node.parentElement?.checkVisibility() === false) continue;
      let bound: Element | null = node.parentElement;
      while (
        bound &&
        !bound.matches('section, aside, header, li, td, th, p') &&
        getComputedStyle(bound).overflow === 'visible'
      )
        bound = bound.parentElement;
      const range = document.createRange();
      range.selectNodeContents(node);
      const right = range.getBoundingClientRect().right;
      if (bound && getComputedStyle(bound).overflow !== 'visible') continue;
      if (bound && right > bound.getBoundingClientRect().right + 1) spills.push(text);
    }
    return spills;
  });

/** How far the game log is scrolled from its newest line, in pixels (0: the newest in view). */
const logFromEnd = (page: Page) =>
  page.getByTestId('log').evaluate((log) => log.scrollHeight - log.clientHeight - log.scrollTop);

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * `page`'s table, once its move is owed, at 390, 360, 1280 and 1920 px (it ends at 1920):
 * nothing covered, nothing sideways, nothing spilled, and the log folded on a phone only.
 * `name` is the player's, for War's: there it meets the longest name a player may type.
 */
async function tableFits(page: Page, game: keyof typeof OWED, name?: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  const { line, words } = OWED[game];
  await expect
    .poll(async () => (await page.getByTestId(line).textContent()) ?? '', { timeout: 50_000 })
    .toMatch(words);

  expect(await covered(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  expect(await spilled(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `phone-${game}.png`), fullPage: true });
  if (game === 'batailles') {
    // Six seats run far below the move's buttons: scrolled to the last, they stay in reach.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const move = await page.locator('[aria-label="Your move"]').boundingBox();
    expect(move!.y).toBeGreaterThanOrEqual(0);
    expect(move!.y).toBeLessThan(1);
  }

  // The log and the rules fold away behind a button on a phone, and open from it.
  const fold = page.getByTestId('show-log');
  expect(await page.getByTestId('log').isVisible()).toBe(false);
  await fold.click();
  expect(await fold.getAttribute('aria-expanded')).toBe('true');
  expect(await page.getByTestId('log').isVisible()).toBe(true);
  // Opened, the log shows its newest line.
  await expect.poll(() => logFromEnd(page)).toBeLessThanOrEqual(1);
  expect(await covered(page)).toEqual([]);
  await fold.click();
  expect(await page.getByTestId('log').isVisible()).toBe(false);

  await page.setViewportSize({ width: 360, height: 740 });
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  expect(await spilled(page)).toEqual([]);
  expect(await covered(page)).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  // A desktop has room for the log beside the board: no button to open it.
  expect(await fold.isVisible()).toBe(false);
  expect(await page.getByTestId('log').isVisible()).toBe(true);
  await expect.poll(() => logFromEnd(page)).toBeLessThanOrEqual(1);
  expect(await covered(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  expect(await spilled(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `desktop-${game}.png`), fullPage: true });
  // The widest desktop we serve: nothing covered, nothing wider than the window.
  await page.setViewportSize({ width: 1920, height: 1080 });
  expect(await covered(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  expect(await spilled(page)).toEqual([]);
  // Cut short, a name is whole on hover.
  if (name !== undefined)
    expect(await page.getByTestId('stats').locator('th .name').first().getAttribute('title')).toBe(
      name,
    );
}

// War's, Red & Black's and Town for Two's tables are checked in the tests below, in games
// they play anyway.
for (const game of ['blackred', 'batailles'] as const) {
  test(`${game} against the computer: every control tappable and no sideways scroll at 360, 390, 1280 and 1920 px`, async () => {
    const page = await stack.newPlayer();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(stack.url);
    await page.getByTestId('name').fill('Dora');
    await page.getByTestId(`game-${game}`).click();
    // Batailles at its fullest: six seats, five of them computers.
    if (game === 'batailles') await page.getByTestId('seats').selectOption('6');
    await page.getByTestId('solo').click();
    await tableFits(page, game);
  });
}

test('home: Create says why it cannot be pressed, and an option out of range is refused in words; the Red & Black table made fits every width, its hand cards do nothing outside a move and keep their sorted order across a re-mask', async () => {
  const page = await stack.newPlayer();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(stack.url);
  const create = page.getByTestId('create');
  const hint = page.getByTestId('create-hint');
  expect(await create.isDisabled()).toBe(true);
  expect(await hint.textContent()).toBe(
    'Type your name first: the other players see it at the table.',
  );
  // A screen reader hears the reason with the button.
  expect(await create.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
  await page.getByTestId('name').fill('Dora');
  expect(await create.isEnabled()).toBe(true);
  expect(await hint.textContent()).toBe('');

  await page.getByTestId('game-redblack').click();
  await page.getByTestId('opt-red').fill('60');
  await page.getByTestId('opt-target').fill('0');
  expect(await page.getByTestId('options-problem').textContent()).toBe(
    'Red cards must be a whole number from 9 to 52. Games to win must be a whole number from 1 to 15.',
  );
  expect(await page.getByTestId('opt-red').getAttribute('aria-invalid')).toBe('true');
  expect(await create.isDisabled()).toBe(true);
  expect(await page.getByTestId('solo').isDisabled()).toBe(true);
  expect(await hint.textContent()).toBe('Fix the options above first.');
  // The number typed stays as typed: refused, not changed behind the player's back.
  expect(await page.getByTestId('opt-red').inputValue()).toBe('60');
  expect(await covered(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);

  await page.getByTestId('opt-red').fill('30');
  await page.getByTestId('opt-target').fill('2');
  expect(await page.getByTestId('options-problem').textContent()).toBe('');
  expect(await create.isEnabled()).toBe(true);
  // The table is made with the options as typed.
  await page.getByTestId('solo').click();
  await expect
    .poll(() => page.getByTestId('score').textContent(), { timeout: 60_000 })
    .toMatch(/Match: first to win 2 games/);
  await tableFits(page, 'redblack');

  // Hand cards do nothing outside a move and are disabled; the hand keeps its sorted order
  // across a re-mask.
  await page.setViewportSize({ width: 390, height: 844 });
  const prompt = () => page.getByTestId('prompt').textContent();
  if (/^Guess/.test((await prompt()) ?? '')) await page.getByTestId('guess-red').click();
  await expect.poll(prompt, { timeout: 50_000 }).toMatch(/^Your turn: choose a river card to swap/);
  const hand = page.getByTestId('my-hand').getByTestId('hand-card');
  const faces = () =>
    page
      .getByTestId('my-hand')
      .getByTestId('card-face')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-face') ?? ''));
  // Picking a hand card does something only when an attack is on offer (not on a first turn).
  const attack = /attack/.test((await prompt()) ?? '');
  for (const card of await hand.all()) expect(await card.isDisabled()).toBe(!attack);
  const before = await faces();
  const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  const rank = (face: string) => (/[♥♦]$/.test(face) ? 0 : 100) + RANKS.indexOf(face.slice(0, -1));
  expect(before.map(rank)).toEqual(before.map(rank).sort((a, b) => a - b));

  // The swap re-masks the hand (its ids name the cards anew): the order stays.
  await page.locator('[data-testid^=slot-]:not(:disabled)').first().click();
  await expect.poll(prompt, { timeout: 60_000 }).toMatch(/^Pick a hand card to put in/);
  expect(await faces()).toEqual(before);
  await hand.first().click();
  expect(await hand.first().getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByTestId('confirm').textContent()).toMatch(/^Put it in slot \d$/);
});

/**
 * Where `page`'s run is owed in Town for Two: picks hand cards one at a time, each taken
 * back, until one lights a pile. A hand that lights none is played as a new pile and the
 * next turn tried, till one does.
 */
async function lightAPile(page: Page) {
  const lit = page.locator('[data-testid^=play-pile-]');
  for (let turn = 0; turn < 6; turn++) {
    await expect
      .poll(() => page.getByTestId('prompt').textContent(), { timeout: 50_000 })
      .toMatch(OWED.town.words);
    const cards = page.getByTestId('hand-card');
    for (let card = 0; card < (await cards.count()); card++) {
      await cards.nth(card).click();
      if ((await lit.count()) > 0) return;
      await page.getByTestId('clear').click();
    }
    await cards.first().click();
    await page.getByTestId('new-pile').click();
  }
  throw new Error('no hand card lit a pile in six turns');
}

/** The lit piles whose "Play here" badge covers the words under the pile, by test id. */
const badgesOverWords = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid^=play-pile-]')].flatMap((button) => {
      const badge = button.querySelector('span')!.getBoundingClientRect();
      const words = button.parentElement!.querySelector('[data-testid=pile-owner]')!;
      const under = words.getBoundingClientRect();
      const apart =
        badge.bottom <= under.top ||
        under.bottom <= badge.top ||
        badge.right <= under.left ||
        under.right <= badge.left;
      return apart ? [] : [`${button.dataset.testid} over "${words.textContent}"`];
    }),
  );

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

/** What covers a control or scrolls sideways on `page`, at each width we serve. */
async function misfits(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const blocked of await covered(page)) found.push(`${size.width}px: ${blocked}`);
    const overflow = await sideways(page);
    if (overflow > 0) found.push(`${size.width}px: ${overflow}px sideways`);
  }
  return found;
}

test(`join, lobby and result screens, and the War and Town for Two tables: every control tappable and no sideways scroll at 360, 390, 1280 and 1920 px, and a lit pile's Play here clear of its words`, async () => {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  const invite = await createTable(alice, stack.url, 'Wolfeschlegelsteinhausen', 'war');
  await alice.locator('.qr svg').waitFor();
  expect(await misfits(alice)).toEqual([]);

  await bob.goto(invite);
  await bob.getByTestId('invitation').waitFor();
  expect(await misfits(bob)).toEqual([]);
  await bob.getByTestId('name').fill('Bartholomew-Maximilian');
  await bob.getByTestId('join').click();
  await bob.getByTestId('lobby').waitFor();
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await bob.getByTestId('chat-input').fill('A long word: Donaudampfschifffahrtsgesellschaft');
  await bob.getByTestId('chat-send').click();
  await alice.getByTestId('chat').getByText('Donaudampf', { exact: false }).waitFor();
  expect(await misfits(alice)).toEqual([]);
  expect(await misfits(bob)).toEqual([]);
  // Their War table, once Alice owes her flip.
  await alice.getByTestId('start').click();
  await tableFits(alice, 'war', 'Wolfeschlegelsteinhausen');

  const solo = await stack.newPlayer();
  await solo.goto(stack.url);
  await solo.getByTestId('name').fill('Dora');
  await solo.getByTestId('game-town').click();
  await solo.getByTestId('solo').click();
  await tableFits(solo, 'town');
  // A pile the run may go on is lit with a "Play here" badge, clear of the pile's words.
  await lightAPile(solo);
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await solo.setViewportSize(size);
    expect(await badgesOverWords(solo), `at ${size.width} px`).toEqual([]);
    if (SHOTS)
      await solo.screenshot({ path: join(SHOTS, `${size.name}-town-lit.png`), fullPage: true });
  }
  await turnOnAutoplay(solo);
  await solo.getByTestId('result').waitFor({ timeout: 50_000 });
  expect(await misfits(solo)).toEqual([]);
  expect(await spilled(solo)).toEqual([]);
});
