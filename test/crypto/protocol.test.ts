/**
 * Property tests of the protocol as a whole (fast-check): layers commute,
 * a chain of shuffles by several players then their unlocks gives back
 * exactly the faces, and honest proofs verify for every size and width.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardIndex,
  deckPoints,
  deriveContext,
  invertScalar,
  mulBase,
  proveKey,
  proveShuffle,
  proveUnlock,
  randomScalar,
  verifyKey,
  verifyShuffle,
  verifyUnlock,
  type Point,
} from '../../crypto/index.ts';
import { randomRows } from './helpers.ts';

/** Random orders: fast-check draws the order, crypto draws the keys. */
const order = (k: number) =>
  fc.shuffledSubarray(
    Array.from({ length: k }, (_, i) => i),
    { minLength: k, maxLength: k },
  );

describe('commutative encryption', () => {
  it('layers added in any order give the same ciphertexts, and come off in any order', () => {
    const faces = deckPoints('commute', 4);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((k) => fc.tuple(order(k), order(k))),
        ([addOrder, removeOrder]) => {
          const keys = addOrder.map(() => randomScalar());
          const lockAll = (seq: number[]) =>
            seq.reduce((cs, i) => cs.map((c) => c.multiply(keys[i]!)), faces);
          const locked = lockAll(addOrder);
          const sorted = lockAll([...addOrder].sort((a, b) => a - b));
          locked.forEach((c, j) => expect(c.equals(sorted[j]!)).toBe(true));
          const opened = removeOrder.reduce(
            (cs, i) => cs.map((c) => c.multiply(invertScalar(keys[i]!))),
            locked,
          );
          opened.forEach((p, j) => expect(cardIndex('commute', 4, p)).toBe(j));
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('a chain of shuffles by several players, then their unlocks', () => {
  it('recovers exactly the faces, each step verified by the others', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 4 })
          .chain((players) => fc.tuple(fc.integer({ min: 1, max: 10 }), order(players))),
        ([n, unlockOrder]) => {
          const players = unlockOrder.length;
          const deckId = `chain-${n}`;
          const table = 'table-chain';
          const keys = Array.from({ length: players }, () => randomScalar());
          const pubs = keys.map((k, i) => {
            const ctx = deriveContext(table, deckId, i, 'key');
            const { pub, proof } = proveKey(ctx, k);
            expect(verifyKey(ctx, pub, proof)).toBe(true);
            return pub;
          });
          let deck: Point[][] = deckPoints(deckId, n).map((p) => [p]);
          keys.forEach((k, i) => {
            const ctx = deriveContext(table, deckId, i, 'shuffle');
            const { rows, proof } = proveShuffle(ctx, k, deck);
            expect(verifyShuffle(ctx, pubs[i]!, deck, rows, proof)).toBe(true);
            deck = rows;
          });
          let cards = deck.map((r) => r[0]!);
          // While locked, no card shows a face.
          cards.forEach((c) => expect(cardIndex(deckId, n, c)).toBe(-1));
          unlockOrder.forEach((i, step) => {
            const ctx = deriveContext(table, deckId, step, 'unlock', i);
            const { cards: opened, proof } = proveUnlock(ctx, keys[i]!, cards);
            expect(verifyUnlock(ctx, pubs[i]!, cards, opened, proof)).toBe(true);
            cards = opened;
          });
          const faces = cards.map((c) => cardIndex(deckId, n, c));
          expect([...faces].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
        },
      ),
      { numRuns: 6 },
    );
  });
});

/** The largest deck a game allows: Red & Black's 52 cards of each colour. */
const LARGEST_DECK = 104;

describe('honest proofs verify for every size and width', () => {
  it(`shuffles of n = 1..${LARGEST_DECK} rows of width 1..3 (both ends always included)`, () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LARGEST_DECK }),
        fc.integer({ min: 1, max: 3 }),
        (n, w) => {
          seen.add(`${n}x${w}`);
          const e = randomScalar();
          const ctx = deriveContext('sizes', n, w);
          const input = randomRows(n, w);
          const { rows, proof } = proveShuffle(ctx, e, input);
          expect(rows).toHaveLength(n);
          rows.forEach((r) => expect(r).toHaveLength(w));
          expect(verifyShuffle(ctx, mulBase(e), input, rows, proof)).toBe(true);
        },
      ),
      {
        numRuns: 8,
        examples: [
          [1, 1],
          [LARGEST_DECK, 2],
          [1, 3],
          [2, 2],
          [LARGEST_DECK, 1],
        ],
      },
    );
    for (const size of ['1x1', `${LARGEST_DECK}x2`, '1x3', '2x2', `${LARGEST_DECK}x1`])
      expect(seen).toContain(size);
    expect(seen.size).toBeGreaterThan(5);
  });

  it(`unlocks of n = 1..${LARGEST_DECK} cards`, () => {
    const sizes = new Set<number>();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: LARGEST_DECK }), (n) => {
        sizes.add(n);
        const e = randomScalar();
        const ctx = deriveContext('unlock-sizes', n);
        const before = randomRows(n, 1).map((r) => r[0]!);
        const { cards, proof } = proveUnlock(ctx, e, before);
        expect(verifyUnlock(ctx, mulBase(e), before, cards, proof)).toBe(true);
      }),
      { numRuns: 6, examples: [[1], [LARGEST_DECK]] },
    );
    expect(sizes).toContain(1);
    expect(sizes).toContain(LARGEST_DECK);
  });
});
