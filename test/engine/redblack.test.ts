import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Face } from '../../src/engine/cards.ts';
import { stateHash } from '../../src/engine/encoding.ts';
import type { CardId, Need, Seat } from '../../src/engine/game.ts';
import {
  chooseAction,
  deckOf,
  deckSize,
  estimate,
  faceColour,
  faceLabel,
  handBounds,
  redblack,
  standardFace,
  type Colour,
  type Deck,
  type RedBlackPlay,
  type RedBlackFact,
  type RedBlackMove,
  type RedBlackOptions,
  type RedBlackState,
} from '../../src/engine/games/redblack/index.ts';
import { seeded, shuffled } from './helpers.ts';
import { tell } from './helpers.ts';

// ---------------------------------------------------------------- a table in miniature

/**
 * What the table layer does for the rules, with the truth in the clear: the
 * face of every card id, re-permuted on every re-mask and replaced on every
 * shuffle, exactly as the ids would then name other cards.
 */
type Sim = {
  state: RedBlackState;
  truth: Face[];
  /** Player actions applied so far: the `seen` of the next move made now. */
  acts: number;
  random: () => number;
  /** Cards revealed to everyone since they last changed meaning (re-mask, shuffle). */
  revealed: Set<CardId>;
};

const faceList = (deck: Deck): Face[] =>
  Array.from({ length: deck.red + deck.black }, (_, face) => face);

/**
 * Faces for a constructed deal: `spec` gives the colour of ids 0, 1, 2, ...
 * (`R`/`B`, spaces ignored): seat 0's hand 0..4, seat 1's 5..9, river 10..12.
 * Red faces are handed out 0, 1, 2, ..., black faces `red`, `red + 1`, ...;
 * the rest of the deck follows in order.
 */
function truthOf(deck: Deck, spec: string): Face[] {
  const colours = spec.replace(/\s/g, '').split('');
  let red = 0;
  let black = deck.red;
  const faces = colours.map((c) => (c === 'R' ? red++ : black++));
  const rest = faceList(deck).filter((face) => !faces.includes(face));
  return [...faces, ...rest];
}

function newSim(options: RedBlackOptions, truth: Face[] | null, seed = 1): Sim {
  const made = redblack.setup(options);
  if (!made.ok) throw new Error(made.error);
  const random = seeded(seed);
  const deck = deckOf(options);
  return {
    state: made.value,
    truth: truth ?? shuffled(faceList(deck), random),
    acts: 0,
    random,
    revealed: new Set(),
  };
}

function fact(sim: Sim, input: RedBlackPlay | RedBlackFact): void {
  const next = tell(redblack, sim.state, input);
  if (!next.ok) throw new Error(`${input.type}: ${next.error}`);
  sim.state = next.value;
}

/** A player move, as the table folds it: with its author and `seen`. */
function act(sim: Sim, seat: Seat, move: RedBlackMove, seen = sim.acts): void {
  const next = tell(redblack, sim.state, { ...move, seat, seen } as RedBlackPlay | RedBlackFact);
  if (!next.ok) throw new Error(`${move.type} by ${seat}: ${next.error}`);
  sim.state = next.value;
  sim.acts++;
}

const tableNeed = (state: RedBlackState): Need | undefined =>
  redblack.needs(state).find((need) => need.type !== 'ACT');

/** Answers the first non-ACT need; false when there is none. */
function serve(sim: Sim, coin: 0 | 1 | null = null): boolean {
  const need = tableNeed(sim.state);
  if (need === undefined) return false;
  switch (need.type) {
    case 'COIN':
      fact(sim, { type: 'COIN', bit: coin ?? (sim.random() < 0.5 ? 0 : 1) });
      break;
    case 'SHUFFLE':
      sim.truth = shuffled(faceList(sim.state.deck), sim.random);
      sim.revealed.clear();
      fact(sim, { type: 'SHUFFLED' });
      break;
    case 'DEAL':
      fact(sim, { type: 'DEALT', cards: need.cards, to: need.to });
      break;
    case 'REVEAL':
      for (const card of need.cards) {
        sim.revealed.add(card);
        fact(sim, { type: 'REVEAL', card, face: sim.truth[card]! });
      }
      break;
    case 'REMASK': {
      const faces = shuffled(
        need.cards.map((card) => sim.truth[card]!),
        sim.random,
      );
      need.cards.forEach((card, i) => {
        sim.truth[card] = faces[i]!;
        sim.revealed.delete(card);
      });
      fact(sim, { type: 'REMASKED', seat: need.seat, cards: need.cards });
      break;
    }
    default:
      throw new Error(`Red & Black never needs ${need.type}`);
  }
  return true;
}

/** Answers table needs until the game waits for players only. */
function serveAll(sim: Sim, coin: 0 | 1 | null = null): void {
  for (let served = 0; serve(sim, coin); served++)
    if (served === 1000) throw new Error('the table never stops needing');
}

/** The faces `seat` can read privately: its hand and the river cards it placed or peeked. */
function knownTo(sim: Sim, seat: Seat): Map<CardId, Face> {
  const view = redblack.view(sim.state, seat);
  const known = new Map<CardId, Face>();
  for (const { card } of view.hand) known.set(card, sim.truth[card]!);
  for (const slot of view.river) if (slot.readable) known.set(slot.card, sim.truth[slot.card]!);
  return known;
}

const colourOf = (sim: Sim, card: CardId): Colour => faceColour(sim.state.deck, sim.truth[card]!);

/** True unless the move shows a card of another colour (a cheat, tested on its own). */
const honest = (sim: Sim, action: RedBlackPlay): boolean =>
  action.type === 'ATTACK' || action.type === 'DEFEND'
    ? action.cards.every((card) => colourOf(sim, card) === action.colour)
    : true;

type Chooser = (sim: Sim, seat: Seat) => RedBlackPlay | null;

/** The legal moves of `seat` (the module's `legalActions` offers moves only). */
const legalOf = (state: RedBlackState, seat: Seat) =>
  redblack.legalActions(state, seat) as readonly RedBlackPlay[];

const botChooser: Chooser = (sim, seat) =>
  chooseAction(
    redblack.view(sim.state, seat),
    legalOf(sim.state, seat),
    sim.random,
    knownTo(sim, seat),
  );

/** Random legal play: calls now and then, anything else uniformly. */
function randomChooser(callRate: number): Chooser {
  return (sim, seat) => {
    const legal = legalOf(sim.state, seat).filter((a) => honest(sim, a));
    const calls = legal.filter((a) => a.type === 'CALL');
    const rest = legal.filter((a) => a.type !== 'CALL');
    if (calls.length > 0 && sim.random() < callRate) return pickOne(calls, sim.random);
    return rest.length === 0 ? null : pickOne(rest, sim.random);
  };
}

function pickOne<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/**
 * Plays to the end of the match: table needs first, then the seats an ACT
 * need lists, in random order, until one moves. `check` runs after every
 * input. Returns the number of player actions.
 */
