/**
 * The sentence builders of every game and screen, one row per case: the input and the
 * exact sentence a player reads. Rows cover one and many, "you" and another player,
 * "a" and "an", and the cards by name, where the words once went wrong (issue 27).
 */
import { describe, expect, test } from 'vitest';
import { SUITS, faceOf } from '../../src/engine/cards.ts';
import type { Outcome } from '../../src/engine/game.ts';
import { batailles, type FightView } from '../../src/engine/games/batailles/index.ts';
import type { BlackRedEvent } from '../../src/engine/games/blackred/index.ts';
import type { Json } from '../../src/engine/encoding.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { poolFailedWords, refusedWords } from '../../src/ui/controllers/replay.svelte.ts';
import { deathsWords, fightTitle, saidWords } from '../../src/ui/games/batailles/describe.ts';
import { onlyWord } from '../../src/ui/games/batailles/picks.ts';
import { bataillesPrompt } from '../../src/ui/games/batailles/prompt.ts';
import { describeBlackRedEvent } from '../../src/ui/games/blackred/describe.ts';
import { pileWords } from '../../src/ui/games/town/describe.ts';
import { aRank } from '../../src/ui/games/war/describe.ts';
import { claimsWords } from '../../src/ui/words/audit.ts';
import { describeResult } from '../../src/ui/words/outcome.ts';
import { DEAL, U, cardOf, knownOf, opened, play } from '../engine/helpers/batailles.ts';

const NAMES = ['Ann', 'Ben', 'Cat'];

describe('Batailles: the fight box, as each seat reads it', () => {
  // Ann's 9 (card 0) attacks Ben's King (card 16); with a Teamwork, Ann's 5 (card 1) too.
  const duel: FightView = {
    attacker: 0,
    defender: 1,
    attackers: [{ card: 0, face: U(9), secret: true }],
    defenders: [{ card: 16, face: 13, secret: true }],
    teamwork: false,
    announcements: [],
    awaiting: 0,
  };
  const teamwork: FightView = {
    ...duel,
    attackers: [...duel.attackers, { card: 1, face: U(5), secret: true }],
    teamwork: true,
  };
  // As Cat, who does not fight, reads it: no face.
  const unseen: FightView = {
    ...duel,
    attackers: [{ card: 0, face: null, secret: false }],
    defenders: [{ card: 16, face: null, secret: false }],
  };

  test.each([
    [duel, 0, 'You attack Ben'],
    [duel, 1, 'Ann attacks you'],
    [duel, 2, 'Ann attacks Ben'],
    [teamwork, 0, 'You attack Ben with a Teamwork'],
    [teamwork, 2, 'Ann attacks Ben with a Teamwork'],
  ])('title %#', (fight, me, words) => {
    expect(fightTitle(fight as FightView, me as number, NAMES)).toBe(words);
  });

  test.each([
    [duel, null, 0, 'The attack broke the rules: a Mine attacked'],
    [duel, [], 0, 'Nobody dies'],
    [duel, [0], 0, 'Your 9 dies'],
    [duel, [0], 1, "Ann's 9 dies"],
    [duel, [16], 0, "Ben's King dies"],
    [duel, [0, 16], 1, "Ann's 9 and your King die"],
    [teamwork, [0, 1, 16], 2, "Ann's 9, Ann's 5 and Ben's King die"],
    [unseen, [0], 2, "Ann's card dies"],
  ])('which cards die %#', (fight, deaths, me, words) => {
    expect(deathsWords(deaths as number[] | null, fight as FightView, me as number, NAMES)).toBe(
      words,
    );
  });

  test.each([
    [0, [], 0, 'You say: nobody dies.'],
    [0, [16], 1, 'Ann says: your King dies.'],
    [1, [0], 0, 'Ben says: your 9 dies.'],
    [1, [0, 16], 1, "You say: Ann's 9 and your King die."],
    [0, null, 2, 'Ann says: the attack broke the rules: a Mine attacked.'],
  ])('a fighter’s word %#', (seat, deaths, me, words) => {
    expect(saidWords(seat, deaths, duel, me, NAMES)).toBe(words);
  });
});

