/**
 * Batailles et piques' rules without cryptography: every fight as a table
 * row (the seed's examples among them), the opening, turns, fights with
 * their words, deaths and peeks, the Slacker, passing and the end, refusals
 * that leave the state as it was, and the audit's judgement of every claim.
 */
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../../src/bots/computer.ts';
import {
  acting,
  audit,
  batailles,
  chooseAction,
  fightOutcomes,
  scores,
  type BataillesPlay,
  type BataillesState,
} from '../../src/engine/games/batailles/index.ts';
import {
  DEAL,
  U,
  cardOf,
  dealOf,
  knownOf,
  layAll,
  must,
  play,
  randomDeal,
  opened,
  settle,
  started,
  type Played,
  endgame,
} from './helpers/batailles.ts';
import { tell } from './helpers.ts';

// Faces: unit n is face n - 1 (`U`); the King 13; the Mines 14 and 15.
const KING = 13;
const MINE = 14;

describe('fights: every outcome, positions attackers first', () => {
  const rows: [string, number[], number[], number[][] | null][] = [
    ['a Minesweeper (4) defuses a Mine', [U(4)], [MINE], [[1]]],
    ['a Minesweeper (8) defuses a Mine', [U(8)], [15], [[1]]],
    ['any other unit dies on a Mine, the Mine stays', [U(5)], [MINE], [[0]]],
    ['the King dies on a Mine too', [KING], [MINE], [[0]]],
    ['a King attacking a Spy dies', [KING], [U(1)], [[0]]],
    ['a Spy attacking the King kills it', [U(2)], [KING], [[1]]],
    ['the stronger lives', [U(9)], [U(5)], [[1]]],
    ['the weaker dies, attacking or not', [U(5)], [U(9)], [[0]]],
    ['equal strength: both die', [U(7)], [U(7)], [[0, 1]]],
    ['the King (16) beats a 13', [KING], [U(13)], [[1]]],
    ['a Mine never attacks: the attack breaks the rules', [MINE], [U(4)], null],
    // The seed's examples (docs/rules.md, Batailles et piques): the single unit's owner splits as it wishes.
    [
      'seed: 5+7 vs 10 -> 10 dies and kills the 5 or the 7',
      [U(5), U(7)],
      [U(10)],
      [[2], [0, 2], [1, 2]],
    ],
    [
      'seed: 5+7 vs 12 -> everybody can die',
      [U(5), U(7)],
      [U(12)],
      [
        [0, 2],
        [1, 2],
        [0, 1, 2],
      ],
    ],
    ['seed: 3+5 vs 10 -> 3 and 5 can both die', [U(3), U(5)], [U(10)], [[0], [1], [0, 1]]],
    ['seed: Spy+5 vs King -> the King and the 5 die', [U(1), U(5)], [KING], [[1, 2]]],
    [
      'one 10 against 3+5: it kills one or both and lives',
      [U(10)],
      [U(3), U(5)],
      [[1], [2], [1, 2]],
    ],
    ['the King against Spy+5: the Spy kills it, it kills the 5', [KING], [U(1), U(5)], [[0, 2]]],
    ['a Spy against King+3: both Spy and King die', [U(1)], [KING, U(3)], [[0, 1]]],
    [
      'a Minesweeper against Mine+10: the Mine is defused, the 10 kills it',
      [U(4)],
      [MINE, U(10)],
      [[0, 1]],
    ],
    ['a 5 against Mine+3: no Minesweeper, the attacker dies', [U(5)], [MINE, U(3)], [[0]]],
    ['Teamwork 5+7 against a Mine: both die', [U(5), U(7)], [MINE], [[0, 1]]],
    [
      'Teamwork 4+7 against a Mine: the Mine is defused, nobody else fights',
      [U(4), U(7)],
      [MINE],
      [[2]],
    ],
  ];
  test.each(rows)('%s', (_name, attackers, defenders, outcomes) => {
    expect(fightOutcomes(attackers, defenders)).toEqual(outcomes);
  });
});

const card = (seat: number, face: number) => cardOf(DEAL, seat, face);

