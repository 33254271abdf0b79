import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../../scripts/chromium.ts';
import {
  agreedHash,
  autoplayWar,
  countTones,
  flipOffered,
  iconOf,
  pairByCodes,
  recordNotifications,
  seatTwoByCodes,
  setTabHidden,
  settledSteps,
  SHORT_WAR,
  socketsOf,
  turnOnAutoplay,
  untilShown,
  useStack,
} from './harness.ts';
import { checkAtBothSizes } from './keyboard.ts';

// The whole Chromium, not the tests' headless shell: the turn alert's system notification.
const stack = useStack(() => ({ chromium: CHROMIUM_PATH }));

const winner = async (page: Page) => {
  await untilShown(page, 'winner');
  return page.getByTestId('winner').textContent();
};

/** Says `lines` in `page`'s table chat, one after the other. */
async function say(page: Page, ...lines: string[]) {
  for (const line of lines) {
    await page.getByTestId('table-chat-input').fill(line);
    await page.getByTestId('table-chat-input').press('Enter');
  }
}

/**
 * The turn alert of a hidden tab: while the table waits on Alice's flip and her tab is
 * hidden, its title and icon say so, and the sound and the notification she turned on
 * come; a line Bob says meanwhile counts in the title too. Title and icon come back once
 * she looks again.
 */
async function turnAlert(alice: Page, bob: Page) {
  await alice.context().grantPermissions(['notifications']);
  const notifications = await recordNotifications(alice);
  const tones = await countTones(alice);
  await alice.getByTestId('turn-alerts-title').click();
  await alice.getByTestId('turn-notify').check();
  await alice.getByTestId('turn-sound').check();
  await expect
    .poll(() => alice.getByTestId('turn-alerts-title').textContent())
    .toBe('Turn alerts: sound and notification');
  // Turned on, the sound plays once to be heard: two notes.
  expect(await tones()).toBe(2);
  const [title, icon] = [await alice.title(), await iconOf(alice)];
  await setTabHidden(alice, true);
  await expect.poll(() => alice.title()).toBe(`Your turn · ${title}`);
  expect(await iconOf(alice)).toMatch(/^data:image\/svg\+xml,.*circle/);
  expect(await notifications()).toEqual(['Your turn: War: the table waits on your move.']);
  expect(await tones()).toBe(4);
  await bob.getByTestId('table-chat-title').click();
  await say(bob, 'Your flip, Alice');
  await bob.getByTestId('table-chat-title').click();
  await expect.poll(() => alice.title()).toBe(`Your turn · 1 new message · ${title}`);
  await setTabHidden(alice, false);
  await expect.poll(() => alice.title()).toBe(title);
  expect(await iconOf(alice)).toBe(icon);
}

/**
 * Chat at the table, over the pair's own links. Bob's page then turns hostile: its next
 * line leaves as markup far over the length limit, and Alice's page refuses it; an honest
 * line after it, markup and all, shows as text. The spectator reads every line from the
 * player who said it, and has nowhere to write.
 */
async function tableChat(alice: Page, bob: Page, spectator: Page) {
  await alice.getByTestId('table-chat-title').click();
  await say(alice, 'Good luck, Bob!');
  await expect
    .poll(() => bob.getByTestId('table-chat-title').textContent())
    .toBe('Chat (1 new message)');
  expect(await bob.getByTestId('table-chat-heard').textContent()).toBe(
    'Alice says: Good luck, Bob!',
  );
  const refused = new Promise<void>((resolve) =>
    alice.on('console', (m) => {
      if (/dropped a message .*bad chat text/.test(m.text())) resolve();
    }),
  );
  await bob.evaluate(() => {
    const { send } = RTCDataChannel.prototype;
    RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: never) {
      const hostile = JSON.stringify({
        type: 'table-chat',
        text: '<img src=x onerror="document.title=1">'.repeat(40),
      });
      send.call(this, (String(data).includes('TAMPERED') ? hostile : data) as never);
    };
  });
  await bob.getByTestId('table-chat-title').click();
  await say(bob, 'TAMPERED', '<b>Thanks</b> <img src=x>');
  const said = [
    'Bob: Your flip, Alice',
    'Alice: Good luck, Bob!',
    'Bob: <b>Thanks</b> <img src=x>',
  ];
  await expect
    .poll(() => alice.getByTestId('table-chat-line').allTextContents())
    .toEqual(said.map((line) => line.replace(/^Alice:/, 'You:')));
  await refused;
  expect(await alice.getByTestId('table-chat-lines').locator('b, img').count()).toBe(0);
  // Each link carries its own player's lines: sorted, as two links need not keep one order.
  await expect
    .poll(async () => (await spectator.getByTestId('table-chat-line').allTextContents()).sort())
    .toEqual([...said].sort());
  expect(await spectator.getByTestId('table-chat-lines').locator('b, img').count()).toBe(0);
  expect(await spectator.getByTestId('table-chat-input').count()).toBe(0);
}

/**
 * With no signaling server at all: the stack's PeerServer is stopped, no page opens a
 * socket, and the two pages pair by pasting codes. War over PeerJS is played whole in
 * war-peerjs.test.ts. On the way: a spectator paired by codes, a turn alert and the
 * table's chat.
 */
