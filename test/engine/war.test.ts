import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, SUITS, faceOf, faceRank, type Face } from '../../src/engine/cards.ts';
import { stateHash } from '../../src/engine/encoding.ts';
import type { CardId } from '../../src/engine/game.ts';
import {
  BATTLE_LIMIT,
  chooseAction,
  standardStacks,
  war,
  type PerSeat,
  type WarPlay,
  type WarFact,
  type WarState,
} from '../../src/engine/games/war/index.ts';
import { seeded, shuffled } from './helpers.ts';
import { tell } from './helpers.ts';

const [J, Q, K, A] = [11, 12, 13, 14];

/** A constructed deal: ranks per stack (top first); suits are handed out in order. */
type Deal = { stacks: [CardId[], CardId[]]; faces: Face[] };

function deal(top0: readonly number[], top1: readonly number[]): Deal {
  const used = new Map<number, number>();
  const faces: Face[] = [];
  const stack = (ranks: readonly number[]) =>
    ranks.map((rank) => {
      const n = used.get(rank) ?? 0;
      used.set(rank, n + 1);
      faces.push(faceOf(rank, SUITS[n]!));
      return faces.length - 1;
    });
  return { stacks: [stack(top0), stack(top1)], faces };
}

function start(stacks: PerSeat<readonly CardId[]> | undefined): WarState {
  const made = war.setup(stacks === undefined ? {} : { stacks });
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

function must(state: WarState, action: WarPlay | WarFact): WarState {
  const next = tell(war, state, action);
  if (!next.ok) throw new Error(`${action.type}: ${next.error}`);
  return next.value;
}

/**
 * Plays a game to its end as the table layer would: bots flip when they owe
 * a flip, and the table reveals exactly the cards `needs` asks for, with
 * faces from `faces` (card id -> face). Returns the end state and every card
 * that was revealed.
 */
function playOut(state: WarState, faces: readonly Face[]) {
  const revealed: CardId[] = [];
  for (let need = war.needs(state)[0]; need !== undefined; need = war.needs(state)[0]) {
    if (need.type === 'REVEAL') {
      for (const card of need.cards) {
        revealed.push(card);
        state = must(state, { type: 'REVEAL', card, face: faces[card]! });
      }
    } else if (need.type === 'ACT') {
      for (const seat of need.seats) {
        const action = chooseAction(war.view(state, seat), war.legalActions(state, seat));
        if (action === null) throw new Error('bot owed a flip but chose nothing');
        state = must(state, { ...action, seat });
      }
    } else {
      throw new Error(`War never needs ${need.type}`);
    }
  }
  return { state, revealed };
}

function summary(state: WarState) {
  return {
    outcome: war.outcome(state),
    held: [state.stacks[0].length, state.stacks[1].length],
    battles: state.battles,
    won: state.won,
    wars: state.wars,
  };
}

const win = (seat: number, reason: string) => ({ result: 'win', winners: [seat], reason });
const draw = (reason: string) => ({ result: 'draw', reason });

const namedDeals = [
  {
    name: 'simple battles, higher card takes both',
    deal: deal([5, 9], [3, Q]),
    // 5>3: A [9,5,3]; 9<Q: B [Q,9]; 5<Q: B [9,Q,5]; 3<9: A empty.
    expected: { outcome: win(1, 'EMPTY'), held: [0, 4], battles: 4, won: [1, 3], wars: 0 },
  },
  {
    name: 'war: three facedown and one faceup each, higher faceup takes all ten',
    deal: deal([7, 2, 3, 4, K], [7, 2, 3, 4, Q]),
    expected: { outcome: win(0, 'EMPTY'), held: [10, 0], battles: 1, won: [1, 0], wars: 1 },
  },
  {
    name: 'double war takes all eighteen',
    deal: deal([7, 2, 3, 4, 9, 5, 6, 8, 2], [7, 2, 3, 4, 9, 5, 6, 8, A]),
    expected: { outcome: win(1, 'EMPTY'), held: [0, 18], battles: 1, won: [0, 1], wars: 2 },
  },
  {
    name: 'exactly four cards are enough for a war',
    deal: deal([7, 2, 3, 4, 5], [7, 2, 3, 4, 6]),
    expected: { outcome: win(1, 'EMPTY'), held: [0, 10], battles: 1, won: [0, 1], wars: 1 },
  },
  {
    name: 'cannot complete a war: that player loses',
    deal: deal([7, 2, 3], [7, 2, 3, 4, 5]),
    expected: { outcome: win(1, 'WAR_SHORT'), held: [2, 4], battles: 0, won: [0, 0], wars: 0 },
  },
  {
    name: 'neither can complete a war: more cards wins',
    deal: deal([7, 2, 3], [7, 2]),
    expected: { outcome: win(0, 'WAR_SHORT'), held: [2, 1], battles: 0, won: [0, 0], wars: 0 },
  },
  {
    name: 'neither can complete a war with equal cards: draw',
    deal: deal([7, 2], [7, 3]),
    expected: { outcome: draw('WAR_SHORT'), held: [1, 1], battles: 0, won: [0, 0], wars: 0 },
  },
  {
    name: 'war short after an earlier war in the same battle',
    deal: deal([7, 2, 3, 4, 9, 5], [7, 2, 3, 4, 9, 5, 6, 8, 10]),
    expected: { outcome: win(1, 'WAR_SHORT'), held: [1, 4], battles: 0, won: [0, 0], wars: 1 },
  },
  {
    name: 'a player dealt no cards has lost',
    deal: deal([], [2]),
    expected: { outcome: win(1, 'EMPTY'), held: [0, 1], battles: 0, won: [0, 0], wars: 0 },
  },
  {
    name: 'endless game with wars: 5,000 battles, more cards wins',
    deal: deal([3, 4, 4, 4, 3, 5, 5], [5, 3, 5, 2, 2, 4, 3]),
    expected: {
      outcome: win(0, 'BATTLE_LIMIT'),
      held: [9, 5],
      battles: BATTLE_LIMIT,
      won: [2501, 2499],
      wars: 832,
    },
  },
  {
    name: 'endless game, equal cards at 5,000 battles: draw',
    deal: deal([A], [8, 9, 3, 8, Q, 2, 7, 6, J]),
    expected: {
      outcome: draw('BATTLE_LIMIT'),
      held: [5, 5],
      battles: BATTLE_LIMIT,
      won: [2502, 2498],
      wars: 0,
    },
  },
];

describe('named deals', () => {
  it.each(namedDeals)('$name', ({ deal: { stacks, faces }, expected }) => {
    const { state } = playOut(start(stacks), faces);
    expect(summary(state)).toEqual(expected);
    expect(war.needs(state)).toEqual([]);
  });

  it('ends an endless game at a lower battle limit the table chose, more cards winning', () => {
    const { stacks, faces } = deal([3, 4, 4, 4, 3, 5, 5], [5, 3, 5, 2, 2, 4, 3]);
    const made = war.setup({ stacks, battleLimit: 40 });
    if (!made.ok) throw new Error(made.error);
    const { state } = playOut(made.value, faces);
    expect(state.battles).toBe(40);
    expect(state.result?.reason).toBe('BATTLE_LIMIT');
    expect(war.view(state, 0).battleLimit).toBe(40);
    expect(war.view(start(stacks), 0).battleLimit).toBe(BATTLE_LIMIT);
  });

  it.each([0, -1, 2.5, BATTLE_LIMIT + 1, '40', null])(
    'refuses a battle limit of %j',
    (battleLimit) => {
      expect(war.setup({ battleLimit: battleLimit as number })).toEqual({
        ok: false,
        error: 'ERR_BATTLE_LIMIT',
      });
    },
  );

  it('puts the winner’s card first, then the loser’s, at the bottom', () => {
    const { stacks, faces } = deal([5, 9], [3, Q]);
    let state = must(must(start(stacks), { type: 'FLIP', seat: 1 }), { type: 'FLIP', seat: 0 });
    expect(war.needs(state)).toEqual([{ type: 'REVEAL', cards: [0, 2] }]);
    state = must(state, { type: 'REVEAL', card: 2, face: faces[2]! });
    state = must(state, { type: 'REVEAL', card: 0, face: faces[0]! });
    expect(state.stacks).toEqual([[1, 0, 2], [3]]);
    expect(state.last).toEqual({ winner: 0, faces: [faces[0], faces[2]], wars: 0, cards: 2 });
  });

  it('takes a war in play order, winner’s pile first, and never reveals a facedown card', () => {
    const { stacks, faces } = deal([7, 2, 3, 4, K, 6], [7, 2, 3, 4, Q, 5]);
    const { state, revealed } = playOut(start(stacks), faces);
    // Battle 1 is the war (ids 0..4 vs 6..10); battle 2 is 6 (id 5) against 5 (id 11).
    expect(revealed.slice(0, 4).sort((a, b) => a - b)).toEqual([0, 4, 6, 10]);
    expect(state.stacks[0]).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 5, 11]);
    for (const card of [1, 2, 3, 7, 8, 9]) expect(revealed).not.toContain(card);
  });

  it('does not ask to reveal a face that is already public', () => {
    const { stacks, faces } = deal([5, 9, 2], [3, Q, 4]);
    const { revealed } = playOut(start(stacks), faces);
    expect(new Set(revealed).size).toBe(revealed.length);
  });
});

