/**
 * Black & Red's rules without cryptography: named deals with the moves they
 * allow, every refusal code, rounds that end at 31 and on two goes, the
 * upcard as player one's first draw, each player's word on its hand after
 * the deal and every draw, the discards turned into a new stock mid-hand,
 * every way a hand is scored, the claims that catch a hidden lie,
 * the match to 11, what each seat sees, and the computer player against a
 * random legal player.
 */
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../../src/bots/computer.ts';
import {
  blackred,
  chooseAction,
  claimBroken,
  closeOdds,
  fits,
  goalColour,
  valueOf,
  type BlackRedState,
  type Hand,
  type Round,
} from '../../src/engine/games/blackred/index.ts';
import {
  Match,
  card,
  cards,
  dealOf,
  firstLegal,
  must,
  nameOf,
  randomDeal,
  type Chooser,
} from './helpers/blackred.ts';
import { tell } from './helpers.ts';

/** Seat 0 red (player one, seat 1 deals), seat 1 black; the stock's top cards named. */
const OPENING = dealOf('Kh Qh 5h 9s 8s 7s 2c', 'Kd 10d 9d Qs Js 3c 4c', '6h', '10h 2s Ad 5c');

/** A match whose seat `seat` says its words on its hand as the test makes it, true or not. */
const scripted = (deal: ReturnType<typeof dealOf>, seat: number, dealer = 1): Match =>
  new Match(deal, dealer, seededRandom(1), [], seat);

const round = (colour: Round['colour'], total: number): Round => ({
  colour,
  total,
  cards: colour === null ? 0 : 1,
  goes: 0,
  last: 1,
});

/** The move names `seat` may make: a discard by its card's name. */
const legalNames = (match: Match, seat: number) =>
  match.legal(seat).map((play) => (play.type === 'DISCARD' ? nameOf(play.face) : play.type));

/** The match with the hand under way changed by `change` (a state the table could reach). */
function withHand(match: Match, change: (hand: Hand) => Partial<Hand>): Match {
  match.state = { ...match.state, hand: { ...match.state.hand, ...change(match.state.hand) } };
  return match;
}

/** The stock emptied onto the pile as earlier rounds' discards, every face public. */
function exhausted(match: Match): Match {
  return withHand(match, (hand) => ({
    stock: [],
    pile: [...hand.stock, ...hand.pile],
    faces: hand.faces.map((face, id) => (hand.stock.includes(id) ? match.faces[id]! : face)),
  }));
}

describe('values and fitting discards', () => {
  test.each([
    ['Ah', 1],
    ['2c', 2],
    ['9d', 9],
    ['10s', 10],
    ['Js', 10],
    ['Qh', 10],
    ['Kc', 10],
  ])('%s is worth %i', (name, value) => {
    expect(valueOf(card(name))).toBe(value);
  });

  test.each([
    { name: 'a new round takes any colour', round: round(null, 0), card: 'Ks', fits: true },
    { name: 'the round colour, under 31', round: round('red', 20), card: '10h', fits: true },
    { name: 'exactly 31', round: round('red', 21), card: 'Qd', fits: true },
    { name: 'over 31', round: round('red', 22), card: 'Qd', fits: false },
    { name: 'the other colour', round: round('red', 2), card: '2s', fits: false },
    { name: 'an Ace at 30', round: round('black', 30), card: 'Ac', fits: true },
  ])('$name', ({ round, card: name, fits: expected }) => {
    expect(fits(round, card(name))).toBe(expected);
  });
});

describe('the deal', () => {
  test('the coin picks the dealer; player one is dealt first, then the upcard decides both colours', () => {
    const made = blackred.setup({});
    if (!made.ok) throw new Error(made.error);
    expect(blackred.needs(made.value)).toEqual([{ type: 'COIN' }]);
    const state = must(made.value, { type: 'COIN', bit: 1 });
    expect(blackred.needs(state)).toEqual([{ type: 'DEAL', cards: [0, 1, 2, 3, 4, 5, 6], to: 0 }]);
    const match = new Match(OPENING, 1);
    expect(match.state.hand.log.map((e) => e.type)).toEqual(['HAND', 'DEAL', 'DEAL', 'UPCARD']);
    expect(blackred.view(match.state, 0).colours).toEqual(['red', 'black']);
    expect(match.mover).toBe(0);
    // A black upcard: player one (seat 1 when seat 0 deals) collects black.
    const black = new Match(dealOf('2h 3h 4h 5h 6h 7h 8s', '2d 3d 4d 5d 6d 7d 8c', '7c'), 0);
    expect(blackred.view(black.state, 0).colours).toEqual(['red', 'black']);
    expect(black.mover).toBe(1);
  });

  test.each([{ x: 1 }, null, 'deck'])('options %j are refused', (options) => {
    expect(blackred.setup(options as never)).toEqual({ ok: false, error: 'ERR_OPTIONS' });
  });
});

