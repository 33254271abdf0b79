import { describe, expect, it } from 'vitest';
import {
  Point,
  cardIndex,
  cardPoint,
  deckPoints,
  mulBase,
  observeOperations,
  openCard,
  type Operation,
} from '../../crypto/index.ts';

describe('card faces', () => {
  it('cardPoint is deterministic and distinct per index and per deck', () => {
    const deck = deckPoints('deck-a', 52);
    expect(deck).toHaveLength(52);
    expect(new Set(deck.map((p) => p.toHex())).size).toBe(52);
    expect(cardPoint('deck-a', 13).equals(deck[13]!)).toBe(true);
    expect(cardPoint('deck-b', 13).equals(deck[13]!)).toBe(false);
    expect(deck.some((p) => p.is0())).toBe(false);
  });

  it('cardIndex maps every face back to its index', () => {
    const deck = deckPoints('deck-a', 52);
    deck.forEach((p, i) => expect(cardIndex('deck-a', 52, p)).toBe(i));
    // A point equal to a face but built differently (another object) is found too.
    expect(cardIndex('deck-a', 52, Point.fromHex(deck[7]!.toHex()))).toBe(7);
  });

  it('cardIndex returns -1 for no card of that deck', () => {
    const p = cardPoint('deck-a', 40);
    expect(cardIndex('deck-a', 40, p)).toBe(-1); // beyond size
    expect(cardIndex('deck-b', 52, p)).toBe(-1); // another deck
    expect(cardIndex('deck-a', 52, p.multiply(5n))).toBe(-1); // still locked
    expect(cardIndex('deck-a', 52, mulBase(3n))).toBe(-1);
    expect(cardIndex('deck-a', 52, Point.ZERO)).toBe(-1);
    expect(cardIndex('deck-a', 52, 'card' as unknown as Point)).toBe(-1);
    expect(cardIndex('deck-a', 0, p)).toBe(-1);
  });

  it('looks only among the first `size` cards, whatever was built before', () => {
    deckPoints('deck-c', 20);
    expect(deckPoints('deck-c', 5)).toHaveLength(5);
    expect(cardIndex('deck-c', 5, cardPoint('deck-c', 7))).toBe(-1);
    expect(cardIndex('deck-c', 8, cardPoint('deck-c', 7))).toBe(7);
  });

  it('rejects a bad deck id or index', () => {
    expect(() => cardIndex('deck-a', -1, cardPoint('deck-a', 0))).toThrow(/^size: /);
    expect(() => cardIndex('', 1, cardPoint('deck-a', 0))).toThrow(/^deckId: /);
    expect(() => deckPoints(7 as unknown as string, 1)).toThrow(/^deckId: /);
    expect(() => cardPoint('', 0)).toThrow(/deckId/);
    expect(() => cardPoint('deck-a', -1)).toThrow(/index/);
    expect(() => cardPoint('deck-a', 1.5)).toThrow(/index/);
    expect(() => deckPoints('deck-a', -2)).toThrow(/size/);
  });
});

describe('openCard', () => {
  it('takes every layer off with the scalars behind them, in any order, and reports each opening', () => {
    const face = cardPoint('deck-a', 9);
    const locked = face.multiply(7n).multiply(11n).multiply(13n);
    const reported: Operation[] = [];
    const stop = observeOperations((op) => reported.push(op));
    expect(openCard(locked, [13n, 7n, 11n]).equals(face)).toBe(true);
    expect(cardIndex('deck-a', 52, openCard(locked, [7n, 11n, 13n]))).toBe(9);
    // A scalar missing, or another one, leaves no face.
    expect(cardIndex('deck-a', 52, openCard(locked, [7n, 11n]))).toBe(-1);
    expect(cardIndex('deck-a', 52, openCard(locked, [7n, 11n, 17n]))).toBe(-1);
    // No layer: the card is its face already.
    expect(openCard(face, []).equals(face)).toBe(true);
    stop();
    expect(reported).toEqual(Array(5).fill('openCard'));
  });
});
