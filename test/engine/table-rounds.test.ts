/**
 * The rounds of protocols 2 and 3 on a scripted hand at three seats, three decks of two
 * cards each (the whole matches of `pipeline.test.ts` and `deal-round.test.ts` test the
 * same on Batailles et piques, in `npm test`): the first shuffle round shuffles each deck
 * on a chain of its own, the seats at once; a shuffle made while the others shuffle other
 * decks stays due; the deals the game asks for at once are one turn of the seats, each
 * seat taking its layer off every card but its own.
 */
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../src/engine/encoding.ts';
import type { Need, Seat } from '../../src/engine/game.ts';
import { err } from '../../src/engine/result.ts';
import { makeSeal, stillDue } from '../../src/engine/table/author.ts';
import type { TableBody } from '../../src/engine/table/bodies.ts';
import { stepOwed } from '../../src/engine/table/fold.ts';
import { epochsOwed, epochsShuffledBy } from '../../src/engine/table/shuffle.ts';
import type { StepOf } from '../../src/engine/table/step.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { makeUnlock } from '../../src/engine/table/unlock.ts';
import { scriptGame, type ScriptState } from './helpers/script-game.ts';
import { Table, authorOn, dutyOf, feed, lastDiagnosis, makePlayers } from './helpers/table.ts';

/** The script game asking for the deals at the head of its script all at once. */
const dealing = {
  ...scriptGame,
  id: 'script-deals',
  needs: (state: ScriptState): Need[] => {
    const deals = [];
    for (const need of state.script.slice(state.at)) {
      if (need.type !== 'DEAL') break;
      deals.push(need);
    }
    return deals.length > 0 ? deals : state.script.slice(state.at, state.at + 1);
  },
};
const options = {
  decks: ['a', 'b', 'c'].map((name) => ({ name, size: 2 })),
  script: [
    { type: 'DEAL', cards: [0], to: 0 },
    { type: 'DEAL', cards: [2, 3], to: 1 },
    { type: 'DEAL', cards: [4], to: 2 },
    { type: 'ACT', seats: [0] },
  ] satisfies Need[],
};
type State = TableState<ScriptState>;

const shuffleStep = (state: State): StepOf<'SHUFFLE'> => {
  if (state.step.type !== 'SHUFFLE') throw new Error(`not shuffling: ${state.step.type}`);
  return state.step;
};
/** A SHUFFLE naming `epochs`: all `stillDue` reads of a body. */
const naming = (...epochs: (number | undefined)[]) =>
  ({ type: 'SHUFFLE', shuffles: epochs.map((epoch) => ({ epoch })) }) as unknown as TableBody;

const SHAPE = { kind: 'other', code: 'ERR_SHAPE' };
const EVERY_SEAT = [0, 1, 2].map((seat) => ({ seat, kind: 'SHUFFLE' }));

/** A table at its first shuffle round, every KEY in. */
function atShuffle(): Table<ScriptState> {
  const table = Table.of(makePlayers(3), dealing, options);
  table.dutiesUntil((state) => state.step.type === 'SHUFFLE');
  return table;
}

