/**
 * Every screen a player meets, checked by axe at a desktop and at a phone size, as
 * the games reach them (each game played once, at the phone's size); the games are played by
 * keyboard alone where a player acts, and focus must land somewhere after each action, never
 * fall back to the page. Each player has "Confirm my moves" on, as a new player has: a move is
 * chosen, focus goes to its Confirm button, and Enter plays it (the other test files play with
 * it off, a click a move). Batailles et piques, a whole game, is a11y-batailles.test.ts's.
 * With FAIRDEAL_SHOTS set to a folder, each checked screen is also saved there as a PNG.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { flipOffered, openDeadLinks, turnOnAutoplay, useStack } from './harness.ts';
import { keptTranscript } from '../vectors/kept.ts';
import {
  checkAtBothSizes,
  confirmByKeyboard,
  confirmMovesOn,
  expectFocusKept,
  focused,
  PLAYED,
  sizedPlayer,
  tabTo,
} from './keyboard.ts';

const stack = useStack();

/**
 * Alice creates a one-game Red & Black table; Bob opens her invite, reads it, and joins by
 * Enter. Home, the lobby and the invitation are checked at both sizes on the way.
 */
async function redBlackLobby() {
  const alice = await sizedPlayer(stack, PLAYED);
  const bob = await sizedPlayer(stack, PLAYED);
  await alice.goto(stack.url);
  await alice.getByTestId('create').waitFor();
  // Alice confirms her moves, as a new player does, set on the home screen.
  await confirmMovesOn(alice);
  await checkAtBothSizes(alice, 'home');
  await alice.getByTestId('name').fill('Alice');
  await alice.getByTestId('game-redblack').click();
  await alice.getByTestId('opt-target').fill('1');
  await alice.getByTestId('create').click();
  await alice.locator('.qr svg').waitFor();
  const invite = await alice.getByTestId('invite').inputValue();
  await checkAtBothSizes(alice, 'lobby-alone');

  await bob.goto(invite);
  await bob.getByTestId('invitation').waitFor();
  await checkAtBothSizes(bob, 'join');
  await bob.getByTestId('name').fill('Bob');
  await bob.keyboard.press('Enter');
  await bob.getByTestId('lobby').waitFor();
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  return { alice, bob };
}

