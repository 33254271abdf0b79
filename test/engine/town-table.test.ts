/**
 * Town for Two on the mental-poker table, with real cryptography: both
 * decks shuffled by both players under fresh keys, a whole game between
 * computer players to the audit with both replicas agreeing, no owner able
 * to read its own deck, and a player who names false faces for its play
 * named by both replicas.
 */
import { describe, expect, test } from 'vitest';
import { cardIndex, invertScalar } from '../../crypto/index.ts';
import { seededRandom } from '../../src/bots/computer.ts';
import type { JsonObject } from '../../src/engine/encoding.ts';
import {
  chooseAction,
  town,
  TOWN_DECK,
  TOWN_DECKS,
  type TownPlay,
  type TownState,
} from '../../src/engine/games/town/index.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import { deckId } from '../../src/engine/table/fold.ts';
import { readPoint } from '../../src/engine/table/points.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import type { ShuffleBody } from '../../src/engine/table/bodies.ts';
import { Table, auditOpen, expectDone, makePlayers, type Player } from './helpers/table.ts';
import { falseFace } from './helpers/town.ts';
import { lazy } from '../lazy.ts';

type TT = Table<TownState>;

function newTable(): TT {
  const players = makePlayers(2);
  return Table.of(players, town, {});
}

/**
 * What the owner of a deck can make of one of its cards with everything it
 * holds: strip every layer it has the secret of, then look the point up
 * among its deck's faces. -1 when it cannot read the card.
 */
function ownerReads(state: TableState<unknown>, player: Player, id: number): number {
  const card = state.cards[id]!;
  let p = readPoint(card.c);
  for (const layer of card.layers)
    if (player.keyring.has(layer.key))
      p = p.multiply(invertScalar(player.keyring.scalarFor(layer.key)));
  const deck = TOWN_DECKS[id < TOWN_DECK ? 0 : 1]!;
  return cardIndex(deckId(state.genesis, deck.name), deck.size, p);
}

/** The undrawn cards of each seat's deck: none of them readable by its owner. */
function expectDecksHidden(table: TT): void {
  table.players.forEach((player, seat) => {
    const state = table.replicas[seat]!.state;
    const undrawn = state.game.decks[seat]!;
    // The same reading opens the cards dealt to it: the check below could fail.
    for (const id of state.game.hands[seat]!)
      expect(ownerReads(state, player, id)).toBe(table.known(seat).get(id));
    for (const id of undrawn) {
      expect(state.cards[id]!.layers.map((l) => l.seat).sort()).toEqual([0, 1]);
      expect(ownerReads(state, player, id)).toBe(-1);
      expect(table.known(seat).has(id)).toBe(false);
    }
  });
}

describe('Town for Two on the table', () => {
  const table = newTable();
  const bots = [seededRandom(21), seededRandom(22)];
  /** Plays the whole game, checking the decks stay hidden at the first play; the audit last. */
  const played = lazy(() => {
    table.dutiesToMove();
    const opening = table.replicas[0]!.state;
    expect(opening.game.decks.map((d) => d.length)).toEqual(
      [14, 14].map((n) => n - (opening.game.piles.length / 2 - 1)),
    );
    expectDecksHidden(table);
    let plays = 0;
    for (let seat = table.mover(); seat !== null; seat = table.mover()) {
      const { game } = table.replicas[seat]!.state;
      const legal = town.legalActions(game, seat, table.known(seat)) as TownPlay[];
      const choice = chooseAction(town.view(game, seat), legal, bots[seat]!)!;
      table.play(seat, makeAct(choice as unknown as JsonObject));
      plays++;
      table.dutiesToMove();
    }
    // The game is over and the audit not begun: what is left of the decks is still unread.
    const left = table.replicas[0]!.state.game.decks;
    expect(left[0]!.length + left[1]!.length).toBeGreaterThan(0);
    expectDecksHidden(table);
    table.dutiesToMove(true);
    return { opening, plays };
  });

  test('each deck is shuffled by both players under its own fresh keys', () => {
    const { opening } = played();
    expect(opening.epochs.map((e) => [e.deck, e.cards.length])).toEqual([
      [0, 20],
      [1, 20],
    ]);
    const keys = opening.epochs.flatMap((e) => e.keys);
    expect(new Set(keys).size).toBe(4);
    const shuffles = table.events.filter((e) => e.event.body.type === 'SHUFFLE');
    // Pipelined, each deck on a chain of its own: played one event at a time, seat 0
    // shuffles the first deck, seat 1 both (next on both chains), seat 0 the second.
    expect(shuffles.map((e) => e.event.author)).toEqual([0, 1, 0]);
    expect(shuffles.map((e) => (e.event.body as ShuffleBody).shuffles.map((s) => s.epoch))).toEqual(
      [[0], [0, 1], [1]],
    );
  });

  test('a whole game to the audit: both replicas agree, nobody offends, the audit opens every card', () => {
    const { plays } = played();
    expect(plays).toBeGreaterThan(4);
    expectDone(table);
    const a = table.replicas[0]!;
    const end = a.state;
    expect(a.outcome()).toEqual(town.outcome(end.game));
    const opened = auditOpen(end);
    // Every card faceup on the table shows the face the audit opens, and each deck holds 20 faces.
    end.game.faces.forEach((face, id) => face !== null && expect(opened[id]).toBe(face));
    expect(opened.slice(0, 20).sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
    expect(opened.slice(20).sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
    // The score counts only what is on the table.
    const [red, black] = end.game.result!.score.points;
    expect(red + black).toBeLessThanOrEqual(end.game.piles.flat().length);
  });

  test('each player reads its own hand and nothing of the other’s', () => {
    played();
    const end = table.replicas[0]!.state;
    const opened = auditOpen(end);
    for (const seat of [0, 1]) {
      const mine = table.known(seat);
      for (const id of end.game.hands[seat]!) expect(mine.get(id)).toBe(opened[id]);
      for (const id of end.game.hands[1 - seat]!) expect(mine.has(id)).toBe(false);
    }
  });
});

describe('a player naming false faces', () => {
  test('is named by both replicas when its own cards are turned', () => {
    const table = newTable();
    table.dutiesToMove();
    const seat = table.mover()!;
    // A face of its deck that is neither this card's nor faceup: a play the rules cannot refuse yet.
    const state = table.replicas[seat]!.state.game;
    const { card, lie } = falseFace(state, seat, table.known(seat));
    table.play(seat, makeAct({ type: 'PLAY', cards: [card], faces: [lie], pile: null }));
    // The cards carry only their player's layer: its own unlock turns them, and refutes its claim.
    expect(table.replicas[0]!.owed()).toEqual([{ seat, kind: 'UNLOCK' }]);
    table.duty(seat);
    for (const replica of table.replicas) {
      expect(replica.offences()).toEqual([{ seat, reason: 'ERR_FACE_MISMATCH', event: 'reveal' }]);
      expect(replica.outcome()).toMatchObject({ result: 'win', winners: [1 - seat] });
      expect(replica.state.game.pending?.faces).toEqual([lie]);
    }
  });
});
