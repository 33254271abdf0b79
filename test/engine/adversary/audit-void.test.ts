/**
 * Issue 8, item 4: an honest player must not be named after a void. Seat 1
 * seals a swap while seat 0, not yet having seen the seal, calls. The call is
 * ordered first, so the seal is void: the swap never opens, and seat 1 never
 * re-masks for it (before sealed moves it did, and the re-mask's secrets had
 * to be kept out of its audit). The match ends with the audit on both
 * replicas and nobody is named.
 */
import { expect, test } from 'vitest';
import { makeAct } from '../../../src/engine/table/author.ts';
import { authorOn, feed, moveBody } from '../helpers/table.ts';
import { drive, legalOf, script, smallTable, viewOf, type Chooser } from '../helpers/redblack.ts';

/** Never attacks (keeps faceup river cards to swap) and never calls. */
const swapper: Chooser = (seat, legal, view, faces) => {
  const swap = legal.find((a) => a.type === 'SWAP' && view.river[a.slot as number]!.faceup);
  return (
    swap ??
    script(
      seat,
      legal.filter((a) => a.type !== 'ATTACK'),
      view,
      faces,
    )
  );
};

test('a seal voided by a crossing call leaves the audit honest: nobody is named', () => {
  const table = smallTable({ target: 1 });
  drive(table, swapper, (t) => {
    const v = viewOf(t, 0);
    return (
      v.phase === 'PLAY' &&
      v.turn === 1 &&
      v.turns >= 1 &&
      v.river.some((s) => s.faceup) &&
      legalOf(t.replicas[0]!, 0).some((a) => a.type === 'CALL')
    );
  });
  const [zero, one] = table.replicas as [(typeof table.replicas)[0], (typeof table.replicas)[0]];
  const call = legalOf(zero, 0).find((a) => a.type === 'CALL')!;
  const crossing = authorOn(zero, table.players[0]!, makeAct(call));
  const slot = viewOf(table, 1).river.find((r) => r.faceup)!.slot;
  const seal = authorOn(
    one,
    table.players[1]!,
    moveBody(one, table.players[1]!, { type: 'SWAP', slot }),
  );
  expect(seal.event.body.type).toBe('SEAL');
  feed(zero, seal.bytes);
  feed(one, crossing.bytes);
  for (const replica of table.replicas) {
    expect(replica.entryVerdicts.slice(-2)).toEqual(['applied', 'void']);
    expect(replica.owed()).not.toContainEqual({ seat: 1, kind: 'REMASK' });
  }
  // The call's reveal, the result, the audit: whatever is owed, until the table is done.
  drive(table, swapper, (t) => t.replicas.every((r) => r.state.step.type === 'DONE' || r.stopped));
  for (const replica of table.replicas) {
    expect(replica.offences()).toEqual([]);
    expect(replica.state.step.type).toBe('DONE');
  }
  expect(zero.stateHash).toBe(one.stateHash);
});
