/**
 * Batailles et piques when a seat leaves for good (the `LEFT` fact): in
 * every stage the game goes on without it, its army, hand and cards in play
 * leave unseen and no need names them or it again, whatever was under way
 * with it is called off, it keeps its trophies but never wins; refusals
 * change nothing; the audit still judges a fight it fought from the other
 * fighter's copies; and the computer players finish games it left.
 */
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../../src/bots/computer.ts';
import type { Need } from '../../src/engine/game.ts';
import {
  audit,
  batailles,
  chooseAction,
  ownerOf,
  type BataillesPlay,
  type BataillesState,
} from '../../src/engine/games/batailles/index.ts';
import {
  DEAL,
  U,
  cardOf,
  knownOf,
  layAll,
  must,
  opened,
  play,
  randomDeal,
  settle,
  started,
  type Played,
  endgame,
} from './helpers/batailles.ts';
import { tell } from './helpers.ts';

const KING = 13;
const MINE = 14;

const card = (seat: number, face: number) => cardOf(DEAL, seat, face);

/** `seat` leaves; then the table answers what follows, as it asks `needs` afresh. */
const leaves = (p: Played, seat: number): Played =>
  settle({ ...p, state: must(p.state, { type: 'LEFT', seat }) }, DEAL);

/** Every need of `state` that asks anything of `seat` or names one of its cards. */
function asking(state: BataillesState, seat: number): Need[] {
  const its = (cards: readonly number[]) => cards.some((c) => ownerOf(c) === seat);
  return batailles.needs(state).filter((need) => {
    switch (need.type) {
      case 'ACT':
        return need.seats.includes(seat) || (need.optional ?? []).includes(seat);
      case 'DEAL':
        return need.to === seat || its(need.cards);
      case 'SHOW':
        return need.to.includes(seat) || its(need.cards);
      case 'REVEAL':
        return its(need.cards);
      case 'REMASK':
        return need.seat === seat || its(need.cards);
      case 'RECORD':
        return its(need.cards) || (need.as ?? []).includes(seat);
      default:
        return false;
    }
  });
}

/** Both fighters say `deaths`, the table answering nothing yet: the reveals stay owed. */
const said = (state: BataillesState, first: number, second: number, deaths: number[]) =>
  must(must(state, { type: 'ANNOUNCE', deaths, seat: first }), {
    type: 'ANNOUNCE',
    deaths,
    seat: second,
  });

/** Both fighters say `deaths`, and the table answers what follows. */
const agreed = (p: Played, first: number, second: number, deaths: number[]): Played =>
  settle({ ...p, state: said(p.state, first, second, deaths) }, DEAL);

/** What the seat's `legalActions` hold, from the faces it reads. */
const legal = (state: BataillesState, seat: number) =>
  batailles.legalActions(state, seat, knownOf(state, DEAL, seat)) as BataillesPlay[];

/** The cards a move names as targets or peeks at. */
const aimedAt = (move: BataillesPlay): number[] =>
  move.type === 'ATTACK'
    ? [...move.targets]
    : move.type === 'TEAMWORK'
      ? [move.target]
      : move.type === 'PEEK' && move.card !== null
        ? [move.card]
        : [];

/** Seat 1's Spy (2) kills seat 0's King: the fight's words are said, the King's reveal owed. */
function kingKilled(): Played {
  const five = card(0, U(5));
  let p = play(opened(), DEAL, 2, { type: 'ATTACK', unit: card(2, U(9)), targets: [five] });
  p = agreed(p, 2, 0, [five]);
  p = play(p, DEAL, 0, { type: 'REPLACE', cards: [card(0, KING)] });
  const four = card(1, U(4));
  p = play(p, DEAL, 0, { type: 'ATTACK', unit: card(0, U(7)), targets: [four] });
  p = agreed(p, 0, 1, [four]);
  p = play(p, DEAL, 1, { type: 'REPLACE', cards: [card(1, U(2))] });
  const king = card(0, KING);
  p = play(p, DEAL, 1, { type: 'ATTACK', unit: card(1, U(2)), targets: [king] });
  return { ...p, state: said(p.state, 1, 0, [king]) };
}