describe('three decks shuffled on three chains at once', () => {
  test('each seat is next on its own deck first, and on the chain behind once it passed', () => {
    const table = atShuffle();
    const [zero, one] = [table.players[0]!, table.players[1]!];
    const start = table.replicas[1]!.state;
    expect([0, 1, 2].map((seat) => epochsOwed(shuffleStep(start), seat))).toEqual([[0], [1], [2]]);
    expect([0, 1, 2].map((seat) => epochsShuffledBy(shuffleStep(start), seat))).toEqual([0, 0, 0]);
    // Seat 1 makes its shuffle; seat 0's arrives first: seat 1 is next on deck a's chain too.
    const late = dutyOf(table.replicas[1]!, one);
    feed(
      table.replicas[1]!,
      authorOn(table.replicas[0]!, zero, dutyOf(table.replicas[0]!, zero)).bytes,
    );
    const now = table.replicas[1]!.state;
    expect(shuffleStep(now).shuffled).toEqual([1, 0, 0]);
    expect([0, 1, 2].map((seat) => epochsOwed(shuffleStep(now), seat))).toEqual([[], [0, 1], [2]]);
    expect([0, 1, 2].map((seat) => epochsShuffledBy(shuffleStep(now), seat))).toEqual([1, 0, 0]);
    expect(stepOwed(now)).toEqual([
      { seat: 1, kind: 'SHUFFLE' },
      { seat: 2, kind: 'SHUFFLE' },
    ]);
    expect(now.stepNo).toBe(start.stepNo);

    expect(stillDue(start, now, 1, late)).toBe(true);
    expect(stillDue(start, now, 2, naming(2))).toBe(true);
    // Deck a's cards moved under seat 0's shuffle; seat 0 is next on no chain; deck b is not seat 2's.
    expect(stillDue(start, now, 1, naming(0))).toBe(false);
    expect(stillDue(start, now, 1, naming(1, 0))).toBe(false);
    expect(stillDue(start, now, 0, naming(0))).toBe(false);
    expect(stillDue(start, now, 2, naming(1))).toBe(false);
    expect(stillDue(start, now, 2, naming(undefined))).toBe(false);
    // Not a shuffle, another table, another step, or a table past its shuffles.
    expect(stillDue(start, now, 1, { type: 'RESIGN' })).toBe(false);
    expect(stillDue(start, table.replicas[1]!.stateAfter(0)!, 1, late)).toBe(false);
    expect(stillDue(start, { ...now, genesisHash: 'another' }, 1, late)).toBe(false);
    expect(stillDue(start, { ...now, stepNo: now.stepNo + 1 }, 1, late)).toBe(false);
    // A round in turn (no `shuffled`): seat 0 is next on every deck, but nothing is pipelined.
    const inTurn = { ...now, step: { ...shuffleStep(now), shuffled: undefined } };
    expect(stillDue(start, inTurn, 1, late)).toBe(false);
    expect(stillDue(start, inTurn, 0, naming(2))).toBe(false);

    // Seat 1's shuffle signed now is taken; it is then no longer due.
    const signed = authorOn(table.replicas[1]!, one, late);
    feed(table.replicas[0]!, signed.bytes);
    expect(table.replicas[0]!.stateHash).toBe(table.replicas[1]!.stateHash);
    const after = table.replicas[1]!.state;
    expect(shuffleStep(after).shuffled).toEqual([1, 1, 0]);
    expect([0, 1, 2].map((seat) => epochsShuffledBy(shuffleStep(after), seat))).toEqual([1, 1, 0]);
    expect(stillDue(start, after, 1, late)).toBe(false);
  });
});

describe('a seat that breaks the pipeline is refused and named', () => {
  /** Seat 0's own shuffle with its shuffles changed by `change`, sent to every seat. */
  test.each<[string, (shuffles: object[]) => object[], string, object]>([
    [
      'a deck another seat is next on',
      (s) => [{ ...s[0]!, epoch: 1 }],
      'ERR_NOT_OWED',
      { kind: 'not-owed', owed: EVERY_SEAT },
    ],
    ['its deck twice', (s) => [s[0]!, s[0]!], 'ERR_SHAPE', SHAPE],
    [
      'shuffles that name no deck',
      (s) => s.map(({ epoch: _, ...rest }: { epoch?: number }) => rest),
      'ERR_SHAPE',
      SHAPE,
    ],
  ])('%s', (_, change, reason, diagnosis) => {
    const table = atShuffle();
    const honest = dutyOf(table.replicas[0]!, table.players[0]!) as { shuffles: object[] };
    table.play(0, { type: 'SHUFFLE', shuffles: change(honest.shuffles) } as unknown as TableBody);
    for (const replica of table.replicas.slice(1)) {
      expect(replica.offences()).toMatchObject([{ seat: 0, reason }]);
      expect(lastDiagnosis(replica)).toEqual(diagnosis);
      expect(replica.state.cards.every((card) => card.layers.length === 0)).toBe(true);
    }
  });
});

test('a seat next on two chains that names its decks out of order is refused and named', () => {
  const table = atShuffle();
  table.duty(0);
  const honest = dutyOf(table.replicas[1]!, table.players[1]!) as { shuffles: { epoch: number }[] };
  expect(honest.shuffles.map((s) => s.epoch)).toEqual([0, 1]);
  const body = { type: 'SHUFFLE', shuffles: [...honest.shuffles].reverse() };
  table.play(1, body as unknown as TableBody);
  for (const replica of [table.replicas[0]!, table.replicas[2]!]) {
    expect(replica.offences()).toMatchObject([{ seat: 1, reason: 'ERR_SHAPE' }]);
    expect(lastDiagnosis(replica)).toEqual(SHAPE);
  }
});