describe('Batailles: a fight with one possible result asks no click', () => {
  const known = (p: ReturnType<typeof opened>, seat: number) => knownOf(p.state, DEAL, seat);
  const legal = (p: ReturnType<typeof opened>, seat: number) =>
    batailles.legalActions(p.state, seat, known(p, seat));

  test('a duel: each fighter has one word, said for them; nobody else has one', () => {
    const nine = cardOf(DEAL, 2, U(9));
    const five = cardOf(DEAL, 0, U(5));
    let p = play(opened(), DEAL, 2, { type: 'ATTACK', unit: nine, targets: [five] });
    expect(onlyWord(legal(p, 2))).toMatchObject({ type: 'ANNOUNCE', deaths: [five] });
    expect(onlyWord(legal(p, 0))).toBeNull();
    p = play(p, DEAL, 2, { type: 'ANNOUNCE', deaths: [five] });
    expect(onlyWord(legal(p, 0))).toMatchObject({ type: 'ANNOUNCE', deaths: [five] });
  });

  test('a Teamwork: the single unit facing two chooses; the word that follows is said for the other', () => {
    const five = cardOf(DEAL, 0, U(5));
    let p = play(opened(), DEAL, 2, { type: 'TEAMWORK', target: five });
    const choices = legal(p, 0);
    expect(choices.length).toBeGreaterThan(1);
    expect(onlyWord(choices)).toBeNull();
    p = play(p, DEAL, 0, choices[0]!);
    const said = choices[0]!;
    expect(said.type === 'ANNOUNCE' && onlyWord(legal(p, 2))).toMatchObject({
      type: 'ANNOUNCE',
      deaths: said.type === 'ANNOUNCE' ? said.deaths : [],
    });
  });

  test('any other single move is still the player’s to make', () => {
    expect(onlyWord([{ type: 'PASS' }])).toBeNull();
    expect(onlyWord([])).toBeNull();
  });
});

describe('Batailles: the prompt while the computer plays for this seat', () => {
  const nine = cardOf(DEAL, 2, U(9));
  const five = cardOf(DEAL, 0, U(5));
  const turn = opened();
  const fight = play(turn, DEAL, 2, { type: 'ATTACK', unit: nine, targets: [five] });
  const view = (p: typeof turn, seat: number) =>
    batailles.view(p.state, seat, knownOf(p.state, DEAL, seat));

  test.each([
    [turn, 2, true, 'The computer plays for you…'],
    [turn, 0, false, 'Waiting for Cat to play…'],
    [fight, 2, true, 'The computer plays for you…'],
    [fight, 1, false, 'Waiting for Cat to say which cards die…'],
    [fight, 2, false, 'You saw the fight. Say which cards die (the other fighter must agree):'],
  ])('prompt %#', (p, seat, autoplay, words) => {
    expect(bataillesPrompt(view(p, seat), NAMES, autoplay)).toBe(words);
  });
});

test.each([
  [faceOf(14, 'spades'), 'an ace'],
  [faceOf(8, 'hearts'), 'an 8'],
  [faceOf(7, 'clubs'), 'a 7'],
  [faceOf(10, 'diamonds'), 'a 10'],
  [faceOf(11, 'clubs'), 'a jack'],
  [faceOf(12, 'hearts'), 'a queen'],
  [faceOf(13, SUITS[3]), 'a king'],
])('War: a rank with its article %#', (face, words) => {
  expect(aRank(face)).toBe(words);
});

test.each([
  [{ owner: null, points: 0 }, 0, 'Lone card: no points'],
  [{ owner: 0, points: 1 }, 0, 'You: 1 pt'],
  [{ owner: 0, points: 3 }, 1, 'Ann: 3 pts'],
  [{ owner: 1, points: 0 }, 0, 'Ben: 0 pts'],
])('Town: under pile %#', (pile, me, words) => {
  expect(pileWords(pile, NAMES, me)).toBe(words);
});

