/**
 * War's log in words, over games played by the rules engine from constructed stacks:
 * every battle is told, the last one of the game too, even when it ends on a war
 * nobody can finish. And its prompt, the status line above Flip, as a game goes.
 */
import { expect, test } from 'vitest';
import { SUITS, faceOf, type Face } from '../../src/engine/cards.ts';
import {
  war,
  type WarFact,
  type WarPlay,
  type WarState,
} from '../../src/engine/games/war/index.ts';
import { describeWar } from '../../src/ui/games/war/describe.ts';
import { warPrompt } from '../../src/ui/games/war/prompt.ts';
import { tell } from '../engine/helpers.ts';

const NAMES = ['Alice', 'Bob'];

/** A game from stacks of these ranks (top first), with the faces its cards hold. */
function deal(ranks: readonly [readonly number[], readonly number[]]) {
  const faces: Face[] = [];
  const stack = (list: readonly number[]) =>
    list.map((rank) => {
      faces.push(faceOf(rank, SUITS[faces.filter((f) => f % 13 === rank - 2).length]!));
      return faces.length - 1;
    });
  const made = war.setup({ stacks: [stack(ranks[0]), stack(ranks[1])] });
  if (!made.ok) throw new Error(made.error);
  return { state: made.value, faces };
}

/** Plays stacks of these ranks (top first) to the end; returns every log line. */
function play(ranks: readonly [readonly number[], readonly number[]]): string[] {
  const dealt = deal(ranks);
  const { faces } = dealt;
  let state: WarState = dealt.state;
  const lines: string[] = [];
  const step = (action: WarPlay | WarFact) => {
    const next = tell(war, state, action);
    if (!next.ok) throw new Error(next.error);
    lines.push(...describeWar(state, next.value, NAMES));
    state = next.value;
  };
  for (let need = war.needs(state)[0]; need !== undefined; need = war.needs(state)[0]) {
    if (need.type === 'REVEAL')
      for (const card of need.cards) step({ type: 'REVEAL', card, face: faces[card]! });
    else if (need.type === 'ACT') for (const seat of need.seats) step({ type: 'FLIP', seat });
    else throw new Error(`War never needs ${need.type}`);
  }
  return lines;
}

test('every battle is told, and the one that empties a stack ends the log with the winner', () => {
  expect(
    play([
      [5, 9],
      [3, 12],
    ]),
  ).toEqual([
    "Battle 1: Alice's 5♣ beats Bob's 3♣; Alice takes 2 cards.",
    "Battle 2: Bob's Q♣ beats Alice's 9♣; Bob takes 2 cards.",
    "Battle 3: Bob's Q♣ beats Alice's 5♣; Bob takes 2 cards.",
    "Battle 4: Bob's 9♣ beats Alice's 3♣; Bob takes 2 cards.",
    'Bob holds every card.',
  ]);
});

test('a game that ends on a war nobody can finish tells that last battle before the winner', () => {
  expect(
    play([
      [7, 2, 3],
      [7, 2, 3, 4, 5],
    ]),
  ).toEqual([
    'Battle 1: both turned a 7; war, but Alice has too few cards to finish it.',
    'Bob wins: the other cannot finish a war.',
  ]);
  expect(
    play([
      [9, 7, 2, 3, 4, 6, 5],
      [9, 7, 2, 3, 4, 8, 5, 6],
    ]).slice(-3),
  ).toEqual([
    'War! Both turned a 9.',
    'Battle 1: both turned a 4; war, but Alice and Bob have too few cards to finish it.',
    'Bob wins: the other cannot finish a war.',
  ]);
});

test.each([
  [14, 'War! Both turned an ace.'],
  [8, 'War! Both turned an 8.'],
  [12, 'War! Both turned a queen.'],
])('a war on rank %i is told with its article', (rank, words) => {
  expect(
    play([
      [rank, 2, 3, 4, 9],
      [rank, 2, 3, 4, 5],
    ])[0],
  ).toBe(words);
});

test('the status line asks for a flip, says whom it waits for, turns the cards, calls a war and goes at the end', () => {
  const dealt = deal([
    [7, 2, 3, 4, 9],
    [7, 2, 3, 4, 5],
  ]);
  const { faces } = dealt;
  let state: WarState = dealt.state;
  const prompt = (seat: 0 | 1) =>
    warPrompt(war.view(state, seat), NAMES, war.legalActions(state, seat));
  const step = (action: WarPlay | WarFact) => {
    const next = tell(war, state, action);
    if (!next.ok) throw new Error(next.error);
    state = next.value;
  };
  const reveal = () => {
    for (let need = war.needs(state)[0]; need?.type === 'REVEAL'; need = war.needs(state)[0])
      for (const card of need.cards) step({ type: 'REVEAL', card, face: faces[card]! });
  };
  expect(prompt(0)).toBe('Your move: flip your top card.');
  step({ type: 'FLIP', seat: 0 });
  expect(prompt(0)).toBe('Waiting for Bob to flip…');
  expect(prompt(1)).toBe('Your move: flip your top card.');
  step({ type: 'FLIP', seat: 1 });
  expect(prompt(0)).toBe('Turning the cards…');
  reveal();
  expect(prompt(1)).toBe('War! Put down 3 facedown and 1 faceup.');
  step({ type: 'FLIP', seat: 0 });
  step({ type: 'FLIP', seat: 1 });
  reveal();
  expect(war.view(state, 0).result).not.toBeNull();
  expect(prompt(0)).toBeNull();
});