describe('the opening', () => {
  test('before any deal: no hand is dealt to the leaver', () => {
    const made = batailles.setup({ players: 3 });
    if (!made.ok) throw new Error(made.error);
    expect(batailles.needs(made.value).map((n) => n.type === 'DEAL' && n.to)).toEqual([0, 1, 2]);
    const gone = must(made.value, { type: 'LEFT', seat: 1 });
    expect(batailles.needs(gone)).toEqual([
      { type: 'DEAL', cards: [0, 1, 2, 3, 4, 5], to: 0 },
      { type: 'DEAL', cards: [32, 33, 34, 35, 36, 37], to: 2 },
    ]);
    expect(gone.armies[1]).toEqual([]);
  });

  test('nobody waits on the leaver to lay; its hand and army leave unseen', () => {
    let p = started(3, DEAL);
    p = play(p, DEAL, 0, { type: 'LAY', cards: [card(0, U(5)), card(0, U(7))] });
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [1, 2] }]);
    p = leaves(p, 1);
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [2] }]);
    expect(p.state.left).toEqual([1]);
    expect(p.state.hands[1]).toEqual([]);
    expect(p.state.armies[1]).toEqual([]);
    expect(p.state.play[1]).toEqual([null, null]);
    expect(p.state.log.at(-1)).toEqual({ type: 'LEFT', seat: 1 });
    // The last lay starts the turns: the others draw up, the coins are drawn.
    p = play(p, DEAL, 2, { type: 'LAY', cards: [card(2, U(9)), card(2, U(3))] });
    expect(p.state.stage).toEqual({ type: 'TURN' });
    expect(p.state.hands.map((h) => h.length)).toEqual([6, 0, 6]);
    expect(batailles.needs(p.state)).toEqual([{ type: 'COIN' }]);
  });

  test('a leaver that had laid takes its cards in play along', () => {
    let p = started(3, DEAL);
    p = play(p, DEAL, 0, { type: 'LAY', cards: [card(0, U(5)), card(0, U(7))] });
    expect(p.state.play[0]).toEqual([card(0, U(5)), card(0, U(7))]);
    p = leaves(p, 0);
    expect(p.state.play[0]).toEqual([null, null]);
    expect(p.state.hands[0]).toEqual([]);
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [1, 2] }]);
  });

  test('the last seat waited on leaves: the turns begin, and its hand is never refilled', () => {
    let p = started(3, DEAL);
    p = play(p, DEAL, 0, { type: 'LAY', cards: [card(0, U(5)), card(0, U(7))] });
    p = play(p, DEAL, 1, { type: 'LAY', cards: [card(1, U(12)), card(1, U(4))] });
    p = leaves(p, 2);
    expect(p.state.stage).toEqual({ type: 'TURN' });
    expect(p.state.hands.map((h) => h.length)).toEqual([6, 6, 0]);
    expect(batailles.needs(p.state)).toEqual([{ type: 'COIN' }]);
    expect(p.state.result).toBeNull();
  });
});

describe('the first player', () => {
  test('a number naming the leaver draws again, like one past the last seat', () => {
    const laid = layAll(started(3, DEAL), DEAL, [
      [U(5), U(7)],
      [U(12), U(4)],
      [U(9), U(3)],
    ]);
    // Without a leaver, 1, 0 names seat 2.
    expect(settle(laid, DEAL, [1, 0]).state.first).toBe(2);
    // One bit drawn when seat 2 leaves: the rest of the number still names it, so it draws again.
    const half = must(laid.state, { type: 'COIN', bit: 1 });
    const gone = must(half, { type: 'LEFT', seat: 2 });
    expect(gone.bits).toEqual([1]);
    expect(batailles.needs(gone)).toEqual([{ type: 'COIN' }]);
    const again = must(gone, { type: 'COIN', bit: 0 });
    expect(again).toMatchObject({ first: null, bits: [] });
    expect(batailles.needs(again)).toEqual([{ type: 'COIN' }]);
    const first = settle({ ...laid, state: again }, DEAL, [0, 1]);
    expect(first.state.first).toBe(1);
    expect(batailles.needs(first.state)).toEqual([{ type: 'ACT', seats: [1] }]);
  });

  test('seat 0 leaving before the first is drawn: the coins still name the first', () => {
    const laid = layAll(started(3, DEAL), DEAL, [
      [U(5), U(7)],
      [U(12), U(4)],
      [U(9), U(3)],
    ]);
    expect(laid.state.turn).toBe(0);
    const gone = leaves(laid, 0);
    expect(gone.state.first).toBeNull();
    expect(batailles.needs(gone.state)).toEqual([{ type: 'COIN' }]);
    expect(settle(gone, DEAL, [0, 0, 1, 0]).state).toMatchObject({ first: 2, turn: 2 });
  });
});

