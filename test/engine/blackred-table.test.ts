/**
 * Black & Red on the mental-poker table, with real cryptography: two
 * replicas play hands until one runs its stock out, the discards are
 * shuffled again under fresh keys into a new stock mid-hand, and the match
 * goes on to the audit. After the reshuffle no card of the new stock can be
 * linked to a face it showed: not one of its points was seen before, at any
 * step, both shuffle proofs check, and no seat reads a new stock card until
 * it is dealt one. A cheater at the reshuffle, and a player who names a false
 * face for its discard, are named by both replicas. On a stacked deck: a
 * player who draws its seventh card of a colour goes out before the opponent
 * can move, even when the opponent's 31 would let it move twice; a player who
 * says it holds no seven while it does loses the match when the hands are shown.
 */
import { describe, expect, test } from 'vitest';
import { cardPoint, invertScalar } from '../../crypto/index.ts';
import { seededRandom } from '../../src/bots/computer.ts';
import type { Json, JsonObject } from '../../src/engine/encoding.ts';
import type { Seat } from '../../src/engine/game.ts';
import {
  blackred,
  chooseAction,
  colourOf,
  readHand,
  valueOf,
  type BlackRedPlay,
  type BlackRedState,
} from '../../src/engine/games/blackred/index.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import { parseBody } from '../../src/engine/table/bodies.ts';
import { checkNow, shuffleCheck } from '../../src/engine/table/checks.ts';
import { deckId } from '../../src/engine/table/fold.ts';
import { faceOf } from '../../src/engine/table/decks.ts';
import { readEncoding, readPoint } from '../../src/engine/table/points.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import { shuffleContext } from '../../src/engine/table/shuffle.ts';
import type { Step, TableState } from '../../src/engine/table/types.ts';
import { editRows, expectOffence, signNext } from './helpers/cheats.ts';
import { dealOf, keepMixed } from './helpers/blackred.ts';
import {
  Table,
  auditOpen,
  expectDone,
  feed,
  makePlayers,
  setupOrThrow,
  stackDeck,
  tableGame,
  type Player,
} from './helpers/table.ts';
import { lazy } from '../lazy.ts';

type BT = Table<BlackRedState>;
type State = TableState<BlackRedState>;

const newTable = (): BT => Table.of(makePlayers(2), blackred, {});

/** A player's choice from its hand's faces and its legal moves. */
type Choice = (state: BlackRedState, seat: Seat, legal: BlackRedPlay[]) => BlackRedPlay;

/** `seat` makes the move `choose` picks from what it reads on its own replica. */
function move(table: BT, choose: Choice): void {
  const seat = table.mover()!;
  const { game } = table.replicas[seat]!.state;
  const legal = blackred.legalActions(game, seat, table.known(seat)) as BlackRedPlay[];
  table.play(seat, makeAct(choose(game, seat, legal) as unknown as JsonObject));
  table.dutiesToMove();
}

const mixedChoice =
  (table: BT): Choice =>
  (game, seat, legal) =>
    keepMixed(readHand(game.hand, game.hand.hands[seat]!, table.known(seat))!, legal);

const bots = [seededRandom(31), seededRandom(32)];
const botChoice =
  (table: BT): Choice =>
  (game, seat, legal) =>
    chooseAction(blackred.view(game, seat, table.known(seat)), legal, bots[seat]!)!;

const legalOf = (table: BT, seat: Seat): BlackRedPlay[] =>
  blackred.legalActions(
    table.replicas[seat]!.state.game,
    seat,
    table.known(seat),
  ) as BlackRedPlay[];

const act = (table: BT, seat: Seat, play: BlackRedPlay | { type: string }): void => {
  table.play(seat, makeAct(play as unknown as JsonObject));
  table.dutiesToMove();
};

/** Plays every move the rules leave no choice over: a single legal move that is not a discard or a go. */
function playWords(table: BT): void {
  for (let seat = table.mover(); seat !== null; seat = table.mover()) {
    const legal = legalOf(table, seat);
    if (legal.length !== 1 || legal[0]!.type === 'DISCARD' || legal[0]!.type === 'GO') return;
    act(table, seat, legal[0]!);
  }
}

/** Where the first reshuffle sits in the log: its KEY events, then each seat's SHUFFLE. */
interface Reshuffle {
  /** Index of the last event before the fresh keys. */
  readonly opened: number;
  /** Index of seat 0's and seat 1's SHUFFLE of the new stock. */
  readonly shuffles: readonly [number, number];
}

