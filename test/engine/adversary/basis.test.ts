/**
 * Issue 8, attack 3: rewriting history by naming an old basis.
 *
 * The cheater sits at a Red & Black table, passive, while the opponent
 * attacks and reveals the cards it attacks with. Knowing them, the cheater
 * signs a call with the exact counts of the opponent's hand, naming as its
 * basis its own last event, from before the attack, as if it had not seen
 * it. Under a log that orders by height alone, that call lands before the
 * attack, stands, and wins; the attack is void. The race rule settles it by
 * what the events are: the attack showed the called hand after the state the
 * caller claims, so the call is void, the attack stands, and the cheater has
 * gained nothing (nor is anyone named: a delayed honest call looks the same).
 */
import { expect, test } from 'vitest';
import { composeEvent } from '../../../src/engine/log.ts';
import { makeAct } from '../../../src/engine/table/author.ts';
import type { EventBody } from '../../../src/engine/events.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { authorOn, dutyOf, feed, setupOrThrow, verdictOf } from '../helpers/table.ts';
import {
  attackWithMost,
  bothMayCall,
  game,
  handCounts,
  known,
  viewOf,
} from '../helpers/redblack.ts';
import { redblack } from '../../../src/engine/games/redblack/index.ts';

test('a call naming a basis from before an attack it saw is void; the attack stands', () => {
  const table = bothMayCall(1);
  const [cheater, attacker] = table.players;
  const [stale, honest] = table.replicas;
  const spectator = new Replica(table.genesis, game, setupOrThrow(redblack, {}));
  for (const e of table.events) feed(spectator, e.bytes);

  // The honest seat 1 attacks and reveals; the cheater's replica hears none of it yet.
  const attack = authorOn(
    honest!,
    attacker!,
    makeAct(attackWithMost(viewOf(table, 1), known(table, 1))),
  );
  const shown = [attack];
  for (let n = 0; honest!.owed().some((o) => o.seat === 1 && o.kind !== 'ACT'); n++) {
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
    expect(verdictOf(replica, call.value.hash)).toBe('void');
    expect(shown.map((e) => verdictOf(replica, e.hash))).toEqual(shown.map(() => 'applied'));
    expect(replica.state.game.round.stage.kind).toBe('ATTACK');
    expect(replica.state.game.score).toEqual([0, 0]);
    expect(replica.offences()).toEqual([]);
  }
  expect(spectator.stateHash).toBe(honest!.stateHash);
});