function playOut(
  sim: Sim,
  choosers: readonly [Chooser, Chooser],
  check: (sim: Sim) => void = () => {},
  limit = 20_000,
): number {
  let moves = 0;
  for (let step = 0; redblack.needs(sim.state).length > 0; step++) {
    if (step > limit) throw new Error('match did not end');
    check(sim);
    if (serve(sim)) continue;
    const need = redblack.needs(sim.state).find((n) => n.type === 'ACT');
    if (need?.type !== 'ACT') throw new Error('no need at all');
    const acting = [...need.seats, ...(need.optional ?? [])].sort((a, b) => a - b);
    const seats = sim.random() < 0.5 ? acting : acting.reverse();
    const choice = seats
      .map((seat) => ({ seat, action: choosers[seat]!(sim, seat) }))
      .find((c) => c.action !== null);
    if (choice === undefined) throw new Error(`nobody moved at ${JSON.stringify(need)}`);
    act(sim, choice.seat, choice.action!);
    moves++;
  }
  check(sim);
  return moves;
}

/**
 * The zones partition the deck; the river is 3; public faces are true, unique
 * and only those revealed since the card last changed meaning; needs are well
 * formed. Checked after every input, so it collects broken rules by name and
 * makes one assertion (cheap enough for thousands of steps).
 */
function invariants(sim: Sim): void {
  const { round, deck } = sim.state;
  const size = deck.red + deck.black;
  const broken: string[] = [];
  const must = (ok: boolean, rule: string) => {
    if (!ok) broken.push(rule);
  };
  const zones = [
    ...round.hands[0],
    ...round.hands[1],
    ...round.river.map((s) => s.card),
    ...round.discard.map((d) => d.card),
    ...round.stock,
  ].sort((a, b) => a - b);
  must(zones.length === size && zones.every((card, i) => card === i), 'zones partition the deck');
  must(round.river.length === 3, 'river of 3');
  must(round.hands[0].length + round.hands[1].length + round.discard.length === 10, '10 in play');
  must(
    round.hands.every((hand) => hand.length <= 5),
    'hands of at most 5',
  );
  must(round.stock.length === size - 13, 'stock untouched');
  const known = round.faces.flatMap((face, card) => (face === null ? [] : [{ card, face }]));
  for (const { card, face } of known) {
    must(face === sim.truth[card], `true face of ${card}`);
    // The rules hold a face only for a card revealed to everyone since it last changed meaning.
    must(sim.revealed.has(card), `face of ${card} revealed since its last re-mask`);
  }
  must(new Set(known.map((k) => k.face)).size === known.length, 'public faces unique');
  const needs = redblack.needs(sim.state);
  const tables = needs.filter((n) => n.type !== 'ACT');
  must(
    tables.length <= 1 && (tables.length === 0 || needs[0] === tables[0]),
    'one table need, first',
  );
  if (redblack.outcome(sim.state) !== null)
    must(needs.length === 0, 'nothing needed after the end');
  if (round.stage.kind === 'PLAY') {
    must(
      JSON.stringify(needs) ===
        JSON.stringify([{ type: 'ACT', seats: [round.turn], optional: [1 - round.turn] }]),
      'the table waits on the turn player between turns; the other may call',
    );
    // Whenever the turn player owes a move, it has one besides calling.
    const legal = redblack.legalActions(sim.state, round.turn);
    must(
      legal.some((a) => a.type !== 'CALL'),
      'the turn player can move',
    );
  }
  // A faceup slot shows its face once turned (the opening turns them); a facedown one never.
  for (const slot of round.river) {
    const face = round.faces[slot.card];
    if (!slot.faceup) must(face === null, 'facedown river card not public');
    else if (round.first !== null) must(face !== null, 'faceup river card public');
  }
  expect(broken).toEqual([]);
}

/** A new match (26/26 unless told), coin `bit`, dealt and turned up to the guess. */
function toGuess(spec: string, bit: 0 | 1 = 1, options: RedBlackOptions = {}): Sim {
  const sim = newSim(options, truthOf(deckOf(options), spec));
  serveAll(sim, bit);
  return sim;
}

/** Up to the first turn: the non-dealer guesses `guess`. */
function toPlay(spec: string, guess: Colour, bit: 0 | 1 = 1, options: RedBlackOptions = {}) {
  const sim = toGuess(spec, bit, options);
  act(sim, 1 - bit, { type: 'GUESS', colour: guess });
  serveAll(sim);
  return sim;
}

const refused = (sim: Sim, input: unknown) =>
  tell(redblack, sim.state, input as RedBlackPlay | RedBlackFact);
const error = (code: string) => ({ ok: false, error: code });

// ---------------------------------------------------------------- deck and options

describe('deck and options', () => {
  it.each([
    ['the default deck', {}, { red: 26, black: 26 }, 52],
    ['a small uneven deck', { red: 9, black: 12 }, { red: 9, black: 12 }, 21],
    ['a double deck', { red: 52, black: 52 }, { red: 52, black: 52 }, 104],
  ])('sizes %s', (_name, options, deck, size) => {
    expect(deckOf(options)).toEqual(deck);
    expect(deckSize(options)).toBe(size);
    expect(redblack.decks(options)).toEqual([{ name: 'deck', size }]);
    const made = redblack.setup(options);
    expect(made.ok && made.value.deck).toEqual(deck);
    expect(made.ok && made.value.round.faces).toHaveLength(size);
  });

  it.each([
    ['8 red cards', { red: 8 }, 'ERR_DECK'],
    ['53 black cards', { black: 53 }, 'ERR_DECK'],
    ['a fractional count', { red: 10.5 }, 'ERR_DECK'],
    ['a count as text', { red: '26' }, 'ERR_DECK'],
    ['target 0', { target: 0 }, 'ERR_TARGET'],
    ['target 16', { target: 16 }, 'ERR_TARGET'],
    ['a fractional target', { target: 1.5 }, 'ERR_TARGET'],
  ])('refuses %s', (_name, options, code) => {
    expect(redblack.setup(options as RedBlackOptions)).toEqual(error(code));
  });

  it('numbers faces red first, drawn as hearts, diamonds, spades, clubs', () => {
    const deck = deckOf({});
    expect(faceColour(deck, 0)).toBe('red');
    expect(faceColour(deck, 25)).toBe('red');
    expect(faceColour(deck, 26)).toBe('black');
    expect([0, 12, 13, 25, 26, 38, 39, 51].map((f) => faceLabel(deck, f))).toEqual([
      '2♥',
      'A♥',
      '2♦',
      'A♦',
      '2♠',
      'A♠',
      '2♣',
      'A♣',
    ]);
  });

  it('cycles labels past 26 cards of a colour and keeps colours for uneven decks', () => {
    const deck = deckOf({ red: 30, black: 9 });
    expect(faceLabel(deck, 26)).toBe('2♥');
    expect(faceLabel(deck, 29)).toBe('5♥');
    expect(faceLabel(deck, 30)).toBe('2♠');
    expect(faceLabel(deck, 38)).toBe('10♠');
    for (let face = 0; face < 39; face++) {
      const standard = standardFace(deck, face);
      const suitRed = Math.floor(standard / 13) === 1 || Math.floor(standard / 13) === 2;
      expect(suitRed).toBe(faceColour(deck, face) === 'red');
    }
  });

  it('has a rules screen that states the call race', () => {
    expect(redblack.rules.length).toBeGreaterThan(5);
    expect(
      redblack.rules.some((line) =>
        /both call at once, the call of the player who was waiting \(whose turn it is not\) counts/.test(
          line,
        ),
      ),
    ).toBe(true);
  });
});