function findReshuffle(table: BT): Reshuffle {
  const replica = table.replicas[0]!;
  const after = (i: number) => replica.stateAfter(i + 1)!;
  // The first event after which a hand counts a reshuffle: seat 1's SHUFFLE of the new stock.
  const last = replica.log.entries().findIndex((_, i) => after(i).game.hand.reshuffles > 0);
  return { opened: last - 4, shuffles: [last - 1, last] };
}

describe('Black & Red on the table: hands until a stock runs out, then on to the audit', () => {
  const table = newTable();
  const played = lazy(() => {
    table.dutiesToMove();
    const mixed = mixedChoice(table);
    for (let moves = 0; !table.replicas[0]!.state.game.history.some((h) => h.reshuffles > 0);) {
      if (++moves > 2000) throw new Error('no stock ran out');
      move(table, mixed);
    }
    const reshuffle = findReshuffle(table);
    const bot = botChoice(table);
    for (let moves = 0; table.mover() !== null; moves++) {
      if (moves > 3000) throw new Error('the match did not end');
      move(table, bot);
    }
    table.dutiesToMove(true);
    return reshuffle;
  });
  const replica = () => table.replicas[0]!;
  /** The state after the log's first `n` events. */
  const at = (n: number): State => replica().stateAfter(n)!;

  // The first test plays the whole match (a word after every draw too): 80 s on a busy machine.
  test('the new stock is every discard but the round’s, under fresh keys of both seats', () => {
    const { opened, shuffles } = played();
    const before = at(opened + 1);
    expect(before.step).toMatchObject({ type: 'KEYS', fresh: true });
    const need = blackred.needs(before.game)[0]!;
    expect(need.type).toBe('SHUFFLE');
    const hand = before.game.hand;
    const stock = hand.pile.slice(0, hand.pile.length - hand.round.cards);
    expect(need).toEqual({ type: 'SHUFFLE', cards: stock });
    expect(stock.length).toBeGreaterThan(20);
    const entries = replica().log.entries();
    expect(shuffles.map((i) => [entries[i]!.event.author, entries[i]!.event.body.type])).toEqual([
      [0, 'SHUFFLE'],
      [1, 'SHUFFLE'],
    ]);
    const done = at(shuffles[1] + 1);
    const epoch = done.epochs.at(-1)!;
    expect([...epoch.cards]).toEqual([...stock].sort((a, b) => a - b));
    const earlier = new Set(done.epochs.slice(0, -1).flatMap((e) => e.keys));
    expect(epoch.keys.filter((key) => earlier.has(key))).toEqual([]);
    for (const id of stock)
      expect(done.cards[id]!.layers.map((l) => l.key)).toEqual([...epoch.keys]);
    // The round's cards stay faceup on the pile.
    expect(done.game.hand.pile).toEqual(hand.pile.slice(stock.length));
  }, 180_000);

  test('no card of the new stock can be linked to a face it showed, at any step of the reshuffle', () => {
    const { opened, shuffles } = played();
    const stock = [...at(shuffles[1] + 1).epochs.at(-1)!.cards];
    // Every point any card had before the shuffles: each discard while faceup, and all the rest.
    const seen = new Set<string>();
    for (let n = 0; n <= shuffles[0]; n++) for (const c of at(n).cards) seen.add(c.c);
    const faceup = at(opened + 1);
    for (const id of stock) {
      expect(faceup.faces[id]).not.toBeNull();
      expect(seen.has(faceup.cards[id]!.c)).toBe(true);
    }
    const middle = at(shuffles[0] + 1);
    const done = at(shuffles[1] + 1);
    const middlePoints = stock.map((id) => middle.cards[id]!.c);
    const donePoints = stock.map((id) => done.cards[id]!.c);
    expect(middlePoints.filter((c) => seen.has(c))).toEqual([]);
    expect(donePoints.filter((c) => seen.has(c) || middlePoints.includes(c))).toEqual([]);
    // No new stock point is a face point either: every card is facedown again, on both layers.
    const deck = deckId(done.genesis, 'deck');
    const faces = Array.from({ length: 52 }, (_, face) => cardPoint(deck, face));
    for (const id of stock) {
      const p = readPoint(done.cards[id]!.c);
      expect(faces.some((f) => f.equals(p))).toBe(false);
      expect(done.faces[id]).toBeNull();
      expect(done.game.hand.faces[id]).toBeNull();
    }
    // Both shuffle proofs check; with one output row put back to its input, neither does.
    for (const [n, index] of shuffles.entries()) {
      const state = at(index);
      const step = state.step as Extract<Step, { type: 'SHUFFLE' }>;
      const epoch = state.epochs[step.epochs[0]!]!;
      const body = parseBody(replica().log.entries()[index]!.event.body);
      if (!body.ok || body.value.type !== 'SHUFFLE') throw new Error('not a shuffle');
      const { rows, proof } = body.value.shuffles[0]!;
      const input = epoch.cards.map((id) => [readEncoding(state.cards[id]!.c)]);
      const context = shuffleContext(state, n, epoch);
      const key = readEncoding(epoch.keys[n]!);
      expect(checkNow(shuffleCheck(context, key, input, rows, proof))).toBe(true);
      const kept = [input[0]!, ...rows.slice(1)];
      expect(checkNow(shuffleCheck(context, key, input, kept, proof))).toBe(false);
    }
  });

  test('no seat reads a new stock card until it is dealt one; then only the drawer, only that one', () => {
    const { shuffles } = played();
    const done = at(shuffles[1] + 1);
    const stock = [...done.epochs.at(-1)!.cards];
    for (const seat of [0, 1]) {
      const mine = table.known(seat, done);
      expect(stock.filter((id) => mine.has(id))).toEqual([]);
      // Even stripping its own layer, a seat is left with a point that is no face.
      const player: Player = table.players[seat]!;
      for (const id of stock) {
        const card = done.cards[id]!;
        const own = card.layers.find((l) => l.seat === seat)!;
        const p = readPoint(card.c).multiply(invertScalar(player.keyring.scalarFor(own.key)));
        expect(faceOf(done, id, p)).toBe(-1);
      }
    }
    // The draw that follows: the next event completes the deal of the new stock's top card.
    const drawer = done.game.hand.draw!;
    const top = done.game.hand.stock[0]!;
    const dealt = at(shuffles[1] + 2);
    expect(dealt.game.hand.hands[drawer]).toContain(top);
    expect(stock.filter((id) => table.known(drawer, dealt).has(id))).toEqual([top]);
    expect(stock.filter((id) => table.known(1 - drawer, dealt).has(id))).toEqual([]);
  });

  test('the match ends, both replicas agree, nobody offends, the audit opens every card', () => {
    played();
    expectDone(table);
    const a = table.replicas[0]!;
    const end = a.state;
    expect(a.outcome()).toEqual(blackred.outcome(end.game));
    expect(end.game.result?.reason).toBe('TARGET');
    const opened = auditOpen(end);
    expect([...opened].sort((x, y) => x - y)).toEqual([...Array(52).keys()]);
    end.game.hand.faces.forEach((face, id) => face !== null && expect(opened[id]).toBe(face));
  });

  test('a seat that shuffles the new stock but keeps one card as it was is named', () => {
    const { shuffles } = played();
    const entries = replica().log.entries();
    const fresh = new Replica(table.genesis, tableGame(blackred), setupOrThrow(blackred, {}));
    for (const entry of entries.slice(0, shuffles[0])) feed(fresh, entry.bytes);
    const honest = entries[shuffles[0]]!.event.body as { type: 'SHUFFLE'; shuffles: JsonObject[] };
    const state = at(shuffles[0]);
    const step = state.step as Extract<Step, { type: 'SHUFFLE' }>;
    const first = state.epochs[step.epochs[0]!]!.cards[0]!;
    // Its output's first row is a faceup card's point, not re-encrypted: the cheater could follow it.
    const kept = {
      ...honest,
      shuffles: honest.shuffles.map((s) => ({
        ...s,
        rows: editRows(s.rows as string, (rows) => [
          [readPoint(state.cards[first]!.c)],
          ...rows.slice(1),
        ]),
      })),
    };
    const bad = signNext(fresh.log, table.players[0]!, kept as never);
    feed(fresh, bad.bytes);
    expectOffence(fresh as unknown as Replica<Json>, bad, 0, 'ERR_PROOF');
    expect(fresh.state.game.hand.reshuffles).toBe(0);
  });
});

