/**
 * Black & Red in words, read from real game states: the log lines of a deal,
 * of discards, goes and a round's end, of a stock rebuilt from the discards,
 * of a hand's end and of a lie caught; the summary between hands, the
 * result panel's reasons, and the progress line while the discards are
 * shuffled into a new stock (on a real table, with real cryptography).
 */
import { expect, test } from 'vitest';
import { seededRandom } from '../../src/bots/computer.ts';
import { blackred, type HandRecord } from '../../src/engine/games/blackred/index.ts';
import type { Need } from '../../src/engine/game.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import {
  describeBlackRed,
  describeLastHand,
  handWords,
} from '../../src/ui/games/blackred/describe.ts';
import { describeStep } from '../../src/ui/words/describe.ts';
import { describeInterlude, describeResult } from '../../src/ui/words/outcome.ts';
import { Match, dealOf, firstLegal } from '../engine/helpers/blackred.ts';
import { scriptGame } from '../engine/helpers/script-game.ts';
import { Table, makePlayers } from '../engine/helpers/table.ts';

const NAMES = ['Alice', 'Bob'];

const OPENING = dealOf('Kh Qh 5h 9s 8s 7s 2c', 'Kd 10d 9d Qs Js 3c 4c', '6h', '10h 2s Ad 5c');

/** The log lines from `before` to the state after `play`. */
function lines(match: Match, play: (m: Match) => void): string[] {
  const before = match.state;
  play(match);
  return describeBlackRed(before, match.state, NAMES);
}

test('the deal, discards, the upcard taken, draws, goes and a round’s end read as a player tells them', () => {
  const made = blackred.setup({});
  if (!made.ok) throw new Error(made.error);
  const match = new Match(OPENING, 1);
  expect(describeBlackRed(made.value, match.state, NAMES)).toEqual([
    'Hand 1 begins; the joint coin made Bob the dealer.',
    'Alice was dealt 7 cards, privately.',
    'Bob was dealt 7 cards, privately.',
    'The upcard is 6♥: Alice collects red, Bob black.',
  ]);
  expect(lines(match, (m) => m.discard(0, '9s'))).toEqual([
    'Alice discarded 9♠, opening a round: total 9.',
    'Alice took the upcard 6♥.',
  ]);
  expect(lines(match, (m) => m.discard(1, 'Qs'))).toEqual([
    'Bob discarded Q♠: total 19.',
    'Bob drew from the stock, privately.',
  ]);
  match.discard(0, '8s').discard(1, '3c');
  expect(lines(match, (m) => m.move({ type: 'GO', seat: 0 }))).toEqual(['Alice says go at 30.']);
  expect(lines(match, (m) => m.move({ type: 'GO', seat: 1 }))).toEqual([
    'Bob says go at 30.',
    'Both said go: the round ends; Bob opens the next.',
  ]);
});

test('a stock rebuilt from the discards, a hand’s end and the summary between hands', () => {
  const match = new Match(OPENING, 1).discard(0, '9s').discard(1, 'Qs');
  match.state = {
    ...match.state,
    hand: {
      ...match.state.hand,
      stock: [],
      pile: [...match.state.hand.stock, ...match.state.hand.pile],
      faces: match.state.hand.faces.map((f, id) =>
        match.state.hand.stock.includes(id) ? match.faces[id]! : f,
      ),
    },
  };
  expect(lines(match, (m) => m.discard(0, '8s'))).toEqual([
    'Alice discarded 8♠: total 27.',
    "The stock ran out: 36 discards were shuffled again into a new stock, under fresh keys (the round's 3 stay on the pile).",
    'Alice drew from the stock, privately.',
  ]);
  const before = match.state;
  match.playHand([firstLegal, firstLegal]);
  const end = describeBlackRed(before, match.state, NAMES);
  const last = match.state.history[0]!;
  // Seven cards of one colour are slow to come for a player who takes the first legal card.
  expect(last.reshuffles).toBe(3);
  const who = NAMES[last.seat!]!;
  expect(end.slice(-4)).toEqual([
    `${who} goes out!`,
    expect.stringMatching(/^Alice shows (\S+ ){6}\S+\.$/),
    expect.stringMatching(/^Bob shows (\S+ ){6}\S+\.$/),
    `${who} scores ${last.points[last.seat!]} (out on their ${last.reason === 'OWN' ? 'own' : 'other'} colour).`.replace(
      'their other',
      'the other',
    ),
  ]);
  expect(describeLastHand(match.state.history, NAMES)).toBe(
    `Hand 1: ${who} scores ${last.points[last.seat!]}: out on ${last.reason === 'OWN' ? 'their own' : 'the other'} colour. The stock was rebuilt from the discards ${last.reshuffles} times.`,
  );
  expect(describeInterlude('blackred', match.state, NAMES)).toBe(
    `${describeLastHand(match.state.history, NAMES)} Score: Alice ${match.state.score[0]} – ${match.state.score[1]} Bob, first to 11.`,
  );
});

