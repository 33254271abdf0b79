import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  expectAgreement,
  joinTable,
  loseMessages,
  reopen,
  turnOnAutoplay,
  useStack,
} from './harness.ts';

const SHOTS = process.env.FAIRDEAL_SHOTS;

const stack = useStack();

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

/** After the coin, the deal and the first two river cards, the non-dealer guesses black. */
async function guess(alice: Page, bob: Page) {
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
}

/** Plays the first game to Alice's call: the guess, then the call; returns the split called. */
async function playToCall(alice: Page, bob: Page) {
  await guess(alice, bob);

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

test('two browsers play a game of Red & Black to a call and agree on it; the next game of the match starts once both press Next game', async () => {
  const { alice, bob } = await match(2);
  const split = await playToCall(alice, bob);

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
    expect(await page.getByTestId('log').textContent()).toContain(`Alice calls: ${split}!`);
  }
  expect(await bob.getByTestId('interlude-summary').textContent()).toBe(
    await alice.getByTestId('interlude-summary').textContent(),
  );
  // Bob's hand is public after the call: Alice's page shows its faces.
  await expect
    .poll(() => alice.getByTestId('opponent-hand').getByTestId('card-face').count())
    .toBe(5);
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

test('one browser opens the guided game of Red & Black from its rules and plays it against the computer to the end, coached', async () => {
  const page = await stack.newPlayer();
  await page.goto(stack.url);
  await page.getByTestId('game-redblack').click();
  // Its rules offer the guided game; with no name typed yet, the dialog asks for one.
  await page.getByTestId('game-rules').click();
  const dialog = page.getByTestId('game-rules-dialog');
  await dialog.getByTestId('rules-page').waitFor();
  expect(await dialog.getByTestId('rules-guided').isDisabled()).toBe(true);
  expect(await dialog.getByTestId('rules-guided-why').textContent()).toBe('Type your name first.');
  await dialog.getByTestId('rules-guided-name').fill('Solo');
  await dialog.getByTestId('rules-guided').click();
  // The coach gives the goal first, then, once it is read, what the situation asks.
  const hint = page.getByTestId('coach-hint');
  await expect
    .poll(() => hint.textContent())
    .toMatch(/^Your goal: name exactly how many red and black cards Computer holds\./);
  await page.getByTestId('coach-ok').click();
  await expect
    .poll(() => hint.textContent(), { timeout: 30_000 })
    .toMatch(/^(Nobody can read the third river card|You deal this game|Your turn\. Swap)/);
  await page.getByTestId('river').waitFor();
  await turnOnAutoplay(page);
  // The computer plays for the player: no tip is theirs to follow.
  await expect.poll(() => hint.count()).toBe(0);
  await expect
    .poll(() => prompt(page), { timeout: 50_000 })
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

interface Player {
  readonly page: Page;
  readonly name: string;
}

/** The link badges `viewer` shows, in seat order, while the other page is away. */
const awayAsSeenBy = (viewer: Player) =>
  viewer.name === 'Alice' ? ['you', 'reconnecting'] : ['reconnecting', 'you'];

/**
 * The guess, then the first player's first turn: no attack allowed yet, it swaps a hand
 * card for river slot 1 (re-masking its hand); with `reloadWhilePlacing` its page goes
 * away and comes back while it owes the card to place. Returns the first player, then the
 * other, whose turn it is.
 */
async function firstSwap(
  alice: Page,
  bob: Page,
  reloadWhilePlacing = false,
): Promise<[Player, Player]> {
  await guess(alice, bob);
  const players = [
    { page: alice, name: 'Alice' },
    { page: bob, name: 'Bob' },
  ] as const;
  // The first turn offers no attack, and the prompt offers none.
  const swapOnly = /^Your turn: choose a river card to swap or call (Alice|Bob)'s hand\.$/;
  await expect
    .poll(
      async () => swapOnly.test(`${await prompt(alice)}`) || swapOnly.test(`${await prompt(bob)}`),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  const [first, second] = swapOnly.test(`${await prompt(alice)}`)
    ? players
    : [players[1], players[0]];
  await first.page.getByTestId('slot-0').click();
  await expect
    .poll(() => prompt(first.page), { timeout: 60_000 })
    .toBe('Pick a hand card to put in river slot 1.');
  if (reloadWhilePlacing) {
    await reopen(
      first.page,
      second.page,
      `Waiting for ${first.name} to reconnect…`,
      awayAsSeenBy(second),
    );
    await expect
      .poll(() => prompt(first.page), { timeout: 60_000 })
      .toBe('Pick a hand card to put in river slot 1.');
    // Its hand was re-masked before it went: it reads every card with the factor it kept.
    const hand = first.page.getByTestId('my-hand');
    expect(await hand.getByTestId('card-face').count()).toBe(5);
  }
  await first.page.getByTestId('hand-card').first().click();
  await first.page.getByTestId('confirm').click();
  await expect
    .poll(() => prompt(second.page), { timeout: 60_000 })
    .toMatch(/^Your turn: choose a river card to swap, attack with cards of one colour or call/);
  return [first, second];
}

/** The match's last words on `page`, once it has them. */
async function matchResult(page: Page) {
  await expect
    .poll(() => prompt(page), { timeout: 60_000 })
    .toMatch(/^(Alice|Bob) wins the match\.$/);
  return (await prompt(page)) ?? '';
}

test('Red & Black through reloads: the guest during the first shuffle, the first player mid-swap, the defender while it owes its defence, the attacker while the defender discards, a caller before it hears the reveal; back, it publishes its keys, its re-mask’s too, and the game ends agreed', async () => {
  const { alice, bob } = await match(1);
  await expect
    .poll(() => bob.getByTestId('progress').textContent(), { timeout: 60_000 })
    .toMatch(/Shuffling: (Alice|Bob) is shuffling/);
  await reopen(bob, alice, 'Waiting for Bob to reconnect…', ['you', 'reconnecting']);
  const [defender, attacker] = await firstSwap(alice, bob, true);

  // The attacker shows one card of its colour.
  const card = attacker.page.getByTestId('hand-card').first();
  const colour = /\b(red|black)\b/.exec(
    (await card.getByTestId('card-face').getAttribute('class')) ?? '',
  )?.[1];
  if (colour === undefined) throw new Error('the hand card shows no colour');
  await attacker.page.getByRole('radio', { name: colour, exact: true }).check();
  await card.click();
  expect(await attacker.page.getByTestId('confirm').textContent()).toBe(`Attack with 1 ${colour}`);
  await attacker.page.getByTestId('confirm').click();

  // The card is shown and the defender owes its answer: its page goes away and comes back.
  const defenceOwed = `${attacker.name} attacks with ${colour}: pick your defence.`;
  await expect.poll(() => prompt(defender.page), { timeout: 60_000 }).toBe(defenceOwed);
  await reopen(
    defender.page,
    attacker.page,
    `Waiting for ${defender.name} to reconnect…`,
    awayAsSeenBy(attacker),
  );
  await expect.poll(() => prompt(defender.page), { timeout: 60_000 }).toBe(defenceOwed);
  expect(await defender.page.getByTestId('attack').getByTestId('card-face').count()).toBe(1);

  // It shows nothing of the same colour: 1 against 0, one card to discard. Now the attacker's
  // page goes away, and the defender's says so without waiting on it.
  await defender.page.getByRole('radio', { name: colour, exact: true }).check();
  // Showing no cards is allowed, but offered as a lesser button, never the main one.
  const none = defender.page.getByTestId('confirm');
  expect(await none.textContent()).toBe(`Defend in ${colour}, showing no cards`);
  expect(await none.getAttribute('class')).not.toMatch(/primary/);
  await defender.page.getByTestId('confirm').click();
  await expect
    .poll(() => prompt(defender.page), { timeout: 60_000 })
    .toBe('Discard 1 card of your choice.');
  // The power says where its points came from.
  expect(await defender.page.getByTestId('power').textContent()).toBe(
    `Power 1 against 0: ${attacker.name} 1 (1 ${colour} card shown), ${defender.name} 0 (0 ${colour} cards shown); same colour, so the river does not count: ${defender.name} discards 1.`,
  );
  if (SHOTS)
    await defender.page.screenshot({ path: `${SHOTS}/redblack-discard.png`, fullPage: true });
  await reopen(
    attacker.page,
    defender.page,
    `${attacker.name} is reconnecting…`,
    awayAsSeenBy(defender),
  );
  // Back, it fetches the defence it missed.
  await expect
    .poll(() => attacker.page.getByTestId('log').textContent(), { timeout: 60_000 })
    .toContain('Attack 1 against defence 0: 1 card to discard.');

  await defender.page.getByTestId('hand-card').first().click();
  await defender.page.getByTestId('confirm').click();
  await expect
    .poll(() => attacker.page.getByTestId('log').textContent(), { timeout: 60_000 })
    .toContain(`${defender.name} discarded 1 card, faceup.`);

  // The defender, who re-masked its hand in its first swap, calls. Its page loses every
  // unlock share and audit from now on: it never hears the called hand revealed, so it
  // has not reached the audit when it goes away.
  const caller = defender;
  const called = attacker;
  await loseMessages(caller.page, /\\"type\\":\\"(UNLOCK|AUDIT)\\"/);
  await caller.page.getByTestId('call').waitFor({ timeout: 30_000 });
  await caller.page.getByTestId('call').click();
  await expect
    .poll(async () => (await called.page.getByTestId('progress').textContent())?.trim(), {
      timeout: 60_000,
    })
    .toBe('Publishing secret keys for the audit (1 of 2)');
  expect(await caller.page.getByTestId('log').textContent()).not.toMatch(/secret keys/);
  await reopen(
    caller.page,
    called.page,
    `Waiting for ${caller.name} to reconnect…`,
    awayAsSeenBy(called),
  );
  await expectAgreement(alice, bob, matchResult);
  const log = (await alice.getByTestId('log').textContent()) ?? '';
  expect(log).toContain(`${attacker.name} attacks with ${colour}, showing 1 card.`);
  expect(log).toContain(`${defender.name} defends with ${colour}, showing 0 cards.`);
  expect(log).toContain(`${caller.name} re-masked their hand`);
});