test(`home, lobby and join screens, and a game of Red & Black, pass axe at both sizes, played by keyboard with each move confirmed, one taken back`, async () => {
  const { alice, bob } = await redBlackLobby();
  await checkAtBothSizes(alice, 'lobby-two');
  await checkAtBothSizes(bob, 'lobby-two-guest');
  // The table's rules open from the lobby, focus in them; Escape gives it back.
  await tabTo(bob, 'game-rules');
  await bob.keyboard.press('Enter');
  await expect.poll(() => focused(bob)).toBe('BUTTON[game-rules-close]');
  expect(await bob.getByRole('heading', { name: 'How to play Red & Black' }).count()).toBe(1);
  // At a table, the rules offer no guided game: it would take Bob away from the players.
  expect(await bob.getByTestId('rules-guided').count()).toBe(0);
  await checkAtBothSizes(bob, 'lobby-rules');
  await bob.keyboard.press('Escape');
  expect(await focused(bob)).toBe('BUTTON[game-rules]');
  // The table opened in a second tab of Alice's browser says so, and runs nothing there.
  const second = await alice.context().newPage();
  await second.setViewportSize(PLAYED);
  await second.goto(alice.url());
  await second.getByTestId('elsewhere-notice').waitFor({ timeout: 10_000 });
  await checkAtBothSizes(second, 'open-in-another-tab');
  await second.close();
  await tabTo(alice, 'start');
  await alice.keyboard.press('Enter');
  for (const page of [alice, bob]) await page.getByTestId('table').waitFor();
  // Bob turns it on at the table, in his move's box.
  await confirmMovesOn(bob);

  // The non-dealer guesses the third river card, by keyboard.
  const prompt = (page: Page) => page.getByTestId('prompt').textContent();
  await expect
    .poll(async () => /Guess/.test(`${await prompt(alice)} ${await prompt(bob)}`), {
      timeout: 30_000,
    })
    .toBe(true);
  const guesser = /Guess/.test((await prompt(alice)) ?? '') ? alice : bob;
  const dealer = guesser === alice ? bob : alice;
  // The dealer is told whom the table waits for, not left looking at a still board. Meanwhile
  // they open the turn alerts and the chat, and say something, by keyboard.
  expect(await prompt(dealer)).toMatch(/^(Alice|Bob) is guessing the colour/);
  for (const title of ['table-chat-title', 'turn-alerts-title']) {
    await tabTo(dealer, title);
    await dealer.keyboard.press('Enter');
  }
  await tabTo(dealer, 'table-chat-input', 'Shift+Tab');
  await dealer.keyboard.type('Red or black?');
  await dealer.keyboard.press('Enter');
  await dealer.getByTestId('table-chat-line').waitFor();
  await checkAtBothSizes(dealer, 'redblack-wait-guess');
  // The guess is chosen, not made: it waits for its confirmation, which Escape takes back.
  await tabTo(guesser, 'guess-black');
  await guesser.keyboard.press('Enter');
  await expect.poll(() => focused(guesser)).toBe('BUTTON[confirm-move]');
  expect(await guesser.getByTestId('guess-black').getAttribute('aria-pressed')).toBe('true');
  // The guess's screen is checked with its choice awaiting confirmation: the same and more.
  await checkAtBothSizes(guesser, 'redblack-guess-chosen');
  await guesser.keyboard.press('Escape');
  expect(await focused(guesser)).toBe('BUTTON[guess-black]');
  expect(await guesser.getByTestId('confirm-move').count()).toBe(0);
  expect(await guesser.getByTestId('guess-black').getAttribute('aria-pressed')).toBe('false');
  expect(await prompt(guesser)).toMatch(/^Guess/);
  await guesser.keyboard.press('Enter');
  await confirmByKeyboard(guesser, /^Confirm: guess black$/);
  await expect.poll(() => prompt(guesser), { timeout: 30_000 }).not.toMatch(/Guess/);
  await expectFocusKept(guesser, 'the guess');

  // The first player swaps by keyboard: a river card chosen and confirmed, then a hand card
  // picked, unpicked, picked again (its state read out as pressed or not) and put in the
  // slot by the one button that confirms it.
  const turn = async (page: Page) => /^Your turn/.test((await prompt(page)) ?? '');
  await expect
    .poll(async () => (await turn(alice)) || (await turn(bob)), { timeout: 30_000 })
    .toBe(true);
  const mover = (await turn(alice)) ? alice : bob;
  await checkAtBothSizes(mover, 'redblack-turn');
  await tabTo(mover, 'slot-0');
  await mover.keyboard.press('Enter');
  await confirmByKeyboard(mover, /^Confirm: (take the \S+ from|look at) river slot 1\b/);
  await expect
    .poll(() => prompt(mover), { timeout: 30_000 })
    .toBe('Pick a hand card to put in river slot 1.');
  await expectFocusKept(mover, 'choosing a river card');
  await tabTo(mover, 'hand-card');
  const pressed = () => mover.locator('[data-testid=hand-card][aria-pressed=true]').count();
  await mover.keyboard.press('Space');
  await expect.poll(pressed).toBe(1);
  await checkAtBothSizes(mover, 'redblack-place');
  await mover.keyboard.press('Space');
  await expect.poll(pressed).toBe(0);
  await mover.keyboard.press('Space');
  await tabTo(mover, 'confirm');
  expect(await mover.getByTestId('confirm').textContent()).toMatch(
    /^Confirm: put \S+ in river slot 1$/,
  );
  const placing = await prompt(mover);
  await mover.keyboard.press('Enter');
  await expect.poll(() => prompt(mover), { timeout: 30_000 }).not.toBe(placing);
  await expectFocusKept(mover, 'placing a card');

  // Alice asks to leave and stays, then calls.
  await alice.getByTestId('call').waitFor({ timeout: 30_000 });
  await tabTo(alice, 'leave-table');
  await alice.keyboard.press('Enter');
  await alice.getByRole('dialog', { name: 'Leave this game?' }).waitFor();
  await checkAtBothSizes(alice, 'leave-dialog');
  await alice.keyboard.press('Escape');
  expect(await focused(alice)).toBe('BUTTON[leave-table]');

  await tabTo(alice, 'call');
  await alice.keyboard.press('Enter');
  await confirmByKeyboard(alice, /^Confirm: call Bob's hand: \d red, \d black$/);
  for (const page of [alice, bob]) await page.getByTestId('result').waitFor({ timeout: 30_000 });
  expect(await focused(alice)).toBe('H2[result-headline]');
  await checkAtBothSizes(alice, 'redblack-result');
  await checkAtBothSizes(bob, 'redblack-result-other');
});

test(`War against the computer passes axe at both sizes, flipped by keyboard`, async () => {
  const carol = await sizedPlayer(stack, PLAYED);
  await carol.goto(stack.url);
  await carol.getByTestId('name').fill('Carol');
  await carol.getByTestId('game-war').click();
  await confirmMovesOn(carol);
  await tabTo(carol, 'solo');
  await carol.keyboard.press('Enter');
  await flipOffered(carol);
  await checkAtBothSizes(carol, 'war-start');
  await tabTo(carol, 'flip');
  // A tie means war and more flips before the battle ends: flip until three are done, each
  // flip chosen and confirmed. Each ends in a log line, of the battle or of the war.
  const battles = async () => Number(await carol.getByTestId('battles').textContent());
  const logLines = () => carol.getByTestId('log').locator('li').count();
  const flip = carol.getByTestId('flip');
  for (let flips = 1; (await battles()) < 3; flips++) {
    expect(flips, 'flips for three battles').toBeLessThanOrEqual(12);
    await expect.poll(() => flip.isEnabled(), { timeout: 30_000 }).toBe(true);
    const before = await logLines();
    await carol.keyboard.press('Enter');
    await confirmByKeyboard(
      carol,
      /^Confirm: (flip your top card|put down 3 cards facedown and 1 faceup)$/,
    );
    await expect.poll(logLines, { timeout: 30_000 }).toBeGreaterThan(before);
    await expectFocusKept(carol, `flip ${flips}`);
  }
  await checkAtBothSizes(carol, 'war-mid');
});

test(`Town for Two passes axe at both sizes, a run played by keyboard`, async () => {
  const page = await sizedPlayer(stack, PLAYED);
  await page.goto(stack.url);
  await page.getByTestId('name').fill('Dora');
  await page.getByTestId('game-town').click();
  await confirmMovesOn(page);
  // Against the easy computer: its random runs end the game as surely as the good one's.
  await page.getByTestId('level').selectOption('easy');
  await tabTo(page, 'solo');
  await page.keyboard.press('Enter');
  const prompt = () => page.getByTestId('prompt').textContent();
  await expect.poll(prompt, { timeout: 50_000 }).toMatch(/^Your turn: pick a run/);
  await checkAtBothSizes(page, 'town-turn');

  // Dora picks her lowest card by keyboard, chooses a new pile for it and confirms.
  await tabTo(page, 'hand-card');
  await page.keyboard.press('Space');
  await expect
    .poll(() => page.locator('[data-testid=hand-card][aria-pressed=true]').count())
    .toBe(1);
  await checkAtBothSizes(page, 'town-picked');
  // New pile sits with the move's controls, just above the hand.
  await tabTo(page, 'new-pile', 'Shift+Tab');
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, /^Confirm: play \S+ as a new pile$/);
  await expect
    .poll(() => page.getByTestId('log').textContent(), { timeout: 30_000 })
    .toMatch(/Dora played \S+ as new pile \d+\./);
  await expectFocusKept(page, 'playing a run');
  await expect.poll(prompt, { timeout: 60_000 }).toMatch(/^Your turn: pick a run/);
  // Her run is owed again: focus comes back from the prompt to her hand.
  await expect.poll(() => focused(page)).toBe('BUTTON[hand-card]');
  await checkAtBothSizes(page, 'town-second-turn');

  await turnOnAutoplay(page);
  await page.getByTestId('final-score').waitFor({ timeout: 50_000 });
  await checkAtBothSizes(page, 'town-result');
});