const refused = (state: BataillesState, move: Record<string, unknown>, seat: number) => {
  const result = tell(batailles, state, { ...move, seat } as BataillesPlay);
  return result.ok ? 'applied' : result.error;
};

describe('the opening', () => {
  test('six cards to each seat from its own army, in seat order, before anyone lays', () => {
    const { state } = started(3, DEAL);
    expect(state.hands).toEqual(
      [0, 16, 32].map((first) => [0, 1, 2, 3, 4, 5].map((i) => first + i)),
    );
    expect(state.armies.map((a) => a.length)).toEqual([10, 10, 10]);
    expect(batailles.needs(state)).toEqual([{ type: 'ACT', seats: [0, 1, 2] }]);
    expect(state.log.map((e) => e.type)).toEqual(['DRAW', 'DRAW', 'DRAW']);
  });

  test('a lay takes two hand cards; anything else is refused and changes nothing', () => {
    const { state } = started(3, DEAL);
    expect(refused(state, { type: 'LAY', cards: [0, 16] }, 0)).toBe('ERR_NOT_IN_HAND');
    expect(refused(state, { type: 'LAY', cards: [0] }, 0)).toBe('ERR_NOT_IN_HAND');
    expect(refused(state, { type: 'LAY', cards: [0, 0] }, 0)).toBe('ERR_NOT_IN_HAND');
    expect(refused(state, { type: 'ATTACK', unit: 0, targets: [16] }, 0)).toBe('ERR_NOT_YOUR_MOVE');
    const laid = must(state, { type: 'LAY', cards: [0, 1], seat: 0 });
    expect(refused(laid, { type: 'LAY', cards: [2, 3] }, 0)).toBe('ERR_NOT_YOUR_MOVE');
    expect(laid.play[0]).toEqual([0, 1]);
    expect(laid.hands[0]).toEqual([2, 3, 4, 5]);
  });

  test('the honest lays never put two Mines in play', () => {
    const { state } = started(3, DEAL);
    const legal = batailles.legalActions(state, 0, knownOf(state, DEAL, 0)) as BataillesPlay[];
    expect(legal).toHaveLength(15);
    const bothMines = dealOf([MINE, 15, 0, 1, 2, 3], [0], [0]);
    const mined = started(3, bothMines).state;
    const lays = batailles.legalActions(mined, 0, knownOf(mined, bothMines, 0)) as BataillesPlay[];
    expect(lays).toHaveLength(14);
    expect(lays).not.toContainEqual({ type: 'LAY', cards: [0, 1], seat: 0 });
  });

  test('then two more cards each, and coins name the first player: a number past the last seat draws again', () => {
    const laid = layAll(started(3, DEAL), DEAL, [
      [U(5), U(7)],
      [U(12), U(4)],
      [U(9), U(3)],
    ]);
    const { state } = laid;
    expect(state.hands.map((h) => h.length)).toEqual([6, 6, 6]);
    expect(state.log.slice(-3)).toEqual(
      [0, 1, 2].map((seat) => ({ type: 'DRAW', seat, cards: [16 * seat + 6, 16 * seat + 7] })),
    );
    expect(batailles.needs(state)).toEqual([{ type: 'COIN' }]);
    // 1, 1 is seat 3 of three: drawn again; then 1, 0 is seat 2.
    const first = settle(laid, DEAL, [1, 1, 1, 0]);
    expect(first.state.first).toBe(2);
    expect(batailles.needs(first.state)).toEqual([{ type: 'ACT', seats: [2] }]);
    expect(first.state.log.at(-1)).toEqual({ type: 'FIRST', seat: 2 });
  });
});

/** Seat 2's 9 kills seat 0's 5; seat 0 puts its King in its place. Seat 0's turn next. */
function afterDuel(): Played {
  const five = card(0, U(5));
  let p = play(opened(), DEAL, 2, { type: 'ATTACK', unit: card(2, U(9)), targets: [five] });
  p = play(p, DEAL, 2, { type: 'ANNOUNCE', deaths: [five] });
  p = play(p, DEAL, 0, { type: 'ANNOUNCE', deaths: [five] });
  return play(p, DEAL, 0, { type: 'REPLACE', cards: [card(0, KING)] });
}

