/**
 * Batailles et piques in words: each player reads the log as it may know it. A fight's
 * faces appear in the lines of its two fighters only; a third player reads where the
 * cards lie and which die, and the face of a dead card once it is faceup for all.
 */
import { expect, test } from 'vitest';
import type { BataillesState } from '../../src/engine/games/batailles/index.ts';
import { describeBatailles, faceWords } from '../../src/ui/games/batailles/describe.ts';
import { DEAL, U, cardOf, knownOf, opened, play } from '../engine/helpers/batailles.ts';

const NAMES = ['Ann', 'Ben', 'Cat'];

test('faces: units by strength, Spies, Minesweepers, the King and Mines by name', () => {
  expect([0, 1, 3, 4, 7, 12, 13, 14, 15].map(faceWords)).toEqual([
    'Spy (1)',
    'Spy (2)',
    'Minesweeper (4)',
    '5',
    'Minesweeper (8)',
    '13',
    'King',
    'Mine',
    'Mine',
  ]);
});

test('a duel in words: the fighters read the faces, the third player where the cards lie', () => {
  const start = opened();
  const nine = cardOf(DEAL, 2, U(9));
  const five = cardOf(DEAL, 0, U(5));
  let p = play(start, DEAL, 2, { type: 'ATTACK', unit: nine, targets: [five] });
  const attack: [BataillesState, BataillesState] = [start.state, p.state];
  const words = (states: [BataillesState, BataillesState], seat: number) =>
    describeBatailles(states[0], states[1], NAMES, { seat, known: knownOf(states[1], DEAL, seat) });
  expect(words(attack, 2)).toEqual(["Your 9 attacks Ann's 5. Only you and Ann see the fight."]);
  expect(words(attack, 0)).toEqual(["Cat's 9 attacks your 5. Only Cat and you see the fight."]);
  expect(words(attack, 1)).toEqual([
    "Cat's card 1 attacks Ann's card 1. Only Cat and Ann see the fight.",
  ]);

  const before = p.state;
  p = play(p, DEAL, 2, { type: 'ANNOUNCE', deaths: [five] });
  p = play(p, DEAL, 0, { type: 'ANNOUNCE', deaths: [five] });
  const fought: [BataillesState, BataillesState] = [before, p.state];
  // Ben learns which card died and, once it is faceup, what it was; never Cat's 9.
  const ben = words(fought, 1);
  expect(ben).toEqual([
    "Cat says: Ann's 5 dies.",
    "Ann says: Ann's 5 dies.",
    "Ann's 5 is dead: a trophy for Cat.",
  ]);
  expect(ben.join(' ')).not.toMatch(/\b9\b/);
  // Ann reads her own word in the second person.
  expect(words(fought, 0)).toEqual([
    'Cat says: your 5 dies.',
    'You say: your 5 dies.',
    'Your 5 is dead: a trophy for Cat.',
  ]);
});