test(`Black & Red passes axe at both sizes, a move played by keyboard`, async () => {
  const page = await sizedPlayer(stack, PLAYED);
  await page.goto(stack.url);
  await page.getByTestId('name').fill('Dora');
  await page.getByTestId('game-blackred').click();
  await confirmMovesOn(page);
  await tabTo(page, 'solo');
  await page.keyboard.press('Enter');
  const prompt = () => page.getByTestId('prompt').textContent();
  const owed = /^(Your turn: |No \w+ card fits)/;
  await expect.poll(prompt, { timeout: 50_000 }).toMatch(owed);
  await checkAtBothSizes(page, 'blackred-turn');

  // Dora makes her move by keyboard: the first highlighted card, or Say go, then Confirm.
  const control = async () => ((await page.getByTestId('go').count()) > 0 ? 'go' : 'hand-card');
  const lines = () => page.getByTestId('log').locator('li').count();
  const before = await lines();
  await tabTo(page, await control());
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, /^Confirm: (say go|discard \S+)$/);
  await expect.poll(lines, { timeout: 30_000 }).toBeGreaterThan(before);
  await expectFocusKept(page, 'a move');
  await expect
    .poll(
      async () =>
        owed.test((await prompt()) ?? '') || (await page.getByTestId('interlude').count()) > 0,
      {
        timeout: 50_000,
      },
    )
    .toBe(true);
  if (owed.test((await prompt()) ?? '')) {
    // Her move is owed again: focus comes back from the prompt to what she may play.
    await expect.poll(() => focused(page)).toMatch(/^BUTTON\[(hand-card|go|out)\]$/);
    await checkAtBothSizes(page, 'blackred-second-turn');
  }
  // The result panel is every game's: it is checked at the end of Red & Black, Town for Two
  // and Batailles here, and a Black & Red match to its end is blackred.test's.
});