describe('golden replay', () => {
  it('plays a fixed seeded deck to the same end, forever', () => {
    // Seed 23 gives a long game: 528 battles, 36 wars, one of them a triple war.
    const faces = shuffled(
      Array.from({ length: DECK_SIZE }, (_, face) => face),
      seeded(23),
    );
    const { state, revealed } = playOut(start(undefined), faces);
    expect(summary(state)).toEqual({
      outcome: win(0, 'EMPTY'),
      held: [52, 0],
      battles: 528,
      won: [269, 259],
      wars: 36,
    });
    expect(state.last).toEqual({
      winner: 0,
      faces: [faceOf(A, 'hearts'), faceOf(4, 'hearts')],
      wars: 1,
      cards: 10,
    });
    expect(revealed).toHaveLength(52);
    expect(stateHash(state)).toBe(
      'de4126b9170dd5d75afb1adb99e1e048257387f2dc8f18e75eff8adf84ce3e8c',
    );
  });
});

describe('turns and facts', () => {
  const { stacks, faces } = deal([5, 9], [3, Q]);
  const fresh = start(stacks);
  const oneFlipped = must(fresh, { type: 'FLIP', seat: 0 });
  const revealing = must(oneFlipped, { type: 'FLIP', seat: 1 });
  const over = playOut(fresh, faces).state;

  it('offers a flip to every seat that owes one, and nothing else', () => {
    expect(war.legalActions(fresh, 0)).toEqual([{ type: 'FLIP', seat: 0 }]);
    expect(war.legalActions(fresh, 1)).toEqual([{ type: 'FLIP', seat: 1 }]);
    expect(war.needs(fresh)).toEqual([{ type: 'ACT', seats: [0, 1] }]);
    expect(war.legalActions(oneFlipped, 0)).toEqual([]);
    expect(war.needs(oneFlipped)).toEqual([{ type: 'ACT', seats: [1] }]);
    expect(war.legalActions(revealing, 0)).toEqual([]);
    expect(war.legalActions(revealing, 1)).toEqual([]);
    expect(war.legalActions(over, 0)).toEqual([]);
    expect(war.legalActions(fresh, 2)).toEqual([]);
  });

  it.each([
    ['a second flip', oneFlipped, { type: 'FLIP', seat: 0 }, 'ERR_ALREADY_FLIPPED'],
    [
      'a flip while cards await their reveal',
      revealing,
      { type: 'FLIP', seat: 0 },
      'ERR_NOT_YOUR_TURN',
    ],
    ['a flip by a third seat', fresh, { type: 'FLIP', seat: 2 }, 'ERR_SEAT'],
    ['a reveal nobody asked for', fresh, { type: 'REVEAL', card: 0, face: 3 }, 'ERR_NOT_NEEDED'],
    ['a reveal of a stack card', revealing, { type: 'REVEAL', card: 1, face: 3 }, 'ERR_NOT_NEEDED'],
    ['a reveal with no face', revealing, { type: 'REVEAL', card: 0, face: 52 }, 'ERR_FACE'],
    ['an unknown action', fresh, { type: 'PASS' }, 'ERR_ACTION'],
    ['any move after the end', over, { type: 'FLIP', seat: 0 }, 'ERR_GAME_OVER'],
  ])('refuses %s', (_name, state, action, code) => {
    expect(tell(war, state, action as WarPlay | WarFact)).toEqual({ ok: false, error: code });
  });

  it('refuses a face already shown by another card (a bad reveal)', () => {
    const half = must(revealing, { type: 'REVEAL', card: 0, face: faces[0]! });
    expect(tell(war, half, { type: 'REVEAL', card: 2, face: faces[0]! })).toEqual({
      ok: false,
      error: 'ERR_FACE_CONFLICT',
    });
  });

  it('never changes the state it is given', () => {
    const frozen = deepFreeze(structuredClone(revealing));
    const next = must(frozen, { type: 'REVEAL', card: 0, face: faces[0]! });
    expect(frozen).toEqual(revealing);
    expect(next).not.toEqual(revealing);
  });

  it.each([
    ['a repeated card', [[0, 1], [1]]],
    ['a card id past the deck', [[0], [52]]],
    ['a fractional card id', [[0.5], [1]]],
    ['no cards at all', [[], []]],
    ['three stacks', [[0], [1], [2]]],
  ])('refuses setup with %s', (_name, bad) => {
    expect(war.setup({ stacks: bad as [CardId[], CardId[]] })).toEqual({
      ok: false,
      error: 'ERR_STACKS',
    });
  });

  it('deals the standard deck one at a time, seat 0 first', () => {
    const [a, b] = standardStacks();
    expect(a).toHaveLength(26);
    expect(b).toHaveLength(26);
    expect(a.slice(0, 3)).toEqual([0, 2, 4]);
    expect(b.slice(0, 3)).toEqual([1, 3, 5]);
  });
});

