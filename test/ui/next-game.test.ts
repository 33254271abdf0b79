/**
 * Between the games of a match, each page holds its player's first duty of
 * the next game (the fresh KEY) until the player presses Next game or the
 * countdown ends; the other page says whom it waits for. Real sessions over
 * the in-memory network, real cryptography, computer players making the moves.
 */
import { expect, test } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import type { RedBlackState } from '../../src/engine/games/redblack/index.ts';
import { TableController } from '../../src/ui/controllers/table.svelte.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Waits, a bounded number of times, for `done`. */
async function until(done: () => boolean) {
  for (let i = 0; i < 6000 && !done(); i++) await settle();
  expect(done()).toBe(true);
}

test('the next game starts only once both players are ready: one pressed, one by countdown', async () => {
  const table = localTable({
    game: 'redblack',
    names: ['Alice', 'Bob'],
    seed: 3,
    table: 'next-game-test',
    options: { red: 9, black: 9, target: 2 },
  });
  const [aliceSession, bobSession] = table.sessions as [
    (typeof table.sessions)[0],
    (typeof table.sessions)[0],
  ];
  const game = () => (aliceSession.replica.state.game as unknown as RedBlackState).round.game;
  // Alice's countdown never runs out in this test; Bob's runs out after a second.
  const alice = new TableController(aliceSession, 0, 3600);
  const bob = new TableController(bobSession, 0, 1);

  await until(() => alice.match.current !== null);
  expect(alice.match.current!.summary).toMatch(
    /^Game 1: (Alice|Bob) called .+ Score: Alice \d – \d Bob/,
  );
  expect(alice.seen.result).toBeNull();

  // Bob's countdown runs out: his key goes out, Alice's is held and the match waits for her.
  await until(() => aliceSession.replica.state.keys[1] !== null);
  await settle();
  expect(aliceSession.nextGameHeld).toBe(true);
  expect(aliceSession.replica.state.keys[0]).toBeNull();
  expect(bobSession.replica.state.step.type).toBe('KEYS');
  expect(game()).toBe(1);
  expect(alice.match.current).toMatchObject({ waitingFor: [] });
  expect(alice.match.current!.secondsLeft).toBeGreaterThan(0);
  expect(bob.match.current).toMatchObject({ waitingFor: ['Alice'], secondsLeft: null });

  alice.nextGame();
  await until(() => game() === 2 && bob.match.current === null);
  expect(alice.match.current).toBeNull();
  expect(aliceSession.replica.offences()).toEqual([]);
  alice.close();
  bob.close();
  table.close();
});
