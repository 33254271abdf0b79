/**
 * Town for Two's rules without cryptography: named deals with their expected
 * openings, plays and scores, every refusal code, the targets the UI asks
 * for, a golden game worked out by hand, and the computer player against a
 * random legal player.
 */
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../../src/bots/computer.ts';
import type { CardId } from '../../src/engine/game.ts';
import {
  chooseAction,
  playsOf,
  rankOf,
  scoreOf,
  targetsFor,
  town,
  type TownPlay,
  type TownFact,
  type TownState,
} from '../../src/engine/games/town/index.ts';
import {
  dealOf,
  knownOf,
  must,
  playOut,
  playRanks,
  played,
  randomDeal,
  settle,
  started,
  type Chooser,
  type Deal,
} from './helpers/town.ts';
import { tell } from './helpers.ts';

/** Ranks of a pile, with the colour of each card (r red, b black). */
const pileText = (state: TownState, pile: readonly CardId[]) =>
  pile.map((card) => `${rankOf(state.faces[card]!)}${card < 20 ? 'r' : 'b'}`).join(' ');
const pilesText = (state: TownState) => state.piles.map((pile) => pileText(state, pile));

/** The golden game's deal (worked out by hand below). */
const GOLDEN = dealOf(
  [6, 1, 2, 3, 4, 5, 7, 8, 9, 10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  [5, 10, 9, 8, 7, 6, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 4, 3, 2, 1],
);

describe('the opening', () => {
  test.each([
    { name: 'red higher', red: [7], black: [3], first: 0, piles: ['7r', '3b'] },
    { name: 'black higher', red: [2], black: [9], first: 1, piles: ['2r', '9b'] },
    { name: 'Ace is lowest', red: [1], black: [2], first: 1, piles: ['1r', '2b'] },
    { name: 'one tie', red: [5, 4], black: [5, 8], first: 1, piles: ['5r', '5b', '4r', '8b'] },
    {
      name: 'two ties',
      red: [3, 10, 6],
      black: [3, 10, 2],
      first: 0,
      piles: ['3r', '3b', '10r', '10b', '6r', '2b'],
    },
  ])('$name: $first goes first', ({ red, black, first, piles }) => {
    const deal = dealOf(red, black);
    const state = started(deal);
    expect(state.first).toBe(first);
    expect(state.turn).toBe(first);
    expect(pilesText(state)).toEqual(piles);
    // Then each draws five from its own deck, in order, the first player first.
    const flips = piles.length / 2;
    expect(state.hands).toEqual([
      [0, 1, 2, 3, 4].map((i) => flips + i),
      [0, 1, 2, 3, 4].map((i) => 20 + flips + i),
    ]);
    expect(state.decks.map((d) => d.length)).toEqual([15 - flips, 15 - flips]);
    const draws = state.log.filter((e) => e.type === 'DRAW').map((e) => e.seat);
    expect(draws).toEqual([first, 1 - first]);
    expect(town.needs(state)).toEqual([{ type: 'ACT', seats: [first] }]);
  });

  test('both decks turned together, before anyone holds a card', () => {
    const made = town.setup({});
    if (!made.ok) throw new Error(made.error);
    expect(town.needs(made.value)).toEqual([{ type: 'REVEAL', cards: [0, 20] }]);
    expect(made.value.hands).toEqual([[], []]);
  });

  test('equal flips until the decks run out: the game ends, nobody first, a draw', () => {
    const ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const state = started(dealOf(ranks, ranks));
    expect(state.first).toBeNull();
    expect(state.piles).toHaveLength(40);
    expect(state.result).toMatchObject({ winner: null, reason: 'CANNOT_DRAW' });
    expect(town.outcome(state)).toEqual({ result: 'draw', reason: 'POINTS' });
    expect(town.needs(state)).toEqual([]);
  });

  test('equal flips that leave fewer than five cards end the game before any draw', () => {
    const same = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2, 3, 4, 5, 6];
    const state = started(dealOf([...same, 10], [...same, 7]));
    expect(state.first).toBe(0);
    expect(state.hands).toEqual([[], []]);
    expect(state.result).toMatchObject({ winner: null, seat: 0, reason: 'CANNOT_DRAW' });
    expect(state.log.at(-1)).toEqual({ type: 'END', seat: 0, short: 2 });
  });
});

