/**
 * Town for Two in words, read from real game states: the log lines of the
 * opening and of a play, why a pick is refused, and how a game played out ended.
 */
import { expect, test } from 'vitest';
import { town } from '../../src/engine/games/town/index.ts';
import { describeResult } from '../../src/ui/words/outcome.ts';
import { describeTown, whyNot } from '../../src/ui/games/town/describe.ts';
import { dealOf, playOut, playRanks, played, started } from '../engine/helpers/town.ts';

const NAMES = ['Alice', 'Bob'];

test('the opening, the draws and a run read as a player would tell them', () => {
  const deal = dealOf([7, 6, 5, 4, 8, 9], [5, 1, 3, 3, 10, 2]);
  const fresh = town.setup({});
  if (!fresh.ok) throw new Error(fresh.error);
  const opened = started(deal);
  expect(describeTown(fresh.value, opened, NAMES)).toEqual([
    'Alice turned up 7♥: pile 1.',
    'Bob turned up 5♠: pile 2.',
    "Alice's card is higher: Alice goes first.",
    'Alice drew 5 cards, privately.',
    'Bob drew 5 cards, privately.',
  ]);
  const after = played(opened, deal, playRanks(opened, deal, 0, [6, 5], 0));
  expect(describeTown(opened, after, NAMES)).toEqual([
    'Alice played 6♥ 5♥ on pile 1.',
    'Alice drew 2 cards, privately.',
  ]);
});

test('a game played to the end says who could not draw, the score and every pile', () => {
  const deal = dealOf([7, 6, 5, 4, 8, 9], [5, 1, 3, 3, 10, 2]);
  const states = playOut(deal, [(_s, _seat, legal) => legal[0]!, (_s, _seat, legal) => legal[0]!]);
  const end = states.at(-1)!;
  const result = end.result!;
  const lines = describeTown(states.at(-2)!, end, NAMES);
  const { points } = result.score;
  const last = `${result.winner === null ? 'A draw' : `${NAMES[result.winner]} wins`}: Alice ${points[0]} – ${points[1]} Bob.`;
  expect(lines.at(-1)).toBe(last);
  const ending = end.log.at(-1)!;
  if (ending.type !== 'END') throw new Error(`the log ends with ${ending.type}`);
  const short = `${ending.short} card${ending.short === 1 ? '' : 's'}`;
  expect(lines.at(-2)).toBe(
    `${NAMES[result.seat]} cannot draw back up to 5 (${short} short): the game ends.`,
  );
  const words = describeResult('town', town.outcome(end)!, end, NAMES, 0);
  expect(words.reason).toMatch(
    new RegExp(
      `^${NAMES[result.seat]} could not draw back up to 5\\. Score Alice ${points[0]} – ${points[1]} Bob: piles? \\d`,
    ),
  );
  // Every pile is told: those that score one by one, the lone cards together.
  const told = [...words.reason.matchAll(/piles? ((\d+, )*\d+( and \d+)?)/g)].flatMap((m) =>
    m[1]!.split(/, | and /),
  );
  expect(told.map(Number).sort((a, b) => a - b)).toEqual(result.score.piles.map((p) => p.pile + 1));
});

test('a refused pick says why in words', () => {
  expect(whyNot('ERR_NOT_A_RUN')).toBe(
    'each card of a run must be exactly 1 above or below the one before',
  );
  expect(whyNot('ERR_TOO_MANY_CARDS')).toBe('a run has at most 5 cards');
});