/** Both fighters say `deaths`. */
const agreed = (p: Played, first: number, second: number, deaths: number[]) =>
  play(play(p, DEAL, first, { type: 'ANNOUNCE', deaths }), DEAL, second, {
    type: 'ANNOUNCE',
    deaths,
  });

describe('a duel', () => {
  test('shown to both fighters, the attacker speaks first; the dead card goes to the killer, its owner replaces and draws', () => {
    const nine = card(2, U(9));
    const five = card(0, U(5));
    let p = play(opened(), DEAL, 2, { type: 'ATTACK', unit: nine, targets: [five] });
    expect(p.state.fight).toMatchObject({ attacker: 2, defender: 0, shown: true });
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [2] }]);
    expect(refused(p.state, { type: 'ANNOUNCE', deaths: [five] }, 0)).toBe('ERR_NOT_YOUR_MOVE');
    expect(refused(p.state, { type: 'ANNOUNCE', deaths: [1] }, 2)).toBe('ERR_DEATHS');
    expect(refused(p.state, { type: 'ANNOUNCE', deaths: [nine, five] }, 2)).toBe('ERR_DEATHS');
    // The honest words, from the faces each fighter reads.
    expect(batailles.legalActions(p.state, 2, knownOf(p.state, DEAL, 2))).toEqual([
      { type: 'ANNOUNCE', deaths: [five], seat: 2 },
    ]);
    p = play(p, DEAL, 2, { type: 'ANNOUNCE', deaths: [five] });
    expect(batailles.legalActions(p.state, 0, knownOf(p.state, DEAL, 0))).toEqual([
      { type: 'ANNOUNCE', deaths: [five], seat: 0 },
    ]);
    p = play(p, DEAL, 0, { type: 'ANNOUNCE', deaths: [five] });
    expect(p.state.faces[five]).toBe(U(5));
    expect(p.state.trophies[2]).toEqual([five]);
    expect(p.state.play[0]).toEqual([null, card(0, U(7))]);
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [0] }]);
    expect(refused(p.state, { type: 'REPLACE', cards: [card(0, U(10)), card(0, KING)] }, 0)).toBe(
      'ERR_PLACES',
    );
    p = play(p, DEAL, 0, { type: 'REPLACE', cards: [card(0, KING)] });
    expect(p.state.play[0]).toEqual([card(0, KING), card(0, U(7))]);
    expect(p.state.hands[0]).toHaveLength(6);
    // Turn order goes on from the attacker: seat 0 next.
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [0] }]);
    expect(scores(p.state)).toEqual([0, 0, 1]);
  });

  test('killing a King is worth 2, and the killer peeks at one card of another player', () => {
    let p = afterDuel();
    const four = card(1, U(4));
    p = play(p, DEAL, 0, { type: 'ATTACK', unit: card(0, U(7)), targets: [four] });
    p = agreed(p, 0, 1, [four]);
    p = play(p, DEAL, 1, { type: 'REPLACE', cards: [card(1, U(2))] });
    const king = card(0, KING);
    p = play(p, DEAL, 1, { type: 'ATTACK', unit: card(1, U(2)), targets: [king] });
    p = agreed(p, 1, 0, [king]);
    p = play(p, DEAL, 0, { type: 'REPLACE', cards: [card(0, U(10))] });
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [1] }]);
    const legal = batailles.legalActions(p.state, 1, knownOf(p.state, DEAL, 1));
    expect(legal.map((m) => (m as { card: number | null }).card)).toEqual([
      null,
      card(0, U(10)),
      card(0, U(7)),
      card(2, U(9)),
      card(2, U(3)),
    ]);
    expect(refused(p.state, { type: 'PEEK', card: card(1, U(12)) }, 1)).toBe('ERR_PEEK');
    const nine = card(2, U(9));
    const peeking = must(p.state, { type: 'PEEK', card: nine, seat: 1 });
    expect(batailles.needs(peeking)).toEqual([{ type: 'SHOW', cards: [nine], to: [1, 2] }]);
    p = settle({ ...p, state: peeking }, DEAL);
    expect(p.state.log.at(-2)).toEqual({ type: 'PEEK', seat: 1, card: nine });
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [2] }]);
    expect(scores(p.state)).toEqual([1, 2, 1]);
  });
});