// ---------------------------------------------------------------- named scenarios

// Hands: seat 0 = ids 0..4, seat 1 = ids 5..9; river 10, 11, 12.
const SPEC = 'RRRBB RBBBB RBR';

describe('the opening', () => {
  it('asks for the coin, deals each hand privately, turns two cards, then waits for the guess', () => {
    const sim = newSim({}, truthOf(deckOf({}), SPEC));
    const seen: Need[] = [];
    for (let need = tableNeed(sim.state); need !== undefined; need = tableNeed(sim.state)) {
      seen.push(need);
      serve(sim, 1);
    }
    expect(seen).toEqual([
      { type: 'COIN' },
      { type: 'DEAL', cards: [0, 1, 2, 3, 4], to: 0 },
      { type: 'DEAL', cards: [5, 6, 7, 8, 9], to: 1 },
      { type: 'REVEAL', cards: [10, 11] },
    ]);
    // The guess is owed, and the third river card is not asked for until it is in.
    expect(redblack.needs(sim.state)).toEqual([{ type: 'ACT', seats: [0] }]);
    expect(redblack.view(sim.state, 0).phase).toBe('GUESS');
    expect(redblack.legalActions(sim.state, 0)).toEqual([
      { type: 'GUESS', seat: 0, colour: 'red' },
      { type: 'GUESS', seat: 0, colour: 'black' },
    ]);
    expect(redblack.legalActions(sim.state, 1)).toEqual([]);
    expect(refused(sim, { type: 'REVEAL', card: 12, face: sim.truth[12] })).toEqual(
      error('ERR_NOT_NEEDED'),
    );
    act(sim, 0, { type: 'GUESS', colour: 'red' });
    expect(redblack.needs(sim.state)).toEqual([{ type: 'REVEAL', cards: [12] }]);
  });

  it.each([
    ['a right guess: the non-dealer starts', 'red', 0],
    ['a wrong guess: the dealer starts', 'black', 1],
  ] as const)('%s', (_name, guess, first) => {
    const sim = toPlay(SPEC, guess, 1);
    const view = redblack.view(sim.state, 0);
    expect(view).toMatchObject({ phase: 'PLAY', dealer: 1, first, turn: first, guess, turns: 0 });
    expect(view.log.at(-1)).toEqual({
      type: 'FIRST',
      seat: first,
      face: sim.truth[12],
      right: guess === 'red',
    });
  });

  it('takes the coin as the first dealer and alternates dealers game by game', () => {
    const sim = toPlay(SPEC, 'red', 0);
    expect(sim.state.round.dealer).toBe(0);
    // Seat 0 calls seat 1's hand (RBBBB) right: game 2 is dealt by seat 1.
    act(sim, 0, { type: 'CALL', red: 1, black: 4 });
    serveAll(sim);
    expect(sim.state.round).toMatchObject({ game: 2, dealer: 1 });
  });

  it('refuses a guess from the dealer, a second guess and a coin bit of 2', () => {
    const sim = toGuess(SPEC, 1);
    expect(refused(sim, { type: 'GUESS', colour: 'red', seat: 1, seen: 0 })).toEqual(
      error('ERR_NOT_YOUR_TURN'),
    );
    expect(refused(sim, { type: 'GUESS', colour: 'green', seat: 0, seen: 0 })).toEqual(
      error('ERR_ACTION'),
    );
    act(sim, 0, { type: 'GUESS', colour: 'red' });
    expect(refused(sim, { type: 'GUESS', colour: 'red', seat: 0, seen: 1 })).toEqual(
      error('ERR_STAGE'),
    );
    const fresh = newSim({}, null);
    expect(refused(fresh, { type: 'COIN', bit: 2 })).toEqual(error('ERR_BIT'));
  });

  it('allows no call before the third card is turned', () => {
    const sim = toGuess(SPEC, 1);
    expect(redblack.legalActions(sim.state, 1)).toEqual([]);
    expect(refused(sim, { type: 'CALL', red: 2, black: 3, seat: 1, seen: 0 })).toEqual(
      error('ERR_CALL_CLOSED'),
    );
  });
});

