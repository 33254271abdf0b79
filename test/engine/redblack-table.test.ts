/**
 * Red & Black on the mental-poker table, with real cryptography: the guess
 * comes before any unlock share of the third river card; a hand card placed
 * facedown after an attack cannot be linked to anything the opponent's
 * replica has held; crossing calls settle the same way in either delivery
 * order.
 */
import { describe, expect, test } from 'vitest';
import { cardIndex, decodePoints, fromBase64 } from '../../crypto/index.ts';
import { deckId } from '../../src/engine/table/fold.ts';
import type { JsonObject } from '../../src/engine/encoding.ts';
import type { SignedEvent } from '../../src/engine/events.ts';
import {
  faceColour,
  redblack,
  type RedBlackState,
  type RedBlackView,
} from '../../src/engine/games/redblack/index.ts';
import { makeAct, makeDuty, privateFaces } from '../../src/engine/table/author.ts';
import type { TableBody } from '../../src/engine/table/bodies.ts';
import type { Replica } from '../../src/engine/table/replica.ts';
import {
  Table,
  authorOn,
  feed,
  makeGenesis,
  makePlayers,
  setupOrThrow,
  tableGame,
  tablePoints,
} from './helpers/table.ts';

type Chooser = (
  seat: number,
  legal: readonly JsonObject[],
  view: RedBlackView,
  known: Map<number, number>,
) => JsonObject | null;

const game = tableGame(redblack);

function newTable() {
  const players = makePlayers(2);
  const genesis = makeGenesis(players, redblack, {});
  return new Table<RedBlackState>(players, genesis, game, setupOrThrow(redblack, {}));
}

const known = (table: Table<RedBlackState>, seat: number) =>
  privateFaces(table.replicas[seat]!.state, seat, table.players[seat]!.keyring, new Map());
const viewOf = (table: Table<RedBlackState>, seat: number) =>
  redblack.view(table.replicas[seat]!.state.game, seat);
const legalOf = (replica: Replica<RedBlackState>, seat: number) =>
  replica.owed().some((o) => o.seat === seat && o.kind === 'ACT')
    ? (redblack.legalActions(replica.state.game, seat) as unknown as JsonObject[])
    : [];

const makeDutyOf = (table: Table<RedBlackState>, seat: number) =>
  makeDuty(table.replicas[seat]!.state, seat, table.players[seat]!.keyring, game);

/** Runs duties and the chooser's moves until `until` holds; the chooser may decline (null). */
function drive(
  table: Table<RedBlackState>,
  choose: Chooser,
  until: (t: Table<RedBlackState>) => boolean,
) {
  for (let steps = 0; steps < 500 && !until(table); steps++) {
    const replica = table.replicas[0]!;
    const duty = replica.owed().find((o) => o.kind !== 'ACT');
    if (duty) {
      table.duty(duty.seat);
      continue;
    }
    const moved = [0, 1].some((seat) => {
      const legal = legalOf(table.replicas[seat]!, seat);
      const action =
        legal.length > 0 ? choose(seat, legal, viewOf(table, seat), known(table, seat)) : null;
      if (action) table.play(seat, makeAct(action));
      return action !== null;
    });
    if (!moved)
      throw new Error(`nobody moves; offences: ${JSON.stringify(table.replicas[0]!.offences())}`);
  }
  if (!until(table)) throw new Error('goal not reached');
}