describe('what a seat sees', () => {
  test('a face a fighter saw stays its own: the view tells it from a face turned up for all', () => {
    const seven = card(0, U(7));
    const twelve = card(1, U(12));
    let p = play(afterDuel(), DEAL, 0, { type: 'ATTACK', unit: seven, targets: [twelve] });
    // What seat 0 read while the fight was shown, and keeps reading after it.
    const read = knownOf(p.state, DEAL, 0);
    p = agreed(p, 0, 1, [seven]);
    const placeOf = (state: BataillesState, seat: number, id: number) =>
      batailles.view(state, 0, read).seats[seat]!.play.find((place) => place?.card === id);
    expect(placeOf(p.state, 1, twelve)).toEqual({ card: twelve, face: U(12), secret: true });
    expect(placeOf(p.state, 0, card(0, KING))).toEqual({
      card: card(0, KING),
      face: KING,
      secret: true,
    });
    const four = card(1, U(4));
    expect(placeOf(p.state, 1, four)).toEqual({ card: four, face: null, secret: false });
    // A dead card is faceup for everyone before it leaves play: no secret then.
    const turned = { ...p.state, faces: p.state.faces.map((f, id) => (id === twelve ? U(12) : f)) };
    expect(placeOf(turned, 1, twelve)).toEqual({ card: twelve, face: U(12), secret: false });
  });
});

describe('the Slacker', () => {
  test('the card back in hand is dealt to its owner alone, then the hand is re-masked; no pass while a Slacker can be used', () => {
    const { state } = opened();
    const three = card(2, U(3));
    const spy = card(2, U(1));
    const swapped = must(state, { type: 'SLACKER', unit: three, card: spy, seat: 2 });
    expect(swapped.play[2]).toEqual([card(2, U(9)), spy]);
    expect(swapped.slacker).toEqual([2, 2, 1]);
    // The claim's cards as the claimant holds them.
    expect(batailles.needs(swapped)[0]).toEqual({
      type: 'RECORD',
      cards: [card(2, U(9)), spy],
      as: [2, 2],
    });
    const recorded = must(swapped, { type: 'RECORDED', cards: [card(2, U(9)), spy] });
    expect(batailles.needs(recorded)).toEqual([{ type: 'DEAL', cards: [three], to: 2 }]);
    const dealt = must(recorded, { type: 'DEALT', cards: [three], to: 2 });
    expect(batailles.needs(dealt)).toEqual([{ type: 'REMASK', seat: 2, cards: dealt.hands[2] }]);
    expect(dealt.hands[2]).toContain(three);
    const next = must(dealt, { type: 'REMASKED', seat: 2, cards: [...dealt.hands[2]!] });
    expect(batailles.needs(next)).toEqual([{ type: 'ACT', seats: [0] }]);
    expect(refused(next, { type: 'PASS' }, 0)).toBe('ERR_CANNOT_PASS');
    expect(refused(next, { type: 'STOP' }, 0)).toBe('ERR_CANNOT_STOP');
    expect(refused(next, { type: 'SLACKER', unit: spy, card: three }, 0)).toBe('ERR_NOT_IN_PLAY');
  });
});