describe('swaps', () => {
  it('takes a faceup card: re-mask first, then any hand card goes down facedown', () => {
    const sim = toPlay(SPEC, 'red', 1); // seat 0 starts
    act(sim, 0, { type: 'SWAP', slot: 1 });
    expect(redblack.needs(sim.state)).toEqual([
      { type: 'REMASK', seat: 0, cards: [0, 1, 2, 3, 4] },
    ]);
    // Nobody calls while the swapper's hand is being re-masked.
    expect(redblack.legalActions(sim.state, 1)).toEqual([]);
    serveAll(sim);
    expect(redblack.needs(sim.state)).toEqual([{ type: 'ACT', seats: [0] }]);
    const legal = redblack.legalActions(sim.state, 0);
    expect(
      legal.filter((a) => a.type === 'PLACE').map((a) => a.type === 'PLACE' && a.card),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(legal.some((a) => a.type === 'LEAVE')).toBe(false);
    // The swapper may call (the opponent's hand is settled); the opponent may not.
    expect(legal.filter((a) => a.type === 'CALL')).toHaveLength(6);
    expect(redblack.legalActions(sim.state, 1)).toEqual([]);
    const takenFace = sim.truth[11]!;
    act(sim, 0, { type: 'PLACE', card: 3 });
    const { round } = sim.state;
    expect(round.hands[0]).toEqual([0, 1, 2, 4, 11]);
    expect(round.river[1]).toEqual({
      card: 3,
      faceup: false,
      placedBy: 0,
      readers: [true, false],
    });
    expect(round.faces[11]).toBe(takenFace);
    expect(round.faces[3]).toBeNull();
    expect(round).toMatchObject({ turn: 1, turns: 1, stage: { kind: 'PLAY' } });
    expect(round.log.at(-1)).toEqual({
      type: 'PLACE',
      seat: 0,
      slot: 1,
      took: 11,
      tookFace: takenFace,
      placed: 3,
    });
    const mine = redblack.view(sim.state, 0).river[1];
    const theirs = redblack.view(sim.state, 1).river[1];
    expect(mine).toMatchObject({ faceup: false, face: null, readable: true, placedBy: 0 });
    expect(theirs).toMatchObject({ faceup: false, face: null, readable: false, placedBy: 0 });
    // The taken card is public in seat 0's hand until its next re-mask.
    expect(redblack.view(sim.state, 1).opponent.cards).toContainEqual({
      card: 11,
      face: takenFace,
    });
  });

  it('peeks at a facedown card (a private deal), then swaps or leaves it', () => {
    const sim = toPlay(SPEC, 'red', 1);
    act(sim, 0, { type: 'SWAP', slot: 0 });
    serveAll(sim);
    act(sim, 0, { type: 'PLACE', card: 2 }); // seat 0's card goes into slot 0
    act(sim, 1, { type: 'SWAP', slot: 0 });
    expect(redblack.needs(sim.state)).toEqual([{ type: 'DEAL', cards: [2], to: 1 }]);
    serve(sim);
    expect(sim.state.round.log.at(-1)).toEqual({ type: 'PEEK', seat: 1, slot: 0, card: 2 });
    expect(redblack.needs(sim.state)).toEqual([
      { type: 'REMASK', seat: 1, cards: [5, 6, 7, 8, 9] },
    ]);
    serve(sim);
    const legal = redblack.legalActions(sim.state, 1);
    expect(legal.filter((a) => a.type !== 'CALL')).toEqual([
      ...[5, 6, 7, 8, 9].map((card) => ({ type: 'PLACE', seat: 1, card })),
      { type: 'LEAVE', seat: 1 },
    ]);
    expect(redblack.view(sim.state, 1).river[0]).toMatchObject({ readable: true, placedBy: 0 });
    act(sim, 1, { type: 'LEAVE' });
    expect(sim.state.round.river[0]).toMatchObject({ card: 2, readers: [true, true] });
    expect(sim.state.round.log.at(-1)).toEqual({ type: 'LEAVE', seat: 1, slot: 0 });
    // A card it placed is dealt to it again: seat 1's peek left it under seat 1's layer alone.
    act(sim, 0, { type: 'SWAP', slot: 0 });
    expect(redblack.needs(sim.state)).toEqual([{ type: 'DEAL', cards: [2], to: 0 }]);
    serve(sim);
    expect(sim.state.round.log.at(-1)).toEqual({ type: 'PEEK', seat: 0, slot: 0, card: 2 });
    expect(redblack.needs(sim.state)).toEqual([
      { type: 'REMASK', seat: 0, cards: [0, 1, 3, 4, 10] },
    ]);
  });

  it('refuses a LEAVE on a faceup slot, a card from outside the hand and a bad slot', () => {
    const sim = toPlay(SPEC, 'red', 1);
    expect(refused(sim, { type: 'SWAP', slot: 3, seat: 0, seen: 1 })).toEqual(error('ERR_SLOT'));
    expect(refused(sim, { type: 'SWAP', slot: 0, seat: 1, seen: 1 })).toEqual(
      error('ERR_NOT_YOUR_TURN'),
    );
    act(sim, 0, { type: 'SWAP', slot: 1 });
    expect(refused(sim, { type: 'PLACE', card: 0, seat: 0, seen: 2 })).toEqual(error('ERR_STAGE'));
    serveAll(sim);
    expect(refused(sim, { type: 'LEAVE', seat: 0, seen: 2 })).toEqual(error('ERR_SLOT'));
    expect(refused(sim, { type: 'PLACE', card: 11, seat: 0, seen: 2 })).toEqual(error('ERR_CARD'));
    expect(refused(sim, { type: 'PLACE', card: 5, seat: 0, seen: 2 })).toEqual(error('ERR_CARD'));
    expect(refused(sim, { type: 'PLACE', card: 0, seat: 1, seen: 2 })).toEqual(
      error('ERR_NOT_YOUR_TURN'),
    );
  });

  it('leaves nothing that links the river card to a card seen before (re-mask)', () => {
    // Seat 1 attacks and seat 0 defends with three red cards, which become public;
    // then seat 0 swaps: whichever card it puts down, the rules' state is the same
    // up to that one id, and holds no face for any of seat 0's hand ids.
    const sim = toPlay(SPEC, 'red', 1);
    act(sim, 0, { type: 'SWAP', slot: 0 });
    serveAll(sim);
    act(sim, 0, { type: 'PLACE', card: 3 });
    act(sim, 1, { type: 'ATTACK', colour: 'black', cards: [] });
    serveAll(sim);
    const reds = sim.state.round.hands[0].filter((card) => colourOf(sim, card) === 'red');
    act(sim, 0, { type: 'DEFEND', colour: 'red', cards: reds });
    serveAll(sim);
    expect(redblack.view(sim.state, 1).opponent.cards.filter((c) => c.face !== null)).toHaveLength(
      reds.length,
    );
    act(sim, 0, { type: 'SWAP', slot: 2 });
    serveAll(sim);
    const hand = sim.state.round.hands[0];
    for (const card of hand) expect(sim.state.round.faces[card]).toBeNull();
    const remaskAt = sim.state.round.log.length - 1;
    expect(sim.state.round.log[remaskAt]).toMatchObject({ type: 'REMASK', seat: 0 });
    const viewAfter = (card: CardId) => {
      const next = tell(redblack, sim.state, { type: 'PLACE', card, seat: 0, seen: sim.acts });
      if (!next.ok) throw new Error(next.error);
      return redblack.view(next.value, 1);
    };
    const reference = hand[0]!;
    for (const card of hand) {
      // Renaming `card` to `reference` (ids are mere names since the re-mask) turns
      // seat 1's view after "put down `card`" into its view after "put down `reference`".
      expect(normal(renamed(viewAfter(card), card, reference, remaskAt + 1))).toEqual(
        normal(viewAfter(reference)),
      );
    }
  });
});

/** Swaps ids `a` and `b` in a view, except in log entries before `from` (they named other cards). */
function renamed<T>(view: T, a: CardId, b: CardId, from: number): T {
  const swap = (id: unknown) => (id === a ? b : id === b ? a : id);
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value))
      return value.map((v) => (key === 'cards' && typeof v === 'number' ? swap(v) : walk(v, '')));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          ['card', 'placed', 'took'].includes(k) ? swap(v) : walk(v, k),
        ]),
      );
    return value;
  };
  const v = view as { log: unknown[] };
  return {
    ...(walk(view, '') as object),
    log: [...v.log.slice(0, from), ...(walk(v.log.slice(from), '') as unknown[])],
  } as T;
}

/** A view with hand lists sorted: the order of ids in a hand means nothing. */
function normal<T>(view: T): T {
  const v = view as { opponent: { cards: { card: number }[] } };
  const cards = [...v.opponent.cards].sort((x, y) => x.card - y.card);
  return { ...view, opponent: { ...v.opponent, cards } };
}