describe('legal moves', () => {
  test.each([
    {
      name: 'a round to open: every card',
      round: round(null, 0),
      legal: ['Kh', 'Qh', '5h', '9s', '8s', '7s', '2c'],
    },
    { name: 'red at 21: red worth 10 or less', round: round('red', 21), legal: ['Kh', 'Qh', '5h'] },
    { name: 'red at 26: the 5 only', round: round('red', 26), legal: ['5h'] },
    { name: 'black at 24: 7 and 2', round: round('black', 24), legal: ['7s', '2c'] },
    { name: 'red at 27: nothing fits, go', round: round('red', 27), legal: ['GO'] },
  ])('$name', ({ round: r, legal }) => {
    const match = withHand(new Match(OPENING, 1), () => ({ round: r }));
    expect(legalNames(match, 0)).toEqual(legal);
    expect(legalNames(match, 1)).toEqual([]);
  });

  test('a word on its hand after the deal, player one first: out with seven of one colour, else no seven', () => {
    const seven = scripted(dealOf('2h 3h 4h 5h 6h 7h 8d', '2s 3c', 'Kh'), 0);
    expect(blackred.needs(seven.state)).toEqual([{ type: 'ACT', seats: [0], auto: true }]);
    expect(legalNames(seven, 0)).toEqual(['OUT']);
    expect(legalNames(seven, 1)).toEqual([]);
    const mixed = scripted(OPENING, 1);
    // Player one said no seven; the dealer's word is owed before player one's first move.
    expect(mixed.state.hand.claims).toMatchObject([{ seat: 0, move: 0, go: null }]);
    expect(legalNames(mixed, 1)).toEqual(['NO_SEVEN']);
    expect(legalNames(mixed, 0)).toEqual([]);
    mixed.move({ type: 'NO_SEVEN', seat: 1 });
    expect(blackred.needs(mixed.state)).toEqual([{ type: 'ACT', seats: [0] }]);
  });

  test('a word after every draw, before the opponent may move; a 31 changes nothing', () => {
    // Seat 1 deals, and its words are the test's.
    const match = scripted(OPENING, 1).move({ type: 'NO_SEVEN', seat: 1 }).discard(0, '9s');
    // Player one took the upcard and said its word at once; the dealer moves.
    expect(match.state.hand.claims.at(-1)).toMatchObject({ seat: 0, move: 1, go: null });
    expect(match.mover).toBe(1);
    withHand(match, (hand) => ({ round: { ...hand.round, total: 21 } }));
    // The dealer makes 31: it draws, and its word comes before its next move.
    match.discard(1, 'Qs');
    expect(match.state.hand.log.slice(-2).map((e) => e.type)).toEqual(['ROUND', 'DRAW']);
    expect(blackred.needs(match.state)).toEqual([{ type: 'ACT', seats: [1], auto: true }]);
    expect(legalNames(match, 1)).toEqual(['NO_SEVEN']);
    expect(legalNames(match, 0)).toEqual([]);
  });

  test('without the faces it reads, a seat is offered nothing', () => {
    const match = new Match(OPENING, 1);
    expect(blackred.legalActions(match.state, 0)).toEqual([]);
    expect(blackred.legalActions(match.state, 2, match.known(0))).toEqual([]);
  });
});

