/**
 * The six-devices model's arithmetic on hand-made tables, every time worked out by
 * hand: one core per device, a job to its end, a step taken in only once it has
 * arrived and everything its basis counts is done on that device; and the growth
 * laws' least squares, on figures they describe exactly.
 */
import { expect, test } from 'vitest';
import { fit, formatFit, LAWS, project } from '../../bench/growth.ts';
import { simulate, type ModelTable } from '../../bench/model.ts';
import { pipelined, type TypedTable } from '../../bench/pipeline.ts';

// Seat 0 opens for 5 ms, makes A0 (10 ms); seat 1 makes B0 (20 ms) at once; seat 0 then
// makes A1 on both, which seat 1 takes in last.
const twoSeats: ModelTable = {
  open: [5, 0],
  steps: [
    { author: 0, seq: 0, basis: [0, 0], cost: [10, 4] },
    { author: 1, seq: 0, basis: [0, 0], cost: [3, 20] },
    { author: 0, seq: 1, basis: [1, 1], cost: [30, 6] },
  ],
  first: [
    [2, 1],
    [2, 1],
  ],
};

test('a step is taken in one latency after it is made, and a step waits for its basis', () => {
  const { done, firstMove, busy } = simulate(twoSeats, 50);
  // A0 made 5..15 on seat 0, taken in by seat 1 at 15+50 = 65, once it made B0 (0..20): 65..69.
  expect(done[0]).toEqual([15, 69]);
  // B0 made 0..20, reaches seat 0 at 70: 70..73.
  expect(done[1]).toEqual([73, 20]);
  // A1 rests on B0: seat 0 makes it 73..103, seat 1 takes it in at 153..159.
  expect(done[2]).toEqual([103, 159]);
  expect(firstMove).toEqual([103, 159]);
  expect(busy).toEqual([5 + 10 + 3 + 30, 4 + 20 + 6]);
});

test('with no latency the same table is bounded by each device’s own work alone', () => {
  const { done, firstMove } = simulate(twoSeats, 0);
  // A0 5..15; B0 0..20; seat 0 takes B0 in 20..23, seat 1 takes A0 in 20..24; A1 23..53, 53..59.
  expect(done).toEqual([
    [15, 24],
    [23, 20],
    [53, 59],
  ]);
  expect(firstMove).toEqual([53, 59]);
});

test('one core: steps that arrive together are taken in one after the other, the earlier first', () => {
  const table: ModelTable = {
    open: [0, 0, 0],
    steps: [
      { author: 1, seq: 0, basis: [0, 0, 0], cost: [7, 10, 1] },
      { author: 2, seq: 0, basis: [0, 0, 0], cost: [7, 1, 10] },
    ],
    first: [
      [0, 1, 1],
      [0, 1, 1],
      [0, 1, 1],
    ],
  };
  const { done, firstMove, busy } = simulate(table, 50);
  // Both arrive at seat 0 at 60: 60..67, then 67..74.
  expect(done.map((d) => d[0])).toEqual([67, 74]);
  expect(firstMove).toEqual([74, 61, 61]);
  expect(busy).toEqual([14, 11, 11]);
});

test('a seat that needs only part of the table sees its move before the rest is done', () => {
  const table: ModelTable = {
    open: [0, 0],
    steps: [
      { author: 0, seq: 0, basis: [0, 0], cost: [10, 5] },
      { author: 0, seq: 1, basis: [1, 0], cost: [100, 5] },
    ],
    first: [
      [1, 0],
      [2, 0],
    ],
  };
  const { firstMove, busy } = simulate(table, 50);
  expect(firstMove).toEqual([10, 165]);
  // Seat 0's second step, done after its move, is not in its CPU up to the move.
  expect(busy).toEqual([10, 10]);
});

test('a device opens at its start, and sends nothing before its links have proved their seats', () => {
  // Seat 0 opens at 100, makes A0 100+5..115; its links are proven at 100 + 2×50 = 200, so
  // A0 leaves then and reaches seat 1 at 250. Seat 1 opens at 20 and makes B0 20..40; its
  // links are proven at 120, B0 reaches seat 0 at 170 (115..170 idle), taken in 170..173.
  const { done, firstMove } = simulate(twoSeats, 50, { start: [100, 20], linkHops: 2 });
  expect(done[0]).toEqual([115, 254]);
  expect(done[1]).toEqual([173, 40]);
  // A1 173..203 on seat 0 (links long proven), reaches seat 1 at 253, after A0 is in: 254..260.
  expect(done[2]).toEqual([203, 260]);
  expect(firstMove).toEqual([203, 260]);
});

test('a step whose basis names an event never recorded is refused', () => {
  const table: ModelTable = {
    open: [0, 0],
    steps: [{ author: 0, seq: 0, basis: [0, 1], cost: [1, 1] }],
    first: [
      [1, 0],
      [1, 0],
    ],
  };
  expect(() => simulate(table, 50)).toThrow('model: no step 0 of seat 1');
});

