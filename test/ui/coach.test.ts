/**
 * The coach of a guided game: the order its tips are given in (each once, the goal until
 * read, a passed situation's tip never again), and the tips Red & Black and Batailles give
 * in each situation of a game the rules engine plays, read from the seat's view and the
 * moves `legalActions` offers it.
 */
import { expect, test } from 'vitest';
import { GAME_IDS } from '../../src/engine/catalog.ts';
import { batailles } from '../../src/engine/games/batailles/index.ts';
import { HintScript } from '../../src/ui/controllers/coach.ts';
import { bataillesCoach } from '../../src/ui/games/batailles/coach.ts';
import { redBlackCoach } from '../../src/ui/games/redblack/coach.ts';
import type { Hint } from '../../src/ui/games/game.ts';
import { isGuided, loadGuided } from '../../src/ui/games/guided.ts';
import { DEAL, U, cardOf, knownOf, opened, play, started } from '../engine/helpers/batailles.ts';
import { match, NAMES } from './redblack-match.ts';

const tips = (...ids: string[]): Hint[] => ids.map((id) => ({ id, text: `about ${id}` }));

test.each([
  ['the first tip of a situation', [['goal', 'guess']], [], ['goal']],
  [
    'the next once one is dismissed',
    [
      ['goal', 'guess'],
      ['goal', 'guess'],
    ],
    ['goal'],
    ['goal', 'guess'],
  ],
  [
    'a tip whose situation passed is done',
    [['guess'], ['swap'], ['guess']],
    [],
    ['guess', 'swap', null],
  ],
  [
    'the goal stays until read',
    [
      ['goal', 'guess'],
      ['goal', 'swap'],
    ],
    [],
    ['goal', 'goal'],
  ],
  ['none where nothing is to explain', [[], ['swap']], [], [null, 'swap']],
] as const)('the script gives %s', (_, situations, dismissed, shown) => {
  const script = new HintScript();
  const given = situations.map((ids, i) => {
    if (i > 0) for (const id of dismissed) script.dismiss(id);
    return script.next(tips(...ids))?.id ?? null;
  });
  expect(given).toEqual(shown);
});

const ids = (hints: readonly Hint[]) => hints.map((hint) => hint.id);

test('Red & Black: the goal first, then the guess, a first turn with no attack, the swap, the defence and the discard', () => {
  const game = match('RRRBB BBBBR BBR');
  const coach = (seat: number) => redBlackCoach(game.view(seat), game.legal(seat), NAMES);
  expect(ids(coach(0))).toEqual(['goal', 'guess']);
  expect(coach(0)[0]!.text).toMatch(
    /^Your goal: name exactly how many red and black cards Bob holds\./,
  );
  expect(ids(coach(1))).toEqual(['goal', 'guess-other']);
  expect(coach(1)[1]!.text).toBe(
    'You deal this game, so Alice guesses the colour of the third river card: right, and Alice moves first.',
  );

  game.play(0, { type: 'GUESS', colour: 'red' });
  expect(ids(coach(0))).toEqual(['goal', 'swap', 'call']);
  expect(coach(0)[1]!.text).toContain('No attack on the very first turn.');
  expect(coach(0)[2]!.text).toContain('Bob holds 5 cards now.');
  expect(ids(coach(1))).toEqual(['goal', 'their-turn']);

  game.play(0, { type: 'SWAP', slot: 2 });
  expect(ids(coach(0))).toEqual(['goal', 'place']);
  game.play(0, { type: 'PLACE', card: 3 });
  expect(ids(coach(1))).toEqual(['goal', 'swap', 'attack', 'call']);
  expect(coach(1)[1]!.text).not.toContain('No attack');

  game.play(1, { type: 'ATTACK', colour: 'black', cards: [5] });
  expect(ids(coach(0))).toEqual(['goal', 'defend']);
  expect(coach(0)[1]!.text).toBe(
    'Bob attacks with 1 black card. Defend by showing cards of one colour, or none. A different colour turns the river faceup, each river card adding 1 to its colour’s side; the same colour leaves the river out. If Bob is still stronger, you discard the difference.',
  );
  expect(ids(coach(1))).toEqual(['goal']);
  game.play(0, { type: 'DEFEND', colour: 'red', cards: [0] });
  expect(ids(coach(0))).toEqual(['goal', 'discard']);

  // The river lies faceup since that attack: a different colour now only brings it in.
  game.play(0, game.legal(0)[0]!);
  game.play(0, { type: 'ATTACK', colour: 'red', cards: [] });
  expect(coach(1)[1]!.text).toMatch(
    /^Alice attacks with 0 red cards\. .* A different colour brings in the river, each river card adding 1/,
  );
});

/** The text of the swap tip `seat` is shown on `game` as it stands. */
const swapTip = (game: ReturnType<typeof match>, seat: number) =>
  redBlackCoach(game.view(seat), game.legal(seat), NAMES).find((hint) => hint.id === 'swap')!.text;

test('Red & Black: the swap tip names the river cards there are, faceup, facedown and already known', () => {
  const game = match('RRRBB BBBBR BBR');
  game.play(0, { type: 'GUESS', colour: 'red' });
  // The first turn: all three river cards are faceup, nothing to peek at.
  expect(swapTip(game, 0)).toBe(
    'Your turn. Swap: pick a faceup river card to take it, putting one of yours facedown in its place. No attack on the very first turn. Every swap changes what Bob has to guess about your hand.',
  );
  game.play(0, { type: 'SWAP', slot: 2 });
  game.play(0, { type: 'PLACE', card: 3 });
  // Alice's card lies facedown in slot 3: Bob may peek at it.
  expect(swapTip(game, 1)).toBe(
    'Your turn. Swap: pick a faceup river card to take it, putting one of yours facedown in its place, or a facedown one to peek at it first. Every swap changes what Alice has to guess about your hand.',
  );
  game.play(1, { type: 'SWAP', slot: 0 });
  game.play(1, { type: 'PLACE', card: 5 });
  // Alice put down the card of slot 3 herself: she knows it.
  expect(swapTip(game, 0)).toBe(
    'Your turn. Swap: pick a faceup river card to take it, putting one of yours facedown in its place, or a facedown one to peek at it first. You already know the facedown card in slot 3: you put it there. Every swap changes what Bob has to guess about your hand.',
  );
});