test(`the replay screen, stepped by keyboard, and links that lead to no table pass axe at both sizes`, async () => {
  // A whole game of War between computer peers, as `npm run simulate` writes it.
  const path = keptTranscript('war');
  const page = await sizedPlayer(stack, PLAYED);
  await page.goto(stack.url);
  await page.getByTestId('transcript-file').setInputFiles(path);
  const verdict = page.getByTestId('replay-verdict');
  await expect.poll(() => verdict.textContent(), { timeout: 50_000 }).toMatch(/^Verified: /);
  await tabTo(page, 'replay-slider');
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.getByTestId('replay-position').textContent()).toBe('40');
  // Nobody plays in a replay: no status line waiting on anyone, no Flip.
  expect(await page.getByTestId('status').count()).toBe(0);
  expect(await page.getByTestId('flip').count()).toBe(0);
  await checkAtBothSizes(page, 'replay-verified');

  const transcript = JSON.parse(readFileSync(path, 'utf8')) as { events: string[] };
  transcript.events.splice(30, 1);
  const tampered = join(tmpdir(), `fairdeal-a11y-tampered-${PLAYED.name}.json`);
  writeFileSync(tampered, JSON.stringify(transcript));
  await page.getByTestId('replay-close').click();
  await page.getByTestId('transcript-file').setInputFiles(tampered);
  await expect
    .poll(() => verdict.textContent(), { timeout: 60_000 })
    .toMatch(/^Event 30 (by |is bad)/);
  await checkAtBothSizes(page, 'replay-failed');

  // Links that lead to no table, in the same page.
  await openDeadLinks(page, stack.url, (screen) => checkAtBothSizes(page, screen));
});

test(`pairing by codes passes axe at both sizes`, async () => {
  const alice = await sizedPlayer(stack, PLAYED);
  const bob = await sizedPlayer(stack, PLAYED);
  await alice.goto(stack.url);
  await alice.getByTestId('name').fill('Alice');
  await alice.getByTestId('create-paired').click();
  await alice.locator('[data-testid=offer-panel] .qr svg').waitFor();
  await checkAtBothSizes(alice, 'lobby-paired');

  await bob.goto(stack.url);
  await bob.getByTestId('join-by-code').click();
  await bob.getByTestId('offer-input').fill('not a code!');
  await bob.getByTestId('offer-submit').click();
  await expect
    .poll(() => bob.getByTestId('answer-error').textContent())
    .toMatch(/^This is not a pairing code/);
  // This Chromium has no camera: the page says so and leaves pasting.
  await bob.getByTestId('scan').click();
  await expect
    .poll(() => bob.getByTestId('scan-status').textContent())
    .toMatch(/^The camera cannot scan here .*Paste the code instead\.$/);
  // No scan runs, so none is offered to stop: the button closes the camera's words.
  expect(await bob.getByTestId('scan').textContent()).toBe('Close the camera');
  await checkAtBothSizes(bob, 'pair-join-refused');
  await bob.getByTestId('offer-input').fill(await alice.getByTestId('offer-code').inputValue());
  await bob.getByTestId('offer-submit').click();
  await bob.locator('[data-testid=answer-panel] .qr svg').waitFor();
  await checkAtBothSizes(bob, 'pair-join-answer');
});