describe('a turn', () => {
  test("the leaver's turn passes to the next seat with a card in play", () => {
    const p = leaves(opened(), 2);
    expect(p.state.turn).toBe(0);
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [0] }]);
    expect(legal(p.state, 2)).toEqual([]);
  });

  test("another's turn goes on, and nothing of the leaver's can be attacked any more", () => {
    const before = opened();
    expect(
      legal(before.state, 2)
        .flatMap(aimedAt)
        .some((c) => ownerOf(c) === 1),
    ).toBe(true);
    const p = leaves(before, 1);
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [2] }]);
    const moves = legal(p.state, 2);
    expect(moves.some((m) => m.type === 'ATTACK')).toBe(true);
    expect(moves.flatMap(aimedAt).every((c) => ownerOf(c) === 0)).toBe(true);
    expect(
      tell(batailles, p.state, {
        type: 'ATTACK',
        unit: card(2, U(9)),
        targets: [card(1, U(12))],
        seat: 2,
      } as never),
    ).toEqual({ ok: false, error: 'ERR_TARGETS' });
  });

  test('the leaver owes nothing and may do nothing: its moves are refused', () => {
    const p = leaves(opened(), 0);
    const { state } = p;
    for (const move of [{ type: 'PASS' }, { type: 'STOP' }, { type: 'PEEK', card: null }])
      expect(tell(batailles, state, { ...move, seat: 0 } as never)).toEqual({
        ok: false,
        error: 'ERR_NOT_YOUR_MOVE',
      });
    expect(legal(state, 0)).toEqual([]);
  });
});

describe('a fight', () => {
  test('the defender leaves: called off, no deaths, the attacker plays again with its Teamwork back', () => {
    const { state } = opened();
    const twelve = card(1, U(12));
    let p = play({ state, exhibits: [] }, DEAL, 2, { type: 'TEAMWORK', target: twelve });
    expect(p.state.teamwork).toEqual([2, 2, 1]);
    p = play(p, DEAL, 1, { type: 'ANNOUNCE', deaths: [twelve, card(2, U(9))] });
    p = leaves(p, 1);
    expect(p.state).toMatchObject({ fight: null, fights: [], turn: 2, stage: { type: 'TURN' } });
    expect(p.state.teamwork).toEqual([2, 2, 2]);
    expect(p.state.trophies).toEqual([[], [], []]);
    expect(p.state.play[2]).toEqual([card(2, U(9)), card(2, U(3))]);
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [2] }]);
  });

  test('the defender leaves before the show: the show is never asked for; a single attack spends nothing', () => {
    const five = card(0, U(5));
    const attacking = must(opened().state, {
      type: 'ATTACK',
      unit: card(2, U(9)),
      targets: [five],
      seat: 2,
    });
    expect(batailles.needs(attacking)[0]).toMatchObject({ type: 'SHOW', to: [2, 0] });
    const gone = must(attacking, { type: 'LEFT', seat: 0 });
    expect(batailles.needs(gone)).toEqual([{ type: 'ACT', seats: [2] }]);
    expect(gone.teamwork).toEqual([2, 2, 2]);
    expect(gone.fight).toBeNull();
  });

  test('the attacker leaves: called off, the turn passes on from it', () => {
    const five = card(0, U(5));
    let p = play(opened(), DEAL, 2, { type: 'ATTACK', unit: card(2, U(9)), targets: [five] });
    p = play(p, DEAL, 2, { type: 'ANNOUNCE', deaths: [five] });
    p = leaves(p, 2);
    expect(p.state).toMatchObject({ fight: null, fights: [], turn: 0 });
    expect(p.state.play[0]).toEqual([five, card(0, U(7))]);
    expect(p.state.faces[five]).toBeNull();
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [0] }]);
  });

  test('a fight of two others goes on untouched', () => {
    const five = card(0, U(5));
    let p = play(opened(), DEAL, 2, { type: 'ATTACK', unit: card(2, U(9)), targets: [five] });
    const fight = p.state.fight;
    p = leaves(p, 1);
    expect(p.state.fight).toEqual(fight);
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [2] }]);
    p = agreed(p, 2, 0, [five]);
    expect(p.state.trophies[2]).toEqual([five]);
    expect(p.state.fights).toHaveLength(1);
  });
});