test('a law fitted to figures it describes exactly gives back its coefficients and projects', () => {
  // 10 + 2c + 0.5 c(n−1), at every seat count 2..6 and 52 or 104 cards.
  const points = [52, 104].flatMap((cards) =>
    [2, 3, 4, 5, 6].map((seats) => ({
      seats,
      cards,
      value: 10 + 2 * cards + 0.5 * cards * (seats - 1),
    })),
  );
  const law = fit(points, LAWS.cpu);
  law.coefficients.forEach((c, i) => expect(c).toBeCloseTo([10, 2, 0.5][i]!, 9));
  expect(law.worst).toBeLessThan(1e-12);
  expect(project(law, 10, 104)).toBeCloseTo(10 + 208 + 0.5 * 104 * 9, 9);
  expect(formatFit(law, 'ms')).toBe('10.00 ms + 2.00 ms × c + 0.50 ms × c(n−1)');
});

test('a law with more terms than figures, or terms the figures cannot tell apart, is refused', () => {
  const one = [{ seats: 2, cards: 52, value: 1 }];
  expect(() => fit(one, LAWS.cpu)).toThrow('growth: fewer figures than terms');
  // Every figure at 2 seats: c and c(n−1) are the same column.
  const twoSeats = [26, 52, 104].map((cards) => ({ seats: 2, cards, value: cards }));
  expect(() => fit(twoSeats, LAWS.cpu)).toThrow('growth: the terms do not tell the figures apart');
});

// Three seats key at once, then shuffle three groups in turn (30 ms to make, nothing to take
// in), then seat 0 unlocks on every shuffle.
const chained: TypedTable = {
  open: [0, 0, 0],
  steps: [
    ...[0, 1, 2].map((seat) => ({
      type: 'KEY',
      author: seat,
      seq: 0,
      basis: [0, 0, 0],
      cost: [0, 0, 0],
    })),
    { type: 'SHUFFLE', author: 0, seq: 1, basis: [1, 1, 1], cost: [30, 0, 0] },
    { type: 'SHUFFLE', author: 1, seq: 1, basis: [2, 1, 1], cost: [0, 30, 0] },
    { type: 'SHUFFLE', author: 2, seq: 1, basis: [2, 2, 1], cost: [0, 0, 30] },
    { type: 'UNLOCK', author: 0, seq: 2, basis: [2, 2, 2], cost: [0, 0, 0] },
  ],
  first: [0, 1, 2].map(() => [3, 2, 2]),
};

test('a chain pipelined: each seat works on one group a round, resting on its own round before and the seat before it', () => {
  const piped = pipelined(chained, 'SHUFFLE', 3, [1, 1, 1]);
  const rounds = piped.steps.filter((s) => s.type === 'SHUFFLE');
  expect(rounds.map((s) => [s.author, s.seq])).toEqual([
    [0, 1],
    [1, 1],
    [2, 1],
    [0, 2],
    [1, 2],
    [2, 2],
    [0, 3],
    [1, 3],
    [2, 3],
  ]);
  // Round 0 on the keys alone; round 1 of seat 0 on its own round 0 and seat 2's (the chains wrap).
  expect(rounds[1]!.basis).toEqual([1, 1, 1]);
  expect(rounds[3]!.basis).toEqual([2, 1, 2]);
  expect(rounds[7]!.basis).toEqual([3, 3, 1]);
  // A third of each step's cost, and the fixed cost of an event on every seat.
  expect(rounds[4]!.cost).toEqual([1, 11, 1]);
  // What came after counts every round of every seat.
  expect(piped.steps.at(-1)).toMatchObject({ type: 'UNLOCK', seq: 4, basis: [4, 4, 4] });
  expect(piped.first).toEqual([0, 1, 2].map(() => [5, 4, 4]));
  // The seats work at once: three rounds of 10 ms, not three steps of 30 one after another.
  expect(simulate(chained, 0).firstMove).toEqual([90, 90, 90]);
  expect(simulate(pipelined(chained, 'SHUFFLE', 3, [0, 0, 0]), 0).firstMove).toEqual([30, 30, 30]);
});

test('only a chain of one step per seat, each on the one before, is pipelined', () => {
  expect(() => pipelined(chained, 'UNLOCK', 2, [0, 0, 0])).toThrow(/one step per seat/);
  const unchained = {
    ...chained,
    steps: chained.steps.map((s) => (s.type === 'SHUFFLE' ? { ...s, basis: [1, 1, 1] } : s)),
  };
  expect(() => pipelined(unchained, 'SHUFFLE', 3, [0, 0, 0])).toThrow(/does not rest/);
});