describe('attacks', () => {
  /** Seat 0 first; seat 0 takes river slot 0 and gives a card of colour `give`; then seat 1 may attack. */
  function toAttack(spec: string, give: Colour): Sim {
    const sim = toPlay(spec, 'red', 1);
    act(sim, 0, { type: 'SWAP', slot: 0 });
    serveAll(sim);
    const card = sim.state.round.hands[0].find((c) => colourOf(sim, c) === give)!;
    act(sim, 0, { type: 'PLACE', card });
    return sim;
  }

  it('is not allowed on the first player’s first turn', () => {
    const sim = toPlay(SPEC, 'red', 1);
    expect(redblack.legalActions(sim.state, 0).some((a) => a.type === 'ATTACK')).toBe(false);
    expect(refused(sim, { type: 'ATTACK', colour: 'red', cards: [0], seat: 0, seen: 1 })).toEqual(
      error('ERR_FIRST_TURN'),
    );
  });

  it('offers every subset of the hand in both colours', () => {
    const sim = toAttack(SPEC, 'black');
    const attacks = redblack.legalActions(sim.state, 1).filter((a) => a.type === 'ATTACK');
    expect(attacks).toHaveLength(64);
  });

  it('plays the seed’s example: 1 red against 3 black, the river turns up 3 red, 1 discard', () => {
    // Seat 0 (R B B B R) takes the red of slot 0 and puts a red down: the river is all red.
    // Seat 1 attacks with one red; seat 0 defends with its three blacks.
    const sim = toAttack('RBBBR RRBBB RRR', 'red');
    const placed = sim.state.round.river[0]!.card;
    expect(colourOf(sim, placed)).toBe('red');
    act(sim, 1, { type: 'ATTACK', colour: 'red', cards: [5] });
    // The reveal judges seat 1's claim that card 5 is red.
    expect(redblack.needs(sim.state)).toEqual([{ type: 'REVEAL', cards: [5], claim: 1 }]);
    serveAll(sim);
    expect(redblack.needs(sim.state)).toEqual([{ type: 'ACT', seats: [0] }]);
    expect(redblack.view(sim.state, 0).phase).toBe('ATTACK');
    // No call during an attack.
    expect(redblack.legalActions(sim.state, 1)).toEqual([]);
    const blacks = sim.state.round.hands[0].filter((c) => colourOf(sim, c) === 'black');
    expect(blacks).toHaveLength(3);
    act(sim, 0, { type: 'DEFEND', colour: 'black', cards: blacks });
    expect(redblack.needs(sim.state)).toEqual([{ type: 'REVEAL', cards: blacks, claim: 0 }]);
    serve(sim); // defence revealed
    // The river flip judges nobody's claim.
    expect(redblack.needs(sim.state)).toEqual([{ type: 'REVEAL', cards: [placed] }]);
    serve(sim); // the river flip
    expect(sim.state.round.river.every((s) => s.faceup)).toBe(true);
    expect(sim.state.round.log.slice(-2)).toEqual([
      { type: 'FLIP', slot: 0, card: placed, face: sim.truth[placed] },
      { type: 'POWER', attack: 4, defence: 3, discard: 1 },
    ]);
    const view = redblack.view(sim.state, 1);
    expect(view.attack).toMatchObject({ power: { attack: 4, defence: 3 }, owed: 1, chosen: null });
    const discards = redblack.legalActions(sim.state, 0);
    expect(discards).toHaveLength(5);
    expect(discards.every((a) => a.type === 'DISCARD' && a.cards.length === 1)).toBe(true);
    const victim = blacks[0]!; // already public: costs no information
    act(sim, 0, { type: 'DISCARD', cards: [victim] });
    serveAll(sim);
    const { round } = sim.state;
    expect(round.hands[0]).toHaveLength(4);
    expect(round.hands[0]).not.toContain(victim);
    expect(round.discard).toEqual([{ card: victim, seat: 0 }]);
    expect(round).toMatchObject({ turn: 0, turns: 2, stage: { kind: 'PLAY' } });
    // The other revealed cards went back to the hand and stay public.
    for (const card of blacks.slice(1)) expect(round.faces[card]).toBe(sim.truth[card]);
    // The river stays faceup.
    expect(redblack.view(sim.state, 0).river.every((s) => s.faceup && s.face !== null)).toBe(true);
  });

  it('leaves the river alone when both pick the same colour', () => {
    const sim = toAttack('RRBBB RRRBB RBR', 'black');
    act(sim, 1, { type: 'ATTACK', colour: 'red', cards: [5, 6, 7] });
    serveAll(sim);
    const reds = sim.state.round.hands[0].filter((c) => colourOf(sim, c) === 'red');
    act(sim, 0, { type: 'DEFEND', colour: 'red', cards: reds.slice(0, 1) });
    serveAll(sim);
    expect(sim.state.round.river[0]!.faceup).toBe(false);
    expect(sim.state.round.log.at(-1)).toEqual({
      type: 'POWER',
      attack: 3,
      defence: 1,
      discard: 2,
    });
    expect(redblack.legalActions(sim.state, 0)).toHaveLength(10);
  });

  it('takes the whole hand without asking when the damage is at least the hand', () => {
    const sim = toAttack('BBBBR RRRRR RRR', 'black');
    act(sim, 1, { type: 'ATTACK', colour: 'red', cards: [5, 6, 7, 8, 9] });
    serveAll(sim);
    act(sim, 0, { type: 'DEFEND', colour: 'black', cards: [] });
    serveAll(sim);
    const { round } = sim.state;
    expect(round.hands[0]).toEqual([]);
    expect(round.discard.map((d) => d.seat)).toEqual([0, 0, 0, 0, 0]);
    expect(round.log.find((e) => e.type === 'POWER')).toEqual({
      type: 'POWER',
      attack: 7,
      defence: 1,
      discard: 5,
    });
    // An empty hand is settled: calling it is a sure win, settled at once (nothing to reveal).
    expect(redblack.legalActions(sim.state, 1)).toContainEqual({
      type: 'CALL',
      seat: 1,
      red: 0,
      black: 0,
    });
    act(sim, 1, { type: 'CALL', red: 0, black: 0 });
    expect(sim.state.score).toEqual([0, 1]);
    expect(redblack.needs(sim.state)).toEqual([{ type: 'SHUFFLE', cards: [...Array(52).keys()] }]);
  });

  it('costs nothing when the defence holds', () => {
    const sim = toAttack('RRBBB RRBBB RBR', 'red');
    act(sim, 1, { type: 'ATTACK', colour: 'black', cards: [7, 8] });
    serveAll(sim);
    const blacks = sim.state.round.hands[0].filter((c) => colourOf(sim, c) === 'black');
    act(sim, 0, { type: 'DEFEND', colour: 'black', cards: blacks.slice(0, 2) });
    serveAll(sim);
    expect(sim.state.round.log.at(-1)).toEqual({
      type: 'POWER',
      attack: 2,
      defence: 2,
      discard: 0,
    });
    expect(sim.state.round).toMatchObject({ turn: 0, stage: { kind: 'PLAY' } });
    expect(sim.state.round.discard).toEqual([]);
  });

  it('refuses a revealed face of the wrong colour (pinned on its owner by the table)', () => {
    const sim = toAttack(SPEC, 'black');
    act(sim, 1, { type: 'ATTACK', colour: 'red', cards: [6] }); // 6 is black
    expect(refused(sim, { type: 'REVEAL', card: 6, face: sim.truth[6] })).toEqual(
      error('ERR_COLOUR'),
    );
  });

  it('refuses a showing with a card publicly of the other colour, a duplicate or a foreign card', () => {
    const sim = toAttack(SPEC, 'black');
    const tookRed = sim.state.round.hands[0].find((c) => sim.state.round.faces[c] !== null)!;
    expect(colourOf(sim, tookRed)).toBe('red');
    act(sim, 1, { type: 'ATTACK', colour: 'black', cards: [] });
    serveAll(sim);
    const defences = redblack.legalActions(sim.state, 0).filter((a) => a.type === 'DEFEND');
    // The card taken faceup is public red: no black defence includes it.
    expect(
      defences.some(
        (a) => a.type === 'DEFEND' && a.colour === 'black' && a.cards.includes(tookRed),
      ),
    ).toBe(false);
    const seen = sim.acts;
    expect(
      refused(sim, { type: 'DEFEND', colour: 'black', cards: [tookRed], seat: 0, seen }),
    ).toEqual(error('ERR_COLOUR'));
    expect(refused(sim, { type: 'DEFEND', colour: 'red', cards: [0, 0], seat: 0, seen })).toEqual(
      error('ERR_CARDS'),
    );
    expect(refused(sim, { type: 'DEFEND', colour: 'red', cards: [5], seat: 0, seen })).toEqual(
      error('ERR_CARD'),
    );
    expect(refused(sim, { type: 'DEFEND', colour: 'red', cards: [], seat: 1, seen })).toEqual(
      error('ERR_NOT_YOUR_TURN'),
    );
  });
});