describe('the dead of a fight', () => {
  test("the leaver's dead card is never revealed; the other's still dies, for the leaver's trophies", () => {
    const [twelve, nine] = [card(1, U(12)), card(2, U(9))];
    const p = play(opened(), DEAL, 2, { type: 'TEAMWORK', target: twelve });
    const dying = said(p.state, 1, 2, [twelve, nine]);
    expect(batailles.needs(dying)).toEqual([{ type: 'REVEAL', cards: [twelve, nine] }]);
    const gone = must(dying, { type: 'LEFT', seat: 2 });
    expect(batailles.needs(gone)).toEqual([{ type: 'REVEAL', cards: [twelve] }]);
    const after = settle({ ...p, state: gone }, DEAL);
    expect(after.state.faces[nine]).toBeNull();
    expect(after.state.trophies).toEqual([[], [], [twelve]]);
    expect(after.state.log.filter((e) => e.type === 'DEATH')).toEqual([
      { type: 'DEATH', card: twelve, face: U(12), owner: 1, killer: 2 },
    ]);
    // Seat 1 replaces; the turn then passes on from the leaver.
    expect(batailles.needs(after.state)).toEqual([{ type: 'ACT', seats: [1] }]);
    const next = play(after, DEAL, 1, { type: 'REPLACE', cards: [card(1, KING)] });
    expect(next.state.turn).toBe(0);
    expect(next.state.fights).toHaveLength(1);
  });

  test('with the rest already revealed, the dead are buried at once', () => {
    const [twelve, nine] = [card(1, U(12)), card(2, U(9))];
    const p = play(opened(), DEAL, 2, { type: 'TEAMWORK', target: twelve });
    const half = must(said(p.state, 1, 2, [twelve, nine]), {
      type: 'REVEAL',
      card: twelve,
      face: U(12),
    });
    const gone = must(half, { type: 'LEFT', seat: 2 });
    expect(gone.stage).toEqual({ type: 'REPLACE', seats: [1], peekers: [] });
    expect(gone.trophies[2]).toEqual([twelve]);
    expect(gone.play[1]).toEqual([null, card(1, U(4))]);
  });

  test("the leaver's dead card already faceup still dies, for the other fighter", () => {
    const [twelve, nine] = [card(1, U(12)), card(2, U(9))];
    const p = play(opened(), DEAL, 2, { type: 'TEAMWORK', target: twelve });
    const half = must(said(p.state, 1, 2, [twelve, nine]), {
      type: 'REVEAL',
      card: nine,
      face: U(9),
    });
    const gone = must(half, { type: 'LEFT', seat: 2 });
    expect(batailles.needs(gone)).toEqual([{ type: 'REVEAL', cards: [twelve] }]);
    const after = settle({ ...p, state: gone }, DEAL).state;
    expect(after.trophies).toEqual([[], [nine], [twelve]]);
    expect(after.stage).toEqual({ type: 'REPLACE', seats: [1], peekers: [] });
  });

  test('only the leaver dies: nothing to reveal, the turn goes on', () => {
    const five = card(0, U(5));
    const p = play(opened(), DEAL, 2, { type: 'ATTACK', unit: card(2, U(9)), targets: [five] });
    const gone = must(said(p.state, 2, 0, [five]), { type: 'LEFT', seat: 0 });
    expect(gone.faces[five]).toBeNull();
    expect(gone.trophies).toEqual([[], [], []]);
    // From seat 2's turn: seat 0 has left, seat 1 is next.
    expect(gone.stage).toEqual({ type: 'TURN' });
    expect(gone.turn).toBe(1);
    expect(batailles.needs(gone)).toEqual([{ type: 'ACT', seats: [1] }]);
  });

  test('a leaver that killed a King peeks at nothing', () => {
    const p = kingKilled();
    const king = card(0, KING);
    const gone = settle({ ...p, state: must(p.state, { type: 'LEFT', seat: 1 }) }, DEAL);
    expect(gone.state.trophies[1]).toEqual([king]);
    expect(gone.state.stage).toEqual({ type: 'REPLACE', seats: [0], peekers: [] });
    const next = play(gone, DEAL, 0, { type: 'REPLACE', cards: [card(0, U(10))] });
    expect(next.state.stage).toEqual({ type: 'TURN' });
    expect(next.state.turn).toBe(2);
  });
});