describe('the deals a game asks for at once: one turn of the seats', () => {
  const inDealRound = (state: State) => state.step.type === 'UNLOCK';

  test('each seat takes its layer off every card but its own; each hand is read by its owner alone', () => {
    const table = atShuffle();
    table.dutiesUntil(inDealRound);
    const step = table.replicas[0]!.state.step;
    expect(step).toMatchObject({
      order: [0, 1, 2],
      to: [0, 1, 2],
      deals: options.script.slice(0, 3).map(({ cards, to }) => ({ cards, to })),
    });
    const from = table.events.length;
    table.dutiesUntil((state) => !inDealRound(state));
    expect(table.events.slice(from).map((e) => [e.event.author, e.event.body.type])).toEqual([
      [0, 'UNLOCK'],
      [1, 'UNLOCK'],
      [2, 'UNLOCK'],
    ]);
    const { cards, faces, game } = table.replicas[0]!.state;
    // The game is told of each deal, in the order it asked for them.
    expect(game.facts).toEqual(
      options.script.slice(0, 3).map(({ cards, to }) => ({ type: 'DEALT', cards, to })),
    );
    expect(game.at).toBe(3);
    const hands: [Seat, number[]][] = [
      [0, [0]],
      [1, [2, 3]],
      [2, [4]],
    ];
    for (const [seat, hand] of hands) {
      expect([...table.known(seat).keys()].sort((a, b) => a - b)).toEqual(hand);
      for (const id of hand) {
        expect(cards[id]!.layers.map((l) => l.seat)).toEqual([seat]);
        expect(faces[id]).toBeNull();
      }
    }
    // The cards dealt to nobody keep every layer.
    for (const id of [1, 5]) expect(cards[id]!.layers.map((l) => l.seat).sort()).toEqual([0, 1, 2]);
    expect(new Set(table.replicas.map((r) => r.stateHash)).size).toBe(1);
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
  });

  test.each([
    [1, 6],
    [2, 3],
  ])('a table of protocol %i deals as it was played: in %i shares', (protocol, shares) => {
    const table = Table.of(makePlayers(3), dealing, options, protocol);
    table.dutiesUntil(inDealRound);
    const from = table.events.length;
    table.dutiesUntil((state) => state.game.at === 3);
    expect(table.events.slice(from).map((e) => e.event.body.type)).toEqual(
      Array(shares).fill('UNLOCK'),
    );
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
  });

  test('a deal the game refuses at the end of the round: the last share is refused by its rules', () => {
    const refusing = {
      ...dealing,
      id: 'script-deals-refused',
      fact: (state: ScriptState, fact: JsonObject) =>
        fact.type === 'DEALT' && fact.to === 2 ? err('ERR_NO') : dealing.fact(state, fact),
    };
    const table = Table.of(makePlayers(3), refusing, options);
    table.dutiesUntil((state) => state.step.type === 'UNLOCK' && state.step.next === 2);
    table.duty(2);
    for (const replica of table.replicas.slice(0, 2)) {
      expect(replica.offences()).toMatchObject([{ seat: 2, reason: 'ERR_RULES' }]);
      expect(replica.state.game.facts).toEqual([]);
    }
  });

  test('a deal to a seat already dealt to, or of a card already dealt, waits for the next turn', () => {
    const firstRound = (script: Need[]) => {
      const table = Table.of(makePlayers(3), dealing, { ...options, script });
      table.dutiesUntil(inDealRound);
      return (table.replicas[0]!.state.step as StepOf<'UNLOCK'>).deals;
    };
    const sameSeat = [
      { type: 'DEAL', cards: [0], to: 1 },
      { type: 'DEAL', cards: [2], to: 2 },
      { type: 'DEAL', cards: [1], to: 1 },
    ] satisfies Need[];
    expect(firstRound(sameSeat)).toEqual(
      sameSeat.slice(0, 2).map(({ cards, to }) => ({ cards, to })),
    );
    const sameCard = [
      { type: 'DEAL', cards: [0], to: 1 },
      { type: 'DEAL', cards: [2, 3], to: 2 },
      { type: 'DEAL', cards: [3], to: 0 },
    ] satisfies Need[];
    expect(firstRound(sameCard)).toEqual(
      sameCard.slice(0, 2).map(({ cards, to }) => ({ cards, to })),
    );
  });

  test('a round of cards its recipients hold alone already asks no share: each keeps its one layer', () => {
    const again = [
      { type: 'DEAL', cards: [0], to: 0 },
      { type: 'DEAL', cards: [2], to: 1 },
      { type: 'DEAL', cards: [0], to: 0 },
      { type: 'DEAL', cards: [2], to: 1 },
      { type: 'ACT', seats: [0] },
    ] satisfies Need[];
    const table = Table.of(makePlayers(3), dealing, { ...options, script: again });
    table.dutiesUntil(inDealRound);
    const from = table.events.length;
    table.dutiesUntil((state) => state.game.at === 4);
    // The first round's shares alone: the second is dealt with the last of them.
    expect(table.events.slice(from).map((e) => [e.event.author, e.event.body.type])).toEqual([
      [0, 'UNLOCK'],
      [1, 'UNLOCK'],
      [2, 'UNLOCK'],
    ]);
    const { cards, step } = table.replicas[0]!.state;
    expect(step.type).toBe('PLAY');
    expect([0, 2].map((id) => cards[id]!.layers.map((l) => l.seat))).toEqual([[0], [1]]);
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
  });

  test('the deals beside a move the game waits on are one round; a need that is no deal, or a deal that needs a lock, ends it', () => {
    /** The script game asking, before its deals, for a move of seat 2, and after them for what follows. */
    const beside = (extra: Need | null) => ({
      ...dealing,
      id: 'script-deals-beside',
      needs: (state: ScriptState): Need[] => [
        { type: 'ACT', seats: [2] },
        ...dealing.needs(state),
        ...(extra && state.at === 0 ? [extra] : []),
      ],
    });
    const roundOf = (extra: Need | null, script: Need[]) => {
      const table = Table.of(makePlayers(3), beside(extra), { ...options, script });
      table.dutiesUntil(inDealRound);
      return table.replicas[0]!.state.step as StepOf<'UNLOCK'>;
    };
    const two = [
      { type: 'DEAL', cards: [0], to: 0 },
      { type: 'DEAL', cards: [2], to: 1 },
      { type: 'ACT', seats: [0] },
    ] satisfies Need[];
    // The move asked for first does not hide the deals behind it.
    expect(roundOf(null, two).deals).toEqual([
      { cards: [0], to: 0 },
      { cards: [2], to: 1 },
    ]);
    // A reveal after the first deal: that deal alone, as a deal of its own.
    const single = roundOf({ type: 'REVEAL', cards: [4] }, [two[0]!, two[2]!]);
    expect(single.deals).toBeUndefined();
    expect(single.to).toEqual([0]);
    // A card seat 0 holds alone, dealt on to seat 1, needs seat 1's lock first: it waits
    // for the round before it, and never lies bare.
    const table = Table.of(makePlayers(3), dealing, {
      ...options,
      script: [
        { type: 'DEAL', cards: [0], to: 0 },
        { type: 'DEAL', cards: [1], to: 0 },
        { type: 'DEAL', cards: [3], to: 2 },
        { type: 'DEAL', cards: [0], to: 1 },
        { type: 'ACT', seats: [0] },
      ],
    });
    table.dutiesUntil((state) => state.game.at === 1);
    table.dutiesUntil(inDealRound);
    expect((table.replicas[0]!.state.step as StepOf<'UNLOCK'>).deals).toEqual([
      { cards: [1], to: 0 },
      { cards: [3], to: 2 },
    ]);
    table.dutiesUntil((state) => state.game.at === 4);
    const card = table.replicas[0]!.state.cards[0]!;
    expect(card.layers.map((l) => l.seat)).toEqual([1]);
  });

  test('a seat that takes its layer off its own hand too is refused and named', () => {
    const table = atShuffle();
    table.dutiesUntil(inDealRound);
    const replica = table.replicas[1]!;
    const step = replica.state.step as StepOf<'UNLOCK'>;
    const ownToo = makeUnlock(
      replica.state,
      { ...step, deals: undefined },
      0,
      table.players[0]!.keyring,
    );
    table.play(0, ownToo);
    for (const other of table.replicas.slice(1))
      expect(other.offences().map((o) => o.seat)).toEqual([0]);
  });
});

