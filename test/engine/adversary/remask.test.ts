/**
 * Issue 8, item 2: re-masks must not be linkable. A card shown in an attack
 * goes back into the attacker's hand; on its next swap the hand is re-masked
 * and a card placed facedown. On the opponent's replica nothing public (a
 * key, a point, the size of a group of keys) may tell which card that was.
 */
import { describe, expect, test } from 'vitest';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import type { Need } from '../../../src/engine/game.ts';
import { makeRemask } from '../../../src/engine/table/remask.ts';
import type { RemaskBody, TableBody } from '../../../src/engine/table/bodies.ts';
import { diagnose } from '../../../src/engine/table/fold.ts';
import type { Replica } from '../../../src/engine/table/replica.ts';
import { compensatedShuffleProof, expectOffence, signNext } from '../helpers/cheats.ts';
import { scriptGame } from '../helpers/script-game.ts';
import { Table, feed, makePlayers, tablePoints } from '../helpers/table.ts';
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

/**
 * A game must ask a seat to re-mask only cards under that seat's layer alone (or none).
 * A broken game that asks for more must not let the seat re-key a card it cannot open:
 * the honest seat refuses to make such a re-mask, and one made anyway is refused.
 */
describe("a re-mask of a card that is not the seat's alone", () => {
  const players = makePlayers(2);
  const tableFor = (cards: number[]) => {
    const options = {
      decks: [{ name: 'deck', size: 4 }],
      script: [
        { type: 'DEAL', cards: [0], to: 0 },
        { type: 'DEAL', cards: [1], to: 1 },
        { type: 'REMASK', seat: 0, cards },
      ] satisfies Need[],
    };
    const table = Table.of(players, scriptGame, options);
    table.dutiesUntil((s) => s.step.type === 'REMASK');
    return table;
  };

  test('a card still under both layers: the seat refuses to re-mask it', () => {
    expect(() => tableFor([0, 2]).duty(0)).toThrow("card 2 is not this seat's to re-mask");
  });

  test("a card under the other seat's layer alone: the seat refuses to re-mask it", () => {
    expect(() => tableFor([0, 1]).duty(0)).toThrow("card 1 is not this seat's to re-mask");
  });

  test('one made anyway, as if the card were under its layer alone, is refused', () => {
    const table = tableFor([0, 2]);
    const state = table.replicas[0]!.state;
    // Seat 0 pretends its layer is the only one on card 2, and re-keys it from its own key.
    const forged = {
      ...state,
      cards: state.cards.map((card, id) =>
        id === 2 ? { ...card, layers: [card.layers[0]!] } : card,
      ),
    };
    const body = makeRemask(forged, 0, [0, 2], players[0]!.keyring);
    const honest = table.replicas[1]! as unknown as Replica<Json>;
    const bad = signNext(honest.log, players[0]!, body);
    feed(honest, bad.bytes);
    expectOffence(honest, bad, 0, 'ERR_SHAPE');
    // Its evidence is the fold's code, whatever else is wrong with it: a shuffle proof
    // broken as well, or a re-key proof missing, is not what it was refused for (the
    // fold looks at whose the cards are before it counts or checks anything).
    const remask = body as RemaskBody;
    const seen = honest.stateAfter(honest.log.size - 1)!;
    for (const broken of [
      { ...remask, proof: compensatedShuffleProof(remask.proof) },
      { ...remask, rekeys: remask.rekeys.slice(1) },
    ] as TableBody[])
      expect(diagnose(seen, honest.game, 0, broken as unknown as JsonObject, 'ERR_SHAPE')).toEqual({
        kind: 'other',
        code: 'ERR_SHAPE',
      });
  });
});