describe('replacing', () => {
  test('the leaver leaves the seats that replace; the others still do', () => {
    const [twelve, nine] = [card(1, U(12)), card(2, U(9))];
    let p = play(opened(), DEAL, 2, { type: 'TEAMWORK', target: twelve });
    p = agreed(p, 1, 2, [twelve, nine]);
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [1, 2] }]);
    p = leaves(p, 1);
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [2] }]);
    p = play(p, DEAL, 2, { type: 'REPLACE', cards: [card(2, U(13))] });
    expect(p.state.stage).toEqual({ type: 'TURN' });
    expect(p.state.turn).toBe(0);
  });

  test('with nobody left to replace, the peeks come next', () => {
    let p = kingKilled();
    p = settle(p, DEAL);
    expect(p.state.stage).toEqual({ type: 'REPLACE', seats: [0], peekers: [1] });
    p = leaves(p, 0);
    expect(p.state.stage).toEqual({ type: 'PEEK', seats: [1], card: null });
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [1] }]);
    expect(legal(p.state, 1).map((m) => (m as { card: number | null }).card)).toEqual([
      null,
      card(2, U(9)),
      card(2, U(3)),
    ]);
  });

  test('a King-killer that leaves while the owner replaces peeks at nothing', () => {
    const p = leaves(settle(kingKilled(), DEAL), 1);
    expect(p.state.stage).toEqual({ type: 'REPLACE', seats: [0], peekers: [] });
    const next = play(p, DEAL, 0, { type: 'REPLACE', cards: [card(0, U(10))] });
    expect(next.state.stage).toEqual({ type: 'TURN' });
  });
});

describe('peeking', () => {
  /** Seat 1 killed seat 0's King; seat 0 has replaced: seat 1 owes its peek. */
  const peeking = () =>
    play(settle(kingKilled(), DEAL), DEAL, 0, { type: 'REPLACE', cards: [card(0, U(10))] });

  test('the peeker leaves: its peek is spent, the turn passes on from it', () => {
    let p = peeking();
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [1] }]);
    p = leaves(p, 1);
    expect(p.state.stage).toEqual({ type: 'TURN' });
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [2] }]);
  });

  test("a peek at the leaver's card is called off and counts as spent", () => {
    const nine = card(2, U(9));
    const p = peeking();
    const chosen = must(p.state, { type: 'PEEK', card: nine, seat: 1 });
    expect(batailles.needs(chosen)).toEqual([{ type: 'SHOW', cards: [nine], to: [1, 2] }]);
    const gone = settle({ ...p, state: must(chosen, { type: 'LEFT', seat: 2 }) }, DEAL);
    expect(gone.state.stage).toEqual({ type: 'TURN' });
    // From seat 1's turn: seat 2 has left, seat 0 is next.
    expect(batailles.needs(gone.state)).toEqual([{ type: 'ACT', seats: [0] }]);
    expect(gone.state.log.filter((e) => e.type === 'PEEK')).toEqual([]);
  });

  test("a peek at a third seat's card goes on", () => {
    const ten = card(0, U(10));
    const chosen = must(peeking().state, { type: 'PEEK', card: ten, seat: 1 });
    const gone = must(chosen, { type: 'LEFT', seat: 2 });
    expect(batailles.needs(gone)).toEqual([{ type: 'SHOW', cards: [ten], to: [1, 0] }]);
  });
});