describe('refusals', () => {
  const hidden = (match: Match, seat: number, name: string) =>
    match.state.hand.hands[seat]!.find((id) => match.faces[id] === card(name))!;
  test.each<{
    name: string;
    action: (match: Match) => unknown;
    error: string;
    setup?: (match: Match) => Match;
  }>([
    {
      name: 'not its move',
      action: (m) => ({ type: 'DISCARD', seat: 1, card: hidden(m, 1, 'Qs'), face: card('Qs') }),
      error: 'ERR_NOT_YOUR_TURN',
    },
    {
      name: 'a card of the other hand',
      action: (m) => ({ type: 'DISCARD', seat: 0, card: hidden(m, 1, 'Qs'), face: card('Qs') }),
      error: 'ERR_NOT_IN_HAND',
    },
    {
      name: 'no face',
      action: (m) => ({ type: 'DISCARD', seat: 0, card: hidden(m, 0, 'Kh'), face: 52 }),
      error: 'ERR_FACE',
    },
    {
      name: 'the upcard’s face for a hidden card',
      action: (m) => ({ type: 'DISCARD', seat: 0, card: hidden(m, 0, 'Kh'), face: card('6h') }),
      error: 'ERR_FACE_CONFLICT',
    },
    {
      name: 'a card of the wrong colour',
      setup: (m) => withHand(m, () => ({ round: round('black', 3) })),
      action: (m) => ({ type: 'DISCARD', seat: 0, card: hidden(m, 0, 'Kh'), face: card('Kh') }),
      error: 'ERR_COLOUR',
    },
    {
      name: 'over 31',
      setup: (m) => withHand(m, () => ({ round: round('red', 22) })),
      action: (m) => ({ type: 'DISCARD', seat: 0, card: hidden(m, 0, 'Kh'), face: card('Kh') }),
      error: 'ERR_OVER_31',
    },
    {
      name: 'a go that opens a round',
      action: () => ({ type: 'GO', seat: 0 }),
      error: 'ERR_MUST_DISCARD',
    },
    {
      name: 'a fact passed off as a move',
      action: () => ({ type: 'REVEAL', card: 20, face: 3, seen: 4 }),
      error: 'ERR_ACTION',
    },
    { name: 'no action', action: () => null, error: 'ERR_ACTION' },
    { name: 'an unknown move', action: () => ({ type: 'PASS', seat: 0 }), error: 'ERR_ACTION' },
    {
      name: 'a word with no deal or draw to answer',
      action: () => ({ type: 'NO_SEVEN', seat: 0 }),
      error: 'ERR_NO_WORD_OWED',
    },
    {
      name: 'an out at the start of a move',
      action: () => ({ type: 'OUT', seat: 0 }),
      error: 'ERR_NO_WORD_OWED',
    },
    {
      name: 'a discard before its word',
      setup: (m) => withHand(m, () => ({ words: [0] })),
      action: (m) => ({ type: 'DISCARD', seat: 0, card: hidden(m, 0, 'Kh'), face: card('Kh') }),
      error: 'ERR_WORD_OWED',
    },
    {
      name: 'the other seat’s word',
      setup: (m) => withHand(m, () => ({ words: [1] })),
      action: () => ({ type: 'NO_SEVEN', seat: 0 }),
      error: 'ERR_NOT_YOUR_TURN',
    },
    { name: 'no seat', action: () => ({ type: 'GO', seat: 7 }), error: 'ERR_SEAT' },
    { name: 'a coin now', action: () => ({ type: 'COIN', bit: 0 }), error: 'ERR_NOT_NEEDED' },
    { name: 'a shuffle now', action: () => ({ type: 'SHUFFLED' }), error: 'ERR_NOT_NEEDED' },
    {
      name: 'a reveal nobody asked for',
      action: () => ({ type: 'REVEAL', card: 20, face: 3 }),
      error: 'ERR_NOT_NEEDED',
    },
    {
      name: 'a deal nobody asked for',
      action: () => ({ type: 'DEALT', cards: [15], to: 0 }),
      error: 'ERR_NOT_NEEDED',
    },
  ])('$name: $error', ({ action, error, setup }) => {
    const match = (setup ?? ((m: Match) => m))(new Match(OPENING, 1));
    const before = match.state;
    expect(tell(blackred, before, action(match) as never)).toEqual({ ok: false, error });
    expect(match.state).toBe(before);
  });

  test('a go while a faceup hand card fits, and an out with faceup cards of both colours', () => {
    // Player one holds the upcard 6h faceup; a red round at 20 takes it.
    const match = new Match(OPENING, 1).discard(0, '9s');
    withHand(match, () => ({ round: round('red', 20), turn: 0 }));
    expect(tell(blackred, match.state, { type: 'GO', seat: 0 })).toEqual({
      ok: false,
      error: 'ERR_MUST_DISCARD',
    });
    withHand(match, (hand) => ({
      words: [0],
      faces: hand.faces.map((f, id) => (id === 6 ? card('2c') : f)),
    }));
    expect(tell(blackred, match.state, { type: 'OUT', seat: 0 })).toEqual({
      ok: false,
      error: 'ERR_NOT_OUT',
    });
  });

  test('the coin takes a bit; a bad reveal is refused', () => {
    const made = blackred.setup({});
    if (!made.ok) throw new Error(made.error);
    expect(tell(blackred, made.value, { type: 'COIN', bit: 2 })).toEqual({
      ok: false,
      error: 'ERR_BIT',
    });
    let state = must(made.value, { type: 'COIN', bit: 1 });
    state = must(state, { type: 'DEALT', cards: [0, 1, 2, 3, 4, 5, 6], to: 0 });
    state = must(state, { type: 'DEALT', cards: [7, 8, 9, 10, 11, 12, 13], to: 1 });
    expect(tell(blackred, state, { type: 'REVEAL', card: 14, face: -1 })).toEqual({
      ok: false,
      error: 'ERR_FACE',
    });
    const upcard = must(state, { type: 'REVEAL', card: 14, face: 5 });
    expect(upcard.hand.upcardFace).toBe(5);
  });

  test('a discard that shows another face than its player named is refused on reveal', () => {
    const match = new Match(OPENING, 1);
    const id = match.state.hand.hands[0]!.find((c) => match.faces[c] === card('9s'))!;
    // 8c is in the stock, nowhere faceup: the rules cannot refuse the lie until the card turns.
    const lied = must(match.state, { type: 'DISCARD', seat: 0, card: id, face: card('8c') });
    // The reveal judges seat 0's claim: the table names seat 0 if the rules refuse the face.
    expect(blackred.needs(lied)).toEqual([{ type: 'REVEAL', cards: [id], claim: 0 }]);
    expect(tell(blackred, lied, { type: 'REVEAL', card: id, face: card('9s') })).toEqual({
      ok: false,
      error: 'ERR_FACE_MISMATCH',
    });
    expect(tell(blackred, lied, { type: 'REVEAL', card: id, face: card('6h') })).toEqual({
      ok: false,
      error: 'ERR_FACE_CONFLICT',
    });
  });
});