describe('view and bot', () => {
  it('shows counts and the table, faceup faces once revealed, facedown never', () => {
    const { stacks, faces } = deal([7, 2, 3, 4, K, 6], [7, 2, 3, 4, Q, 5]);
    let state = must(must(start(stacks), { type: 'FLIP', seat: 0 }), { type: 'FLIP', seat: 1 });
    state = must(state, { type: 'REVEAL', card: 0, face: faces[0]! });
    state = must(state, { type: 'REVEAL', card: 6, face: faces[6]! });
    state = must(must(state, { type: 'FLIP', seat: 0 }), { type: 'FLIP', seat: 1 });
    const view = war.view(state, 1);
    expect(view).toMatchObject({ seat: 1, phase: 'REVEAL', held: [1, 1], war: 1, wars: 1 });
    expect(view.battle[0]).toEqual([
      { card: 0, faceup: true, face: faces[0] },
      { card: 1, faceup: false, face: null },
      { card: 2, faceup: false, face: null },
      { card: 3, faceup: false, face: null },
      { card: 4, faceup: true, face: null },
    ]);
    expect(war.view(state, 0).battle).toEqual(view.battle);
  });

  it('reports the phase: flip, reveal, over', () => {
    const { stacks, faces } = deal([5], [3]);
    const fresh = start(stacks);
    expect(war.view(fresh, 0).phase).toBe('FLIP');
    const both = must(must(fresh, { type: 'FLIP', seat: 0 }), { type: 'FLIP', seat: 1 });
    expect(war.view(both, 0).phase).toBe('REVEAL');
    const end = playOut(fresh, faces).state;
    expect(war.view(end, 0)).toMatchObject({
      phase: 'OVER',
      result: { winner: 0, reason: 'EMPTY' },
      last: { winner: 0, faces: [faces[0], faces[1]], wars: 0, cards: 2 },
      battles: 1,
      battleLimit: BATTLE_LIMIT,
    });
  });

  it('bot flips when it owes a flip and does nothing otherwise', () => {
    const fresh = start(deal([5], [3]).stacks);
    expect(chooseAction(war.view(fresh, 0), war.legalActions(fresh, 0))).toEqual({
      type: 'FLIP',
      seat: 0,
    });
    const flipped = must(fresh, { type: 'FLIP', seat: 0 });
    expect(chooseAction(war.view(flipped, 0), war.legalActions(flipped, 0))).toBeNull();
  });
});