describe('the Slacker', () => {
  /** Seat 2 swaps its 3 for its Spy; the exhibit is kept, the deal of the 3 back to it is owed. */
  function slacking(): BataillesState {
    const { state } = opened();
    const swapped = must(state, {
      type: 'SLACKER',
      unit: card(2, U(3)),
      card: card(2, U(1)),
      seat: 2,
    });
    return must(swapped, { type: 'RECORDED', cards: [card(2, U(9)), card(2, U(1))] });
  }

  test('its player leaves before the deal or the re-mask: dropped, the turn passes on', () => {
    const dealing = slacking();
    expect(batailles.needs(dealing)).toEqual([{ type: 'DEAL', cards: [card(2, U(3))], to: 2 }]);
    const masking = must(dealing, { type: 'DEALT', cards: [card(2, U(3))], to: 2 });
    expect(batailles.needs(masking)[0]).toMatchObject({ type: 'REMASK', seat: 2 });
    for (const state of [dealing, masking]) {
      const gone = must(state, { type: 'LEFT', seat: 2 });
      expect(gone.stage).toEqual({ type: 'TURN' });
      expect(batailles.needs(gone)).toEqual([{ type: 'ACT', seats: [0] }]);
    }
  });

  test("another's Slacker goes on", () => {
    const gone = must(slacking(), { type: 'LEFT', seat: 1 });
    expect(batailles.needs(gone)).toEqual([{ type: 'DEAL', cards: [card(2, U(3))], to: 2 }]);
  });
});

describe('the end', () => {
  test('a leaving that leaves one seat in play ends the game at once; the leaver never wins', () => {
    const p = endgame(
      [
        [card(0, U(5)), null],
        [card(1, U(12)), null],
        [null, null],
      ],
      0,
      [[card(2, U(9))], [card(2, U(3)), card(2, KING)], []],
    );
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [0] }]);
    const gone = leaves(p, 1).state;
    expect(gone.result).toEqual({ reason: 'SCORE', scores: [1, 3, 0], winners: [0] });
    expect(batailles.outcome(gone)).toEqual({ result: 'win', winners: [0], reason: 'POINTS' });
    expect(gone.log.slice(-2)).toEqual([
      { type: 'LEFT', seat: 1 },
      { type: 'END', scores: [1, 3, 0] },
    ]);
    expect(batailles.needs(gone)).toEqual([]);
    expect(batailles.recap!(gone, ['Ada', 'Bea', 'Cat'])).toBe(
      '0 fights, points Ada 1, Bea 3, Cat 0; Bea left',
    );
    // Its points stay on the board.
    expect(batailles.view(gone, 0).seats[1]).toMatchObject({ score: 3, left: true, active: false });
  });

  test('the seats that stay share the win on equal points, however many the leaver has', () => {
    const p = endgame(
      [
        [card(0, U(5)), null],
        [card(1, U(12)), null],
        [card(2, U(9)), null],
      ],
      0,
      [[card(2, U(3))], [card(0, U(7)), card(0, KING)], [card(1, U(4))]],
    );
    let q = leaves(p, 1);
    expect(q.state.result).toBeNull();
    q = play(q, DEAL, 0, { type: 'ATTACK', unit: card(0, U(5)), targets: [card(2, U(9))] });
    q = agreed(q, 0, 2, [card(0, U(5))]);
    expect(q.state.result).toEqual({ reason: 'SCORE', scores: [1, 3, 2], winners: [2] });
  });

  test('a seat that passed, the leaver gone: every seat still in play passed ends it as always', () => {
    const mine0 = card(0, MINE);
    const p = endgame(
      [
        [mine0, null],
        [card(1, U(12)), null],
        [card(2, MINE), null],
      ],
      0,
      [[], [], []],
    );
    let q = play(p, DEAL, 0, { type: 'PASS' });
    expect(q.state.turn).toBe(1);
    q = leaves(q, 1);
    expect(batailles.needs(q.state)).toEqual([{ type: 'ACT', seats: [2] }]);
    q = play(q, DEAL, 2, { type: 'PASS' });
    expect(q.state.result).toEqual({ reason: 'SCORE', scores: [0, 0, 0], winners: [0, 2] });
  });
});