describe('rounds', () => {
  test('a round in black to 30, then two goes: the last discarder opens the next', () => {
    const match = new Match(OPENING, 1).discard(0, '9s');
    // Player one's first draw is the upcard, faceup in its hand; the stock is untouched.
    expect(match.state.hand.hands[0]).toContain(14);
    expect(match.state.hand.stock).toHaveLength(37);
    expect(blackred.view(match.state, 1).opponent.map((c) => c.face)).toContain(card('6h'));
    match.discard(1, 'Qs').discard(0, '8s').discard(1, '3c');
    expect(match.state.hand.round).toMatchObject({ colour: 'black', total: 30, cards: 4 });
    expect(legalNames(match, 0)).toEqual(['GO']);
    match.move({ type: 'GO', seat: 0 });
    expect(match.mover).toBe(1);
    expect(legalNames(match, 1)).toEqual(['GO']);
    match.move({ type: 'GO', seat: 1 });
    expect(match.state.hand.round).toEqual({ colour: null, total: 0, cards: 0, goes: 0, last: 1 });
    expect(match.mover).toBe(1);
    expect(match.state.hand.log.slice(-3).map((e) => e.type)).toEqual(['GO', 'GO', 'ROUND']);
    expect(match.state.hand.log.at(-1)).toEqual({ type: 'ROUND', reason: 'GO', starter: 1 });
    // A go draws nothing: each hand still holds 7.
    expect(match.state.hand.hands.map((h) => h.length)).toEqual([7, 7]);
  });

  test('a discard that makes exactly 31 ends the round; its player draws and opens the next', () => {
    const match = new Match(OPENING, 1).discard(0, '9s').discard(1, 'Qs').discard(0, '8s');
    withHand(match, (hand) => ({ round: { ...hand.round, total: 27 } }));
    match.discard(1, '4c');
    expect(match.state.hand.log.slice(-3)).toMatchObject([
      { type: 'DISCARD', seat: 1, total: 31 },
      { type: 'ROUND', reason: 'LIMIT', starter: 1 },
      { type: 'DRAW', seat: 1 },
    ]);
    expect(match.state.hand.round).toEqual({ colour: null, total: 0, cards: 0, goes: 0, last: 1 });
    expect(match.mover).toBe(1);
  });

  test('a go passes the move; a discard after it clears the go', () => {
    const match = new Match(OPENING, 1).discard(0, '9s').discard(1, 'Qs').discard(0, '8s');
    match.discard(1, '3c');
    match.move({ type: 'GO', seat: 0 });
    expect(match.state.hand.round).toMatchObject({ total: 30, goes: 1 });
    expect(match.mover).toBe(1);
    withHand(match, (hand) => ({ round: { ...hand.round, total: 26 } }));
    expect(legalNames(match, 1)).toEqual(['4c']);
    match.discard(1, '4c');
    expect(match.state.hand.round).toMatchObject({ total: 30, goes: 0, last: 1 });
    expect(match.mover).toBe(0);
  });
});