describe('Teamwork', () => {
  test('both units against one: the single defender speaks first, with a choice; the attacker can only confirm', () => {
    const { state } = opened();
    const [nine, three, twelve] = [card(2, U(9)), card(2, U(3)), card(1, U(12))];
    expect(refused(state, { type: 'TEAMWORK', target: card(2, U(9)) }, 2)).toBe('ERR_TARGETS');
    let p = play({ state, exhibits: [] }, DEAL, 2, { type: 'TEAMWORK', target: twelve });
    expect(p.state.teamwork).toEqual([2, 2, 1]);
    expect(p.state.fight).toMatchObject({ attackers: [nine, three], defenders: [twelve] });
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [1] }]);
    expect(batailles.legalActions(p.state, 2, knownOf(p.state, DEAL, 2))).toEqual([]);
    const words = batailles.legalActions(p.state, 1, knownOf(p.state, DEAL, 1));
    // Words name the dead in ascending id order: seat 1's 12 (id 16) first.
    expect(words.map((m) => (m as unknown as { deaths: number[] }).deaths)).toEqual([
      [twelve, nine],
      [twelve, three],
      [twelve, nine, three],
    ]);
    p = play(p, DEAL, 1, { type: 'ANNOUNCE', deaths: [twelve, nine] });
    expect(batailles.legalActions(p.state, 2, knownOf(p.state, DEAL, 2))).toEqual([
      { type: 'ANNOUNCE', deaths: [twelve, nine], seat: 2 },
    ]);
    p = play(p, DEAL, 2, { type: 'ANNOUNCE', deaths: [twelve, nine] });
    expect(p.state.trophies).toEqual([[], [nine], [twelve]]);
    // Both owners replace, in any order.
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [1, 2] }]);
  });

  test('needs two units in play and a Teamwork card left', () => {
    const { state } = opened();
    const target = card(1, U(12));
    expect(refused({ ...state, teamwork: [2, 2, 0] }, { type: 'TEAMWORK', target }, 2)).toBe(
      'ERR_NO_TEAMWORK',
    );
    const one = { ...state, play: [state.play[0]!, state.play[1]!, [card(2, U(9)), null]] };
    expect(refused(one, { type: 'TEAMWORK', target }, 2)).toBe('ERR_NO_TEAMWORK');
  });
});

describe('a disputed fight', () => {
  test('two words that differ stop the game at once: no winner until the audit names the liar', () => {
    const [nine, five] = [card(2, U(9)), card(0, U(5))];
    let p = play(opened(), DEAL, 2, { type: 'ATTACK', unit: nine, targets: [five] });
    // Seat 2 claims its own 9 died; seat 0, who saw the faces, says what they give.
    p = play(p, DEAL, 2, { type: 'ANNOUNCE', deaths: [nine] });
    expect(batailles.legalActions(p.state, 0, knownOf(p.state, DEAL, 0))).toEqual([
      { type: 'ANNOUNCE', deaths: [five], seat: 0 },
    ]);
    p = play(p, DEAL, 0, { type: 'ANNOUNCE', deaths: [five] });
    expect(p.state.result).toMatchObject({ reason: 'DISPUTE', winners: [] });
    expect(batailles.outcome(p.state)).toEqual({ result: 'draw', reason: 'DISPUTE' });
    expect(batailles.needs(p.state)).toEqual([]);
    expect(p.state.log.slice(-2)).toEqual([
      { type: 'DISPUTE', seats: [2, 0] },
      { type: 'END', scores: [0, 0, 0] },
    ]);
    expect(audit(p.state, p.exhibits)).toEqual([{ seat: 2, reason: 'ERR_FIGHT_RESULT' }]);
  });
});