describe("a seat's word that its turn came late", () => {
  test('is taken from a seat the table waits on, and changes nothing; from another, it is refused', () => {
    const table = atShuffle();
    const before = table.replicas[0]!.state;
    table.play(2, { type: 'SEEN' });
    expect(table.replicas[0]!.state).toEqual(before);
    table.duty(0);
    // Seat 0 shuffled its deck and is next on no chain.
    table.play(0, { type: 'SEEN' });
    for (const replica of table.replicas.slice(1))
      expect(replica.offences()).toMatchObject([{ seat: 0, reason: 'ERR_NOT_OWED' }]);
  });
});

describe('a seal beside another seat’s own move', () => {
  test('waits for the seats that may cross it, not for a seat the game waits on as well', () => {
    const both = {
      ...scriptGame,
      id: 'script-two-moves',
      needs: (state: ScriptState): Need[] => state.script.slice(state.at, state.at + 2),
    };
    const script: Need[] = [
      { type: 'ACT', seats: [1], optional: [0] },
      { type: 'ACT', seats: [2] },
    ];
    const table = Table.of(makePlayers(3), both, { decks: [{ name: 'a', size: 2 }], script });
    table.dutiesUntil((state) => state.step.type === 'PLAY');
    const replica = table.replicas[1]!;
    table.play(1, makeSeal(replica.state, 1, { type: 'DONE' }, table.players[1]!.keyring));
    expect(replica.state.step).toMatchObject({ type: 'SEALED', seat: 1, waiting: [0] });
  });
});