describe('the discards become a new stock', () => {
  test('stock empty when a draw is owed: the pile but the round’s cards is shuffled and the draw comes from it', () => {
    const match = exhausted(new Match(OPENING, 1).discard(0, '9s').discard(1, 'Qs'));
    const pile = [...match.state.hand.pile];
    const roundCards = pile.slice(-2);
    const id = match.state.hand.hands[0]!.find((c) => match.faces[c] === card('8s'))!;
    match.state = must(match.state, { type: 'DISCARD', seat: 0, card: id, face: card('8s') });
    match.state = must(match.state, { type: 'REVEAL', card: id, face: card('8s') });
    const owed = blackred.needs(match.state);
    const stock = pile.slice(0, -2);
    expect(owed).toEqual([{ type: 'SHUFFLE', cards: stock }]);
    expect(blackred.view(match.state, 0).phase).toBe('RESHUFFLE');
    match.settle();
    const hand = match.state.hand;
    expect(hand.reshuffles).toBe(1);
    expect(hand.pile).toEqual([...roundCards, id]);
    expect(hand.stock).toEqual([...stock].sort((a, b) => a - b).slice(1));
    // Every card of the new stock is facedown again.
    expect(stock.every((s) => hand.faces[s] === null)).toBe(true);
    expect(hand.log.slice(-2)).toEqual([
      { type: 'RESHUFFLE', cards: stock.length, kept: 3 },
      { type: 'DRAW', seat: 0 },
    ]);
    expect(hand.hands[0]).toContain(Math.min(...stock));
    expect(match.known(0).get(Math.min(...stock))).toBe(match.faces[Math.min(...stock)]);
  });

  test.each([
    { name: 'after a round ended at 31, the whole pile', limit: true, kept: 0 },
    { name: 'mid-round, all but the round’s 3 cards', limit: false, kept: 3 },
  ])('$name', ({ limit, kept }) => {
    const match = exhausted(new Match(OPENING, 1).discard(0, '9s').discard(1, 'Qs'));
    withHand(match, (hand) => ({ round: { ...hand.round, total: limit ? 23 : 19 } }));
    const pile = match.state.hand.pile.length;
    match.discard(0, '8s');
    expect(match.state.hand.log.find((e) => e.type === 'RESHUFFLE')).toEqual({
      type: 'RESHUFFLE',
      cards: pile + 1 - kept,
      kept,
    });
    expect(match.state.hand.pile).toHaveLength(kept);
  });

  test('nothing left to reshuffle: the hand is a draw, both hands shown, nobody scores', () => {
    const match = new Match(OPENING, 1).discard(0, '9s');
    withHand(match, () => ({ stock: [], pile: [3], round: round('black', 9) }));
    match.discard(1, 'Qs');
    expect(match.state.history).toMatchObject([
      { number: 1, points: [0, 0], reason: 'STOCK', seat: null },
    ]);
    expect(match.state.hand.log.filter((e) => e.type === 'SHOW')).toHaveLength(2);
    expect(match.state.score).toEqual([0, 0]);
    expect(match.state.between).toBe(true);
  });
});

describe('scoring a hand', () => {
  test.each([
    {
      name: 'player one dealt 7 red: 5',
      deal: dealOf('2h 3h 4h 5h 6h 7h 8d', '2s 3s 4s 5s 6s 7s 8h', 'Kh'),
      moves: [] as string[],
      points: [5, 0],
      reason: 'DEALT',
    },
    {
      name: 'both dealt one colour: 5 each',
      deal: dealOf('2h 3h 4h 5h 6h 7h 8d', '2s 3s 4s 5s 6s 7s 8c', 'Kh'),
      moves: [],
      points: [5, 5],
      reason: 'BOTH_DEALT',
    },
    {
      name: 'the dealer dealt 7 black, at its word after the deal: 5',
      deal: dealOf('2h 3h 4h 5h 6h 7c 8c', '2s 3s 4s 5s 6s 7s 8s', 'Kh'),
      moves: [],
      points: [0, 5],
      reason: 'DEALT',
    },
    {
      name: 'player one out on its own colour once it takes the upcard: 3',
      deal: dealOf('2h 3h 4h 5h 6h 7h 8c', '2s 3s 4s 5s 6s 7d 8d', 'Kh'),
      moves: ['0:8c'],
      points: [3, 0],
      reason: 'OWN',
    },
    {
      name: 'the dealer out on the other colour once it draws: 1',
      deal: dealOf('2h 3h 4h 5h 6h 7c 8c', '2d 3d 4d 5d 6d 7d 8s', 'Kh', '9d'),
      moves: ['0:8c', '1:8s'],
      points: [0, 1],
      reason: 'OTHER',
    },
  ])('$name', ({ deal, moves, points, reason }) => {
    const match = new Match(deal, 1);
    for (const move of moves) {
      const [seat, name] = move.split(':');
      match.discard(Number(seat), name!);
    }
    // The word after the deal or the last draw went out, with nothing more asked of anyone.
    const out = points[0]! > 0 ? 0 : 1;
    expect(match.state.hand.log.filter((e) => e.type === 'OUT')).toEqual([
      { type: 'OUT', seat: out },
    ]);
    expect(match.state.history).toMatchObject([{ points, reason }]);
    expect(match.state.score).toEqual(points);
    const shows = match.state.hand.log.filter((e) => e.type === 'SHOW');
    expect(shows.map((e) => e.type === 'SHOW' && e.faces.length)).toEqual([7, 7]);
    expect(blackred.needs(match.state)).toEqual([
      { type: 'SHUFFLE', cards: [...Array(52).keys()] },
    ]);
    expect(blackred.view(match.state, 0).phase).toBe('NEXT');
  });
});