test('Red & Black: the swap tip tells a card peeked at, and several known', () => {
  const game = match('RRRBB BBBBR BBR');
  game.play(0, { type: 'GUESS', colour: 'red' });
  game.play(0, { type: 'SWAP', slot: 2 });
  game.play(0, { type: 'PLACE', card: 3 });
  game.play(1, { type: 'SWAP', slot: 2 });
  game.play(1, { type: 'LEAVE' });
  game.play(0, { type: 'SWAP', slot: 0 });
  game.play(0, { type: 'PLACE', card: 4 });
  expect(swapTip(game, 1)).toBe(
    'Your turn. Swap: pick a faceup river card to take it, putting one of yours facedown in its place, or a facedown one to peek at it first. You already know the facedown card in slot 3: you peeked at it. Every swap changes what Alice has to guess about your hand.',
  );
  game.play(1, { type: 'SWAP', slot: 1 });
  game.play(1, { type: 'PLACE', card: 5 });
  // No faceup card left; Alice put down the cards of slots 1 and 3, Bob the one of slot 2.
  expect(swapTip(game, 0)).toBe(
    'Your turn. Swap: pick a facedown river card to peek at it, then take it by putting one of yours facedown in its place, or leave it. You already know the facedown cards in slots 1 and 3. Every swap changes what Bob has to guess about your hand.',
  );
});

test('Red & Black: with no card left, the swap tip offers only a look', () => {
  const game = match('RRRRR BBBBB BBR');
  game.play(0, { type: 'GUESS', colour: 'red' });
  game.play(0, { type: 'SWAP', slot: 0 });
  game.play(0, { type: 'PLACE', card: 0 });
  game.play(1, { type: 'ATTACK', colour: 'black', cards: [5, 6, 7, 8, 9] });
  game.play(0, { type: 'DEFEND', colour: 'black', cards: [] });
  expect(game.view(0).hand).toEqual([]);
  const swap = redBlackCoach(game.view(0), game.legal(0), NAMES).find((h) => h.id === 'swap');
  expect(swap?.text).toBe(
    'Your turn. Swap: with no card left to put down, you may only look at a facedown river card and leave it. You already know the facedown card in slot 1: you put it there.',
  );
});

test('Red & Black: a peeked river card may be left, and the coach says so', () => {
  const game = match('RRRBB BBBBR BBR');
  game.play(0, { type: 'GUESS', colour: 'red' });
  game.play(0, { type: 'SWAP', slot: 2 });
  game.play(0, { type: 'PLACE', card: 3 });
  game.play(1, { type: 'SWAP', slot: 2 });
  const coach = (seat: number) => redBlackCoach(game.view(seat), game.legal(seat), NAMES);
  expect(ids(coach(1))).toEqual(['goal', 'peeked']);
  expect(coach(1)[1]!.text).toBe(
    'Alice put that river card there, so you both know it now. Take it by putting one of your cards in its place, or leave it: either way Alice learns only which slot you looked at.',
  );
  game.play(1, { type: 'LEAVE' });
  // Alice looks again at the card she put down.
  game.play(0, { type: 'SWAP', slot: 2 });
  expect(coach(0)[1]!.text).toMatch(/^You put that river card there yourself\. Take it/);
});

const CAT = ['Ann', 'Ben', 'Cat'];

test('Batailles: the goal first, then laying, a turn, a fight its fighters see and the others watch', () => {
  const coach = (state: typeof start.state, seat: number) =>
    bataillesCoach(
      batailles.view(state, seat, knownOf(state, DEAL, seat)),
      batailles.legalActions(state, seat, knownOf(state, DEAL, seat)),
      CAT,
    );
  const start = started(3, DEAL);
  expect(ids(coach(start.state, 0))).toEqual(['goal', 'lay']);
  expect(coach(start.state, 0)[0]!.text).toMatch(/^Your goal: kill the most enemy cards/);

  const open = opened();
  expect(ids(coach(open.state, 2))).toEqual(['goal', 'attack', 'specials']);
  expect(coach(open.state, 2)[2]!.text).toContain(
    'You have 2 Teamwork cards and 2 Slacker cards left.',
  );
  expect(ids(coach(open.state, 0))).toEqual(['goal']);

  const nine = cardOf(DEAL, 2, U(9));
  const five = cardOf(DEAL, 0, U(5));
  const fight = play(open, DEAL, 2, { type: 'ATTACK', unit: nine, targets: [five] });
  expect(ids(coach(fight.state, 0))).toEqual(['goal', 'fight']);
  expect(coach(fight.state, 0)[1]!.text).toMatch(/^Only you and Cat see this fight's cards\./);
  expect(ids(coach(fight.state, 1))).toEqual(['goal', 'watch']);
});

test('the home screen offers a guided game for each game whose UI folder has a coach, and no other', async () => {
  for (const game of GAME_IDS)
    expect([game, isGuided(game)]).toEqual([game, (await loadGuided(game)) !== null]);
  expect(GAME_IDS.filter(isGuided)).toEqual(['redblack', 'batailles']);
  expect((await loadGuided('redblack'))?.coach).toBe(redBlackCoach);
  expect((await loadGuided('batailles'))?.coach).toBe(bataillesCoach);
});
