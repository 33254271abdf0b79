/**
 * War between two real browsers over real PeerJS, where real life happens to a table:
 * reloads at any moment, a PeerServer outage, a cut link, the end of the game and Play
 * again. Two games, each carrying several checks (a whole game costs more than a check).
 *
 * A page reloaded comes straight back to its table from the URL and IndexedDB, registers
 * again, fetches what it missed, re-sends what the other missed, and the game ends with
 * both pages agreeing; while it is away the other says whom it waits for (each page
 * leaves for a blank page and comes back only once the other has said so). An outage of
 * the PeerServer disturbs no open link, and a link cut meanwhile is dialled again once
 * the server is back. After the game, Play again seats the same players at a new table
 * (new id, fresh keys) through an invitation that reaches a page that reloaded; a
 * spectator follows them there, and the new table keeps the series' score.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  autoplayWar,
  createTable,
  cutLinks,
  expectAgreement,
  flipOffered,
  joinTable,
  keepsItsTable,
  loseMessages,
  peerConnectionsMade,
  reopen,
  seatTwo,
  settledSteps,
  SHORT_WAR,
  turnOnAutoplay,
  untilShown,
  useStack,
  whileTheGameMoves,
} from './harness.ts';

const stack = useStack();

const winner = async (page: Page) => {
  await untilShown(page, 'winner');
  return (await page.getByTestId('winner').textContent()) ?? '';
};

/** The link badges of the players at the table, in seat order. */
const playerLinks = (page: Page) =>
  page.getByTestId('player').getByTestId('link-state').allTextContents();

const battles = (page: Page) => page.getByTestId('battles').textContent();

/** From now on, counts the times `page` loses the signaling server, as PeerJS reports each. */
function serverLosses(page: Page): () => number {
  let count = 0;
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Lost connection to server')) count++;
  });
  return () => count;
}

