/**
 * Red & Black on the mental-poker table, with real cryptography: the guess
 * comes before any unlock share of the third river card; a peeked card is
 * never left bare; crossing calls settle the same way in either delivery
 * order. (A card placed after an attack: test/engine/adversary/remask.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import { cardIndex, decodePoints, fromBase64 } from '../../crypto/index.ts';
import { deckId } from '../../src/engine/table/fold.ts';
import type { SignedEvent } from '../../src/engine/events.ts';
import type { RedBlackState } from '../../src/engine/games/redblack/index.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import type { TableBody } from '../../src/engine/table/bodies.ts';
import type { Replica } from '../../src/engine/table/replica.ts';
import { authorOn, feed, verdictOf } from './helpers/table.ts';
import {
  bothMayCall,
  drive,
  known,
  legalOf,
  makeDutyOf,
  newTable,
  script,
  viewOf,
} from './helpers/redblack.ts';

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

describe('crossing calls', () => {
  const callOf = (replica: Replica<RedBlackState>, seat: number) =>
    legalOf(replica, seat).find((a) => a.type === 'CALL')!;
  /** Whose call stands: the call under way, or (a fully public hand settles at once) the last game's caller. */
  const standing = (replica: Replica<RedBlackState>) => {
    const { round, games } = replica.state.game;
    return round.stage.kind === 'CALL' ? round.stage.call.seat : (games.at(-1)?.caller ?? null);
  };

  test('made against the same state, the call of the player whose turn it is not stands, in both delivery orders', () => {
    const table = bothMayCall();
    const turn = viewOf(table, 0).turn!;
    const waiting = 1 - turn;
    // Each player calls on its own replica before hearing of the other's call.
    const calls: SignedEvent[] = [0, 1].map((seat) =>
      authorOn(
        table.replicas[seat]!,
        table.players[seat]!,
        makeAct(callOf(table.replicas[seat]!, seat)),
      ),
    );
    expect(calls[0]!.event.basis).toEqual(calls[1]!.event.basis);
    // Seat 0's replica hears seat 1's call second, and seat 1's replica seat 0's: both orders.
    feed(table.replicas[0]!, calls[1]!.bytes);
    feed(table.replicas[1]!, calls[0]!.bytes);
    for (const replica of table.replicas) {
      expect(standing(replica)).toBe(waiting);
      expect(replica.offences()).toEqual([]);
    }
    expect(table.replicas[0]!.stateHash).toBe(table.replicas[1]!.stateHash);
  });

  test('a call that did not see a card placed into the called hand is void, in both delivery orders', () => {
    // Seat 1 is to move; seat 0 calls at once, on a replica that hears nothing more for now.
    const table = bothMayCall(1);
    const [early, late] = table.replicas as [Replica<RedBlackState>, Replica<RedBlackState>];
    const first = authorOn(early, table.players[0]!, makeAct(callOf(early, 0)));
    // Meanwhile seat 1 swaps a faceup river card (its re-mask and its placing are its own
    // events: the placing changes the hand seat 0 called), then calls against that newer state.
    const slot = viewOf(table, 1).river.find((r) => r.faceup)!.slot;
    const later: SignedEvent[] = [
      authorOn(late, table.players[1]!, makeAct({ type: 'SWAP', slot })),
    ];
    const placed = () => late.state.game.round.log.at(-1)?.type === 'PLACE';
    for (let guard = 0; guard < 10 && !placed(); guard++) {
      const duty = late.owed().find((o) => o.kind !== 'ACT' && o.seat === 1);
      const place = legalOf(late, 1).find((a) => a.type === 'PLACE');
      const body = duty ? (makeDutyOf(table, 1) as TableBody) : makeAct(place!);
      expect(late.offences()).toEqual([]);
      later.push(authorOn(late, table.players[1]!, body));
    }
    expect(placed()).toBe(true);
    const second = authorOn(late, table.players[1]!, makeAct(callOf(late, 1)));
    for (const e of later) feed(early, e.bytes);
    feed(early, second.bytes);
    feed(late, first.bytes);
    for (const replica of table.replicas) {
      expect(verdictOf(replica, first.hash)).toBe('void');
      expect(later.map((e) => verdictOf(replica, e.hash))).toEqual(later.map(() => 'applied'));
      expect(verdictOf(replica, second.hash)).toBe('applied');
      expect(standing(replica)).toBe(1);
      expect(replica.offences()).toEqual([]);
    }
    expect(early.stateHash).toBe(late.stateHash);
  });
});