describe('calls', () => {
  it.each([
    ['an exact call wins', { red: 1, black: 4 }, 0, [1, 0]],
    ['a wrong call loses', { red: 2, black: 3 }, 1, [0, 1]],
  ] as const)('%s', (_name, counts, winner, score) => {
    const sim = toPlay(SPEC, 'red', 1);
    act(sim, 0, { type: 'CALL', ...counts });
    expect(redblack.needs(sim.state)).toEqual([{ type: 'REVEAL', cards: [5, 6, 7, 8, 9] }]);
    expect(redblack.view(sim.state, 1)).toMatchObject({
      phase: 'CALL',
      call: { seat: 0, ...counts },
    });
    serve(sim);
    expect(sim.state.score).toEqual(score);
    expect(sim.state.games).toEqual([
      {
        game: 1,
        dealer: 1,
        caller: 0,
        call: counts,
        hand: { red: 1, black: 4 },
        winner,
        turns: 0,
      },
    ]);
    expect(sim.state.round.log.at(-1)).toEqual({
      type: 'RESULT',
      winner,
      caller: 0,
      right: winner === 0,
      red: 1,
      black: 4,
    });
    expect(redblack.needs(sim.state)).toEqual([{ type: 'SHUFFLE', cards: [...Array(52).keys()] }]);
    expect(redblack.view(sim.state, 0).phase).toBe('SHUFFLE');
  });

  it('offers every split to both players between turns, out of turn too', () => {
    const sim = toPlay(SPEC, 'red', 1);
    expect(redblack.legalActions(sim.state, 1)).toEqual(
      [5, 4, 3, 2, 1, 0].map((red) => ({ type: 'CALL', seat: 1, red, black: 5 - red })),
    );
    expect(redblack.legalActions(sim.state, 0).filter((a) => a.type === 'CALL')).toHaveLength(6);
  });

  it('refuses a split that does not add up to the hand', () => {
    const sim = toPlay(SPEC, 'red', 1);
    expect(refused(sim, { type: 'CALL', red: 2, black: 2, seat: 1, seen: 1 })).toEqual(
      error('ERR_CALL'),
    );
    expect(refused(sim, { type: 'CALL', red: -1, black: 6, seat: 1, seen: 1 })).toEqual(
      error('ERR_CALL'),
    );
  });

  it('is closed against a hand in the middle of a swap', () => {
    const sim = toPlay(SPEC, 'red', 1);
    act(sim, 0, { type: 'SWAP', slot: 1 });
    expect(refused(sim, { type: 'CALL', red: 2, black: 3, seat: 1, seen: 2 })).toEqual(
      error('ERR_CALL_CLOSED'),
    );
    serveAll(sim);
    expect(refused(sim, { type: 'CALL', red: 2, black: 3, seat: 1, seen: 2 })).toEqual(
      error('ERR_CALL_CLOSED'),
    );
    // The swapper, whose opponent's hand is settled, may call.
    act(sim, 0, { type: 'CALL', red: 1, black: 4 });
    serveAll(sim);
    expect(sim.state.score).toEqual([1, 0]);
  });

  it('is closed to both players while a call is under way', () => {
    const sim = toPlay(SPEC, 'red', 1);
    act(sim, 0, { type: 'CALL', red: 1, black: 4 });
    expect(redblack.legalActions(sim.state, 1)).toEqual([]);
    for (const seat of [0, 1] as const)
      expect(refused(sim, { type: 'CALL', red: 3, black: 2, seat, seen: 0 })).toEqual(
        error('ERR_CALL_CLOSED'),
      );
  });
});

describe('the match', () => {
  it('ends when a player reaches the target; nothing is needed or taken after', () => {
    const sim = newSim({ target: 2 }, truthOf(deckOf({}), SPEC));
    const caller: Chooser = (s, seat) => {
      const legal = legalOf(s.state, seat);
      if (!legal.some((a) => a.type === 'CALL')) return randomChooser(0)(s, seat);
      // Seat 0 always calls the truth as soon as it may.
      const target = s.state.round.hands[1 - seat]!;
      const red = target.filter((c) => colourOf(s, c) === 'red').length;
      return seat === 0
        ? (legal.find((a) => a.type === 'CALL' && a.red === red) ?? null)
        : randomChooser(0)(s, seat);
    };
    playOut(sim, [caller, caller], invariants);
    expect(sim.state.score).toEqual([2, 0]);
    expect(sim.state.result).toEqual({ winner: 0, reason: 'TARGET' });
    expect(redblack.outcome(sim.state)).toEqual({ result: 'win', winners: [0], reason: 'TARGET' });
    expect(redblack.needs(sim.state)).toEqual([]);
    expect(redblack.view(sim.state, 1).phase).toBe('OVER');
    expect(redblack.legalActions(sim.state, 0)).toEqual([]);
    expect(refused(sim, { type: 'CALL', red: 1, black: 4, seat: 0, seen: 99 })).toEqual(
      error('ERR_MATCH_OVER'),
    );
    expect(sim.state.games.map((g) => g.dealer)).toEqual([
      sim.state.games[0]!.dealer,
      1 - sim.state.games[0]!.dealer,
    ]);
  });
});

