/**
 * Issue 24, part 3: a card taken back from the river must not wedge the table.
 * Legal moves only, real keys and proofs. Seat A places card X facedown; B swaps
 * that slot (the peek moves X under B's layer alone) and leaves it; A swaps the
 * same slot and takes X. X must come back under A's layer on the way into A's
 * hand: else B reads it for the rest of the game, and A's next re-mask cannot be
 * made. A variant: A attacks with X alone, naming the colour X is not; whoever's
 * unlock share turns X faceup, the liar A is the one named, and it loses.
 */
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../../src/engine/encoding.ts';
import { faceColour } from '../../../src/engine/games/redblack/index.ts';
import { lazy } from '../../lazy.ts';
import { known, smallTable, viewOf, type RB } from '../helpers/redblack.ts';
import { isMove } from '../helpers/table.ts';

/** Every duty the table owes, lowest seat first, until only moves are owed. */
function duties(table: RB): void {
  for (let done = 0; done < 200; done++) {
    const duty = table.replicas[0]!.owed().find((o) => !isMove(o.kind));
    if (!duty) return;
    table.duty(duty.seat);
  }
  throw new Error('duties did not end');
}

/** `seat` makes `action`, then every duty it leads to. */
function move(table: RB, seat: number, action: JsonObject): void {
  table.act(seat, action);
  duties(table);
}

/**
 * Seat `seat` swaps a faceup river slot and places its first hand card there:
 * returns the slot, that card and its face, as `seat` read it then.
 */
function swapFaceup(table: RB, seat: number): { slot: number; placed: number; face: number } {
  const slot = viewOf(table, seat).river.find((s) => s.faceup)!.slot;
  move(table, seat, { type: 'SWAP', slot });
  const placed = viewOf(table, seat).hand[0]!.card;
  const face = known(table, seat).get(placed)!;
  move(table, seat, { type: 'PLACE', card: placed });
  return { slot, placed, face };
}

/**
 * A legal game up to the wedge: A places X, B peeks at it and leaves it, A swaps
 * that slot again and takes X. Both seats honest; A is the first player.
 */
function takenBack() {
  const table = smallTable();
  duties(table);
  expect(viewOf(table, 0).phase).toBe('GUESS');
  move(table, table.mover()!, { type: 'GUESS', colour: 'red' });
  const a = viewOf(table, 0).turn!;
  const b = 1 - a;
  const { slot, placed: x, face } = swapFaceup(table, a);
  move(table, b, { type: 'SWAP', slot });
  move(table, b, { type: 'LEAVE' });
  move(table, a, { type: 'SWAP', slot });
  const y = viewOf(table, a).hand.find((c) => c.card !== x)!.card;
  move(table, a, { type: 'PLACE', card: y });
  return { table, a, b, x, face };
}

const wedge = lazy(takenBack);

describe('a card taken back from the river', () => {
  test('comes back under its taker layer alone: the other seat cannot read it', () => {
    const { table, a, b, x } = wedge();
    for (const replica of table.replicas) {
      expect(replica.offences()).toEqual([]);
      expect(replica.state.game.round.hands[a]).toContain(x);
      expect(replica.state.cards[x]!.layers.map((l) => l.seat)).toEqual([a]);
    }
    expect(known(table, a).has(x)).toBe(true);
    expect(known(table, b).has(x)).toBe(false);
  });

  test('does not wedge the taker next re-mask: its next swap completes', () => {
    const { table, a, b } = wedge();
    swapFaceup(table, b);
    // A's hand, X in it, is re-masked before A places: the duty must be one A can make.
    swapFaceup(table, a);
    for (const replica of table.replicas) {
      expect(replica.offences()).toEqual([]);
      expect(replica.state.game.round.stage.kind).toBe('PLAY');
      expect(replica.state.game.round.turn).toBe(b);
    }
    expect(known(table, b).size).toBe(viewOf(table, b).hand.length);
  });
});

describe('a colour lie about a card taken back from the river', () => {
  test('names the liar, never the seat that unlocked, and the liar loses', () => {
    const { table, a, b, x, face } = takenBack();
    // B's turn; then A attacks with X alone, naming the colour X is not.
    swapFaceup(table, b);
    const truth = faceColour(viewOf(table, a).deck, face);
    const lie = truth === 'red' ? 'black' : 'red';
    move(table, a, { type: 'ATTACK', colour: lie, cards: [x] });
    for (const replica of table.replicas) {
      const named = replica.offences().map((o) => o.seat);
      expect(named).toContain(a);
      expect(named).not.toContain(b);
      const outcome = replica.outcome();
      expect(outcome).toMatchObject({ result: 'win', winners: [b] });
    }
    expect(table.replicas[0]!.stateHash).toBe(table.replicas[1]!.stateHash);
  });
});
