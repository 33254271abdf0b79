/**
 * The end of a game: a result panel that stays until closed, and Play again,
 * which seats the same players at a new table (new id, fresh keys) through
 * an invitation the other accepts. A spectator follows the players there, and the new
 * table keeps the running score of the series.
 */
import { expect, test } from 'vitest';
import { autoplayWar, flipOffered, SHORT_WAR, seatTwo, untilShown, useStack } from './harness.ts';

const stack = useStack();

test('after a game of War, Play again seats both players at a new table', async () => {
  const { alice, bob, invite } = await seatTwo(stack, 'war', SHORT_WAR);
  const spectator = await stack.newPlayer();
  await spectator.goto(invite.replace('#join=', '#watch='));
  await spectator.getByTestId('watch').waitFor();
  await Promise.all([autoplayWar(alice), autoplayWar(bob)]);

  // Each page says who won and why, from its own side, and the two agree.
  const headline = async (page: typeof alice) => {
    await untilShown(page, 'result');
    return page.getByTestId('result-headline').textContent();
  };
  const [a, b] = (await Promise.all([headline(alice), headline(bob)])).map((h) => h?.trim());
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
    'after 100 battles the player holding more cards wins',
  );
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();

  // A new game: fresh shuffle, nothing played, no result yet, nobody caught.
  for (const page of [alice, bob]) {
    await page.getByTestId('table').waitFor();
    expect(await page.getByTestId('result').count()).toBe(0);
    await flipOffered(page);
    expect(await page.getByTestId('battles').textContent()).toBe('0');
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
  expect(await spectator.getByTestId('battles').textContent()).toBe('0');
});
