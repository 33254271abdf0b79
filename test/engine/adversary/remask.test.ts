/**
 * Issue 8, item 2: re-masks must not be linkable. A card shown in an attack
 * goes back into the attacker's hand; on its next swap the hand is re-masked
 * and a card placed facedown. On the opponent's replica nothing public (a
 * key, a point, the size of a group of keys) may tell which card that was.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../../src/engine/encoding.ts';
import { tablePoints } from '../helpers/table.ts';
import { drive, script, pointsIn, smallTable, viewOf, type Chooser } from '../helpers/redblack.ts';

test('a shown card re-masked back into the hand and placed facedown cannot be linked', () => {
  const table = smallTable();
  let attacker = -1;
  const choose: Chooser = (seat, legal, view, faces) => {
    const swap = legal.find((a) => a.type === 'SWAP');
    if (seat === attacker && swap) return swap;
    const action = script(seat, legal, view, faces);
    if (action?.type === 'ATTACK' && (action.cards as number[]).length > 0 && attacker < 0)
      attacker = seat;
    return action;
  };
  // Until the attacker's shown cards are back in its hand and it is to swap again.
  drive(
    table,
    choose,
    (t) =>
      attacker >= 0 &&
      viewOf(t, attacker).phase === 'SWAP' &&
      viewOf(t, attacker).turn === attacker,
  );
  const opponent = 1 - attacker;
  const replica = table.replicas[opponent]!;
  const publicInHand = replica.state.game.round.hands[attacker]!.filter(
    (id) => replica.state.faces[id] !== null,
  );
  expect(publicInHand.length).toBeGreaterThan(0);
  const slot = viewOf(table, attacker).swap!.slot;
  drive(
    table,
    choose,
    (t) =>
      viewOf(t, opponent).river[slot]!.placedBy === attacker &&
      viewOf(t, opponent).phase !== 'SWAP',
  );

  const entries = replica.log.entries();
  const remaskAt = entries
    .map((e, i) => (e.event.author === attacker && e.event.body.type === 'REMASK' ? i : -1))
    .reduce((a, b) => Math.max(a, b));
  const after = replica.stateAfter(remaskAt + 1)!;
  const hand = after.game.round.hands[attacker]!;
  // Everything the opponent held or was sent up to and including the re-mask.
  const seen = new Set<string>();
  for (let i = 0; i <= remaskAt; i++) {
    for (const p of tablePoints(replica.stateAfter(i)!)) seen.add(p);
    for (const p of pointsIn(entries[i]!.event.body as unknown as Json)) seen.add(p);
  }
  const keys = hand.map((id) => after.cards[id]!.layers.map((l) => l.key).join());
  // One key for the whole hand: no group of keys tells cards apart.
  expect(new Set(keys).size).toBe(1);
  for (const id of hand) {
    expect(seen.has(after.cards[id]!.c)).toBe(false);
    for (const layer of after.cards[id]!.layers) expect(seen.has(layer.key)).toBe(false);
    expect(after.faces[id]).toBeNull();
  }
  const placed = viewOf(table, opponent).river[slot]!.card;
  const card = replica.state.cards[placed]!;
  expect(card.layers.map((l) => l.key).join()).toBe(keys[0]);
});