describe('plays', () => {
  test('a run of 9, 8, 7, 8, 7 onto a 10 (the seed example), then a draw back to five', () => {
    const deal = dealOf([3, 9, 8, 7, 8, 7], [10, 1, 2, 4, 5, 6]);
    let state = started(deal);
    expect(state.turn).toBe(1);
    state = played(state, deal, playRanks(state, deal, 1, [1], null));
    expect(pilesText(state)).toEqual(['3r', '10b', '1b']);
    const run = playRanks(state, deal, 0, [9, 8, 7, 8, 7], 1);
    const pending = must(state, run);
    expect(town.view(pending, 1).phase).toBe('REVEAL');
    expect(town.view(pending, 1).pending).toEqual({ ...run, seat: 0, type: undefined, pile: 1 });
    state = settle(pending, deal);
    expect(pilesText(state)).toEqual(['3r', '10b 9r 8r 7r 8r 7r', '1b']);
    expect(state.hands[0]).toHaveLength(5);
    expect(state.decks[0]).toHaveLength(9);
    expect(scoreOf(state.piles).points).toEqual([5, 0]);
    expect(state.turn).toBe(1);
  });

  test.each([
    { name: 'down from the top', ranks: [5, 4, 3, 2, 1], pile: 0 },
    { name: 'a new pile of one', ranks: [3], pile: null },
    { name: 'a new pile of five', ranks: [1, 2, 3, 4, 5], pile: null },
    { name: 'onto the opponent’s pile', ranks: [4, 3], pile: 1 },
  ])('$name', ({ ranks, pile }) => {
    const state = started(GOLDEN);
    const after = played(state, GOLDEN, playRanks(state, GOLDEN, 0, ranks, pile));
    const target = pile ?? 2;
    expect(after.piles[target]!.slice(-ranks.length).map((c) => rankOf(after.faces[c]!))).toEqual(
      ranks,
    );
  });

  test('Aces do not wrap: no Ace on a 10, no 10 on an Ace, no 10-Ace run', () => {
    const deal = dealOf([10, 1, 10, 2, 3, 4], [1, 5, 6, 7, 8, 9]);
    const state = started(deal);
    expect(pilesText(state)).toEqual(['10r', '1b']);
    const refused = (ranks: number[], pile: number | null) =>
      tell(town, state, playRanks(state, deal, 0, ranks, pile));
    expect(refused([1], 0)).toEqual({ ok: false, error: 'ERR_NOT_ADJACENT_TO_PILE' });
    expect(refused([10], 1)).toEqual({ ok: false, error: 'ERR_NOT_ADJACENT_TO_PILE' });
    expect(refused([10, 1], null)).toEqual({ ok: false, error: 'ERR_NOT_A_RUN' });
    expect(refused([1, 10], null)).toEqual({ ok: false, error: 'ERR_NOT_A_RUN' });
    expect(refused([2, 1], 1).ok).toBe(true);
  });
});

