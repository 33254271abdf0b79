/**
 * Red & Black on the mental-poker table, with real cryptography: the guess
 * comes before any unlock share of the third river card; a peeked card is
 * never left bare. (A card placed after an attack:
 * test/engine/adversary/remask.test.ts; crossing calls and moves:
 * test/engine/adversary/escape.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import { cardIndex, decodePoints, fromBase64 } from '../../crypto/index.ts';
import { deckId } from '../../src/engine/table/fold.ts';
import { drive, known, legalOf, newTable, script, viewOf } from './helpers/redblack.ts';

describe('Red & Black on the table', () => {
  test('the non-dealer guesses before any unlock share of the third river card', () => {
    const table = newTable();
    drive(table, script, (t) =>
      legalOf(t.replicas[0]!, 0)
        .concat(legalOf(t.replicas[1]!, 1))
        .some((a) => a.type === 'GUESS'),
    );
    const state = table.replicas[0]!.state;
    const third = viewOf(table, 0).river[2]!.card;
    // Both layers are still on the third card, and no unlock of it is under way.
    expect(state.cards[third]!.layers.map((l) => l.seat).sort()).toEqual([0, 1]);
    expect(state.step.type).toBe('PLAY');
    const guessAt = table.events.length;
    drive(table, script, (t) => t.replicas[0]!.state.faces[third] !== null);
    expect(table.events[guessAt]!.event.body).toMatchObject({
      type: 'ACT',
      action: { type: 'GUESS' },
    });
    const unlocks = table.events.slice(0, guessAt).filter((e) => e.event.body.type === 'UNLOCK');
    // Every unlock before the guess was for the hands and the first two river cards.
    for (const replica of table.replicas)
      expect(
        replica.stateAfter(replica.log.size - table.events.length + guessAt)!.cards[third]!.layers,
      ).toHaveLength(2);
    expect(unlocks.length).toBeGreaterThan(0);
  });
});

describe('a peek at a facedown river card', () => {
  test('shows the card to the peeker alone: it is never left bare on the table', () => {
    const table = newTable();
    // Play until a player swaps with a facedown card the other one put there, and leaves it.
    let peeker = -1;
    drive(
      table,
      (seat, legal, view, faces) => {
        const target = view.river.find((r) => !r.faceup && r.placedBy === 1 - seat);
        const swap = legal.find((a) => a.type === 'SWAP' && a.slot === target?.slot);
        if (swap && peeker < 0) {
          peeker = seat;
          return swap;
        }
        if (seat === peeker && legal.some((a) => a.type === 'LEAVE')) return { type: 'LEAVE' };
        return script(seat, legal, view, faces);
      },
      (t) => peeker >= 0 && t.replicas[0]!.state.game.round.log.at(-1)?.type === 'LEAVE',
    );
    const event = [...table.replicas[0]!.state.game.round.log]
      .reverse()
      .find((e) => e.type === 'PEEK')!;
    const card = event.type === 'PEEK' ? event.card : -1;
    for (const replica of table.replicas) {
      const state = replica.state;
      expect(state.faces[card]).toBeNull();
      // Under the peeker's layer, not a face point anyone can look up.
      expect(state.cards[card]!.layers.map((l) => l.seat)).toEqual([peeker]);
      expect(
        cardIndex(
          deckId(state.genesis, 'deck'),
          52,
          decodePoints(fromBase64(state.cards[card]!.c))[0]!,
        ),
      ).toBe(-1);
    }
    expect(known(table, peeker).has(card)).toBe(true);
    // The peeker locked it before the placer unlocked: a LOCK event by the peeker.
    expect(
      table.events.some((e) => e.event.author === peeker && e.event.body.type === 'LOCK'),
    ).toBe(true);
  });
});
