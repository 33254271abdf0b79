/**
 * Issue 8, attack 3: rewriting history by naming an old basis.
 *
 * The cheater sits at a Red & Black table, passive, while the opponent
 * attacks and reveals the cards it attacks with. Knowing them, the cheater
 * signs a call with the exact counts of the opponent's hand, naming as its
 * basis its own last event, from before the attack was shown, as if it had
 * not seen it. The attack was sealed, and shown only after the cheater's own
 * ACK of the seal (table/seal.ts): its last event. So the oldest state it can
 * name is one where it had given up calling: the call is refused where it
 * stood, the cheater is named, and it wins nothing.
 */
import { expect, test } from 'vitest';
import { composeEvent } from '../../../src/engine/log.ts';
import { makeAct } from '../../../src/engine/table/author.ts';
import type { EventBody } from '../../../src/engine/events.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { authorOn, dutyOf, feed, isMove, setupOrThrow, verdictOf } from '../helpers/table.ts';
import {
  attackWithMost,
  bothMayCall,
  game,
  handCounts,
  known,
  viewOf,
} from '../helpers/redblack.ts';
import { redblack } from '../../../src/engine/games/redblack/index.ts';

test('a call naming a basis from before an attack it saw names its author and wins nothing', () => {
  const table = bothMayCall(1);
  const [cheater, attacker] = table.players;
  const [stale, honest] = table.replicas;
  const spectator = new Replica(table.genesis, game, setupOrThrow(redblack, {}));
  for (const e of table.events) feed(spectator, e.bytes);

  // The honest seat 1 seals its attack, the cheater acks it and then hears no more:
  // the attack is opened and revealed.
  const seal = table.act(1, attackWithMost(viewOf(table, 1), known(table, 1)));
  const ack = table.duty(0);
  for (const e of [seal, ack]) feed(spectator, e.bytes);
  const shown = [authorOn(honest!, attacker!, dutyOf(honest!, attacker!))];
  for (let n = 0; honest!.owed().some((o) => o.seat === 1 && !isMove(o.kind)); n++) {
    if (n === 20) throw new Error('the attack never finished revealing');
    shown.push(authorOn(honest!, attacker!, dutyOf(honest!, attacker!)));
  }
  for (const e of shown) feed(spectator, e.bytes);
  expect(viewOf(table, 1).phase).toBe('ATTACK');

  // Having seen it all, the cheater calls the exact hand against its stale state.
  const call = composeEvent(
    stale!.log,
    cheater!.seat,
    makeAct({ type: 'CALL', ...handCounts(table, 1) }) as unknown as EventBody,
    cheater!.identity.secretKey,
  );
  if (!call.ok) throw new Error(call.error);
  for (const replica of [honest!, spectator]) {
    feed(replica, call.value.bytes);
    expect(verdictOf(replica, call.value.hash)).toEqual({ rejected: 'ERR_NOT_OWED' });
    // The table stops at the cheat: whatever the log puts after it, nothing more is folded.
    expect(replica.state.game.score).toEqual([0, 0]);
    expect(replica.state.game.games).toEqual([]);
    expect(replica.offences().map((o) => o.seat)).toEqual([cheater!.seat]);
  }
  expect(spectator.stateHash).toBe(honest!.stateHash);
});
