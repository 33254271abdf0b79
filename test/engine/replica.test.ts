/**
 * The replica's own promises, apart from concurrent events (concurrent.test.ts): it starts with nothing
 * judged, on a genesis whose roster the log takes; bytes the log refuses change nothing
 * and come back as the log's error; a copy is not news; once a seat is caught, it alone
 * is named and nothing after its event counts; an equivocation names its author. Played
 * on "Crossing" (one card, quick proofs).
 */
import { expect, test } from 'vitest';
import type { SignedEvent } from '../../src/engine/events.ts';
import type { Seat } from '../../src/engine/game.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import { crossing, crossingSeats, type CrossingState } from './helpers/crossing.ts';
import { feed, makeGenesis, setupOrThrow, tableGame, verdictOf } from './helpers/table.ts';

const { players, fresh } = crossingSeats();

/** `seat` signs `type` on `replica`, legal or not: the replica judges it as it lands. */
function say(replica: Replica<CrossingState>, seat: Seat, type: string): SignedEvent {
  const signed = replica.author(seat, players[seat]!.identity.secretKey, makeAct({ type }));
  if (!signed.ok) throw new Error(signed.error);
  return signed.value;
}

test('a replica starts with nothing judged; a roster the log refuses, or a timed genesis without its clock, makes none', () => {
  const genesis = makeGenesis(players, crossing, {});
  const initial = setupOrThrow(crossing, {});
  expect(new Replica(genesis, tableGame(crossing), initial).entryVerdicts).toEqual([]);
  const twice = { ...genesis, identities: [genesis.identities[0]!, genesis.identities[0]!] };
  expect(() => new Replica(twice, tableGame(crossing), initial)).toThrow(
    /^bad genesis: ERR_ROSTER$/,
  );
  // A table of the protocol that keeps time says how long a turn is.
  const { clock, ...unclocked } = genesis;
  expect(clock).toBeDefined();
  expect(() => new Replica(unclocked, tableGame(crossing), initial)).toThrow(
    /^bad genesis: no clock$/,
  );
});

test('events name the heads they saw from protocol 4 on, and not before', () => {
  const initial = setupOrThrow(crossing, {});
  const heads = (protocol: number) => {
    const replica = new Replica(
      makeGenesis(players, crossing, {}, protocol),
      tableGame(crossing),
      initial,
    );
    const signed = replica.author(0, players[0]!.identity.secretKey, { type: 'RESIGN' });
    if (!signed.ok) throw new Error(signed.error);
    return signed.value.event.heads;
  };
  expect(heads(3)).toBeUndefined();
  expect(heads(4)).toEqual([null, null]);
});

test('bytes the log refuses come back as its error and change nothing; a copy is not news', () => {
  const replica = fresh();
  const before = { hash: replica.stateHash, entries: replica.log.entries().length };
  const refused = replica.receive('{"not":"an event"}');
  expect(refused.ok).toBe(false);
  expect({ hash: replica.stateHash, entries: replica.log.entries().length }).toEqual(before);

  const move = say(fresh(), 0, 'MOVE');
  const first = replica.receive(move.bytes);
  expect(first.ok && first.value.fresh).toBe(true);
  const again = replica.receive(move.bytes);
  expect(again.ok && again.value.fresh).toBe(false);
  expect(replica.entryVerdicts.at(-1)).toBe('applied');
  expect(replica.log.entries()).toHaveLength(before.entries + 1);
});

test('a move out of turn names its author alone; what follows it is dropped and nobody may author', () => {
  const replica = fresh();
  const first = say(replica, 0, 'MOVE');
  const cheat = say(replica, 0, 'MOVE');
  expect(verdictOf(replica, cheat.hash)).toEqual({ rejected: 'ERR_RULES' });
  const stateAfterCheat = replica.stateHash;

  // Seat 1 had seen seat 0's first move, not the cheat: its honest move lands after the cheat,
  // void wherever it lands, so the log refuses it, holding it against nobody.
  const other = fresh();
  feed(other, first.bytes);
  const honest = say(other, 1, 'MOVE');
  expect(replica.receive(honest.bytes)).toEqual({ ok: false, error: 'ERR_HALTED' });
  expect(replica.log.entry(honest.hash)).toBeUndefined();
  expect(replica.log.evidence).toEqual([]);
  expect(replica.offences()).toEqual([{ seat: 0, reason: 'ERR_RULES', event: cheat.hash }]);
  expect(replica.stateHash).toBe(stateAfterCheat);
  expect(replica.stopped).toBe(true);
  expect(replica.owed()).toEqual([]);
  expect(replica.allowed()).toEqual([]);
  const refused = replica.author(1, players[1]!.identity.secretKey, makeAct({ type: 'WAIT' }));
  expect(refused).toEqual({ ok: false, error: 'ERR_STOPPED' });

  // The cheat arriving last lands before the honest move all the same, which is dropped:
  // both replicas hold the same log.
  const late = fresh();
  for (const e of [first, honest, cheat]) feed(late, e.bytes);
  expect(late.entryVerdicts.slice(-2)).toEqual(['applied', { rejected: 'ERR_RULES' }]);
  expect(late.log.entry(honest.hash)).toBeUndefined();
  expect(late.log.digest()).toBe(replica.log.digest());
  expect(late.stateHash).toBe(stateAfterCheat);
  // Nothing is kept past the cut: no state after an entry the log no longer holds.
  expect(late.stateAfter(late.log.size + 1)).toBeUndefined();
});

test('no seat past the roster may author', () => {
  const replica = fresh();
  const stranger = replica.author(2, players[0]!.identity.secretKey, makeAct({ type: 'WAIT' }));
  expect(stranger).toEqual({ ok: false, error: 'ERR_UNKNOWN_SEAT' });
});

test('two different events under one number name their author for equivocation', () => {
  const replica = fresh();
  const [move, wait] = [say(fresh(), 0, 'MOVE'), say(fresh(), 0, 'WAIT')];
  expect(move.event.seq).toBe(wait.event.seq);
  feed(replica, move.bytes);
  expect(replica.receive(wait.bytes).ok).toBe(false);
  expect(replica.offences()).toEqual([
    { seat: 0, reason: 'ERR_EQUIVOCATION', event: `seq ${move.event.seq}` },
  ]);
  expect(replica.stopped).toBe(true);
  expect(replica.owed()).toEqual([]);
});

test('the player to move may act, and the other may call out of turn', () => {
  expect(fresh().allowed()).toEqual([
    { seat: 0, kind: 'ACT' },
    { seat: 1, kind: 'ACT' },
  ]);
});