test.each<[Partial<HandRecord>, string]>([
  [{ seat: 0, reason: 'DEALT', reshuffles: 0 }, 'Alice dealt one colour'],
  [{ seat: 0, reason: 'BOTH_DEALT', reshuffles: 0 }, 'both dealt one colour'],
  [{ seat: 1, reason: 'OWN', reshuffles: 2 }, 'Bob out, own colour · restocked 2×'],
  [{ seat: 1, reason: 'OTHER', reshuffles: 0 }, 'Bob out, other colour'],
  [{ seat: null, reason: 'STOCK', reshuffles: 1 }, 'a draw · restocked 1×'],
])('the table of hands: %j reads %s', (hand, words) => {
  expect(handWords(hand as HandRecord, NAMES)).toBe(words);
});

test('the match won at 11, and a match lost to a false go or a false no seven, in the result panel', () => {
  const flush = dealOf('2h 3h 4h 5h 6h 7h 8d', '2s 3s 4s 5s 6s 7s 8h', 'Kh');
  // Alice's word on her dealt hand is the test's: it comes after the score is set.
  const won = new Match(flush, 1, seededRandom(1), [], 0);
  won.state = { ...won.state, score: [8, 2] };
  won.move({ type: 'OUT', seat: 0 });
  const outcome = blackred.outcome(won.state)!;
  expect(describeResult('blackred', outcome, won.state, NAMES, 1)).toEqual({
    headline: 'Alice wins the match',
    reason: 'Hand 1: Alice scores 5: dealt 7 of one colour. Score: Alice 13 – 2 Bob, first to 11.',
  });
  const lied = new Match(OPENING, 1).discard(0, '9s').discard(1, 'Qs');
  const before = lied.state;
  lied.move({ type: 'GO', seat: 0 });
  lied.playUntil([firstLegal, firstLegal], () => lied.state.result !== null);
  const caught = describeBlackRed(before, lied.state, NAMES);
  expect(caught.at(-1)).toMatch(
    /^Alice said go while holding a card that fitted \((\S+ ){6}\S+\): Alice loses the match\.$/,
  );
  expect(describeResult('blackred', blackred.outcome(lied.state)!, lied.state, NAMES, 0)).toEqual({
    headline: 'Bob wins the match',
    reason:
      'Alice said go while holding a card that fitted, which the cards showed when they were turned: Alice loses the match. Score: Alice 0 – 0 Bob, first to 11.',
  });
  const hid = new Match(flush, 1, seededRandom(1), [], 0).move({ type: 'NO_SEVEN', seat: 0 });
  hid.playUntil([firstLegal, firstLegal], () => hid.state.result !== null);
  expect(describeResult('blackred', blackred.outcome(hid.state)!, hid.state, NAMES, 0)).toEqual({
    headline: 'Bob wins the match',
    reason:
      'Alice said they held no 7 cards of one colour while they did, which the cards showed when they were turned: Alice loses the match. Score: Alice 0 – 0 Bob, first to 11.',
  });
});

test('the progress line names a stock rebuilt from faceup cards, and not the first shuffle', () => {
  const script: Need[] = [
    { type: 'DEAL', cards: [0, 1], to: 0 },
    { type: 'REVEAL', cards: [2, 3, 4] },
    { type: 'SHUFFLE', cards: [2, 3, 4] },
    { type: 'ACT', seats: [0] },
  ];
  const table = Table.of(makePlayers(2), scriptGame, {
    decks: [{ name: 'deck', size: 6 }],
    script,
  });
  const words: string[] = [];
  const replica = table.replicas[0]!;
  for (let next = replica.owed()[0]; next?.kind !== 'ACT'; next = replica.owed()[0]) {
    const step = describeStep(replica.state, NAMES);
    if (step) words.push(step.text);
    table.duty(next!.seat);
  }
  table.play(0, makeAct({ type: 'DONE' }));
  expect(words).toEqual([
    'Exchanging fresh keys for the shuffle (0 of 2)',
    'Exchanging fresh keys for the shuffle (1 of 2)',
    'Shuffling: Alice is shuffling and proving it (1 of 2)',
    'Shuffling: Bob is shuffling and proving it (2 of 2)',
    'Reshuffling the discards into a new stock: exchanging fresh keys for the shuffle (0 of 2)',
    'Reshuffling the discards into a new stock: exchanging fresh keys for the shuffle (1 of 2)',
    'Reshuffling the discards into a new stock: Alice is shuffling and proving it (1 of 2)',
    'Reshuffling the discards into a new stock: Bob is shuffling and proving it (2 of 2)',
  ]);
});
