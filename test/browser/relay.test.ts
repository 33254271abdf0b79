/**
 * The relay for real: a coturn on loopback that accepts only credentials made from its
 * secret, the signaling server handing them out, and pages that link through it alone.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCoturn, type Coturn } from './coturn.ts';
import {
  checkScreen,
  createPairedTable,
  createTable,
  flipOffered,
  joinByCodes,
  joinTable,
  selectedCandidates,
  settledSteps,
  useStack,
} from './harness.ts';

const secret = randomBytes(16).toString('hex');
let coturn: Coturn;
beforeAll(async () => {
  coturn = await startCoturn(secret);
});
afterAll(async () => {
  await coturn?.close();
});
/**
 * Credentials good for 4 s, where a deployment's are for minutes: each page links long
 * after its first ones expired, through the ones it renewed (src/net/turn.ts).
 */
const TTL_SECONDS = 4;
const stack = useStack(() => ({ turn: { secret, uris: [coturn.uri], ttlSeconds: TTL_SECONDS } }));

test('with Relay only ticked by keyboard, two pages play War to its first battle through coturn alone', async () => {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  const viewports = [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ];
  for (const [i, page] of [alice, bob].entries()) {
    await page.setViewportSize(viewports[i]!);
    await page.goto(stack.url);
    const relayOnly = page.getByTestId('relay-only');
    expect(await relayOnly.isChecked()).toBe(false);
    await relayOnly.focus();
    await page.keyboard.press('Space');
    expect(await relayOnly.isChecked()).toBe(true);
    await checkScreen(page, 'home-relay-only', viewports[i]!);
  }
  // The browser remembers the choice.
  await bob.reload();
  expect(await bob.getByTestId('relay-only').isChecked()).toBe(true);
  // The invite is another document, not a new hash on the home screen's.
  await bob.goto('about:blank');

  const invite = await createTable(alice, stack.url, 'Alice', 'war');
  // Alice's first credentials expire before Bob links to her: only renewed ones get through.
  await sleep((TTL_SECONDS + 1) * 1000);
  await joinTable(bob, invite, 'Bob');
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();
  // The whole shuffle crosses the relay; then one battle, a move of each.
  for (const page of [alice, bob]) await flipOffered(page);
  await alice.getByTestId('flip').click();
  await bob.getByTestId('flip').click();
  await expect.poll(() => settledSteps(alice)).toBe(1);

  for (const page of [alice, bob]) {
    // PeerJS makes one connection of its own as it loads, to see what the browser supports.
    const policies = await page.evaluate(() =>
      (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections
        .filter((connection) => connection.connectionState === 'connected')
        .map((connection) => connection.getConfiguration().iceTransportPolicy),
    );
    expect(policies.length).toBeGreaterThan(0);
    expect(new Set(policies)).toEqual(new Set(['relay']));
    expect(await selectedCandidates(page)).toEqual([['relay', 'relay']]);
    expect(await page.getByTestId('alarm').count()).toBe(0);
  }
});

test('paired by codes with no server, Relay only holds too: the link goes through coturn alone', async () => {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  for (const page of [alice, bob]) {
    await page.goto(stack.url);
    await page.getByTestId('relay-only').check();
  }
  await createPairedTable(alice, stack.url, 'Alice', 'war');
  await joinByCodes(alice, bob, stack.url, 'Bob');
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  for (const page of [alice, bob])
    expect(await selectedCandidates(page)).toEqual([['relay', 'relay']]);
});