describe('refusals change nothing', () => {
  const base = started(GOLDEN);
  // Red to play; red holds 1..5 (ids 1..5, faces 0..4), black 10..6 (ids 21..25).
  const play = (cards: unknown, faces: unknown, pile: unknown, seat = 0) =>
    ({ type: 'PLAY', seat, cards, faces, pile }) as unknown as TownPlay | TownFact;
  const pending = must(base, play([1], [0], null));
  const over = playOut(GOLDEN, [first, first]).at(-1)!;

  test.each([
    ['ERR_NOT_YOUR_TURN', base, play([25], [5], null, 1)],
    ['ERR_NOT_YOUR_TURN', pending, play([2], [1], null)],
    ['ERR_NO_CARDS', base, play([], [], null)],
    ['ERR_TOO_MANY_CARDS', base, play([1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 6], null)],
    ['ERR_DUPLICATE_CARD', base, play([1, 1], [0, 0], null)],
    ['ERR_NOT_IN_HAND', base, play([21], [9], null)],
    ['ERR_NOT_IN_HAND', base, play([6], [6], null)],
    ['ERR_NOT_IN_HAND', base, play([0], [5], 1)],
    ['ERR_FACES', base, play([1], [], null)],
    ['ERR_FACES', base, play([1], [20], null)],
    ['ERR_FACES', base, play([1], [0.5], null)],
    ['ERR_FACES', base, play([1, 2], [0, 0], null)],
    ['ERR_FACE_CONFLICT', base, play([1], [5], null)],
    ['ERR_NOT_A_RUN', base, play([1, 3], [0, 2], null)],
    ['ERR_NOT_A_RUN', base, play([2, 3, 5], [1, 2, 4], null)],
    ['ERR_NO_SUCH_PILE', base, play([5], [4], 2)],
    ['ERR_NO_SUCH_PILE', base, play([5], [4], -1)],
    ['ERR_NO_SUCH_PILE', base, play([5], [4], 0.5)],
    ['ERR_NO_SUCH_PILE', base, play([5], [4], '0')],
    ['ERR_NOT_ADJACENT_TO_PILE', base, play([3], [2], 0)],
    ['ERR_NOT_ADJACENT_TO_PILE', base, play([4, 5], [3, 4], 0)],
    ['ERR_SEAT', base, play([1], [0], null, 2)],
    ['ERR_ACTION', base, { type: 'PASS', seat: 0 }],
    ['ERR_ACTION', base, null],
    ['ERR_ACTION', base, play(1, [0], null)],
    // A player cannot pass a fact off as a move: the move entry refuses a fact's type.
    ['ERR_ACTION', pending, { type: 'REVEAL', card: 1, face: 0, seen: 3, seat: 0 }],
    ['ERR_NOT_NEEDED', base, { type: 'REVEAL', card: 6, face: 5 }],
    ['ERR_NOT_NEEDED', base, { type: 'DEALT', cards: [6], to: 0 }],
    ['ERR_NOT_NEEDED', pending, { type: 'DEALT', cards: [6], to: 0 }],
    ['ERR_FACE', pending, { type: 'REVEAL', card: 1, face: 20 }],
    ['ERR_FACE_CONFLICT', pending, { type: 'REVEAL', card: 1, face: 5 }],
    ['ERR_FACE_MISMATCH', pending, { type: 'REVEAL', card: 1, face: 10 }],
    ['ERR_GAME_OVER', over, play([1], [0], null)],
  ] as [string, TownState, TownPlay | TownFact][])('%s', (code, state, input) => {
    const before = structuredClone(state);
    expect(tell(town, state, input)).toEqual({ ok: false, error: code });
    expect(state).toEqual(before);
  });

  test('a play naming faces its cards do not have is refused when they are turned', () => {
    // Card 1 is the Ace; red claims it is a 7 to play it onto the 6.
    const lie = must(base, play([1], [6], 0));
    // The reveal judges red's claim: the table names red if the rules refuse the face.
    expect(town.needs(lie)).toEqual([{ type: 'REVEAL', cards: [1], claim: 0 }]);
    expect(tell(town, lie, { type: 'REVEAL', card: 1, face: GOLDEN[1]! })).toEqual({
      ok: false,
      error: 'ERR_FACE_MISMATCH',
    });
  });
});

describe('the end', () => {
  /** Plays single cards as new piles until red has `left` cards in its deck, red to move. */
  function redWithDeck(deal: Deal, left: number): TownState {
    let state = started(deal);
    while (!(state.turn === 0 && state.decks[0].length === left)) {
      const seat = state.turn;
      const card = state.hands[seat]![0]!;
      state = played(state, deal, {
        type: 'PLAY',
        seat,
        cards: [card],
        faces: [deal[card]!],
        pile: null,
      });
    }
    return state;
  }
  const deal = dealOf([9, 1, 2, 3, 4, 5, 6], [2, 10, 9, 8, 7, 6]);

  test('one card left and one played: the player draws it and the game goes on', () => {
    const state = redWithDeck(deal, 1);
    const card = state.hands[0]![0]!;
    const after = played(state, deal, {
      type: 'PLAY',
      seat: 0,
      cards: [card],
      faces: [deal[card]!],
      pile: null,
    });
    expect(after.result).toBeNull();
    expect(after.hands[0]).toHaveLength(5);
    expect(after.decks[0]).toHaveLength(0);
    expect(after.turn).toBe(1);
  });

  test('one card left and two played: the game ends at once, before any draw', () => {
    const state = redWithDeck(deal, 1);
    const known = knownOf(state, deal, 0);
    const two = (town.legalActions(state, 0, known) as TownPlay[]).find(
      (p) => p.cards.length === 2,
    )!;
    expect(two).toBeDefined();
    const after = played(state, deal, two);
    expect(after.result).toMatchObject({ seat: 0, reason: 'CANNOT_DRAW' });
    expect(after.log.at(-1)).toEqual({ type: 'END', seat: 0, short: 1 });
    expect(after.hands[0]).toHaveLength(3);
    expect(after.decks[0]).toHaveLength(1);
    expect(town.needs(after)).toEqual([]);
  });
});

