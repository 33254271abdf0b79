/**
 * Sealed moves (table/seal.ts) on a scripted hand at three seats, where seat 1
 * moves while seats 0 and 2 may act: seat 1 seals its move, each of the two
 * acks it, and only then does seat 1 owe the opening, which must match the
 * seal. The Red & Black tests (`escape.test.ts`, `basis.test.ts`) race sealed
 * moves at two seats; here two seats wait on one seal, and each step is read
 * from the fold, the duties and the evidence.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import type { Need } from '../../src/engine/game.ts';
import { makeDuty, makeSeal, owesDuty } from '../../src/engine/table/author.ts';
import { diagnose } from '../../src/engine/table/fold.ts';
import { Keyring } from '../../src/engine/table/keyring.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import { expectOffence, scriptPlayable, scriptTable, signNext } from './helpers/cheats.ts';
import { Table, feed, verdictOf } from './helpers/table.ts';
import { lazy } from '../lazy.ts';

const SCRIPT: Need[] = [{ type: 'ACT', seats: [1], optional: [0, 2] }];
const MOVE = { type: 'DONE' };

/** The table at seat 1's move, its keys and shuffle done, recorded by the first test that asks. */
const atMove = lazy(() => {
  const hand = scriptTable(3, SCRIPT, 2);
  const table = new Table(hand.players, hand.genesis, scriptPlayable, hand.initial);
  table.dutiesUntil((s) => s.step.type === 'PLAY');
  return table.events;
});

/** A fresh table at seat 1's move. */
function table(): Table<Json> {
  const hand = scriptTable(3, SCRIPT, 2);
  const fresh = new Table(hand.players, hand.genesis, scriptPlayable, hand.initial);
  for (const e of atMove()) {
    fresh.replicas.forEach((r) => feed(r, e.bytes));
    fresh.events.push(e);
  }
  return fresh;
}

test('a seal waits for every seat that may cross it, one ack each, then owes its opening', () => {
  const t = table();
  const replica = t.replicas[0]!;
  expect(replica.owed()).toEqual([{ seat: 1, kind: 'SEAL' }]);
  t.play(1, makeSeal(replica.state, 1, MOVE, t.players[1]!.keyring));
  expect(replica.state.step).toMatchObject({ type: 'SEALED', seat: 1, waiting: [0, 2] });
  expect(replica.owed()).toEqual([
    { seat: 0, kind: 'ACK' },
    { seat: 2, kind: 'ACK' },
  ]);
  expect(makeDuty(replica.state, 2, t.players[2]!.keyring, scriptPlayable)).toEqual({
    type: 'ACK',
  });
  expect(owesDuty(replica.state, 1, t.players[1]!.keyring)).toBe(false);
  t.duty(0);
  expect(replica.owed()).toEqual([{ seat: 2, kind: 'ACK' }]);
  expect(owesDuty(replica.state, 1, t.players[1]!.keyring)).toBe(false);
  t.duty(2);
  expect(replica.owed()).toEqual([{ seat: 1, kind: 'UNSEAL' }]);
  // Only the seat that kept the move can open it.
  expect(owesDuty(replica.state, 1, new Keyring())).toBe(false);
  expect(makeDuty(replica.state, 1, new Keyring(), scriptPlayable)).toBeNull();
  t.duty(1);
  expect(replica.state.step.type).toBe('AUDIT');
  expect(replica.offences()).toEqual([]);
});

test('a seat the seal waits for may still act instead of acking: its move stands', () => {
  const t = table();
  t.play(1, makeSeal(t.replicas[0]!.state, 1, MOVE, t.players[1]!.keyring));
  const move = t.act(2, MOVE);
  expect(verdictOf(t.replicas[0]!, move.hash)).toBe('applied');
  expect(t.replicas[0]!.state.step.type).toBe('AUDIT');
});

test('an opening that does not match the seal names its author: ERR_PROOF, for the seal', () => {
  const t = table();
  t.play(1, makeSeal(t.replicas[0]!.state, 1, MOVE, t.players[1]!.keyring));
  t.duty(0);
  t.duty(2);
  const replica: Replica<Json> = t.replicas[0]!;
  const seal = t.players[1]!.keyring.seal!;
  const body = { type: 'UNSEAL' as const, action: { type: 'PASS' }, salt: seal.salt };
  const before = replica.state;
  const bad = signNext(replica.log, t.players[1]!, body);
  feed(replica, bad.bytes);
  expectOffence(replica, bad, 1, 'ERR_PROOF');
  expect(diagnose(before, replica.game, 1, body, 'ERR_PROOF')).toEqual({
    kind: 'seal',
    action: 'PASS',
  });
});
