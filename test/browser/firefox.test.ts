/**
 * Fair Deal in Firefox (Debian's ESR, scripts/firefox.ts): a whole game between a Firefox
 * page and a Chromium page paired by codes with no server at all, both agreeing on the
 * end; a whole game between two Firefox pages over PeerJS, played by keyboard; and every
 * kind of screen checked by axe in Firefox at the desktop size. The two together carry
 * what a game between Firefox and Chromium over PeerJS did: the link between the two
 * browsers, and PeerJS's signaling in Firefox.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { expect, test } from 'vitest';
import { FIREFOX_VIEWPORT, type FirefoxPlayer } from '../../scripts/firefox.ts';
import { keptTranscript } from '../vectors/kept.ts';
import {
  checkScreen,
  createPairedTable,
  expectAgreement,
  joinByCodes,
  openDeadLinks,
  useStack,
  type Seat,
} from './harness.ts';

const stack = useStack(() => ({ firefox: true }));

const prompt = async (page: Seat) => (await page.getByTestId('prompt').textContent()) ?? '';

/** `host` opens a one-game Red & Black table; returns the invite link. */
async function openRedBlack(host: Seat, name: string) {
  await host.goto(stack.url);
  await host.getByTestId('name').fill(name);
  await host.getByTestId('game-redblack').click();
  await host.getByTestId('opt-target').fill('1');
  await host.getByTestId('create').click();
  return host.getByTestId('invite').inputValue();
}

/**
 * Both seated in the lobby, `host` starts; the non-dealer guesses the third river card,
 * then `host` calls its opponent's hand, which ends the game; both pages agree on the
 * result and the log.
 */
async function playRedBlackToTheEnd(host: Seat, guest: Seat) {
  await expect.poll(() => host.getByTestId('start').isEnabled()).toBe(true);
  await host.getByTestId('start').click();
  await expect
    .poll(async () => /Guess/.test(`${await prompt(host)} ${await prompt(guest)}`), {
      timeout: 30_000,
    })
    .toBe(true);
  const guesser = /Guess/.test(await prompt(host)) ? host : guest;
  await guesser.getByTestId('guess-black').click();
  await host.getByTestId('call').waitFor({ timeout: 30_000 });
  await host.getByTestId('call').click();
  await expectAgreement(host, guest, async (page) => {
    await expect.poll(() => prompt(page), { timeout: 30_000 }).toMatch(/wins the match\.$/);
    return prompt(page);
  });
}

test('with no server at all, a Chromium page and a Firefox page pair by codes and play Red & Black to the end', async () => {
  await stack.stopSignaling();
  const alice = await stack.newPlayer();
  const bob = await stack.newFirefoxPlayer();
  await createPairedTable(alice, stack.url, 'Alice', 'redblack', { options: { target: '1' } });
  await joinByCodes(alice, bob, stack.url, 'Bob');
  await playRedBlackToTheEnd(alice, bob);
});

/** Firefox is checked at the desktop size its pages open at. */
const DESKTOP = { name: 'firefox-desktop', ...FIREFOX_VIEWPORT };

const check = (page: FirefoxPlayer, screen: string, options?: { dialog?: boolean }) =>
  checkScreen(page, screen, DESKTOP, options);

/** What has focus, as `tag[data-testid]`; `BODY` when focus was lost. */
const focused = (page: FirefoxPlayer) =>
  page.evaluate(() => {
    const element = document.activeElement;
    const id = element?.getAttribute('data-testid');
    return id ? `${element?.tagName}[${id}]` : (element?.tagName ?? 'none');
  });

/** How many hand cards are picked. */
const pressed = (page: FirefoxPlayer) =>
  page.page.$$eval('[data-testid=hand-card][aria-pressed=true]', (cards) => cards.length);

/**
 * Tabs until `testId` has focus, as a keyboard player would: back with Shift+Tab when it
 * comes before the focus in the page. Headless Firefox has no toolbar for Tab to pass
 * through at the page's end and come round to its start: a Tab past the end would lose
 * the focus to nowhere.
 */