describe('scoring', () => {
  // Ids 0..19 are red, 20..39 black.
  test.each([
    { piles: [], points: [0, 0], owners: [] },
    { piles: [[0]], points: [0, 0], owners: [null] },
    { piles: [[20]], points: [0, 0], owners: [null] },
    { piles: [[0, 20]], points: [0, 1], owners: [1] },
    { piles: [[20, 0, 1]], points: [2, 0], owners: [0] },
    { piles: [[0, 1, 2, 20, 21]], points: [0, 2], owners: [1] },
    { piles: [[0, 1], [20], [21, 22, 2]], points: [3, 0], owners: [0, null, 0] },
    {
      piles: [
        [0, 21],
        [20, 1],
      ],
      points: [1, 1],
      owners: [1, 0],
    },
  ])('$piles -> $points', ({ piles, points, owners }) => {
    const score = scoreOf(piles);
    expect(score.points).toEqual(points);
    expect(score.piles.map((p) => p.owner)).toEqual(owners);
    expect(score.piles.reduce((sum, p) => sum + p.points, 0)).toBe(points[0]! + points[1]!);
  });
});

/** The first legal play: deterministic, for games whose course does not matter. */
const first: Chooser = (_state, _seat, legal) => legal[0]!;

describe('a golden game, worked out by hand', () => {
  test('every pile, the score per pile and the winner', () => {
    const turns: [number, number[], number | null][] = [
      [0, [5, 4, 3, 2, 1], 0],
      [1, [6, 7, 8, 9, 10], 1],
      [0, [9, 8, 7], 1],
      [1, [2, 3, 4, 5], 0],
      [0, [4, 3, 2, 1], 0],
      [1, [8, 9], 1],
      [0, [5, 6, 7, 8], null],
    ];
    let state = started(GOLDEN);
    expect(pilesText(state)).toEqual(['6r', '5b']);
    for (const [seat, ranks, pile] of turns) {
      expect(state.result).toBeNull();
      state = played(state, GOLDEN, playRanks(state, GOLDEN, seat, ranks, pile));
    }
    expect(pilesText(state)).toEqual([
      '6r 5r 4r 3r 2r 1r 2b 3b 4b 5b 4r 3r 2r 1r',
      '5b 6b 7b 8b 9b 10b 9r 8r 7r 8b 9b',
      '5r 6r 7r 8r',
    ]);
    expect(state.result).toEqual({
      winner: 0,
      reason: 'CANNOT_DRAW',
      seat: 0,
      score: {
        points: [14, 8],
        piles: [
          { pile: 0, size: 14, owner: 0, points: 10 },
          { pile: 1, size: 11, owner: 1, points: 8 },
          { pile: 2, size: 4, owner: 0, points: 4 },
        ],
      },
    });
    expect(state.decks.map((d) => d.length)).toEqual([2, 3]);
    expect(state.log.at(-1)).toEqual({ type: 'END', seat: 0, short: 2 });
    expect(state.log.map((e) => e.type).join(' ')).toBe(
      'FLIP FLIP FIRST DRAW DRAW ' + 'PLAY DRAW '.repeat(6) + 'PLAY END',
    );
    expect(town.outcome(state)).toEqual({ result: 'win', winners: [0], reason: 'POINTS' });
  });
});