describe('claims: a lie about a hidden hand loses the match once its cards are shown', () => {
  test.each<{
    name: string;
    deal: ReturnType<typeof dealOf>;
    lie: (m: Match) => void;
    cheat: number;
    claim: string;
    /** The cheat's words on its hand are the test's to make. */
    words?: true;
  }>([
    {
      name: 'a go while a card fitted',
      deal: OPENING,
      lie: (m) => {
        m.discard(0, '9s').discard(1, 'Qs');
        // Black at 19: seat 0 holds 8s, 7s and 2c, yet says go.
        m.move({ type: 'GO', seat: 0 });
      },
      cheat: 0,
      claim: 'GO',
    },
    {
      name: 'no seven while dealt 7 of one colour',
      deal: dealOf('2h 3h 4h 5h 6h 7h 8d', '2s 3s 4s 5s 6s 7d 8c', 'Kc'),
      lie: (m) => m.move({ type: 'NO_SEVEN', seat: 0 }).discard(0, '8d'),
      cheat: 0,
      claim: 'NO_SEVEN',
      words: true,
    },
    {
      name: 'no seven after drawing the seventh',
      deal: dealOf('2h 3h 4h 5h 6h 7h 8c', '2s 3s 4s 5s 6s 7d 8d', 'Kh'),
      lie: (m) =>
        m.move({ type: 'NO_SEVEN', seat: 0 }).discard(0, '8c').move({ type: 'NO_SEVEN', seat: 0 }),
      cheat: 0,
      claim: 'NO_SEVEN',
      words: true,
    },
    {
      name: 'going out without 7 of one colour',
      deal: OPENING,
      lie: (m) => m.move({ type: 'OUT', seat: 0 }),
      cheat: 0,
      claim: 'OUT',
      words: true,
    },
  ])('$name', ({ deal, lie, cheat, claim, words }) => {
    const match = words ? scripted(deal, cheat) : new Match(deal, 1);
    lie(match);
    match.playUntil([firstLegal, firstLegal], () => match.state.result !== null);
    expect(match.state.result).toEqual({ winner: 1 - cheat, reason: 'FALSE_CLAIM', cheat, claim });
    expect(match.state.hand.log.at(-1)).toMatchObject({ type: 'CHEAT', seat: cheat, claim });
    expect(blackred.outcome(match.state)).toEqual({
      result: 'win',
      winners: [1 - cheat],
      reason: 'FALSE_CLAIM',
    });
    expect(blackred.needs(match.state)).toEqual([]);
    expect(tell(blackred, match.state, { type: 'GO', seat: 1 })).toEqual({
      ok: false,
      error: 'ERR_MATCH_OVER',
    });
  });

  test.each([
    { faces: '2h 3h 4d 5s 6s 7s 8c', go: null, broken: null },
    { faces: '2h 3h 4d 5h 6h 7h 8h', go: null, broken: 'NO_SEVEN' },
    { faces: '2h 3h 4h 5h 6h 7h 8h', go: { colour: 'black', total: 27 }, broken: null },
    { faces: '2h 3h 4d 5s 6s 7s 8c', go: { colour: 'red', total: 29 }, broken: 'GO' },
    { faces: '2h 3h 4d 5s 6s 7s 8c', go: { colour: 'red', total: 30 }, broken: null },
    { faces: 'Kh 3h 4d 5s 6s 7s 8c', go: { colour: 'black', total: 27 }, broken: null },
  ] as const)('claim $faces, go $go: $broken', ({ faces, go, broken }) => {
    const claim = { seat: 0, move: 3, cards: [0, 1, 2, 3, 4, 5, 6], faces: cards(faces), go };
    expect(claimBroken(claim)).toBe(broken);
  });

  test('an honest claim waits for its cards, and is dropped once they are all faceup', () => {
    const match = new Match(OPENING, 1).discard(0, '9s');
    // Both words after the deal, then player one's after taking the upcard.
    expect(match.state.hand.claims).toMatchObject([
      { seat: 0, move: 0, go: null },
      { seat: 1, move: 0, go: null },
      { seat: 0, move: 1, go: null },
    ]);
    const known = match.state.hand.claims.map((c) => c.faces.filter((f) => f !== null));
    expect(known).toEqual([[card('9s')], [], [card('6h')]]);
    match.playHand([firstLegal, firstLegal]);
    expect(match.state.result).toBeNull();
    expect(match.state.hand.claims).toEqual([]);
    expect(match.state.history).toHaveLength(1);
  });
});