/**
 * An independent model of the rules on bare ranks, written as a person would
 * play at a table: used to check the engine on random deals.
 */
function reference(top0: readonly number[], top1: readonly number[]) {
  const stacks = [[...top0], [...top1]] as [number[], number[]];
  const won = [0, 0];
  let battles = 0;
  let wars = 0;
  const more = (reason: string) => {
    const [a, b] = [stacks[0].length, stacks[1].length];
    return a === b ? draw(reason) : win(a > b ? 0 : 1, reason);
  };
  for (;;) {
    if (stacks[0].length === 0) return { outcome: win(1, 'EMPTY'), battles, won, wars, stacks };
    if (stacks[1].length === 0) return { outcome: win(0, 'EMPTY'), battles, won, wars, stacks };
    const piles = [stacks[0].splice(0, 1), stacks[1].splice(0, 1)] as [number[], number[]];
    while (piles[0].at(-1) === piles[1].at(-1)) {
      if (stacks[0].length < 4 || stacks[1].length < 4) {
        return { outcome: more('WAR_SHORT'), battles, won, wars, stacks };
      }
      wars++;
      piles[0].push(...stacks[0].splice(0, 4));
      piles[1].push(...stacks[1].splice(0, 4));
    }
    const w = piles[0].at(-1)! > piles[1].at(-1)! ? 0 : 1;
    stacks[w].push(...piles[w], ...piles[1 - w]!);
    won[w]!++;
    battles++;
    if (battles === BATTLE_LIMIT)
      return { outcome: more('BATTLE_LIMIT'), battles, won, wars, stacks };
  }
}