describe('legal plays and targets', () => {
  /** Every ordered pick of 1..5 of `hand`. */
  const picks = (hand: readonly CardId[]): CardId[][] => {
    const out: CardId[][] = [];
    const grow = (pick: CardId[]) => {
      if (pick.length > 0) out.push(pick);
      if (pick.length < 5) for (const c of hand) if (!pick.includes(c)) grow([...pick, c]);
    };
    grow([]);
    return out;
  };
  /** States from a few seeded games, each with the seat to move. */
  const samples = [11, 12, 13].flatMap((seed) => {
    const deal = randomDeal(seededRandom(seed));
    return playOut(deal, [first, first])
      .filter((s) => s.result === null)
      .filter((_, i) => i % 4 === 0)
      .map((state) => ({ state, deal }));
  });

  test('legalActions lists exactly the plays apply accepts, and targetsFor agrees', () => {
    expect(samples.length).toBeGreaterThan(5);
    for (const { state, deal } of samples) {
      const seat = state.turn;
      const known = knownOf(state, deal, seat);
      const legal = town.legalActions(state, seat, known).map((a) => JSON.stringify(a));
      const view = town.view(state, seat, known);
      const accepted: string[] = [];
      for (const cards of picks(state.hands[seat]!)) {
        const faces = cards.map((c) => deal[c]!);
        const targets = targetsFor(view, cards);
        for (const pile of [null, ...state.piles.map((_, i) => i)]) {
          const play: TownPlay = { type: 'PLAY', seat, cards, faces, pile };
          const ok = tell(town, state, play).ok;
          if (ok) accepted.push(JSON.stringify(play));
          expect(ok).toBe(pile === null ? targets.newPile : targets.piles.includes(pile));
        }
        const extensions = state.hands[seat]!.filter(
          (c) =>
            tell(town, state, {
              type: 'PLAY',
              seat,
              cards: [...cards, c],
              faces: [...faces, deal[c]!],
              pile: null,
            }).ok,
        );
        expect([...targets.extensions].sort()).toEqual(extensions.sort());
      }
      expect([...legal].sort()).toEqual(accepted.sort());
    }
  });

  test('without the hand’s faces the rules list nothing; off turn nothing', () => {
    const { state, deal } = samples[0]!;
    expect(town.legalActions(state, state.turn)).toEqual([]);
    expect(town.legalActions(state, 1 - state.turn, knownOf(state, deal, 1 - state.turn))).toEqual(
      [],
    );
  });

  test.each([
    { pick: [], piles: [], newPile: false, extensions: [1, 2, 3, 4, 5], reason: 'ERR_NO_CARDS' },
    { pick: [5], piles: [0], newPile: true, extensions: [4], reason: null },
    { pick: [4], piles: [1], newPile: true, extensions: [3, 5], reason: null },
    { pick: [5, 4, 3], piles: [0], newPile: true, extensions: [2], reason: null },
    { pick: [1, 3], piles: [], newPile: false, extensions: [], reason: 'ERR_NOT_A_RUN' },
    { pick: [1, 1], piles: [], newPile: false, extensions: [], reason: 'ERR_DUPLICATE_CARD' },
    { pick: [21], piles: [], newPile: false, extensions: [], reason: 'ERR_NOT_IN_HAND' },
  ])('targets of $pick at the golden opening', ({ pick, ...expected }) => {
    const state = started(GOLDEN);
    const view = town.view(state, 0, knownOf(state, GOLDEN, 0));
    expect(targetsFor(view, pick)).toEqual(expected);
  });

  test('targets: not while it is the other seat’s turn, nor without the faces', () => {
    const state = started(GOLDEN);
    expect(targetsFor(town.view(state, 1, knownOf(state, GOLDEN, 1)), [21]).reason).toBe(
      'ERR_NOT_YOUR_TURN',
    );
    expect(targetsFor(town.view(state, 0), [1]).reason).toBe('ERR_FACES');
  });
});