describe('passing and the end', () => {
  test('with only a Mine in play a player passes; when every player still in play passed, the game ends', () => {
    const [mine0, mine1, nine] = [card(0, MINE), card(1, 15), card(2, U(9))];
    let p = endgame(
      [
        [mine0, null],
        [null, mine1],
        [nine, null],
      ],
      2,
    );
    expect(refused(p.state, { type: 'STOP' }, 2)).toBe('ERR_CANNOT_STOP');
    p = play(p, DEAL, 2, { type: 'ATTACK', unit: nine, targets: [mine0] });
    p = agreed(p, 2, 0, [nine]);
    // Seat 2 is out of play; seat 0's Mine cannot attack: it may only pass.
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [0] }]);
    expect(batailles.legalActions(p.state, 0, knownOf(p.state, DEAL, 0))).toEqual([
      { type: 'PASS', seat: 0 },
    ]);
    p = play(p, DEAL, 0, { type: 'PASS' });
    expect(p.state.result).toBeNull();
    p = play(p, DEAL, 1, { type: 'PASS' });
    expect(p.state.result).toEqual({ reason: 'SCORE', scores: [1, 0, 0], winners: [0] });
    expect(batailles.outcome(p.state)).toEqual({ result: 'win', winners: [0], reason: 'POINTS' });
    expect(audit(p.state, p.exhibits)).toEqual([]);
  });

  test('the last player who can attack may stop once every other has passed', () => {
    const [mine0, mine1, four, nine] = [card(0, MINE), card(1, 15), card(2, U(4)), card(2, U(9))];
    let p = endgame(
      [
        [mine0, null],
        [null, mine1],
        [four, nine],
      ],
      2,
    );
    p = play(p, DEAL, 2, { type: 'ATTACK', unit: four, targets: [mine0] });
    p = agreed(p, 2, 0, [mine0]);
    // Seat 0 is out; seat 1 passes; seat 2 may go on against the Mine, or stop.
    p = play(p, DEAL, 1, { type: 'PASS' });
    const legal = batailles.legalActions(p.state, 2, knownOf(p.state, DEAL, 2));
    expect(legal).toContainEqual({ type: 'STOP', seat: 2 });
    p = play(p, DEAL, 2, { type: 'STOP' });
    expect(p.state.result).toEqual({ reason: 'SCORE', scores: [0, 0, 1], winners: [2] });
  });

  test('the game ends at once when no more than one player has a card in play; equal points share the win', () => {
    const [five, twelve, nine] = [card(0, U(5)), card(1, U(12)), card(2, U(9))];
    let p = endgame(
      [
        [five, null],
        [twelve, null],
        [nine, null],
      ],
      2,
    );
    p = play(p, DEAL, 2, { type: 'ATTACK', unit: nine, targets: [five] });
    p = agreed(p, 2, 0, [five]);
    // Seat 0 has nothing left: skipped. Seat 1 takes the 9; seat 1 alone is left.
    expect(batailles.needs(p.state)).toEqual([{ type: 'ACT', seats: [1] }]);
    p = play(p, DEAL, 1, { type: 'ATTACK', unit: twelve, targets: [nine] });
    p = agreed(p, 1, 2, [nine]);
    expect(p.state.result).toEqual({ reason: 'SCORE', scores: [0, 1, 1], winners: [1, 2] });
    expect(batailles.outcome(p.state)).toEqual({
      result: 'win',
      winners: [1, 2],
      reason: 'POINTS',
    });
  });
});