/** A scripted player: guesses red, never calls, attacks with a colour it holds when it may, else swaps. */
const script: Chooser = (seat, legal, view, faces) => {
  const of = (type: string) => legal.filter((a) => a.type === type);
  // A card taken faceup from the river is public: the view has its face, no private read.
  const faceOf = (id: number) => view.hand.find((c) => c.card === id)?.face ?? faces.get(id)!;
  const colourOf = (id: number) => faceColour(view.deck, faceOf(id));
  if (of('GUESS').length) return of('GUESS').find((a) => a.colour === 'red')!;
  if (of('PLACE').length) return of('PLACE')[0]!;
  if (of('DEFEND').length) return { type: 'DEFEND', colour: 'red', cards: [] };
  if (of('DISCARD').length) return of('DISCARD')[0]!;
  if (of('ATTACK').length) {
    const hand = view.hand.map((c) => c.card);
    const reds = hand.filter((id) => colourOf(id) === 'red');
    const blacks = hand.filter((id) => colourOf(id) === 'black');
    const [colour, cards] = reds.length >= blacks.length ? ['red', reds] : ['black', blacks];
    return { type: 'ATTACK', colour, cards };
  }
  const faceup = view.river.find((s) => s.faceup);
  return of('SWAP').find((a) => a.slot === (faceup?.slot ?? 0)) ?? null;
};

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

  test('a hand card placed facedown after an attack shares nothing with what the opponent has held', () => {
    const table = newTable();
    // Play until some player attacked, its shown cards went back into its hand, and it swaps again.
    let attacker = -1;
    const seenByOpponent = new Set<string>();
    drive(
      table,
      (seat, legal, view, faces) => {
        // Once it has attacked, the attacker swaps on its next turn.
        const swap = legal.find((a) => a.type === 'SWAP');
        if (seat === attacker && swap) return swap;
        const action = script(seat, legal, view, faces);
        if (action?.type === 'ATTACK' && attacker < 0) attacker = seat;
        return action;
      },
      (t) =>
        attacker >= 0 &&
        viewOf(t, attacker).phase === 'SWAP' &&
        viewOf(t, attacker).turn === attacker,
    );
    const opponent = 1 - attacker;
    const replica = table.replicas[opponent]!;
    // Everything the opponent's replica has ever held: every ciphertext and layer key of every state.
    for (let i = 0; i <= replica.log.size; i++)
      for (const p of tablePoints(replica.stateAfter(i)!)) seenByOpponent.add(p);
    const shownFaces = new Set(replica.state.faces.filter((f) => f !== null));
    expect(shownFaces.size).toBeGreaterThan(0);

    const slot = viewOf(table, attacker).swap!.slot;
    drive(
      table,
      script,
      (t) =>
        viewOf(t, opponent).river[slot]!.placedBy === attacker &&
        viewOf(t, opponent).phase !== 'SWAP',
    );
    const placed = viewOf(table, opponent).river[slot]!.card;
    const card = replica.state.cards[placed]!;
    expect(seenByOpponent.has(card.c)).toBe(false);
    for (const layer of card.layers) expect(seenByOpponent.has(layer.key)).toBe(false);
    expect(replica.state.faces[placed]).toBeNull();
    expect(known(table, opponent).has(placed)).toBe(false);
    // The placer still reads it.
    expect(known(table, attacker).has(placed)).toBe(true);
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
  /** Plays until it is `turn`'s plain turn (not the first), both may call, and a river card is faceup. */
  function bothMayCall(turn?: number) {
    const table = newTable();
    drive(table, script, (t) => {
      const v = viewOf(t, 0);
      return (
        v.phase === 'PLAY' &&
        v.turns >= 1 &&
        (turn === undefined || v.turn === turn) &&
        v.river.some((slot) => slot.faceup) &&
        viewOf(t, v.turn!).hand.length > 0 &&
        [0, 1].every((s) => legalOf(t.replicas[s]!, s).some((a) => a.type === 'CALL'))
      );
    });
    return table;
  }

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
      const verdict = (hash: string) =>
        replica.entryVerdicts[replica.log.entries().findIndex((e) => e.hash === hash)];
      expect(verdict(first.hash)).toBe('void');
      expect(later.map((e) => verdict(e.hash))).toEqual(later.map(() => 'applied'));
      expect(verdict(second.hash)).toBe('applied');
      expect(standing(replica)).toBe(1);
      expect(replica.offences()).toEqual([]);
    }
    expect(early.stateHash).toBe(late.stateHash);
  });
});
