/**
 * Lost links over real PeerJS between two real browsers playing War (issue 10): the
 * PeerServer goes down mid-game and the game goes on over the open data channels while
 * each page keeps failing to register again; one player's WebRTC connection is then cut,
 * and both pages say whom they wait for; the server comes back on the same port, the
 * pages register again, the link is dialled again through it, and the game ends with
 * both pages agreeing.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createTable,
  cutLinks,
  flipOffered,
  joinTable,
  peerConnectionsMade,
  settledSteps,
  SHORT_WAR,
  untilShown,
  useStack,
} from './harness.ts';

const stack = useStack();

/** The link badges of the players at the table, in seat order. */
const playerLinks = (page: Page) =>
  page.getByTestId('player').getByTestId('link-state').allTextContents();

const battles = (page: Page) => page.getByTestId('battles').textContent();

/** Counts the times `page` lost the signaling server, as PeerJS reports each. */
function serverLosses(page: Page): () => number {
  let count = 0;
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Lost connection to server')) count++;
  });
  return () => count;
}

test('a PeerServer outage disturbs no open link; a link cut meanwhile comes back once the server does, and the game ends agreed', async () => {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  const losses = [serverLosses(alice), serverLosses(bob)];
  const invite = await createTable(alice, stack.url, 'Alice', 'war', SHORT_WAR);
  await joinTable(bob, invite, 'Bob');
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();
  await Promise.all([flipOffered(alice), flipOffered(bob)]);
  expect(await playerLinks(alice)).toEqual(['you', 'connected']);
  expect(await playerLinks(bob)).toEqual(['connected', 'you']);

  // The server goes down: a whole step is played over the data channel alone, and
  // each page tries to register again, and fails, at least once.
  await stack.stopSignaling();
  await alice.getByTestId('flip').click();
  await bob.getByTestId('flip').click();
  for (const page of [alice, bob])
    await expect.poll(() => settledSteps(page), { timeout: 30_000 }).toBe(1);
  await expect
    .poll(() => losses.map((count) => count() >= 2), { timeout: 20_000 })
    .toEqual([true, true]);
  expect(await playerLinks(alice)).toEqual(['you', 'connected']);
  expect(await playerLinks(bob)).toEqual(['connected', 'you']);

  // Bob's link drops while nobody can dial. Both owe the next flip: each page names the
  // other as the one it waits for.
  const before = await peerConnectionsMade(bob);
  await cutLinks(bob);
  await expect
    .poll(() => alice.getByTestId('waiting').textContent(), { timeout: 20_000 })
    .toBe('Waiting for Bob to reconnect…');
  expect(await playerLinks(alice)).toEqual(['you', 'reconnecting']);
  await expect
    .poll(() => bob.getByTestId('waiting').textContent(), { timeout: 20_000 })
    .toBe('Waiting for Alice to reconnect…');

  // The server is back: the pages register again and dial through it, on a new connection.
  await stack.startSignaling();
  for (const [page, links] of [
    [alice, ['you', 'connected']],
    [bob, ['connected', 'you']],
  ] as const)
    await expect.poll(() => playerLinks(page), { timeout: 60_000 }).toEqual(links);
  expect(await peerConnectionsMade(bob)).toBeGreaterThan(before);
  expect(await alice.getByTestId('waiting').textContent()).toBe('');

  for (const page of [alice, bob]) await page.getByTestId('autoplay').check();
  const winner = (page: Page) =>
    untilShown(page, 'winner').then(() => page.getByTestId('winner').textContent());
  const [a, b] = await Promise.all([winner(alice), winner(bob)]);
  expect(a).toMatch(/^(Alice wins the game|Bob wins the game|Draw)$/);
  expect(b).toBe(a);
  expect(await battles(bob)).toBe(await battles(alice));
  expect(await alice.getByTestId('alarm').count()).toBe(0);
  expect(await bob.getByTestId('alarm').count()).toBe(0);
});
