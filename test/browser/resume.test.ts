/**
 * Reloads over real PeerJS between two real browsers (issue 10): a page reloaded at any
 * moment comes straight back to its table from the URL and IndexedDB, registers again,
 * fetches what it missed, re-sends what the other missed, and the game ends with both
 * pages agreeing. While a page is away, the other says whom it waits for: each page
 * leaves for a blank page and comes back to its URL only once the other has said so.
 * After the game, Play again reaches a page that reloaded.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  autoplayWar,
  createTable,
  expectAgreement,
  flipOffered,
  joinTable,
  keepsItsTable,
  loseMessages,
  reopen,
  seatTwo,
  settledSteps,
  SHORT_WAR,
  untilShown,
  useStack,
  whileTheGameMoves,
} from './harness.ts';

const stack = useStack();

const winner = async (page: Page) => {
  await untilShown(page, 'winner');
  return (await page.getByTestId('winner').textContent()) ?? '';
};

test('War: the guest reloads during the first shuffle, the host mid-turn; the game ends agreed', async () => {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  const invite = await createTable(alice, stack.url, 'Alice', 'war', SHORT_WAR);
  await expect.poll(() => alice.url()).toMatch(/#table=[a-z2-9]{10}$/);
  await joinTable(bob, invite, 'Bob');
  await expect.poll(() => bob.url()).toBe(alice.url());
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();

  // The first shuffle: Alice shuffles first, then Bob owes his.
  await expect
    .poll(() => bob.getByTestId('progress').textContent(), { timeout: 60_000 })
    .toMatch(/Shuffling: (Alice|Bob) is shuffling/);
  await reopen(bob, alice, 'Waiting for Bob to reconnect…', ['you', 'reconnecting']);
  await Promise.all([flipOffered(alice), flipOffered(bob)]);

  // Mid-turn: Alice has flipped, Bob has not; Bob's page waits for nobody but says so.
  await alice.getByTestId('flip').click();
  await expect.poll(() => alice.getByTestId('flip').isDisabled()).toBe(true);
  // Gone before Bob heard her flip, she would be the one Bob waits for.
  await expect.poll(() => bob.getByTestId('their-stack').textContent()).toContain('flipped');
  await reopen(alice, bob, 'Alice is reconnecting…', ['reconnecting', 'you']);
  await bob.getByTestId('flip').click();
  await expect.poll(() => settledSteps(alice)).toBe(1);

  for (const page of [alice, bob]) await page.getByTestId('autoplay').check();
  await expectAgreement(alice, bob, winner);
  expect(await bob.getByTestId('battles').textContent()).toBe(
    await alice.getByTestId('battles').textContent(),
  );
});

test('War: the host reloads at the audit, its keys stored but not sent and the guest’s not heard; the game ends agreed', async () => {
  const { alice, bob } = await seatTwo(stack, 'war', SHORT_WAR);
  // Every audit Alice's page sends or would hear is still in flight when it goes away.
  await loseMessages(alice, /\\"type\\":\\"AUDIT\\"/);
  await Promise.all([autoplayWar(alice), autoplayWar(bob)]);
  for (const page of [alice, bob]) {
    // Read without waiting: the progress line shows only while a step is under way.
    const progress = () =>
      page.evaluate(() => document.querySelector('[data-testid=progress]')?.textContent?.trim());
    await whileTheGameMoves(
      page,
      async () => (await progress()) === 'Publishing secret keys for the audit (1 of 2)',
    );
  }
  expect(await alice.getByTestId('log').textContent()).not.toMatch(
    /Bob published their secret keys/,
  );
  expect(await bob.getByTestId('log').textContent()).not.toMatch(
    /Alice published their secret keys/,
  );

  // What Alice's page shows as it comes back: every restore line, and the board as first drawn.
  await alice.addInitScript(() => {
    const seen = { words: [] as string[], battles: null as string | null };
    Object.assign(window, { restoreSeen: seen });
    new MutationObserver(() => {
      const words = document.querySelector('[data-testid=restoring-words]')?.textContent;
      if (words && seen.words.at(-1) !== words) seen.words.push(words);
      seen.battles ??= document.querySelector('[data-testid=battles]')?.textContent ?? null;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await reopen(alice, bob, 'Waiting for Alice to reconnect…', ['reconnecting', 'you']);
  const seen = await alice.evaluate(
    () => (window as unknown as { restoreSeen: { words: string[]; battles: string } }).restoreSeen,
  );
  // Reconnecting, then the replay from its start, never going back.
  expect(seen.words[0]).toBe('Reconnecting to the table…');
  // A long War keeps over a thousand steps, written "1,234".
  const counts = seen.words.slice(1).map((w) => {
    expect(w).toMatch(/^Restoring the game: [\d,]+ of [\d,]+ steps$/);
    const [done, total] = w.match(/[\d,]+/g)!.map((n) => Number(n.replaceAll(',', '')));
    return { done: done!, total: total! };
  });
  expect(counts[0]!.done).toBe(0);
  expect(counts[0]!.total).toBeGreaterThan(100);
  counts.forEach((c, i) => {
    expect(c.total).toBe(counts[0]!.total);
    expect(c.done).toBeGreaterThanOrEqual(counts[i - 1]?.done ?? 0);
  });
  // Drawn once, where the game stood: the battle the game ended at, as Bob's page shows it.
  expect(seen.battles).toBe(await bob.getByTestId('battles').textContent());
  await expectAgreement(alice, bob, winner);

  // Bob's Play again reaches Alice, whose page reloaded; a reload in the new lobby keeps her seat.
  await bob.getByTestId('play-again').click();
  await bob.getByTestId('lobby').waitFor();
  await alice.getByTestId('invitation').waitFor();
  await alice.getByTestId('accept').click();
  await alice.getByTestId('lobby').waitFor();
  await expect.poll(() => alice.url()).toBe(bob.url());
  await expect.poll(() => keepsItsTable(alice)).toBe(true);
  await alice.reload();
  await alice.getByTestId('lobby').waitFor();
  await expect.poll(() => bob.getByTestId('seat-name').allTextContents()).toEqual(['Bob', 'Alice']);
  await expect.poll(() => bob.getByTestId('start').isEnabled()).toBe(true);
});