test('War: the guest reloads during the first shuffle, the host mid-turn; a PeerServer outage disturbs no open link, a link cut meanwhile comes back once the server does; the game ends agreed, and Play again reaches the page that reloaded', async () => {
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
  await Promise.all([flipOffered(alice), flipOffered(bob)]);
  expect(await playerLinks(alice)).toEqual(['you', 'connected']);
  expect(await playerLinks(bob)).toEqual(['connected', 'you']);

  // The server goes down: a whole step is played over the data channel alone, and
  // each page tries to register again, and fails, at least once.
  const losses = [serverLosses(alice), serverLosses(bob)];
  await stack.stopSignaling();
  await alice.getByTestId('flip').click();
  await bob.getByTestId('flip').click();
  for (const page of [alice, bob])
    await expect.poll(() => settledSteps(page), { timeout: 30_000 }).toBe(2);
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

  for (const page of [alice, bob]) await turnOnAutoplay(page);
  await expectAgreement(alice, bob, winner);
  expect(await winner(alice)).toMatch(/^(Alice wins the game|Bob wins the game|Draw)$/);
  expect(await battles(bob)).toBe(await battles(alice));

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

/** What `page` shows as it comes back: every restore line, and the board as first drawn. */
async function recordRestore(page: Page) {
  await page.addInitScript(() => {
    const seen = { words: [] as string[], battles: null as string | null };
    Object.assign(window, { restoreSeen: seen });
    new MutationObserver(() => {
      const words = document.querySelector('[data-testid=restoring-words]')?.textContent;
      if (words && seen.words.at(-1) !== words) seen.words.push(words);
      seen.battles ??= document.querySelector('[data-testid=battles]')?.textContent ?? null;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { restoreSeen: { words: string[]; battles: string } }).restoreSeen,
    );
}

test('War: the host reloads at the audit, its keys stored but not sent and the guest’s not heard; the game ends agreed; her Play again seats both at a new table, a spectator follows, and the series goes on', async () => {
  const { alice, bob, invite } = await seatTwo(stack, 'war', SHORT_WAR);
  const spectator = await stack.newPlayer();
  await spectator.goto(invite.replace('#join=', '#watch='));
  await spectator.getByTestId('watch').waitFor();
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

  const restored = await recordRestore(alice);
  await reopen(alice, bob, 'Waiting for Alice to reconnect…', ['reconnecting', 'you']);
  const seen = await restored();
  // Reconnecting, then the replay from its start, never going back.
  expect(seen.words[0]).toBe('Reconnecting to the table…');
  // A long War keeps hundreds of steps, written "1,234" past a thousand.
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
  expect(seen.battles).toBe(await battles(bob));
  await expectAgreement(alice, bob, winner);

  // Each page says who won and why, from its own side, and the two agree.
  const headline = async (page: Page) => {
    await untilShown(page, 'result');
    return (await page.getByTestId('result-headline').textContent())?.trim();
  };
  const [a, b] = await Promise.all([headline(alice), headline(bob)]);
  expect(`${a} | ${b}`).toMatch(
    /^(You win the game \| Alice wins the game|Bob wins the game \| You win the game|The game is a draw \| The game is a draw)$/,
  );
  expect(await alice.getByTestId('result-reason').textContent()).toBe(
    await bob.getByTestId('result-reason').textContent(),
  );
  // The panel stays until closed.
  await bob.getByTestId('dismiss').click();
  expect(await bob.getByTestId('result').count()).toBe(0);

  await alice.getByTestId('play-again').click();
  await alice.getByTestId('lobby').waitFor();
  const again = await alice.getByTestId('invite').inputValue();
  expect(again).not.toBe(invite);
  // Bob's closed panel comes back with the invitation.
  await bob.getByTestId('invitation').waitFor();
  expect(await bob.getByTestId('invitation').textContent()).toBe(
    'Alice invites you to play again.',
  );
  // The spectator follows the players: its page watches the new table, and a reload would too.
  await expect
    .poll(() => spectator.url(), { timeout: 20_000 })
    .toBe(again.replace('#join=', '#watch='));
  expect(await spectator.getByTestId('watch-status').textContent()).toContain(
    'The players are playing again',
  );
  await bob.getByTestId('accept').click();
  await bob.getByTestId('lobby').waitFor();
  // Seated, each page's address names the new table: a reload comes back to it.
  await expect.poll(() => bob.url()).toBe(alice.url());
  expect(alice.url()).toBe(again.replace('#join=', '#table='));
  await expect
    .poll(() => alice.getByTestId('seat-name').allTextContents())
    .toEqual(['Alice', 'Bob']);
  // The new table keeps the old one's options.
  expect(await bob.getByTestId('options').textContent()).toContain(
    `after ${SHORT_WAR.options?.battleLimit} battles the player holding more cards wins`,
  );
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();

  // A new game: fresh shuffle, nothing played, no result yet, nobody caught.
  for (const page of [alice, bob]) {
    await page.getByTestId('table').waitFor();
    expect(await page.getByTestId('result').count()).toBe(0);
    await flipOffered(page);
    expect(await battles(page)).toBe('0');
    expect(await page.getByTestId('alarm').count()).toBe(0);
  }
  // The score of the series goes on from the first game.
  const score =
    a === 'You win the game'
      ? 'Alice 1 – Bob 0'
      : b === 'You win the game'
        ? 'Alice 0 – Bob 1'
        : 'Alice 0 – Bob 0';
  const drawn = a?.includes('draw') ? ', one game drawn' : '';
  for (const page of [alice, bob])
    expect(await page.getByTestId('series').textContent()).toBe(`${score} in this series${drawn}`);
  // The spectator watches the new game, linked to both players.
  await expect
    .poll(() => spectator.getByTestId('link-state').allTextContents(), { timeout: 30_000 })
    .toEqual(['connected', 'connected']);
  expect(await battles(spectator)).toBe('0');
});
