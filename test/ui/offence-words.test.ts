/** A seat caught, in words (`offenceWords`): by a reveal that refuted its claim, by its game's audit, at an event. */
import { expect, test } from 'vitest';
import { offenceWords } from '../../src/ui/words/describe.ts';

test('a refuted claim names the claimant, what the cards deny, and that it loses', () => {
  expect(offenceWords('redblack', { seat: 0, reason: 'ERR_COLOUR', event: 'reveal' }, 'Ada')).toBe(
    "The cards refuted Ada's claim: a card shown is not of the colour named (ERR_COLOUR). Ada loses.",
  );
  expect(offenceWords('redblack', { seat: 1, reason: 'ERR_ODD', event: 'reveal' }, 'Bob')).toBe(
    "The cards refuted Bob's claim: ERR_ODD. Bob loses.",
  );
});

test("the audit's finding in its game's words, and a refused event keeps its code", () => {
  expect(
    offenceWords('batailles', { seat: 0, reason: 'ERR_TWO_MINES', event: 'audit' }, 'Ada'),
  ).toBe('The audit caught Ada: two Mines in play (ERR_TWO_MINES).');
  // Another game's audit has no words for Batailles' code: the code alone.
  expect(offenceWords('war', { seat: 0, reason: 'ERR_TWO_MINES', event: 'audit' }, 'Ada')).toBe(
    'The audit caught Ada: ERR_TWO_MINES.',
  );
  expect(offenceWords('redblack', { seat: 1, reason: 'ERR_PROOF', event: 'ab12' }, 'Bob')).toBe(
    'Bob was caught: ERR_PROOF. The table stopped.',
  );
});