describe('the audit', () => {
  test('names nobody after honest games to the end, whatever the deal', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = seededRandom(seed);
      const players = 3 + (seed % 4);
      const deal = randomDeal(players, random);
      let p = started(players, deal);
      for (let moves = 0; p.state.result === null; moves++) {
        if (moves > 2000) throw new Error('no end');
        const need = batailles.needs(p.state)[0]!;
        if (need.type === 'COIN') {
          p = settle(p, deal, [Math.floor(random() * 2)]);
          continue;
        }
        const seat = batailles.needs(p.state).flatMap((n) => (n.type === 'ACT' ? n.seats : []))[0]!;
        const known = knownOf(p.state, deal, seat);
        const legal = batailles.legalActions(p.state, seat, known) as BataillesPlay[];
        const choice = chooseAction(batailles.view(p.state, seat, known), legal, random, known)!;
        p = play(p, deal, seat, choice as unknown as Record<string, unknown>);
      }
      expect(p.state.result.reason).toBe('SCORE');
      expect(audit(p.state, p.exhibits)).toEqual([]);
      const trophies = p.state.trophies.flat();
      expect(scores(p.state).reduce((a, b) => a + b, 0)).toBe(
        trophies.length + trophies.filter((c) => p.state.faces[c] === KING).length,
      );
    }
  });

  test('two Mines laid', () => {
    const mines = dealOf([MINE, 15, 0, 1, 2, 3], [0], [0]);
    const p = layAll(started(3, mines), mines, [
      [MINE, 15],
      [U(1), U(2)],
      [U(1), U(2)],
    ]);
    expect(audit(p.state, p.exhibits)).toEqual([{ seat: 0, reason: 'ERR_TWO_MINES' }]);
  });

  test('a place left empty with a card in hand that could fill it', () => {
    const five = card(0, U(5));
    let p = play(opened(), DEAL, 2, { type: 'ATTACK', unit: card(2, U(9)), targets: [five] });
    p = play(agreed(p, 2, 0, [five]), DEAL, 0, { type: 'REPLACE', cards: [] });
    expect(audit(p.state, p.exhibits)).toEqual([{ seat: 0, reason: 'ERR_MUST_LAY' }]);
  });

  test('a pass with a unit in play', () => {
    const { state } = opened();
    const p = play({ state: { ...state, slacker: [2, 2, 0] }, exhibits: [] }, DEAL, 2, {
      type: 'PASS',
    });
    expect(audit(p.state, [...opened().exhibits, ...p.exhibits])).toEqual([
      { seat: 2, reason: 'ERR_FALSE_PASS' },
    ]);
  });

  test('a Mine attacking: the attacker is named, and the defender who said so is not', () => {
    const mined = dealOf(
      [MINE, U(5), 0, 1, 2, 3],
      [U(12), U(4), 0, 1, 2, 3],
      [U(9), U(3), 0, 1, 2, 4],
    );
    let p = layAll(
      started(3, mined),
      mined,
      [
        [MINE, U(5)],
        [U(12), U(4)],
        [U(9), U(3)],
      ],
      [0, 0],
    );
    const [mine, twelve] = [cardOf(mined, 0, MINE), cardOf(mined, 1, U(12))];
    p = play(p, mined, 0, { type: 'ATTACK', unit: mine, targets: [twelve] });
    p = play(p, mined, 0, { type: 'ANNOUNCE', deaths: [twelve] });
    expect(batailles.legalActions(p.state, 1, knownOf(p.state, mined, 1))).toEqual([
      { type: 'ANNOUNCE', deaths: null, seat: 1 },
    ]);
    p = play(p, mined, 1, { type: 'ANNOUNCE', deaths: null });
    expect(p.state.result?.reason).toBe('DISPUTE');
    expect(audit(p.state, p.exhibits)).toEqual([
      { seat: 0, reason: 'ERR_MINE_ATTACKS' },
      { seat: 0, reason: 'ERR_FIGHT_RESULT' },
    ]);
  });

  test('a false word confirmed names both fighters; a true word denied names the one who denied it', () => {
    const [nine, five] = [card(2, U(9)), card(0, U(5))];
    const fought = play(opened(), DEAL, 2, { type: 'ATTACK', unit: nine, targets: [five] });
    const colluded = agreed(fought, 2, 0, [nine]);
    expect(colluded.state.result).toBeNull();
    expect(audit(colluded.state, colluded.exhibits)).toEqual([
      { seat: 2, reason: 'ERR_FIGHT_RESULT' },
      { seat: 0, reason: 'ERR_FIGHT_RESULT' },
    ]);
    const denied = play(play(fought, DEAL, 2, { type: 'ANNOUNCE', deaths: [five] }), DEAL, 0, {
      type: 'ANNOUNCE',
      deaths: [nine],
    });
    expect(audit(denied.state, denied.exhibits)).toEqual([{ seat: 0, reason: 'ERR_FIGHT_RESULT' }]);
    // An exhibit no key opened proves nothing either way.
    const closed = denied.exhibits.map((faces) => faces.map(() => -1));
    expect(audit(denied.state, closed)).toEqual([]);
    // A fight's exhibit is each fighter's copies, attacker's first: either half judges it.
    const { exhibit } = denied.state.fights.at(-1)!;
    const half = (keep: 'attacker' | 'defender') =>
      denied.exhibits.map((faces, i) =>
        i !== exhibit
          ? faces
          : faces.map((face, j) => (j < faces.length / 2 === (keep === 'attacker') ? face : -1)),
      );
    expect(denied.exhibits[exhibit]).toHaveLength(4);
    expect(audit(denied.state, half('attacker'))).toEqual([
      { seat: 0, reason: 'ERR_FIGHT_RESULT' },
    ]);
    expect(audit(denied.state, half('defender'))).toEqual([
      { seat: 0, reason: 'ERR_FIGHT_RESULT' },
    ]);
  });
});

