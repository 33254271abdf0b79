import { describe, expect, test } from 'vitest';
import type { PlayedGame } from '../../src/net/history.ts';
import {
  keptHeadline,
  listOfNames,
  playedGameTitle,
  transcriptFile,
} from '../../src/ui/words/history.ts';

const game = (names: string[], seat: number, id = 'war'): PlayedGame => ({
  table: 'aB3dE5gH7j',
  game: id,
  names,
  seat,
  headline: 'You won',
  finishedAt: 0,
  events: 412,
});

describe('listOfNames', () => {
  test.each([
    [[], ''],
    [['Bob'], 'Bob'],
    [['Bob', 'Carol'], 'Bob and Carol'],
    [['Bob', 'Carol', 'Dan'], 'Bob, Carol and Dan'],
  ])('%j: %s', (names, words) => {
    expect(listOfNames(names)).toBe(words);
  });
});

describe('playedGameTitle', () => {
  test.each([
    [game(['Ada', 'Computer'], 0), 'War against Computer'],
    [game(['Computer', 'Ada'], 1, 'redblack'), 'Red & Black against Computer'],
    [game(['Ada', 'Bob', 'Carol'], 1, 'batailles'), 'Batailles et piques with Ada and Carol'],
    [
      game(['Ada', 'Computer 1', 'Computer 2', 'Computer 3'], 0, 'batailles'),
      'Batailles et piques with Computer 1, Computer 2 and Computer 3',
    ],
    [game(['Ada', 'Bob'], 0, 'poker'), 'poker against Bob'],
  ])('%#: %s', (played, words) => {
    expect(playedGameTitle(played)).toBe(words);
  });
});

test('a kept game downloads under the name its table gave it', () => {
  expect(transcriptFile(game(['Ada', 'Bob'], 0))).toBe('fairdeal-war-aB3dE5gH7j-412.json');
});

test('a kept game whose ending is not final yet says so, and loses the words once final', () => {
  const result = { headline: 'You win the game', reason: 'Bob ran out of time.' };
  expect(keptHeadline({ ...result, note: 'Not final yet: ended by your claim.' })).toBe(
    'You win the game (not final yet)',
  );
  expect(keptHeadline(result)).toBe('You win the game');
});