test('two browsers paired by codes play War to the end and agree on the winner; a spectator pairs with one of them by codes, links to the other through it, and follows to the end', async () => {
  const { alice, bob, sockets } = await seatTwoByCodes(stack, 'war', SHORT_WAR);
  await alice.getByTestId('watch-codes').locator('summary').click();
  await alice.getByTestId('show-watch-code').click();
  const spectator = await stack.newPlayer();
  const spectatorSockets = socketsOf(spectator);
  await spectator.goto(stack.url);
  await spectator.getByTestId('watch-by-code').click();
  await checkAtBothSizes(alice, 'watch-codes');
  await pairByCodes(alice, spectator);
  await spectator.getByTestId('watch').waitFor();
  // Its link to Bob was signaled through Alice's page: it hears each seat from its author.
  await expect
    .poll(() => spectator.getByTestId('link-state').allTextContents(), { timeout: 30_000 })
    .toEqual(['connected', 'connected']);
  for (const page of [alice, bob])
    await expect.poll(() => page.getByTestId('spectators').getAttribute('data-count')).toBe('1');

  // One flip by hand first: the step (a battle, or War! on a tie) settles only once both have flipped.
  await flipOffered(alice);
  await turnAlert(alice, bob);
  await tableChat(alice, bob, spectator);
  await alice.getByTestId('flip').click();
  await bob.getByTestId('flip').click();
  await expect.poll(() => settledSteps(alice)).toBe(1);
  expect(await alice.getByTestId('log').textContent()).toMatch(
    /Battle 1: (Alice|Bob)'s .+ beats|War!/,
  );

  await Promise.all([autoplayWar(alice), autoplayWar(bob)]);
  const [a, b] = await Promise.all([winner(alice), winner(bob)]);
  expect(a).toMatch(/^(Alice wins the game|Bob wins the game|Draw)$/);
  expect(b).toBe(a);
  expect(await bob.getByTestId('battles').textContent()).toBe(
    await alice.getByTestId('battles').textContent(),
  );
  // Both published their secret keys for the audit, and nobody was caught cheating.
  await expect
    .poll(() => alice.getByTestId('log').textContent())
    .toMatch(/Bob published their secret keys/);
  expect(await alice.getByTestId('alarm').count()).toBe(0);
  expect(await bob.getByTestId('alarm').count()).toBe(0);
  // The spectator saw the same end, and every page reached one state hash.
  await spectator.getByTestId('result').waitFor({ timeout: 50_000 });
  const hashes = await Promise.all([alice, bob, spectator].map(agreedHash));
  expect(new Set(hashes).size).toBe(1);
  expect(await spectator.getByTestId('alarm').count()).toBe(0);
  // No page, the spectator's included, ever opened a socket: no server was asked.
  expect([...sockets, spectatorSockets]).toEqual([[], [], []]);
});

test('one browser plays War against the computer: a reload comes back to the same game, played to the end, then Play again starts a new one', async () => {
  const page = await stack.newPlayer();
  await page.goto(stack.url);
  await page.getByTestId('name').fill('Solo');
  await page.getByTestId('game-war').click();
  await page.getByTestId('opt-battleLimit').fill(SHORT_WAR.options?.battleLimit ?? '');
  await page.getByTestId('solo').click();
  // The address names the table, as a network table's does.
  await expect.poll(() => page.url()).toMatch(/#table=[a-z2-9]{10}$/);
  const url = page.url();
  await flipOffered(page);
  await page.getByTestId('flip').click();
  await expect.poll(() => settledSteps(page)).toBe(1);
  await flipOffered(page);
  const log = await page.getByTestId('log').textContent();
  const stacks = await page.getByTestId('my-stack').textContent();

  // The page reloads: every seat comes back from this browser's store, the game as it was.
  await page.reload();
  await page.getByTestId('table').waitFor();
  expect(page.url()).toBe(url);
  await flipOffered(page);
  expect(await page.getByTestId('log').textContent()).toBe(log);
  expect(await page.getByTestId('my-stack').textContent()).toBe(stacks);
  expect(await settledSteps(page)).toBe(1);

  await turnOnAutoplay(page);
  expect(await winner(page)).toMatch(/^(Solo wins the game|Computer wins the game|Draw)$/);
  expect(Number(await page.getByTestId('battles').textContent())).toBeGreaterThan(0);
  // The computer is a real peer: it shuffled with a proof and opened its secrets for the audit.
  await expect
    .poll(() => page.getByTestId('log').textContent())
    .toMatch(/Computer published their secret keys/);
  expect(await page.getByTestId('log').textContent()).toContain(
    'Computer shuffled and locked the cards',
  );
  expect(await page.getByTestId('alarm').count()).toBe(0);

  // Play again: a new game against the computer, at a new address, dealt afresh.
  await page.getByTestId('play-again').click();
  await flipOffered(page);
  expect(page.url()).toMatch(/#table=[a-z2-9]{10}$/);
  expect(page.url()).not.toBe(url);
  expect(await settledSteps(page)).toBe(0);
});
