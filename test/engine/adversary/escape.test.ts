/**
 * Issue 24, section 2: nobody undoes a move they saw by claiming an older state.
 *
 * Red & Black, real keys and proofs. A correct call is in front of the player
 * it names, who signs a counter-event on the state before the call, as a
 * modified client would: an empty attack, or a call of its own, sealed or
 * not. Before sealed moves an attack beat a crossing call, and the waiting
 * player's call beat the mover's, so the named player escaped and nobody was
 * named. Now the mover's move is sealed until the waiting player acks it
 * (seal.ts): a call crossing a seal stands in either delivery order, and a
 * player that acked a seal can no longer act against the state before it.
 * Every race is played in both delivery orders: the two seats each hear the
 * other's event second, and bystanders hear them in both orders. Each test
 * names who moves (`bothMayCall(turn)`), not the deal's random draws: the
 * honest event must sort before the offence it crosses (same height, lower
 * seat), as after it a halted log refuses it as void (`ERR_HALTED`).
 */
import { describe, expect, test } from 'vitest';
import type { SignedEvent } from '../../../src/engine/events.ts';
import type { JsonObject } from '../../../src/engine/encoding.ts';
import type { RedBlackState } from '../../../src/engine/games/redblack/index.ts';
import { makeAct, makeSeal } from '../../../src/engine/table/author.ts';
import type { TableBody } from '../../../src/engine/table/bodies.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { authorOn, feed, verdictOf } from '../helpers/table.ts';
import { bothMayCall, game, handCounts, makeDutyOf, viewOf, type RB } from '../helpers/redblack.ts';

/** The exact call on `seat`'s hand, as if its caller had worked it out. */
const rightCall = (table: RB, seat: number): JsonObject => ({
  type: 'CALL',
  ...handCounts(table, seat),
});

/**
 * `a` and `b` sign their bodies, each on its own replica before hearing of the
 * other's event, then each replica hears the other's. The attacker's body is
 * made from its replica's state: the state before the event it answers.
 */
function cross(
  table: RB,
  a: { seat: number; body: (state: RedBlackState) => TableBody },
  b: { seat: number; body: (state: RedBlackState) => TableBody },
): [SignedEvent, SignedEvent] {
  const sign = (side: typeof a) =>
    authorOn(
      table.replicas[side.seat]!,
      table.players[side.seat]!,
      side.body(table.replicas[side.seat]!.state.game),
    );
  const first = sign(a);
  const second = sign(b);
  feed(table.replicas[b.seat]!, first.bytes);
  feed(table.replicas[a.seat]!, second.bytes);
  table.events.push(first, second);
  return [first, second];
}

/** Bystanders that heard every event of `table`, `x` and `y` in both orders. */
function bystanders(table: RB, x: SignedEvent, y: SignedEvent): Replica<RedBlackState>[] {
  const start = table.replicas[0]!.stateAfter(0)!.game;
  const rest = table.events.filter((e) => e !== x && e !== y);
  const at = table.events.indexOf(x);
  return [
    [x, y],
    [y, x],
  ].map((pair) => {
    const replica = new Replica(table.genesis, game, start);
    const order = [...rest.slice(0, at), ...pair, ...rest.slice(at)];
    for (const e of order) feed(replica, e.bytes);
    return replica;
  });
}

/** Every replica's verdict on `event`, the seats' and the bystanders'. */
const verdicts = (replicas: readonly Replica<RedBlackState>[], event: SignedEvent) =>
  replicas.map((r) => verdictOf(r, event.hash));

const EMPTY_ATTACK = { type: 'ATTACK', colour: 'red', cards: [] };