describe('the computer player', () => {
  test('stops once it leads the seats that stay, however many points the leaver has', () => {
    const [mine0, twelve, four] = [card(0, MINE), card(1, U(12)), card(2, U(4))];
    const p = endgame(
      [
        [mine0, null],
        [twelve, null],
        [four, null],
      ],
      2,
      [[], [card(0, U(5)), card(0, KING)], [card(1, U(4))]],
    );
    const state = { ...leaves(p, 1).state, passed: [true, false, false] };
    const known = knownOf(state, DEAL, 2);
    const moves = legal(state, 2);
    expect(moves).toContainEqual({ type: 'STOP', seat: 2 });
    expect(moves.flatMap(aimedAt)).toEqual([mine0]);
    const choice = chooseAction(batailles.view(state, 2, known), moves, () => 0, known);
    expect(choice).toEqual({ type: 'STOP', seat: 2 });
  });
});

describe('refusals change nothing', () => {
  test('a seat out of range, a seat that has left, a game over', () => {
    const once = leaves(opened(), 1).state;
    const before = JSON.stringify(once);
    const bad: [Record<string, unknown>, string][] = [
      [{ type: 'LEFT', seat: 1 }, 'ERR_LEFT'],
      [{ type: 'LEFT', seat: 3 }, 'ERR_SEAT'],
      [{ type: 'LEFT', seat: -1 }, 'ERR_SEAT'],
      [{ type: 'LEFT', seat: 0.5 }, 'ERR_SEAT'],
      [{ type: 'LEFT', seat: '0' }, 'ERR_SEAT'],
      [{ type: 'LEFT' }, 'ERR_SEAT'],
      // The table sets `seen` on moves alone: a LEFT sent as a move stays refused.
      [{ type: 'LEFT', seat: 0, seen: 3 }, 'ERR_ACTION'],
    ];
    for (const [input, error] of bad) {
      const result = tell(batailles, once, input as never);
      expect([input, result.ok ? 'applied' : result.error]).toEqual([input, error]);
    }
    expect(JSON.stringify(once)).toBe(before);
    const over = { ...once, result: { reason: 'SCORE' as const, scores: [0, 0, 0], winners: [0] } };
    expect(batailles.fact(over, { type: 'LEFT', seat: 2 })).toEqual({
      ok: false,
      error: 'ERR_GAME_OVER',
    });
  });

  test('a game nobody leaves has no trace of leaving in its state', () => {
    const { state } = opened();
    expect('left' in state).toBe(false);
    expect(batailles.view(state, 0).seats.map((s) => s.left)).toEqual([false, false, false]);
  });
});

describe('what a seat sees', () => {
  test('the leaver shows as left, with no hand and no army; it sees its own hand empty', () => {
    const gone = leaves(opened(), 1).state;
    const seats = batailles.view(gone, 0).seats;
    expect(seats.map((s) => s.left)).toEqual([false, true, false]);
    expect(seats[1]).toMatchObject({ hand: 0, army: 0, active: false, play: [null, null] });
    expect(seats[0]).toMatchObject({ hand: 6, army: 8 });
    expect(batailles.view(gone, 1).hand).toEqual([]);
  });
});

/**
 * The exhibits as the audit opens them once `leaver` is gone: every card
 * recorded as the leaver held it stays closed (-1), since only its keys open
 * it; every other is open.
 */
const withoutKeysOf = (
  exhibits: readonly (readonly number[])[],
  holders: readonly (readonly number[])[],
  leaver: number,
) => exhibits.map((faces, i) => faces.map((f, j) => (holders[i]![j] === leaver ? -1 : f)));

/** The stages a seat may leave in, the first player's draw apart (`COIN`). */
const STAGES = ['OPENING', 'COIN', 'TURN', 'FIGHT', 'DEATHS', 'REPLACE', 'PEEK', 'SLACKER'];

const stageOf = (state: BataillesState): string =>
  state.stage.type === 'TURN' && state.first === null ? 'COIN' : state.stage.type;