describe('inputs', () => {
  it.each([
    [
      'a fact sent as a move (it carries seen)',
      { type: 'REVEAL', card: 10, face: 0, seen: 0 },
      'ERR_ACTION',
    ],
    ['an unknown action', { type: 'PASS', seat: 0 }, 'ERR_ACTION'],
    ['a move without a seat', { type: 'GUESS', colour: 'red' }, 'ERR_SEAT'],
    ['a move by a third seat', { type: 'GUESS', colour: 'red', seat: 2 }, 'ERR_SEAT'],
    ['a deal nobody asked for', { type: 'DEALT', cards: [0], to: 0 }, 'ERR_NOT_NEEDED'],
    ['a re-mask nobody asked for', { type: 'REMASKED', seat: 0, cards: [0] }, 'ERR_NOT_NEEDED'],
    ['a shuffle nobody asked for', { type: 'SHUFFLED' }, 'ERR_NOT_NEEDED'],
    ['a second coin', { type: 'COIN', bit: 0 }, 'ERR_NOT_NEEDED'],
  ])('refuses %s', (_name, input, code) => {
    const sim = toGuess(SPEC, 1);
    expect(refused(sim, input)).toEqual(error(code));
  });

  it('refuses a reveal with a face outside the deck or shown by another card', () => {
    const sim = newSim({ red: 9, black: 9 }, null);
    serveAll(sim, 0);
    act(sim, 1, { type: 'GUESS', colour: 'red' });
    expect(refused(sim, { type: 'REVEAL', card: 12, face: 18 })).toEqual(error('ERR_FACE'));
    expect(refused(sim, { type: 'REVEAL', card: 12, face: sim.truth[10] })).toEqual(
      error('ERR_FACE_CONFLICT'),
    );
  });

  it('never changes the state it is given', () => {
    const sim = toPlay(SPEC, 'red', 1);
    const frozen = deepFreeze(structuredClone(sim.state));
    const next = tell(redblack, frozen, { type: 'SWAP', slot: 0, seat: 0, seen: 1 });
    expect(next.ok).toBe(true);
    expect(frozen).toEqual(sim.state);
  });
});

// ---------------------------------------------------------------- golden replay

/** Seed 7, two bots, default deck, first to 3: three games, calls sure and guessed. */
const game = (
  n: number,
  dealer: Seat,
  caller: Seat,
  call: [number, number],
  hand: [number, number],
  winner: Seat,
  turns: number,
) => ({
  game: n,
  dealer,
  caller,
  call: { red: call[0], black: call[1] },
  hand: { red: hand[0], black: hand[1] },
  winner,
  turns,
});
const GOLDEN = {
  moves: 32,
  score: [0, 3],
  games: [
    game(1, 0, 0, [1, 4], [2, 3], 1, 4),
    game(2, 1, 1, [0, 0], [0, 0], 1, 4),
    game(3, 0, 1, [5, 0], [5, 0], 1, 3),
  ],
  result: { winner: 1, reason: 'TARGET' },
};
const GOLDEN_HASH = '278896b3115a89b15df2ac280a3eafc2523ca21bdf94605813c2f84de573904d';

describe('golden replay', () => {
  it('plays a seeded bot match to the same end, forever', () => {
    const sim = newSim({}, null, 7);
    const moves = playOut(sim, [botChooser, botChooser], invariants);
    expect({
      moves,
      score: sim.state.score,
      games: sim.state.games,
      result: sim.state.result,
    }).toEqual(GOLDEN);
    expect(stateHash(sim.state)).toBe(GOLDEN_HASH);
  });
});

// ---------------------------------------------------------------- properties

const optionsArb = fc.record({
  red: fc.integer({ min: 9, max: 40 }),
  black: fc.integer({ min: 9, max: 40 }),
  target: fc.integer({ min: 1, max: 3 }),
});