describe('the match', () => {
  test('first to 11; the dealer alternates; the deck comes back whole each hand', () => {
    const match = new Match(randomDeal(seededRandom(8)), 0, seededRandom(9));
    match.playUntil([firstLegal, firstLegal], () => match.state.result !== null);
    const { history, score, result } = match.state;
    expect(result?.reason).toBe('TARGET');
    expect(history.length).toBeGreaterThan(1);
    expect(history.map((h) => h.dealer)).toEqual(history.map((_, i) => i % 2));
    expect(history.map((h) => h.number)).toEqual(history.map((_, i) => i + 1));
    const sums = (hands: typeof history) =>
      [0, 1].map((seat) => hands.reduce((s, h) => s + h.points[seat]!, 0));
    expect(sums(history)).toEqual(score);
    expect(score[result!.winner]).toBeGreaterThanOrEqual(11);
    expect(score[result!.winner]).toBeGreaterThan(score[1 - result!.winner]!);
    // Before the last hand nobody had won.
    const before = sums(history.slice(0, -1));
    expect(Math.max(...before) < 11 || before[0] === before[1]).toBe(true);
  });

  test.each([
    { name: 'equal past 11: the match goes on', score: [6, 6], result: null },
    {
      name: 'both past 11, one ahead: it wins',
      score: [8, 6],
      result: { winner: 0, reason: 'TARGET' },
    },
    { name: 'one reaches 11: it wins', score: [6, 0], result: { winner: 0, reason: 'TARGET' } },
  ] as const)('$name', ({ score, result }) => {
    const match = scripted(dealOf('2h 3h 4h 5h 6h 7h 8d', '2s 3s 4s 5s 6s 7s 8c', 'Kh'), 0);
    match.state = { ...match.state, score };
    match.move({ type: 'OUT', seat: 0 });
    expect(match.state.result).toEqual(result);
    expect(match.state.between).toBe(result === null);
  });
});

describe('what each seat sees', () => {
  test('its hand by colour and value, its colour first; the other hand as backs; the upcard until taken', () => {
    const match = new Match(OPENING, 1);
    const zero = blackred.view(match.state, 0, match.known(0));
    expect(zero.hand.map((c) => nameOf(c.face!))).toEqual([
      '5h',
      'Qh',
      'Kh',
      '2c',
      '7s',
      '8s',
      '9s',
    ]);
    expect(zero.opponent.every((c) => c.face === null)).toBe(true);
    expect(zero.upcard).toEqual({ card: 14, face: card('6h') });
    const one = blackred.view(match.state, 1, match.known(1));
    expect(one.hand.map((c) => nameOf(c.face!))).toEqual([
      '3c',
      '4c',
      'Js',
      'Qs',
      '9d',
      '10d',
      'Kd',
    ]);
    // Without the faces it reads, a seat sees its own hand as backs too.
    expect(blackred.view(match.state, 0).hand.every((c) => c.face === null)).toBe(true);
    match.discard(0, '9s');
    const after = blackred.view(match.state, 1, match.known(1));
    expect(after.upcard).toBeNull();
    expect(after.roundCards.map((c) => nameOf(c.face!))).toEqual(['9s']);
    expect(after.older).toEqual([]);
    expect(after.stock).toBe(37);
    expect(JSON.stringify(blackred.view(match.state, 1))).not.toContain('"hands"');
  });

  test('phases: coin, deal, upcard, word, play, discard, draw, over', () => {
    const made = blackred.setup({});
    if (!made.ok) throw new Error(made.error);
    const phase = (s: BlackRedState) => blackred.view(s, 0).phase;
    expect(phase(made.value)).toBe('COIN');
    let state = must(made.value, { type: 'COIN', bit: 1 });
    expect(phase(state)).toBe('DEAL');
    state = must(state, { type: 'DEALT', cards: [0, 1, 2, 3, 4, 5, 6], to: 0 });
    state = must(state, { type: 'DEALT', cards: [7, 8, 9, 10, 11, 12, 13], to: 1 });
    expect(phase(state)).toBe('UPCARD');
    // Player one said no seven; the dealer's word is owed.
    const match = scripted(OPENING, 1);
    expect(phase(match.state)).toBe('WORD');
    expect(blackred.view(match.state, 0).word).toBe(1);
    match.move({ type: 'NO_SEVEN', seat: 1 });
    expect(phase(match.state)).toBe('PLAY');
    expect(blackred.view(match.state, 0).word).toBeNull();
    const id = match.state.hand.hands[0]!.find((c) => match.faces[c] === card('9s'))!;
    const discarded = must(match.state, { type: 'DISCARD', seat: 0, card: id, face: card('9s') });
    expect(phase(discarded)).toBe('DISCARD');
    match.discard(0, '9s');
    const qs = match.state.hand.hands[1]!.find((c) => match.faces[c] === card('Qs'))!;
    let drawing = must(match.state, { type: 'DISCARD', seat: 1, card: qs, face: card('Qs') });
    drawing = must(drawing, { type: 'REVEAL', card: qs, face: card('Qs') });
    expect(phase(drawing)).toBe('DRAW');
    match.discard(1, 'Qs');
    expect(phase(match.state)).toBe('WORD');
    // Seat 1's hand is not of one colour: its out is a lie, which ends the match.
    const over = match.move({ type: 'OUT', seat: 1 });
    expect(phase(over.state)).toBe('OVER');
  });
});