describe('a player naming a false face for its discard', () => {
  test('is named by both replicas when its card is turned', () => {
    const table = newTable();
    table.dutiesToMove();
    playWords(table);
    const seat = table.mover()!;
    const state = table.replicas[seat]!.state.game;
    const faces = table.known(seat);
    const hand = state.hand.hands[seat]!;
    const id = hand[0]!;
    // A face of no hand card and not faceup: a discard the rules cannot refuse until it turns.
    const lie = [...Array(52).keys()].find(
      (face) => ![...faces.values()].includes(face) && !state.hand.faces.includes(face),
    )!;
    table.play(seat, makeAct({ type: 'DISCARD', card: id, face: lie }));
    // The card carries its player's layer alone: its own unlock turns it, and refutes its claim.
    expect(table.replicas[0]!.owed()).toEqual([{ seat, kind: 'UNLOCK' }]);
    table.duty(seat);
    for (const replica of table.replicas) {
      expect(replica.offences()).toEqual([{ seat, reason: 'ERR_FACE_MISMATCH', event: 'reveal' }]);
      expect(replica.outcome()).toMatchObject({ result: 'win', winners: [1 - seat] });
      expect(replica.state.game.hand.pending).toEqual({ seat, card: id, face: lie });
    }
  });
});

/**
 * Each seat holds 5 red and two blacks whose values are 10 and 10, or 10 and 1; the
 * upcard and the stock's top 3 are red. Whoever deals, when each mover discards its
 * highest black: player one 10 (takes the red upcard), the dealer 10 (draws red),
 * player one its last black (draws red: 7 red), the dealer its last black, making 31
 * (draws red: 7 red too, and it opens the next round).
 */
