/**
 * The result panel's words: who won from the reader's side, and why, read
 * from the engine's outcome of a real game state.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import { war } from '../../src/engine/games/war/index.ts';
import { describeResult, describeUnsettledAbsence } from '../../src/ui/words/outcome.ts';

const NAMES = ['Alice', 'Bob'];

/** A War state whose game ended with these stacks after `battles` battles. */
function ended(stacks: [number[], number[]], battles: number) {
  const start = war.setup({ stacks });
  if (!start.ok) throw new Error(start.error);
  const state = { ...start.value, battles };
  return state as unknown as Json;
}

test('a War game won on an empty stack reads as a win to the winner and a loss to the other', () => {
  const state = ended([[0, 1, 2], []], 120);
  const outcome = war.outcome(state as never)!;
  expect(describeResult('war', outcome, state, NAMES, 0)).toEqual({
    headline: 'You win the game',
    reason: 'Alice holds every card.',
  });
  expect(describeResult('war', outcome, state, NAMES, 1).headline).toBe('Alice wins the game');
});

test('a War game at the battle limit says who holds more, or that it is a draw', () => {
  const more = ended([[0, 1, 2], [3]], 5000);
  expect(
    describeResult('war', { result: 'win', winners: [0], reason: 'BATTLE_LIMIT' }, more, NAMES, 1),
  ).toEqual({
    headline: 'Alice wins the game',
    reason: "After 5,000 battles, the most a game may last, Alice holds 3 cards to Bob's 1.",
  });
  const even = ended(
    [
      [0, 1],
      [2, 3],
    ],
    5000,
  );
  expect(describeResult('war', { result: 'draw', reason: 'BATTLE_LIMIT' }, even, NAMES, 0)).toEqual(
    {
      headline: 'The game is a draw',
      reason: 'After 5,000 battles, the most a game may last, both hold 2 cards.',
    },
  );
});

test('a War game lost on a war that could not be finished names the short player', () => {
  const state = ended(
    [
      [0, 1, 2, 4, 5, 6],
      [3, 7],
    ],
    40,
  );
  expect(
    describeResult('war', { result: 'win', winners: [0], reason: 'WAR_SHORT' }, state, NAMES, 1),
  ).toEqual({
    headline: 'Alice wins the game',
    reason: 'Bob had too few cards left to finish a war.',
  });
});

test('a table ended by an absent or resigned player says so, whatever the game state', () => {
  const state = ended(
    [
      [0, 1],
      [2, 3],
    ],
    3,
  );
  const outcome = { result: 'win' as const, winners: [0], reason: 'Bob was declared absent' };
  expect(describeResult('war', outcome, state, NAMES, 1, true)).toEqual({
    headline: 'Alice wins the game',
    reason: 'Bob was declared absent.',
  });
});

test('a spectator reads a claim of absence the absent seat has not confirmed as not settled, and how much it hears', () => {
  expect(describeUnsettledAbsence(['Mallory', 'Victor'], 0, 1, 1)).toEqual({
    headline: 'Not settled: Mallory says Victor is absent',
    reason:
      "Victor has not confirmed that the table ended so. If Victor answers, the game goes on; the claim stands only once Victor confirms it. This page reaches 1 of the 2 players, so it may not have heard Victor's answer.",
  });
  expect(describeUnsettledAbsence(['Mallory', 'Victor'], 0, 1, 2).reason).not.toMatch(/reaches/);
});