describe('the computer player', () => {
  const random = (seed: number): Chooser => {
    const pick = seededRandom(seed);
    return (_match, _seat, legal) => legal[Math.floor(pick() * legal.length)]!;
  };
  const bot = (seed: number): Chooser => {
    const pick = seededRandom(seed);
    return (match, seat, legal) =>
      chooseAction(blackred.view(match.state, seat, match.known(seat)), legal, pick)!;
  };

  test('plays the same match from the same seeds (replay)', () => {
    const play = () => {
      const match = new Match(randomDeal(seededRandom(5)), 0, seededRandom(6));
      return match.playUntil([bot(1), bot(2)], () => match.state.result !== null).state;
    };
    expect(play()).toEqual(play());
  });

  /** The card the bot discards for seat 0 now, by name (or its move's type). */
  const botPick = (match: Match) => {
    const choice = chooseAction(
      blackred.view(match.state, 0, match.known(0)),
      match.legal(0),
      seededRandom(1),
    )!;
    return choice.type === 'DISCARD' ? nameOf(choice.face) : choice.type;
  };

  test.each([
    {
      name: 'opens a round in the other colour, its highest card',
      round: round(null, 0),
      pick: ['9s'],
    },
    {
      name: 'made to follow in its own colour, reaches 31',
      round: round('red', 21),
      pick: ['Qh', 'Kh'],
    },
    { name: 'red at 26: the 5 makes 31', round: round('red', 26), pick: ['5h'] },
    {
      name: 'black at 20: sheds its highest black card',
      round: round('black', 20),
      pick: ['9s'],
    },
  ])('$name', ({ round: r, pick }) => {
    const match = withHand(new Match(OPENING, 1), () => ({ round: r }));
    expect(pick).toContain(botPick(match));
  });

  test('collects the other colour when it leads by 5 to 2; weighs the gap it leaves', () => {
    const match = new Match(dealOf('2s 3s 4s 5s 6s 7h 8h', '2h', 'Kh'), 1);
    expect(goalColour(blackred.view(match.state, 0, match.known(0)))).toBe('black');
    const view = blackred.view(match.state, 0, match.known(0));
    const odds = closeOdds(view, 'black', 10, card('2s'));
    expect(odds).toBeGreaterThan(closeOdds(view, 'black', 4, card('2s')));
    expect(odds).toBeLessThan(1);
  });

  test('beats a random legal player in a clear majority of 400 hands and 100 matches', () => {
    let hands = 0;
    let points = [0, 0];
    for (let g = 0; g < 400; g++) {
      const seat = g % 2;
      const match = new Match(
        randomDeal(seededRandom(1000 + g)),
        (g >> 1) % 2,
        seededRandom(3000 + g),
      );
      const players: [Chooser, Chooser] = seat === 0 ? [bot(g), random(g)] : [random(g), bot(g)];
      const record = match.playHand(players).state.history[0]!;
      if (record.points[seat]! > record.points[1 - seat]!) hands++;
      points = [points[0]! + record.points[seat]!, points[1]! + record.points[1 - seat]!];
    }
    let matches = 0;
    for (let g = 0; g < 100; g++) {
      const seat = g % 2;
      const match = new Match(
        randomDeal(seededRandom(9000 + g)),
        (g >> 1) % 2,
        seededRandom(7000 + g),
      );
      const players: [Chooser, Chooser] = seat === 0 ? [bot(g), random(g)] : [random(g), bot(g)];
      match.playUntil(players, () => match.state.result !== null, 100_000);
      if (match.state.result!.winner === seat) matches++;
    }
    console.log(
      `bot vs random: ${hands} of 400 hands (points ${points[0]} to ${points[1]}), ${matches} of 100 matches`,
    );
    expect(hands / 400).toBeGreaterThan(0.65);
    expect(matches / 100).toBeGreaterThan(0.9);
  });
});