async function tabTo(page: FirefoxPlayer, testId: string) {
  const back = await page.page.evaluate((id) => {
    const target = document.querySelector(`[data-testid="${id}"]`);
    const from = document.activeElement;
    if (target === null || from === null || from === document.body) return false;
    return (target.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  }, testId);
  for (let presses = 0; presses < 60; presses++) {
    await page.press('Tab', { shift: back });
    if ((await focused(page)).endsWith(`[${testId}]`)) return;
  }
  throw new Error(`${testId} cannot be reached with Tab`);
}

/** Once a keyboard action has taken effect, focus rests on something to carry on from. */
async function expectFocusKept(page: FirefoxPlayer, after: string) {
  expect(await focused(page), `focus after ${after}`).not.toMatch(/^(BODY|none)$/);
}

test('home, lobby, join and a game of Red & Black between two Firefox pages pass axe, played by keyboard', async () => {
  const alice = await stack.newFirefoxPlayer();
  const bob = await stack.newFirefoxPlayer();
  await alice.goto(stack.url);
  await alice.getByTestId('create').waitFor();
  await check(alice, 'home');
  const invite = await openRedBlack(alice, 'Alice');
  await check(alice, 'lobby-alone');

  await bob.goto(invite);
  await bob.getByTestId('invitation').waitFor();
  await check(bob, 'join');
  await bob.getByTestId('name').fill('Bob');
  await bob.press('Enter');
  await bob.getByTestId('lobby').waitFor();
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await check(alice, 'lobby-two');
  await check(bob, 'lobby-two-guest');
  // The table opened in a second page of Alice's browser says so, and runs nothing there.
  const second = await alice.openAnother();
  await second.goto(alice.url());
  await second.getByTestId('elsewhere-notice').waitFor({ timeout: 10_000 });
  await check(second, 'open-in-another-tab');
  await second.page.close();

  // From here on the game is played by keyboard.
  await tabTo(alice, 'start');
  await alice.press('Enter');
  await expect
    .poll(async () => /Guess/.test(`${await prompt(alice)} ${await prompt(bob)}`), {
      timeout: 30_000,
    })
    .toBe(true);
  const guesser = /Guess/.test(await prompt(alice)) ? alice : bob;
  await check(guesser, 'redblack-guess');
  await check(guesser === alice ? bob : alice, 'redblack-wait-guess');
  await tabTo(guesser, 'guess-black');
  await guesser.press('Enter');
  await expect.poll(() => prompt(guesser), { timeout: 30_000 }).not.toMatch(/Guess/);
  await expectFocusKept(guesser, 'the guess');

  // The first player swaps a river card for a hand card, picked with Space.
  const turn = async (page: Seat) => /^Your turn/.test(await prompt(page));
  await expect
    .poll(async () => (await turn(alice)) || (await turn(bob)), { timeout: 30_000 })
    .toBe(true);
  const mover = (await turn(alice)) ? alice : bob;
  await check(mover, 'redblack-turn');
  await tabTo(mover, 'slot-0');
  await mover.press('Enter');
  await expect
    .poll(() => prompt(mover), { timeout: 30_000 })
    .toBe('Pick a hand card to put in river slot 1.');
  await expectFocusKept(mover, 'choosing a river card');
  await tabTo(mover, 'hand-card');
  await mover.press(' ');
  await expect.poll(() => pressed(mover)).toBe(1);
  await check(mover, 'redblack-place');
  await tabTo(mover, 'confirm');
  const placing = await prompt(mover);
  await mover.press('Enter');
  await expect.poll(() => prompt(mover), { timeout: 30_000 }).not.toBe(placing);
  await expectFocusKept(mover, 'placing a card');

  // Alice asks to leave and stays, then calls.
  await tabTo(alice, 'leave-table');
  await alice.press('Enter');
  await alice.page.waitForSelector('::-p-aria([name="Leave this game?"][role="dialog"])');
  await check(alice, 'leave-dialog', { dialog: true });
  await alice.press('Escape');
  await expect.poll(() => focused(alice)).toBe('BUTTON[leave-table]');
  await tabTo(alice, 'call');
  await alice.press('Enter');
  for (const page of [alice, bob]) await page.getByTestId('result').waitFor({ timeout: 30_000 });
  await expect.poll(() => focused(alice)).toBe('H2[result-headline]');
  await check(alice, 'redblack-result');
  await check(bob, 'redblack-result-other');
});

/**
 * Dora chooses `game` on the home screen, checked there as `home` when named, and plays
 * it against the computer.
 */
async function againstTheComputer(game: string, home?: string) {
  const page = await stack.newFirefoxPlayer();
  await page.goto(stack.url);
  await page.getByTestId('name').fill('Dora');
  await page.getByTestId(`game-${game}`).click();
  if (home !== undefined) await check(page, home);
  await page.getByTestId('solo').click();
  return page;
}

test('War and Town for Two against the computer pass axe in Firefox', async () => {
  const war = await againstTheComputer('war');
  await war.page.waitForSelector('[data-testid=flip]:not([disabled])', { timeout: 50_000 });
  await check(war, 'war-start');
  // The flip ends in a log line, of the battle or of the war.
  const logLines = () => war.page.$$eval('[data-testid=log] li', (lines) => lines.length);
  const before = await logLines();
  await war.getByTestId('flip').click();
  await expect.poll(logLines, { timeout: 30_000 }).toBeGreaterThan(before);
  await check(war, 'war-mid');
  await war.page.close();

  const town = await againstTheComputer('town');
  await expect.poll(() => prompt(town), { timeout: 50_000 }).toMatch(/^Your turn: pick a run/);
  await check(town, 'town-turn');
  await town.getByTestId('hand-card').click();
  await expect.poll(() => pressed(town)).toBe(1);
  await check(town, 'town-picked');
  await town.getByTestId('autoplay').check();
  await town.getByTestId('final-score').waitFor({ timeout: 50_000 });
  await check(town, 'town-result');
});

// Two tests, not one: the two games together took 43 s of one test's 60 with a core kept busy.
test('Batailles et piques against the computer passes axe in Firefox', async () => {
  const batailles = await againstTheComputer('batailles', 'batailles-home');
  await expect
    .poll(() => prompt(batailles), { timeout: 50_000 })
    .toMatch(/^Pick 2 cards of your hand/);
  await check(batailles, 'batailles-lay');
  const unpicked = batailles.page.locator('[data-testid=hand-card]:not([aria-pressed=true])');
  for (let picked = 1; picked <= 2; picked++) {
    await unpicked.click();
    await expect.poll(() => pressed(batailles)).toBe(picked);
  }
  await batailles.getByTestId('lay').click();
  await expect
    .poll(() => batailles.getByTestId('log').textContent(), { timeout: 30_000 })
    .toMatch(/You laid 2 cards facedown\./);
  await check(batailles, 'batailles-laid');
});

test('Black & Red against the computer passes axe in Firefox', async () => {
  const blackRed = await againstTheComputer('blackred');
  await expect
    .poll(() => prompt(blackRed), { timeout: 50_000 })
    .toMatch(/^(Your turn: |No \w+ card fits)/);
  await check(blackRed, 'blackred-turn');
});

test('the replay screen, verified and failed, and links that lead to no table pass axe in Firefox', async () => {
  // A game of Red & Black between computer peers, as `npm run simulate` writes it.
  const path = keptTranscript('redblack');
  const page = await stack.newFirefoxPlayer();
  await page.goto(stack.url);
  const open = async (file: string) => {
    const input = await page.page.waitForSelector('[data-testid=transcript-file]');
    await (input as ElementHandle<HTMLInputElement>).uploadFile(file);
  };
  await open(path);
  const verdict = () => page.getByTestId('replay-verdict').textContent();
  await expect.poll(verdict, { timeout: 50_000 }).toMatch(/^Verified: /);
  await page.getByTestId('replay-next').click();
  await check(page, 'replay-verified');

  const transcript = JSON.parse(readFileSync(path, 'utf8')) as { events: string[] };
  transcript.events.splice(10, 1);
  const tampered = join(mkdtempSync(join(tmpdir(), 'fairdeal-firefox-')), 'tampered.json');
  writeFileSync(tampered, JSON.stringify(transcript));
  await page.getByTestId('replay-close').click();
  await open(tampered);
  await expect.poll(verdict, { timeout: 50_000 }).toMatch(/^Event 10 (by |is bad)/);
  await check(page, 'replay-failed');

  // Links that lead to no table, in the same page.
  await openDeadLinks(page, stack.url, (screen) => check(page, screen));
});