/** A seat that the step under way involves (the turn player, a fighter, a peeker, ...); `other` picks the second where there are two. */
function involved(state: BataillesState, other: boolean): number {
  const { stage, fight } = state;
  switch (stage.type) {
    case 'FIGHT':
      return other ? fight!.defender : fight!.attacker;
    case 'DEATHS':
      return ownerOf((other ? stage.cards.at(-1) : stage.cards[0])!);
    case 'REPLACE':
      return stage.seats[0]!;
    case 'PEEK':
      return stage.card !== null && other ? ownerOf(stage.card) : stage.seats[0]!;
    case 'SLACKER':
      return stage.seat;
    default:
      return state.turn;
  }
}

/** The table's honest answer to a need that is not a move: one fact, one card revealed at a time. */
function answer(state: BataillesState, need: Need, deal: readonly number[], bit: number) {
  switch (need.type) {
    case 'DEAL':
      return must(state, { type: 'DEALT', cards: [...need.cards], to: need.to });
    case 'SHOW':
      return must(state, { type: 'SHOWN', cards: [...need.cards], to: [...need.to] });
    case 'REVEAL':
      return must(state, { type: 'REVEAL', card: need.cards[0]!, face: deal[need.cards[0]!]! });
    case 'REMASK':
      return must(state, { type: 'REMASKED', seat: need.seat, cards: [...need.cards] });
    case 'COIN':
      return must(state, { type: 'COIN', bit });
    default:
      throw new Error(`no answer for ${need.type}`);
  }
}

describe('computer players play on after a leaving', () => {
  test('whole games to the end, the leaver leaving in every stage: nothing asks it anything, it never wins, the audit names nobody', () => {
    const left = new Map<string, number>();
    for (let game = 0; game < 64; game++) {
      const random = seededRandom(500 + game);
      const players = 3 + (Math.floor(game / STAGES.length) % 4);
      const deal = randomDeal(players, random);
      // Each game leaves at one kind of step, at its first, second or third time.
      const target = STAGES[game % STAGES.length]!;
      let skip = Math.floor(random() * 3);
      const made = batailles.setup({ players });
      if (!made.ok) throw new Error(made.error);
      let state = made.value;
      const exhibits: number[][] = [];
      const holders: number[][] = [];
      let leaver: number | null = null;
      for (let step = 0; state.result === null; step++) {
        if (step > 4000) throw new Error('no end');
        const need = batailles.needs(state)[0]!;
        // The table keeps an exhibit at once: nobody leaves while one is owed.
        if (leaver === null && need.type !== 'RECORD' && stageOf(state) === target && skip-- <= 0) {
          // Half the games, a seat the step involves; the others, any seat.
          leaver =
            game % 2 === 0 ? involved(state, random() < 0.5) : Math.floor(random() * players);
          state = must(state, { type: 'LEFT', seat: leaver });
          left.set(target, (left.get(target) ?? 0) + 1);
          continue;
        }
        if (leaver !== null) {
          expect(asking(state, leaver)).toEqual([]);
          expect(batailles.legalActions(state, leaver, knownOf(state, deal, leaver))).toEqual([]);
        }
        if (need.type === 'ACT') {
          const seat = need.seats[0]!;
          const known = knownOf(state, deal, seat);
          const moves = batailles.legalActions(state, seat, known) as BataillesPlay[];
          const choice = chooseAction(batailles.view(state, seat, known), moves, random, known)!;
          if (leaver !== null)
            expect(aimedAt(choice).filter((c) => ownerOf(c) === leaver)).toEqual([]);
          state = must(state, choice);
        } else if (need.type === 'RECORD') {
          exhibits.push(need.cards.map((c) => deal[c]!));
          holders.push([...need.as!]);
          state = must(state, { type: 'RECORDED', cards: [...need.cards] });
        } else state = answer(state, need, deal, Math.floor(random() * 2));
      }
      if (leaver === null) continue;
      expect(state.result.reason).toBe('SCORE');
      expect(state.result.winners).not.toContain(leaver);
      expect(state.result.winners.length).toBeGreaterThan(0);
      expect(audit(state, withoutKeysOf(exhibits, holders, leaver))).toEqual([]);
    }
    // Every stage saw leavers, most of them in several games.
    expect([...left.keys()].sort()).toEqual([...STAGES].sort());
    expect([...left.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(48);
  });
});