describe('refused inputs change nothing', () => {
  test('facts out of turn, faces that are none, and moves that name cards of nobody', () => {
    const { state } = opened();
    const before = JSON.stringify(state);
    const bad: [Record<string, unknown>, string][] = [
      [{ type: 'REVEAL', card: 0, face: 3 }, 'ERR_NOT_NEEDED'],
      [{ type: 'DEALT', cards: [6], to: 0 }, 'ERR_NOT_NEEDED'],
      [{ type: 'SHOWN', cards: [0], to: [0, 1] }, 'ERR_NOT_NEEDED'],
      [{ type: 'COIN', bit: 1 }, 'ERR_NOT_NEEDED'],
      [{ type: 'RECORDED', cards: [] }, 'ERR_NOT_NEEDED'],
      [{ type: 'REVEAL', card: 0, face: 3, seen: 1 }, 'ERR_ACTION'],
      [{ type: 'WHAT', seat: 2 }, 'ERR_ACTION'],
      [{ type: 'ATTACK', seat: 7, unit: 0, targets: [] }, 'ERR_SEAT'],
      [{ type: 'ATTACK', seat: 2, unit: 999, targets: [0] }, 'ERR_NOT_IN_PLAY'],
      [{ type: 'ATTACK', seat: 2, unit: card(2, U(9)), targets: [] }, 'ERR_TARGETS'],
      [
        { type: 'ATTACK', seat: 2, unit: card(2, U(9)), targets: [card(0, U(5)), card(1, U(12))] },
        'ERR_TARGETS',
      ],
      [
        { type: 'ATTACK', seat: 2, unit: card(2, U(9)), targets: [card(0, U(5)), card(0, U(5))] },
        'ERR_TARGETS',
      ],
      [{ type: 'ATTACK', seat: 2, unit: card(2, U(9)), targets: [card(2, U(3))] }, 'ERR_TARGETS'],
      [{ type: 'ATTACK', seat: 2, unit: card(2, U(9)), targets: [card(0, U(10))] }, 'ERR_TARGETS'],
      [{ type: 'SLACKER', seat: 2, unit: card(2, U(9)), card: card(0, U(10)) }, 'ERR_NOT_IN_HAND'],
      [{ type: 'REPLACE', seat: 2, cards: [] }, 'ERR_NOT_YOUR_MOVE'],
      [{ type: 'PEEK', seat: 2, card: null }, 'ERR_NOT_YOUR_MOVE'],
      [{ type: 'ANNOUNCE', seat: 2, deaths: [] }, 'ERR_NOT_YOUR_MOVE'],
    ];
    for (const [input, error] of bad) {
      const result = tell(batailles, state, input as never);
      expect([input, result.ok ? 'applied' : result.error]).toEqual([input, error]);
    }
    expect(JSON.stringify(state)).toBe(before);
  });

  test('options: three to six players, nothing else', () => {
    for (const options of [
      { players: 2 },
      { players: 7 },
      { players: 3.5 },
      {},
      { players: 3, x: 1 },
      null,
    ])
      expect(batailles.setup(options as never)).toEqual({ ok: false, error: 'ERR_OPTIONS' });
    expect(batailles.decks({ players: 4 }).map((d) => d.name)).toEqual([
      'army-1',
      'army-2',
      'army-3',
      'army-4',
    ]);
  });
});

describe('the computer player', () => {
  test('beats two players choosing at random among their legal moves in most games', () => {
    const games = 30;
    let wins = 0;
    for (let g = 0; g < games; g++) {
      const random = seededRandom(100 + g);
      const deal = randomDeal(3, random);
      const bot = g % 3;
      let p = started(3, deal);
      while (p.state.result === null) {
        if (batailles.needs(p.state)[0]!.type === 'COIN') {
          p = settle(p, deal, [Math.floor(random() * 2)]);
          continue;
        }
        const seat = acting(p.state)[0]!;
        const known = knownOf(p.state, deal, seat);
        const legal = batailles.legalActions(p.state, seat, known) as BataillesPlay[];
        const choice =
          seat === bot
            ? chooseAction(batailles.view(p.state, seat, known), legal, random, known)!
            : legal[Math.floor(random() * legal.length)]!;
        p = play(p, deal, seat, choice as unknown as Record<string, unknown>);
      }
      if (p.state.result.winners.includes(bot)) wins++;
    }
    // A third of the games would be its fair share.
    expect(wins).toBeGreaterThan(games / 2);
  });
});