const SEVENS = dealOf('2h 3h 4h 5h 6h Ks Qs', '2d 3d 4d 5d 6d Kc As', '7h', '8h 9h 10h');

describe('whoever holds seven first goes out first (a stacked deck, real cryptography)', () => {
  /** A table dealt SEVENS, at the first move; `one` is player one. */
  function sevens(): { table: BT; one: Seat; dealer: Seat } {
    const table = newTable();
    stackDeck(table, SEVENS);
    table.dutiesToMove();
    const dealer = table.replicas[0]!.state.game.hand.dealer!;
    return { table, one: 1 - dealer, dealer };
  }

  /** The mover discards its highest black card. */
  function discardBlack(table: BT): void {
    const seat = table.mover()!;
    const blacks = legalOf(table, seat).filter(
      (play) => play.type === 'DISCARD' && colourOf(play.face) === 'black',
    ) as Extract<BlackRedPlay, { type: 'DISCARD' }>[];
    act(table, seat, blacks.sort((a, b) => valueOf(b.face) - valueOf(a.face))[0]!);
  }

  /** Player one's seventh red card drawn: the upcard taken, and three blacks discarded. */
  function toSeventh(table: BT): void {
    for (let i = 0; i < 3; i++) {
      playWords(table);
      discardBlack(table);
    }
  }

  /** Plays the first legal move of every mover until the first hand is scored or the match ends. */
  function playHand(table: BT): void {
    const game = () => table.replicas[0]!.state.game;
    for (let moves = 0; game().history.length === 0 && game().result === null; moves++) {
      if (moves > 200) throw new Error('the hand did not end');
      const seat = table.mover()!;
      act(table, seat, legalOf(table, seat)[0]!);
    }
  }

  test('player one draws its seventh red card: it goes out before the dealer reaches 31', () => {
    const { table, one, dealer } = sevens();
    toSeventh(table);
    const hand = table.replicas[0]!.state.game.hand;
    expect(hand.hands[one]!.map((id) => SEVENS[id]!).every((f) => colourOf(f) === 'red')).toBe(
      true,
    );
    // The table waits on player one alone, and going out is all it may do.
    for (const replica of table.replicas)
      expect(replica.owed()).toEqual([{ seat: one, kind: 'ACT' }]);
    expect(legalOf(table, one).map((play) => play.type)).toEqual(['OUT']);
    expect(legalOf(table, dealer)).toEqual([]);
    playHand(table);
    for (const replica of table.replicas) {
      const { history } = replica.state.game;
      expect(history).toMatchObject([{ seat: one, reason: 'OWN' }]);
      expect(history[0]!.points[one]).toBe(3);
      expect(history[0]!.points[dealer]).toBe(0);
      expect(replica.offences()).toEqual([]);
    }
    expect(table.replicas[1]!.stateHash).toBe(table.replicas[0]!.stateHash);
  });

  test('a player that says it holds no seven while it does loses the match when the hands are shown', () => {
    const { table, one, dealer } = sevens();
    toSeventh(table);
    // The lie: signed with its own key, and nothing public can refute it yet.
    act(table, one, { type: 'NO_SEVEN' });
    expect(table.mover()).toBe(dealer);
    playHand(table);
    for (const replica of table.replicas) {
      const game = replica.state.game;
      expect(game.result).toEqual({
        winner: dealer,
        reason: 'FALSE_CLAIM',
        cheat: one,
        claim: 'NO_SEVEN',
      });
      expect(game.hand.log.at(-1)).toMatchObject({ type: 'CHEAT', seat: one, claim: 'NO_SEVEN' });
      expect(replica.outcome()).toEqual({
        result: 'win',
        winners: [dealer],
        reason: 'FALSE_CLAIM',
      });
    }
  });
});
