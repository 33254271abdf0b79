/** The words for whom the table waits (`linkWords`): who, and what for, in plain sentences. */
import { expect, test } from 'vitest';
import { CLOCKS } from '../../src/engine/table/clock.ts';
import { clockWords, failureWords, linkWords } from '../../src/ui/words/waiting.ts';

const NAMES = ['Ann', 'Bob', 'Cat', 'Dan'];

test('every link up: nothing to say', () => {
  expect(linkWords(NAMES, ['connected', 'connected', 'connected', 'connected'], [1])).toBe(null);
});

test('the players the table waits on are named for what it waits for', () => {
  expect(
    linkWords(NAMES, ['connected', 'reconnecting', 'reconnecting', 'connecting'], [1, 2, 3]),
  ).toBe('Waiting for Bob and Cat to reconnect… Waiting for Dan to connect…');
});

test('a player not owing anything is still said to be away, and one who left has left', () => {
  expect(linkWords(NAMES, ['connected', 'reconnecting', 'gone', 'connecting'], [0])).toBe(
    'Bob is reconnecting… Connecting to Dan… Cat has left the table.',
  );
  expect(linkWords(NAMES, ['reconnecting', 'reconnecting', 'gone', 'gone'], [])).toBe(
    'Ann and Bob are reconnecting… Cat and Dan have left the table.',
  );
});

test('three or more names are listed with commas', () => {
  expect(
    linkWords(NAMES, ['connected', 'reconnecting', 'reconnecting', 'reconnecting'], [1, 2, 3]),
  ).toBe('Waiting for Bob, Cat and Dan to reconnect…');
});

test('the time control reads in minutes from two minutes, in seconds below', () => {
  expect(clockWords(CLOCKS.relaxed)).toBe(
    'Time control: 5 minutes a move, 60 seconds for what a page does by itself. ' +
      'A player whose time runs out can be claimed, and loses unless they answer within 60 seconds.',
  );
  expect(clockWords(CLOCKS.quick)).toMatch(/^Time control: 20 seconds a move, 20 seconds/);
  expect(clockWords({ moveMs: 90_000, dutyMs: 1_500 })).toMatch(/90 seconds a move, 2 seconds/);
});

test('a part of the protocol this page could not do is named, with why and what follows', () => {
  const none = { dutyError: null, poolError: null, storeError: null };
  expect(failureWords(none)).toBe(null);
  const remask = { step: 'REMASK' as const, reason: "card 5 is not this seat's to re-mask" };
  expect(failureWords({ ...none, dutyError: remask, poolError: remask.reason })).toBe(
    "Your device could not make the re-mask of your hand: card 5 is not this seat's to re-mask. The table cannot go on from this page; the other players see it wait on you.",
  );
  expect(failureWords({ ...none, poolError: 'worker crashed' })).toBe(
    "Your device could not check the other players' proofs: worker crashed. The table cannot go on from this page; the other players see it wait on you.",
  );
  expect(failureWords({ ...none, storeError: 'quota exceeded' })).toBe(
    'This page could not save the table: quota exceeded. It signs and sends nothing more. The table cannot go on from this page; the other players see it wait on you.',
  );
});