describe('any shuffled deck', () => {
  it('plays exactly as an independent model of the rules', () => {
    const ranks = (faces: readonly Face[], cards: readonly CardId[]) =>
      cards.map((card) => faceRank(faces[card]!));
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          Array.from({ length: DECK_SIZE }, (_, face) => face),
          { minLength: 2, maxLength: DECK_SIZE },
        ),
        fc.nat(),
        (faces, cut) => {
          const cards = faces.map((_, card) => card);
          const split = 1 + (cut % (faces.length - 1));
          const stacks: PerSeat<readonly CardId[]> =
            faces.length === DECK_SIZE
              ? standardStacks()
              : [cards.slice(0, split), cards.slice(split)];
          const { state } = playOut(start(stacks), faces);
          const model = reference(ranks(faces, stacks[0]), ranks(faces, stacks[1]));
          expect(summary(state)).toEqual({
            outcome: model.outcome,
            held: [model.stacks[0].length, model.stacks[1].length],
            battles: model.battles,
            won: model.won,
            wars: model.wars,
          });
          expect([ranks(faces, state.stacks[0]), ranks(faces, state.stacks[1])]).toEqual(
            model.stacks,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('agrees with the model on every named deal', () => {
    for (const { deal: d, expected } of namedDeals) {
      const model = reference(
        d.stacks[0].map((card) => faceRank(d.faces[card]!)),
        d.stacks[1].map((card) => faceRank(d.faces[card]!)),
      );
      expect(model.outcome).toEqual(expected.outcome);
      expect([model.battles, model.won, model.wars]).toEqual([
        expected.battles,
        expected.won,
        expected.wars,
      ]);
    }
  });

  it('ends, conserves the 52 cards and reveals only faceup cards', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          Array.from({ length: DECK_SIZE }, (_, face) => face),
          { minLength: DECK_SIZE },
        ),
        (faces) => {
          const { state, revealed } = playOut(start(undefined), faces);
          const onTable = state.battle[0].length + state.battle[1].length;
          expect(state.stacks[0].length + state.stacks[1].length + onTable).toBe(DECK_SIZE);
          expect(war.outcome(state)).not.toBeNull();
          expect(new Set(revealed).size).toBe(revealed.length);
          for (const card of revealed) expect(state.faces[card]).toBe(faces[card]);
          const known = state.faces.filter((face) => face !== null);
          expect(known).toHaveLength(revealed.length);
          // Wins are counted per battle; every battle has exactly one winner.
          expect(state.won[0] + state.won[1]).toBe(state.battles);
          if (state.last !== null) {
            expect(faceRank(state.last.faces[0])).not.toBe(faceRank(state.last.faces[1]));
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