describe('the view', () => {
  test('piles with every card, tops, live score, sorted hand, counts, turn', () => {
    const deal = GOLDEN;
    let state = started(deal);
    state = played(state, deal, playRanks(state, deal, 0, [2, 1], null));
    const known = knownOf(state, deal, 1);
    const view = town.view(state, 1, known);
    expect(view).toMatchObject({
      seat: 1,
      colour: 'black',
      phase: 'PLAY',
      turn: 1,
      first: 0,
      turns: 1,
      opponentHand: 5,
      decks: [12, 14],
      pending: null,
      result: null,
    });
    expect(view.hand.map((c) => c.rank)).toEqual([6, 7, 8, 9, 10]);
    expect(
      view.piles.map((p) => [p.cards.map((c) => `${c.rank}/${c.seat}`), p.top.seat, p.owner]),
    ).toEqual([
      [['6/0'], 0, null],
      [['5/1'], 1, null],
      [['2/0', '1/0'], 0, 0],
    ]);
    expect(view.score.points).toEqual([2, 0]);
    // The other seat's hand: never its ids' faces, only its count.
    expect(JSON.stringify(view)).not.toContain('"hands"');
    const red = town.view(state, 0);
    expect(red.hand.every((c) => c.face === null)).toBe(true);
    expect(red.hand).toHaveLength(5);
  });

  test('phases: opening, draw, play, reveal, over', () => {
    const made = town.setup({});
    if (!made.ok) throw new Error(made.error);
    expect(town.view(made.value, 0).phase).toBe('OPENING');
    let state = must(must(made.value, { type: 'REVEAL', card: 0, face: GOLDEN[0]! }), {
      type: 'REVEAL',
      card: 20,
      face: GOLDEN[20]!,
    });
    expect(town.view(state, 0).phase).toBe('DRAW');
    state = settle(state, GOLDEN);
    expect(town.view(state, 0).phase).toBe('PLAY');
    state = must(state, playRanks(state, GOLDEN, 0, [1], null));
    expect(town.view(state, 0).phase).toBe('REVEAL');
    expect(town.view(playOut(GOLDEN, [first, first]).at(-1)!, 0).phase).toBe('OVER');
  });
});

describe('the computer player', () => {
  const random: Chooser = (() => {
    const pick = seededRandom(99);
    return (_state, _seat, legal) => legal[Math.floor(pick() * legal.length)]!;
  })();
  const bot = (seed: number): Chooser => {
    const pick = seededRandom(seed);
    return (state, seat, legal) => chooseAction(town.view(state, seat), legal, pick)!;
  };

  test('plays the same game from the same seed (replay)', () => {
    const deal = randomDeal(seededRandom(5));
    const a = playOut(deal, [bot(1), bot(2)]);
    const b = playOut(deal, [bot(1), bot(2)]);
    expect(a).toEqual(b);
    const end = a.at(-1)!;
    expect(end.result!.score).toEqual(scoreOf(end.piles));
  });

  test('takes a pile it can top and keeps its runs long', () => {
    // Black holds 6..10 and the 5 of black is on the table; red's 6 sits alone.
    const state = started(GOLDEN);
    const after = played(state, GOLDEN, playRanks(state, GOLDEN, 0, [1], null));
    const legal = town.legalActions(after, 1, knownOf(after, GOLDEN, 1)) as TownPlay[];
    const choice = chooseAction(town.view(after, 1), legal, seededRandom(3))!;
    expect(choice.cards).toHaveLength(5);
    expect(choice.pile).toBe(1);
  });

  test('beats a random legal player in most of 240 games, either seat', () => {
    let wins = 0;
    let draws = 0;
    const games = 240;
    for (let g = 0; g < games; g++) {
      const seat = g % 2;
      const deal = randomDeal(seededRandom(1000 + g));
      const players: [Chooser, Chooser] = seat === 0 ? [bot(g), random] : [random, bot(g)];
      const result = playOut(deal, players).at(-1)!.result!;
      if (result.winner === seat) wins++;
      else if (result.winner === null) draws++;
    }
    console.log(`bot vs random: ${wins} wins, ${draws} draws in ${games} games`);
    expect(wins / games).toBeGreaterThan(0.9);
  });
});

describe('runs', () => {
  test('playsOf finds runs that turn back on themselves and every target', () => {
    const hand = [7, 8, 7, 8, 9].map((rank, i) => ({
      card: i,
      face: rank - 1 + (i === 2 || i === 3 ? 10 : 0),
    }));
    const plays = playsOf(hand, [10, 6]);
    const ranks = (p: { faces: number[] }) => p.faces.map(rankOf).join(',');
    expect(plays.some((p) => ranks(p) === '9,8,7,8,7' && p.pile === 0)).toBe(true);
    expect(plays.some((p) => ranks(p) === '7,8,7,8,9' && p.pile === 1)).toBe(true);
    expect(
      plays.every((p) => p.cards.length <= 5 && new Set(p.cards).size === p.cards.length),
    ).toBe(true);
  });
});