describe('any deck, any legal play', () => {
  it('never breaks the invariants, and every match ends with calls', () => {
    fc.assert(
      fc.property(
        optionsArb,
        fc.nat(),
        fc.double({ min: 0.01, max: 0.2, noNaN: true }),
        (options, seed, rate) => {
          const sim = newSim(options, null, seed);
          const random = randomChooser(rate);
          playOut(sim, [random, random], invariants);
          expect(redblack.outcome(sim.state)).not.toBeNull();
          expect(Math.max(...sim.state.score)).toBe(options.target);
          expect(sim.state.games).toHaveLength(sim.state.score[0] + sim.state.score[1]);
          for (const game of sim.state.games) {
            const right = game.call.red === game.hand.red && game.call.black === game.hand.black;
            expect(game.winner).toBe(right ? game.caller : 1 - game.caller);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('offers only actions that apply', () => {
    fc.assert(
      fc.property(optionsArb, fc.nat(), (options, seed) => {
        const sim = newSim({ ...options, target: 1 }, null, seed);
        const random = randomChooser(0.02);
        playOut(sim, [random, random], (s) => {
          for (const seat of [0, 1] as const)
            for (const action of legalOf(s.state, seat))
              expect(tell(redblack, s.state, { ...action, seen: s.acts }).ok).toBe(true);
        });
      }),
      { numRuns: 15 },
    );
  });

  it('keeps every bound the bot draws from the log true, public or private', () => {
    fc.assert(
      fc.property(optionsArb, fc.nat(), (options, seed) => {
        const sim = newSim({ ...options, target: 2 }, null, seed);
        const random = randomChooser(0.01);
        playOut(sim, [botChooser, random], (s) => {
          if (s.state.round.first === null || s.state.result !== null) return;
          if (s.state.round.stage.kind === 'SHUFFLE') return;
          for (const seat of [0, 1] as const) {
            const other = (1 - seat) as Seat;
            const hand = s.state.round.hands[other]!;
            const red = hand.filter((c) => colourOf(s, c) === 'red').length;
            const view = redblack.view(s.state, seat);
            for (const known of [new Map<CardId, Face>(), knownTo(s, seat)]) {
              const bounds = handBounds(view, other, known);
              expect(bounds.size).toBe(hand.length);
              expect(red).toBeGreaterThanOrEqual(bounds.red);
              expect(hand.length - red).toBeGreaterThanOrEqual(bounds.black);
            }
            const guess = estimate(view, other, knownTo(s, seat));
            expect(guess.odds[red]).toBeGreaterThan(0);
          }
        });
      }),
      { numRuns: 25 },
    );
  });

  it('bots finish every match, and a bot call it is sure of is always right', () => {
    fc.assert(
      fc.property(optionsArb, fc.nat(), (options, seed) => {
        const sim = newSim(options, null, seed);
        const sureCalls: { seat: Seat; right: boolean }[] = [];
        const watching: Chooser = (s, seat) => {
          const action = botChooser(s, seat);
          if (action?.type === 'CALL') {
            const view = redblack.view(s.state, seat);
            const guess = estimate(view, 1 - seat, knownTo(s, seat));
            const hand = s.state.round.hands[1 - seat]!;
            const red = hand.filter((c) => colourOf(s, c) === 'red').length;
            if (guess.min === guess.max) sureCalls.push({ seat, right: action.red === red });
          }
          return action;
        };
        const moves = playOut(sim, [watching, watching], invariants);
        expect(redblack.outcome(sim.state)).not.toBeNull();
        expect(moves).toBeLessThan(200 * (2 * options.target - 1));
        expect(sureCalls.every((c) => c.right)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('the bot beats random play that calls only late, by guessing', () => {
    // The random player never calls before turn 30, so the bot wins only by knowing more.
    const late: Chooser = (sim, seat) =>
      randomChooser(sim.state.round.turns >= 30 ? 1 : 0)(sim, seat);
    let matches = 0;
    let games = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const sim = newSim({ target: 3 }, null, seed);
      playOut(sim, [botChooser, late]);
      if (sim.state.result?.winner === 0) matches++;
      games += sim.state.score[0] / (sim.state.score[0] + sim.state.score[1]) / 20;
    }
    expect(matches).toBeGreaterThanOrEqual(15);
    expect(games).toBeGreaterThan(0.6);
  });
});

describe('the bot', () => {
  it('calls when the opponent’s hand is certain and waits otherwise', () => {
    const sim = toPlay(SPEC, 'red', 1);
    // Nothing is known of seat 0's hand yet: seat 1, not on turn, may only call: it waits.
    expect(botChooser(sim, 1)).toBeNull();
    // Seat 0's hand stripped to nothing: seat 1 is sure.
    const empty = toPlay('BBBBR RRRRR RRR', 'red', 1);
    act(empty, 0, { type: 'SWAP', slot: 0 });
    serveAll(empty);
    act(empty, 0, { type: 'PLACE', card: empty.state.round.hands[0][4]! });
    act(empty, 1, { type: 'ATTACK', colour: 'red', cards: [5, 6, 7, 8, 9] });
    serveAll(empty);
    act(empty, 0, { type: 'DEFEND', colour: 'black', cards: [] });
    serveAll(empty);
    expect(botChooser(empty, 1)).toEqual({ type: 'CALL', seat: 1, red: 0, black: 0 });
  });

  it('guesses the colour with more unseen cards', () => {
    const sim = toGuess('RRRRR BBBBB RRB', 1);
    // Seat 0 holds 5 red and sees 2 red turned: more black cards are unseen.
    expect(botChooser(sim, 0)).toEqual({ type: 'GUESS', seat: 0, colour: 'black' });
  });

  it('attacks with all of a colour when the damage is likely', () => {
    // Seat 1 holds five red; two river cards are red: an attack is bound to hurt.
    const sim = toPlay('RRBBB RRRRR BRR', 'red', 1);
    act(sim, 0, { type: 'SWAP', slot: 0 });
    serveAll(sim);
    act(sim, 0, { type: 'PLACE', card: sim.state.round.hands[0][0]! });
    expect(botChooser(sim, 1)).toEqual({
      type: 'ATTACK',
      seat: 1,
      colour: 'red',
      cards: [5, 6, 7, 8, 9],
    });
  });

  it('gathers its majority colour: takes a faceup card of it, gives the other colour', () => {
    // Seat 1 (red majority) starts: river B R B; it takes the red and puts down a black.
    const sim = toPlay('RRBBB RRRBB BRB', 'black', 0);
    expect(sim.state.round.first).toBe(1);
    expect(botChooser(sim, 1)).toEqual({ type: 'SWAP', seat: 1, slot: 1 });
    act(sim, 1, { type: 'SWAP', slot: 1 });
    serveAll(sim);
    const place = botChooser(sim, 1);
    expect(place?.type).toBe('PLACE');
    expect(place?.type === 'PLACE' && colourOf(sim, place.card)).toBe('black');
  });

  it('never looks again at a river card it can read, when another slot has something for it', () => {
    // Seat 0 (four red, one black) takes the black card of slot 2 for its own black, and
    // seat 1 peeks at that card and leaves it: seat 0 knows it, and the river's two faceup
    // cards are black too. No attack of seat 0's can hurt.
    const sim = toPlay('RRRRB RRBBB BBB', 'black', 1);
    act(sim, 0, { type: 'SWAP', slot: 2 });
    serveAll(sim);
    act(sim, 0, {
      type: 'PLACE',
      card: sim.state.round.hands[0].find((c) => colourOf(sim, c) === 'black')!,
    });
    act(sim, 1, { type: 'SWAP', slot: 2 });
    serveAll(sim);
    act(sim, 1, { type: 'LEAVE' });
    const view = redblack.view(sim.state, 0);
    expect(view.river.map((slot) => [slot.faceup, slot.readable])).toEqual([
      [true, false],
      [true, false],
      [false, true],
    ]);
    // Whether its page still reads the card (the peek moved it under seat 1's lock) or not.
    const hand = new Map(view.hand.map(({ card }) => [card, sim.truth[card]!]));
    for (const known of [knownTo(sim, 0), hand])
      for (let seed = 1; seed <= 20; seed++) {
        const choice = chooseAction(view, legalOf(sim.state, 0), seeded(seed), known);
        expect(choice).not.toEqual({ type: 'SWAP', seat: 0, slot: 2 });
      }
  });

  it('over whole matches, looks again at a card it can read only to take it or when nothing else is offered, and never calls a split it knows is wrong', () => {
    const blunders: string[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      const sim = newSim({ target: 1 }, null, seed);
      /** A slot the bot swapped at though it could read its card and another slot offered more. */
      const lookedAgain: (number | null)[] = [null, null];
      const watching: Chooser = (s, seat) => {
        const action = botChooser(s, seat);
        const view = redblack.view(s.state, seat);
        if (action?.type === 'SWAP') {
          const slot = view.river[action.slot]!;
          const more = view.river.some((other) => other.faceup || !other.readable);
          lookedAgain[seat] = !slot.faceup && slot.readable && more ? action.slot : null;
        } else if (action?.type === 'LEAVE' && lookedAgain[seat] !== null)
          blunders.push(`seed ${seed}: seat ${seat} looked again at slot ${lookedAgain[seat]}`);
        else if (action?.type === 'CALL') {
          const guess = estimate(view, 1 - seat, knownTo(s, seat));
          if (!(guess.odds[action.red]! > 0))
            blunders.push(
              `seed ${seed}: seat ${seat} called ${action.red} red against what it knew`,
            );
        }
        return action;
      };
      playOut(sim, [watching, watching]);
    }
    expect(blunders).toEqual([]);
  });

  it('defends the cheapest way: same colour, just enough cards', () => {
    const sim = toPlay('RRBBB RRBBB RBR', 'red', 1);
    act(sim, 0, { type: 'SWAP', slot: 1 });
    serveAll(sim);
    const red = sim.state.round.hands[0].find((c) => colourOf(sim, c) === 'red')!;
    act(sim, 0, { type: 'PLACE', card: red });
    act(sim, 1, { type: 'ATTACK', colour: 'black', cards: [7] });
    serveAll(sim);
    const choice = botChooser(sim, 0);
    expect(choice).toMatchObject({ type: 'DEFEND', colour: 'black' });
    expect(choice?.type === 'DEFEND' && choice.cards.length).toBe(1);
  });
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