describe('the waiting player calls right; the player to move cannot escape', () => {
  // What the player to move signs on the state before the call, having seen it.
  const escapes: Record<string, (table: RB, mover: number) => (s: RedBlackState) => TableBody> = {
    'an empty attack': () => () => makeAct(EMPTY_ATTACK),
    'a call of its own': (table, mover) => () => makeAct(rightCall(table, 1 - mover)),
    'a sealed empty attack': (table, mover) => () =>
      makeSeal(table.replicas[mover]!.state, mover, EMPTY_ATTACK, table.players[mover]!.keyring),
    'a sealed call': (table, mover) => () =>
      makeSeal(
        table.replicas[mover]!.state,
        mover,
        rightCall(table, 1 - mover),
        table.players[mover]!.keyring,
      ),
  };

  for (const [name, escape] of Object.entries(escapes)) {
    test(`by ${name}: the call stands, or the mover is named, in both delivery orders`, () => {
      const table = bothMayCall(1);
      const mover = viewOf(table, 0).turn!;
      const waiting = 1 - mover;
      const played = table.replicas[0]!.state.game.games.length;
      const [call, counter] = cross(
        table,
        { seat: waiting, body: () => makeAct(rightCall(table, mover)) },
        { seat: mover, body: escape(table, mover) },
      );
      const sealed = name.startsWith('a sealed');
      const all = [...table.replicas, ...bystanders(table, call, counter)];
      expect(new Set(all.map((r) => r.stateHash)).size).toBe(1);
      expect(new Set(verdicts(all, counter).map((v) => JSON.stringify(v))).size).toBe(1);
      if (!sealed) {
        // An open move where the table asked a sealed one is refused where its author
        // stood: the mover is named, the table stops, and nothing it did stands.
        expect(verdictOf(all[0]!, counter.hash)).toEqual({ rejected: 'ERR_NOT_OWED' });
        for (const replica of all) expect(replica.offences().map((o) => o.seat)).toEqual([mover]);
        return;
      }
      // The seal stood first and the call overtook it where it landed, or the seal landed
      // on the call and is void: either way the call is under way and the seal never opens.
      expect(verdicts(all, call)).toEqual(all.map(() => 'applied'));
      for (const replica of all) {
        expect(replica.offences()).toEqual([]);
        expect(replica.state.game.round.stage.kind).toBe('CALL');
      }
      // The named hand is shown, and the caller wins the game.
      table.dutiesUntil((s) => s.game.games.length > played);
      expect(table.replicas[0]!.state.game.games.at(-1)).toMatchObject({
        caller: waiting,
        winner: waiting,
      });
    });
  }
});

describe('the player to move calls right, sealed; the waiting player cannot escape', () => {
  test('a call crossing the seal stands and the seal never opens, in both delivery orders', () => {
    const table = bothMayCall(1);
    const mover = viewOf(table, 0).turn!;
    const waiting = 1 - mover;
    const [seal, call] = cross(
      table,
      {
        seat: mover,
        body: () =>
          makeSeal(
            table.replicas[mover]!.state,
            mover,
            rightCall(table, waiting),
            table.players[mover]!.keyring,
          ),
      },
      { seat: waiting, body: () => makeAct(rightCall(table, mover)) },
    );
    const all = [...table.replicas, ...bystanders(table, seal, call)];
    expect(verdicts(all, call)).toEqual(all.map(() => 'applied'));
    expect(new Set(verdicts(all, seal).map((v) => JSON.stringify(v))).size).toBe(1);
    for (const replica of all) {
      expect(replica.offences()).toEqual([]);
      expect(replica.state.game.round.stage).toMatchObject({
        kind: 'CALL',
        call: { seat: waiting },
      });
    }
    expect(new Set(all.map((r) => r.stateHash)).size).toBe(1);
  });

  test('once it acked the seal, a call on the state before the opened call names its author', () => {
    const table = bothMayCall(0);
    const mover = viewOf(table, 0).turn!;
    const waiting = 1 - mover;
    table.act(mover, rightCall(table, waiting));
    table.duty(waiting); // the ACK
    const [unseal, escape] = cross(
      table,
      { seat: mover, body: () => makeDutyOf(table, mover)! },
      { seat: waiting, body: () => makeAct(rightCall(table, mover)) },
    );
    const all = [...table.replicas, ...bystanders(table, unseal, escape)];
    expect(verdicts(all, unseal)).toEqual(all.map(() => 'applied'));
    expect(verdicts(all, escape)).toEqual(all.map(() => ({ rejected: 'ERR_NOT_OWED' })));
    for (const replica of all) expect(replica.offences().map((o) => o.seat)).toEqual([waiting]);
  });

  test('signing a call in place of its ACK is equivocation: its author is named', () => {
    const table = bothMayCall(1);
    const mover = viewOf(table, 0).turn!;
    const waiting = 1 - mover;
    table.act(mover, rightCall(table, waiting));
    const stale = new Replica(table.genesis, game, table.replicas[0]!.stateAfter(0)!.game);
    for (const e of table.events) feed(stale, e.bytes);
    const ack = table.duty(waiting);
    table.duty(mover); // the UNSEAL: the call is out
    // The waiting player, having seen the opened call, signs a call in its ACK's slot.
    const other = authorOn(stale, table.players[waiting]!, makeAct(rightCall(table, mover)));
    expect(other.event.seq).toBe(ack.event.seq);
    const received = table.replicas[mover]!.receive(other.bytes);
    expect(received.ok).toBe(false);
    expect(table.replicas[mover]!.offences().map((o) => o.seat)).toEqual([waiting]);
  });
});
