/**
 * Issue 8, attack 7: cheating for free behind one's own void event.
 *
 * The waiting player calls while the player to move seals a swap on the same
 * state; the call stands and the seal is void. The swapper then goes on from
 * its own void seal as if it stood, and sends what would be illegal even
 * there: an attack before anyone acked its seal, or an unlock share nobody
 * owes. A fold that voids whatever follows its author's void event lets both
 * through unnamed. Judged where its author stood (its seal applied, the call
 * unseen), each is an offence: rejected, its author named, nothing changed.
 */
import { describe, expect, test } from 'vitest';
import type { EventBody } from '../../../src/engine/events.ts';
import { redblack } from '../../../src/engine/games/redblack/index.ts';
import { composeEvent } from '../../../src/engine/log.ts';
import { makeAct, makeSeal } from '../../../src/engine/table/author.ts';
import type { TableBody } from '../../../src/engine/table/bodies.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { authorOn, feed, setupOrThrow, verdictOf } from '../helpers/table.ts';
import { attackWithMost, bothMayCall, game, known, legalOf, viewOf } from '../helpers/redblack.ts';

describe('an event made on top of its author’s own void event', () => {
  test.each([
    ['an illegal move', (): TableBody | null => null],
    ['an unlock share nobody owes', (): TableBody | null => ({ type: 'UNLOCK', shares: [] })],
  ])('is judged where its author stood: %s is an offence', (_name, cheat) => {
    const table = bothMayCall(1);
    const [caller, cheater] = table.players;
    const [theirs, mine] = table.replicas;
    const spectator = new Replica(table.genesis, game, setupOrThrow(redblack, {}));
    for (const e of table.events) feed(spectator, e.bytes);

    const call = authorOn(
      theirs!,
      caller!,
      makeAct(legalOf(theirs!, 0).find((a) => a.type === 'CALL')!),
    );
    const move = { type: 'SWAP', slot: 0 };
    const swap = authorOn(mine!, cheater!, makeSeal(mine!.state, 1, move, cheater!.keyring));
    // Not hearing the call, the cheater goes on from its own swap.
    const body = cheat() ?? makeAct(attackWithMost(viewOf(table, 1), known(table, 1)));
    const after = composeEvent(
      mine!.log,
      cheater!.seat,
      body as unknown as EventBody,
      cheater!.identity.secretKey,
    );
    if (!after.ok) throw new Error(after.error);

    for (const replica of [theirs!, spectator]) {
      for (const e of [swap, ...(replica === spectator ? [call] : [])]) feed(replica, e.bytes);
      const before = replica.stateHash;
      expect(verdictOf(replica, call.hash)).toBe('applied');
      expect(verdictOf(replica, swap.hash)).toBe('void');
      feed(replica, after.value.bytes);
      expect(verdictOf(replica, after.value.hash)).toMatchObject({ rejected: expect.any(String) });
      expect(replica.offences().map((o) => [o.seat, o.event])).toEqual([
        [cheater!.seat, after.value.hash],
      ]);
      expect(replica.stateHash).toBe(before);
    }
  });
});
