/**
 * An absent player: the creator picks the shortest time limit the form offers, the
 * joiner is told it and the table's options before sitting, and once Bob's page is closed while he owes his
 * flip, Alice's table counts down, then offers to declare him absent; declaring ends
 * the game and the result panel says why.
 */
import { expect, test } from 'vitest';
import { createTable, flipOffered, useStack } from './harness.ts';

const stack = useStack();

const LIMIT = 'can be declared absent after 1 minute.';

test('a player whose page closed while he owes his move is declared absent after the limit', async () => {
  const alice = await stack.newPlayer();
  // Alice's clock runs as usual, until the test skips the minute of waiting for Bob.
  await alice.clock.install();
  const bob = await stack.newPlayer();
  const invite = await createTable(alice, stack.url, 'Alice', 'war', {
    absentMinutes: 1,
    options: { battleLimit: '300' },
  });
  expect(await alice.getByTestId('absent-limit').textContent()).toContain(LIMIT);
  await bob.goto(invite);
  await bob.getByTestId('invitation').waitFor();
  expect(await bob.getByTestId('absent-limit').textContent()).toContain(LIMIT);
  // The terms Bob would sign by sitting, told before he sits.
  expect(await bob.getByTestId('options').textContent()).toBe(
    'Table options: after 300 battles the player holding more cards wins.',
  );
  await bob.getByTestId('name').fill('Bob');
  await bob.getByTestId('join').click();
  await bob.getByTestId('lobby').waitFor();
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();
  // Both owe their first flip once the shuffle is done.
  for (const page of [alice, bob]) await flipOffered(page);

  await bob.close();
  await alice.getByTestId('absent-countdown').waitFor({ timeout: 30_000 });
  expect(await alice.getByTestId('absent-countdown').textContent()).toMatch(
    /^Bob can be declared absent in [01]:\d\d\.$/,
  );
  expect(await alice.getByTestId('declare-absent').count()).toBe(0);
  expect(await alice.getByTestId('absent-news').textContent()).toBe('');

  const declare = alice.getByRole('button', { name: 'Declare Bob absent' });
  await alice.clock.fastForward('01:00');
  await declare.waitFor({ timeout: 30_000 });
  expect(await alice.getByTestId('absent-news').textContent()).toBe(
    'You may now declare Bob absent.',
  );
  // By keyboard: the button takes focus and Enter presses it.
  await declare.focus();
  await alice.keyboard.press('Enter');
  await alice.getByTestId('result').waitFor();
  expect(await alice.getByTestId('result-headline').textContent()).toContain('You win the game');
  expect(await alice.getByTestId('result-reason').textContent()).toBe('Bob was declared absent.');
  expect(await alice.getByTestId('absent').count()).toBe(0);
  // The ending replaces every word about moves and links: no flip, no reconnecting.
  expect(await alice.getByTestId('status').textContent()).toBe(
    'The game is over: Bob was declared absent.',
  );
  expect(await alice.getByTestId('verdict').innerText()).toBe('Game over');
  expect(await alice.getByTestId('waiting').textContent()).toBe('');
});