test.each<[BlackRedEvent, string]>([
  [{ type: 'DEAL', seat: 0, count: 7 }, 'Ann was dealt 7 cards, privately.'],
  [{ type: 'DEAL', seat: 1, count: 1 }, 'Ben was dealt 1 card, privately.'],
  [
    { type: 'RESHUFFLE', cards: 12, kept: 2 },
    "The stock ran out: 12 discards were shuffled again into a new stock, under fresh keys (the round's 2 stay on the pile).",
  ],
  [
    { type: 'RESHUFFLE', cards: 1, kept: 1 },
    "The stock ran out: 1 discard was shuffled again into a new stock, under fresh keys (the round's 1 stays on the pile).",
  ],
  [
    { type: 'RESHUFFLE', cards: 5, kept: 0 },
    'The stock ran out: 5 discards were shuffled again into a new stock, under fresh keys.',
  ],
])('Black & Red: log line %#', (event, words) => {
  expect(describeBlackRedEvent(event, NAMES, null)).toBe(words);
});

test.each([
  [
    'ERR_SIGNATURE at event 10',
    10,
    'ERR_SIGNATURE at event 10. The replay stops before it: events 0 to 9 hold.',
  ],
  ['event 1 is bad', 1, 'Event 1 is bad. The replay stops before it: event 0 holds.'],
  ['event 0 is bad', 0, 'Event 0 is bad. The replay stops before it: it is the first event.'],
])('Replay: refused at an event %#', (fault, verified, words) => {
  expect(refusedWords(fault, verified)).toBe(words);
});

test.each([
  [0, 'This page could not check the proofs (no worker): the replay stops before its first event.'],
  [
    1,
    'This page could not check the proofs (no worker): the replay stops after event 0, checked so far.',
  ],
  [
    8,
    'This page could not check the proofs (no worker): the replay stops after events 0 to 7, checked so far.',
  ],
])('Replay: the workers fail %#', (verified, words) => {
  expect(poolFailedWords('no worker', verified)).toBe(words);
});

test.each<[Outcome, number, string]>([
  [{ result: 'win', winners: [0], reason: '' }, 0, 'You win the game'],
  [{ result: 'win', winners: [0], reason: '' }, 1, 'Ann wins the game'],
  [{ result: 'win', winners: [0, 2], reason: '' }, 2, 'Ann and you share the game'],
  [{ result: 'win', winners: [0, 1, 2], reason: '' }, 0, 'You, Ben and Cat share the game'],
  [{ result: 'win', winners: [1, 2], reason: '' }, 0, 'Ben and Cat share the game'],
  [{ result: 'draw', reason: '' }, 0, 'The game is a draw'],
])('Result: headline %#', (outcome, seat, words) => {
  expect(describeResult('batailles', outcome, null, NAMES, seat, true).headline).toBe(words);
});

test.each([
  [0, [], null],
  [
    74,
    [],
    {
      text: 'With every key open, 74 hidden claims were judged on the cards as they were: nobody was caught.',
      caught: false,
    },
  ],
  [
    1,
    [],
    {
      text: 'With every key open, 1 hidden claim was judged on the cards as they were: nobody was caught.',
      caught: false,
    },
  ],
  [
    9,
    [{ seat: 1, reason: 'ERR_FIGHT_RESULT' }],
    {
      text: 'With every key open, 9 hidden claims were judged on the cards as they were: the audit caught Ben for a false word on a fight (ERR_FIGHT_RESULT).',
      caught: true,
    },
  ],
])('Audit dialog: the hidden claims’ verdict %#', (claims, findings, words) => {
  // Only what the verdict reads of a final state: the claims recorded, the findings, the game.
  const state = {
    exhibits: Array.from({ length: claims }, () => ({ cards: [], snapshot: null })),
    findings,
    genesis: { game: 'batailles' },
  } as unknown as TableState<Json>;
  expect(claimsWords(state, NAMES)).toEqual(words);
});
