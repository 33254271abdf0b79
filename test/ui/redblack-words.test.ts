/**
 * Red & Black's board in words, over a match the rules engine plays from a constructed
 * deal: each prompt offers only the moves `legalActions` holds and names what the table
 * waits for; the power of an attack says where each point came from; a selection that
 * cannot be played says why.
 */
import { expect, test } from 'vitest';
import { powerWords, showingWords } from '../../src/ui/games/redblack/describe.ts';
import { match, NAMES } from './redblack-match.ts';

/** Alice guesses right, swaps a black card into river slot 3; Bob's turn, attacks allowed. */
function bobsTurn() {
  const game = match('RRRBB BBBBR BBR');
  game.play(0, { type: 'GUESS', colour: 'red' });
  game.play(0, { type: 'SWAP', slot: 2 });
  game.play(0, { type: 'PLACE', card: 3 });
  return game;
}

test('the guess, then a first turn that offers no attack, then a swap; the other player reads whom it waits for', () => {
  const game = match('RRRBB BBBBR BBR');
  expect(game.prompt(0)).toBe(
    'Guess the colour of the third river card: right, and you move first.',
  );
  expect(game.prompt(1)).toBe('Alice is guessing the colour of the third river card…');
  game.play(0, { type: 'GUESS', colour: 'red' });
  expect(game.prompt(0)).toBe("Your turn: choose a river card to swap or call Bob's hand.");
  expect(game.prompt(1)).toBe("Alice is choosing a move… You may call Alice's hand instead.");
  game.play(0, { type: 'SWAP', slot: 2 });
  expect(game.prompt(0)).toBe('Pick a hand card to put in river slot 3.');
  expect(game.prompt(1)).toBe('Alice is choosing a hand card to put in river slot 3…');
  game.play(0, { type: 'PLACE', card: 3 });
  expect(game.prompt(1)).toBe(
    "Your turn: choose a river card to swap, attack with cards of one colour or call Alice's hand.",
  );
});

test('an attack: the defender is asked, the attacker told who defends; the power names its sources', () => {
  const game = bobsTurn();
  game.play(1, { type: 'ATTACK', colour: 'black', cards: [5] });
  expect(game.prompt(0)).toBe('Bob attacks with black: pick your defence.');
  expect(game.prompt(1)).toBe('Alice is defending…');
  // Red against black: the river flips, its three black cards count for Bob.
  game.play(0, { type: 'DEFEND', colour: 'red', cards: [0] });
  expect(game.prompt(0)).toBe('Discard 3 cards of your choice.');
  expect(game.prompt(1)).toBe('Alice is choosing 3 cards to discard…');
  expect(powerWords(game.view(1).attack!, NAMES)).toBe(
    'Power 4 against 1: Bob 4 (1 black card shown + 3 black river cards), Alice 1 (1 red card shown + 0 red river cards): Alice discards 3.',
  );
});

test('the same colour on both sides leaves the river out, and says so', () => {
  const game = bobsTurn();
  game.play(1, { type: 'ATTACK', colour: 'black', cards: [5, 6] });
  game.play(0, { type: 'DEFEND', colour: 'black', cards: [4] });
  expect(powerWords(game.view(0).attack!, NAMES)).toBe(
    'Power 2 against 1: Bob 2 (2 black cards shown), Alice 1 (1 black card shown); same colour, so the river does not count: Alice discards 1.',
  );
});

test.each([
  ['ATTACK', 'red', ['red', 'red'], { label: 'Attack with 2 red' }],
  ['DEFEND', 'black', ['black'], { label: 'Defend with 1 black' }],
  ['ATTACK', 'red', [], { label: 'Attack in red, showing no cards' }],
  [
    'ATTACK',
    'red',
    ['red', 'black'],
    { why: 'You picked red and black cards: an attack shows cards of one colour only.' },
  ],
  [
    'DEFEND',
    'red',
    ['black', 'black'],
    {
      why: 'Your cards are black but a defence in red was chosen: choose black, or pick red cards.',
    },
  ],
] as const)('%s in %s with %j picked: %j', (type, colour, picked, words) => {
  expect(showingWords(type, colour, picked)).toEqual(words);
});
