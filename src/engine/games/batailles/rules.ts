/**
 * Batailles et piques' rules as pure functions (docs/rules.md, Batailles et piques).
 *
 * The game as the table sees it through `needs`:
 *
 * 1. Opening: `DEAL` six cards of its own army to each player (readable by
 *    it alone), then every player `LAY`s two of them into play facedown, in
 *    any order (`ACT` for all who have not).
 * 2. Turns. First every short hand is refilled from its army (`DEAL`), and
 *    the first player is drawn once by joint coins (`COIN`, as many bits as
 *    it takes to name a seat; a number past the last seat draws again).
 *    Then the turn player (`ACT`) attacks, uses Teamwork or a Slacker,
 *    passes, or stops the game.
 * 3. A fight: its cards are `SHOW`n to the two fighters alone. Then each
 *    fighter `ANNOUNCE`s the cards that die: first the one with a choice
 *    (the single unit facing two; the attacker in a duel), then the other.
 *    If they agree, the dead cards are `REVEAL`ed to everyone, go to the
 *    trophies of the player who killed them, and their owners `REPLACE` them
 *    from hand (`ACT`, any order). Each player who killed a King may then
 *    `PEEK` at one card in play, `SHOW`n to it (and to the card's owner, who
 *    knows it already). If they disagree, or one says the attack broke a
 *    rule, the game stops there: the audit will name whoever lied.
 * 4. A Slacker: the card taken back into the hand is `DEAL`t to its owner
 *    alone (any layer a fight put on it comes off), then the owner
 *    `REMASK`s its hand, so nobody who saw that card can follow it.
 *
 * Every claim on faces only the claimant (or the two fighters) sees is
 * `RECORD`ed as an exhibit: the cards laid (no two Mines in play), a place
 * left empty (nothing in hand could fill it), a pass (no unit in play), a
 * fight (no Mine attacking; each fighter's word). `audit` judges them all
 * once every key is open.
 *
 * The end: when no player but one has a card in play, at once; when every
 * player still in play has passed since anything of theirs changed; or when
 * the turn player stops, every other having passed (they only have Mines
 * left). Score: 1 per trophy, 2 per King; the most points win together.
 */
import type { CardId, Need, Outcome, Seat } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { isInput } from '../common.ts';
import { fightOutcomes } from './fight.ts';
import { isFace, isKing, isMine, ownerOf } from './setup.ts';
import {
  HAND_SIZE,
  SLOTS,
  type BataillesError,
  type BataillesEvent,
  type BataillesFact,
  type BataillesMove,
  type BataillesPlay,
  type BataillesState,
  type Claim,
  type Face,
  type Fight,
  type Stage,
} from './types.ts';

type Res = Result<BataillesState, BataillesError>;

const MOVES = [
  'LAY',
  'ATTACK',
  'TEAMWORK',
  'SLACKER',
  'PASS',
  'STOP',
  'ANNOUNCE',
  'REPLACE',
  'PEEK',
];
const FACTS = ['DEALT', 'SHOWN', 'REVEAL', 'REMASKED', 'COIN', 'RECORDED'];

// ---------------------------------------------------------------- queries

const seatsOf = (state: BataillesState): Seat[] =>
  Array.from({ length: state.players }, (_, seat) => seat);

/** A player's cards in play, place order. */
export const inPlay = (state: BataillesState, seat: Seat): CardId[] =>
  (state.play[seat] ?? []).flatMap((card) => (card === null ? [] : [card]));

/** A player with a card in play still takes turns. */
export const isActive = (state: BataillesState, seat: Seat): boolean =>
  inPlay(state, seat).length > 0;

/** The cards in play of every player but `seat`. */
const enemyCards = (state: BataillesState, seat: Seat): CardId[] =>
  seatsOf(state).flatMap((other) => (other === seat ? [] : inPlay(state, other)));

/** Each player's points: 1 per trophy, 2 per King. */
export function scores(state: BataillesState): number[] {
  return state.trophies.map((cards) =>
    cards.reduce((sum, card) => sum + (isKing(state.faces[card]!) ? 2 : 1), 0),
  );
}

/** Coin bits that name a seat: enough for the largest seat number. */
const bitsFor = (players: number): number => Math.ceil(Math.log2(players));

/** The first fighter to announce: the single unit facing two has the choice; in a duel, the attacker. */
export const firstAnnouncer = (fight: Fight): Seat =>
  fight.attackers.length > 1 ? fight.defender : fight.attacker;

/** The fighter who owes its word now, or null once both have spoken. */
export function announcerOf(fight: Fight): Seat | null {
  const first = firstAnnouncer(fight);
  const second = first === fight.attacker ? fight.defender : fight.attacker;
  return [first, second][fight.announcements.length] ?? null;
}

/**
 * Every hand short of six with cards left in its army, in seat order: asked for
 * together, the table deals them in one round (each seat unlocks every hand but its own
 * at once), and tells them dealt in this order.
 */
function drawsOwed(state: BataillesState, seats = seatsOf(state)): Need[] {
  return seats.flatMap((seat): Need[] => {
    const short = HAND_SIZE - state.hands[seat]!.length;
    const army = state.armies[seat]!;
    return short > 0 && army.length > 0
      ? [{ type: 'DEAL', cards: army.slice(0, short), to: seat }]
      : [];
  });
}

/** What the game waits for; nothing once it is over. */
export function needs(state: BataillesState): Need[] {
  if (state.result !== null) return [];
  if (state.recording.length > 0) return [{ type: 'RECORD', ...state.recording[0]! }];
  const { stage } = state;
  switch (stage.type) {
    case 'OPENING': {
      const waiting = seatsOf(state).filter((seat) => !state.laid[seat]);
      const deals = drawsOwed(state, waiting);
      return deals.length > 0 ? deals : [{ type: 'ACT', seats: waiting }];
    }
    case 'TURN': {
      const deals = drawsOwed(state);
      if (deals.length > 0) return deals;
      if (state.first === null) return [{ type: 'COIN' }];
      return [{ type: 'ACT', seats: [state.turn] }];
    }
    case 'FIGHT': {
      const fight = state.fight!;
      if (!fight.shown)
        return [
          {
            type: 'SHOW',
            cards: [...fight.attackers, ...fight.defenders],
            to: [fight.attacker, fight.defender],
          },
        ];
      return [{ type: 'ACT', seats: [announcerOf(fight)!] }];
    }
    case 'DEATHS':
      return [{ type: 'REVEAL', cards: stage.cards.filter((card) => state.faces[card] === null) }];
    case 'REPLACE':
      return [{ type: 'ACT', seats: stage.seats }];
    case 'PEEK': {
      const peeker = stage.seats[0]!;
      if (stage.card === null) return [{ type: 'ACT', seats: [peeker] }];
      return [{ type: 'SHOW', cards: [stage.card], to: [peeker, ownerOf(stage.card)] }];
    }
    case 'SLACKER':
      return [
        stage.dealt
          ? { type: 'REMASK', seat: stage.seat, cards: state.hands[stage.seat]! }
          : { type: 'DEAL', cards: [stage.card], to: stage.seat },
      ];
  }
}

/** The seats that owe a move now. */
export const acting = (state: BataillesState): Seat[] =>
  needs(state).flatMap((need) => (need.type === 'ACT' ? need.seats : []));

/** True when a pass is allowed on the table's knowledge: no Slacker can be used. */
const mayPass = (state: BataillesState, seat: Seat): boolean =>
  state.slacker[seat] === 0 || state.hands[seat]!.length === 0;

/** True when every other player has passed or is out of play: the turn player may stop. */
const mayStop = (state: BataillesState, seat: Seat): boolean =>
  seatsOf(state).every((other) => other === seat || state.passed[other] || !isActive(state, other));

/** How the game ended, or null while it goes on. */
export function outcome(state: BataillesState): Outcome | null {
  const { result } = state;
  if (result === null) return null;
  if (result.reason === 'DISPUTE') return { result: 'draw', reason: 'DISPUTE' };
  return { result: 'win', winners: [...result.winners], reason: 'POINTS' };
}

// ---------------------------------------------------------------- legal moves

/**
 * Every move `seat` may make now, honestly. The rules cannot see a face, so
 * they need `known`, the faces the seat reads (its hand, its cards in play,
 * a fight's cards shown to it): without them, a Mine is not told from a unit
 * and a fight's word cannot be listed. `move` checks only what the table
 * can see; the audit checks the rest.
 */
export function legalActions(
  state: BataillesState,
  seat: Seat,
  known: ReadonlyMap<CardId, number> = new Map(),
): BataillesPlay[] {
  if (!isSeat(state, seat) || !acting(state).includes(seat)) return [];
  const mine = (card: CardId) => {
    const face = known.get(card);
    return face !== undefined && isMine(face);
  };
  const moves = (list: BataillesMove[]): BataillesPlay[] => list.map((move) => ({ ...move, seat }));
  const { stage } = state;
  switch (stage.type) {
    case 'OPENING':
      return moves(
        subsets(state.hands[seat]!, SLOTS)
          .filter((cards) => cards.filter(mine).length <= 1)
          .map((cards) => ({ type: 'LAY', cards })),
      );
    case 'TURN':
      return moves(turnOptions(state, seat, mine));
    case 'FIGHT':
      return moves(announceOptions(state.fight!, known));
    case 'REPLACE':
      return moves(replaceOptions(state, seat, mine));
    case 'PEEK':
      return moves([null, ...enemyCards(state, seat)].map((card) => ({ type: 'PEEK', card })));
    default:
      return [];
  }
}

function turnOptions(
  state: BataillesState,
  seat: Seat,
  mine: (card: CardId) => boolean,
): BataillesMove[] {
  const own = inPlay(state, seat);
  const units = own.filter((card) => !mine(card));
  const targets = seatsOf(state).flatMap((other) => {
    const cards = other === seat ? [] : inPlay(state, other);
    return [...cards.map((card) => [card]), ...(cards.length === SLOTS ? [cards] : [])];
  });
  const attacks: BataillesMove[] = units.flatMap((unit) =>
    targets.map((t) => ({ type: 'ATTACK' as const, unit, targets: t })),
  );
  const teamwork: BataillesMove[] =
    state.teamwork[seat]! > 0 && units.length === SLOTS
      ? enemyCards(state, seat).map((target) => ({ type: 'TEAMWORK', target }))
      : [];
  const slackers: BataillesMove[] =
    state.slacker[seat]! > 0
      ? own.flatMap((unit) =>
          state.hands[seat]!.flatMap((card) =>
            own
              .filter((c) => c !== unit)
              .concat(card)
              .filter(mine).length <= 1
              ? [{ type: 'SLACKER' as const, unit, card }]
              : [],
          ),
        )
      : [];
  const pass: BataillesMove[] =
    mayPass(state, seat) && attacks.length === 0 ? [{ type: 'PASS' }] : [];
  const stop: BataillesMove[] = mayStop(state, seat) ? [{ type: 'STOP' }] : [];
  return [...attacks, ...teamwork, ...slackers, ...pass, ...stop];
}

/**
 * A fighter's honest words: the first may name any outcome of the faces;
 * the second confirms the first when it holds, else names a true one. Null
 * (the attack broke a rule) when an attacker is a Mine.
 */
function announceOptions(fight: Fight, known: ReadonlyMap<CardId, number>): BataillesMove[] {
  const cards = [...fight.attackers, ...fight.defenders];
  const faces = cards.map((card) => known.get(card));
  if (faces.some((face) => face === undefined)) return [];
  const n = fight.attackers.length;
  const outcomes = fightOutcomes(faces.slice(0, n) as Face[], faces.slice(n) as Face[]);
  const words: (CardId[] | null)[] = outcomes?.map((dead) =>
    dead.map((p) => cards[p]!).sort((a, b) => a - b),
  ) ?? [null];
  const first = fight.announcements[0];
  const holds = first && words.some((w) => sameWord(w, first.deaths));
  const said = holds ? [first.deaths === null ? null : [...first.deaths]] : words;
  return said.map((deaths) => ({ type: 'ANNOUNCE', deaths }));
}

const sameWord = (a: readonly CardId[] | null, b: readonly CardId[] | null): boolean =>
  a === null || b === null ? a === b : sameList(a, b);

/** As many hand cards as there are empty places, if that many can be laid without two Mines. */
function replaceOptions(
  state: BataillesState,
  seat: Seat,
  mine: (card: CardId) => boolean,
): BataillesMove[] {
  const hand = state.hands[seat]!;
  const empty = state.play[seat]!.filter((c) => c === null).length;
  const mines = inPlay(state, seat).filter(mine).length;
  for (let k = Math.min(empty, hand.length); k > 0; k--) {
    const fits = subsets(hand, k).filter((cards) => mines + cards.filter(mine).length <= 1);
    if (fits.length > 0) return fits.map((cards) => ({ type: 'REPLACE', cards }));
  }
  return [{ type: 'REPLACE', cards: [] }];
}

/** Every `k`-card subset of `cards` (1 or 2), in their order. */
function subsets(cards: readonly CardId[], k: number): CardId[][] {
  if (k === 1) return cards.map((card) => [card]);
  return cards.flatMap((a, i) => cards.slice(i + 1).map((b) => [a, b]));
}

// ---------------------------------------------------------------- move and fact

/** Applies a player's move; returns the next state or why it is refused. */
export function move(state: BataillesState, play: BataillesPlay): Res {
  if (!isInput(play, MOVES)) return err('ERR_ACTION');
  if (state.result !== null) return err('ERR_GAME_OVER');
  if (!isSeat(state, play.seat)) return err('ERR_SEAT');
  if (!acting(state).includes(play.seat)) return err('ERR_NOT_YOUR_MOVE');
  return applyMove(state, play.seat, play);
}

function applyMove(state: BataillesState, seat: Seat, move: BataillesMove): Res {
  const stage = state.stage.type;
  switch (move.type) {
    case 'LAY':
      return stage === 'OPENING' ? lay(state, seat, move.cards) : err('ERR_NOT_YOUR_MOVE');
    case 'ATTACK':
    case 'TEAMWORK':
    case 'SLACKER':
    case 'PASS':
    case 'STOP':
      return stage === 'TURN' ? turnMove(state, seat, move) : err('ERR_NOT_YOUR_MOVE');
    case 'ANNOUNCE':
      return stage === 'FIGHT' ? announce(state, seat, move.deaths) : err('ERR_NOT_YOUR_MOVE');
    case 'REPLACE':
      return stage === 'REPLACE' ? replace(state, seat, move.cards) : err('ERR_NOT_YOUR_MOVE');
    case 'PEEK':
      return stage === 'PEEK' ? peek(state, seat, move.card) : err('ERR_NOT_YOUR_MOVE');
  }
}

function lay(state: BataillesState, seat: Seat, cards: unknown): Res {
  const hand = state.hands[seat]!;
  if (!distinctCards(cards, SLOTS) || !cards.every((c) => hand.includes(c)))
    return err('ERR_NOT_IN_HAND');
  let next: BataillesState = {
    ...state,
    hands: setAt(state.hands, seat, without(hand, cards)),
    play: setAt(state.play, seat, [...cards]),
    laid: setAt(state.laid, seat, true),
  };
  next = claim(logged(next, { type: 'LAY', seat, cards: [...cards] }), 'LAY', seat);
  return ok(next.laid.every(Boolean) ? { ...next, stage: { type: 'TURN' } } : next);
}

function turnMove(
  state: BataillesState,
  seat: Seat,
  move: Extract<BataillesMove, { type: 'ATTACK' | 'TEAMWORK' | 'SLACKER' | 'PASS' | 'STOP' }>,
): Res {
  const mine = inPlay(state, seat);
  switch (move.type) {
    case 'ATTACK': {
      if (!mine.includes(move.unit)) return err('ERR_NOT_IN_PLAY');
      const defender = targetsOwner(state, seat, move.targets);
      if (defender === null) return err('ERR_TARGETS');
      return ok(startFight(state, seat, defender, [move.unit], [...(move.targets as CardId[])]));
    }
    case 'TEAMWORK': {
      if (state.teamwork[seat] === 0 || mine.length < SLOTS) return err('ERR_NO_TEAMWORK');
      const defender = targetsOwner(state, seat, [move.target]);
      if (defender === null) return err('ERR_TARGETS');
      const used = { ...state, teamwork: setAt(state.teamwork, seat, state.teamwork[seat]! - 1) };
      return ok(startFight(used, seat, defender, mine, [move.target]));
    }
    case 'SLACKER':
      return slacker(state, seat, move.unit, move.card);
    case 'PASS': {
      if (!mayPass(state, seat)) return err('ERR_CANNOT_PASS');
      let next = logged(
        { ...state, passed: setAt(state.passed, seat, true) },
        { type: 'PASS', seat },
      );
      // With no enemy card in play nobody could attack: the pass claims nothing.
      if (enemyCards(state, seat).length > 0) next = claim(next, 'PASS', seat);
      return ok(
        next.passed.every((p, s) => p || !isActive(next, s)) ? ended(next) : nextTurn(next),
      );
    }
    case 'STOP':
      if (!mayStop(state, seat)) return err('ERR_CANNOT_STOP');
      return ok(ended(logged(state, { type: 'STOP', seat })));
  }
}

/** The one other player owning every one of `targets` (1 or 2 distinct cards in play), or null. */
function targetsOwner(state: BataillesState, seat: Seat, targets: unknown): Seat | null {
  if (!Array.isArray(targets) || (targets.length !== 1 && targets.length !== 2)) return null;
  if (!distinctCards(targets, targets.length)) return null;
  const owner = ownerOf(targets[0]!);
  if (owner === seat || !isSeat(state, owner)) return null;
  return targets.every((card) => inPlay(state, owner).includes(card)) ? owner : null;
}

function startFight(
  state: BataillesState,
  attacker: Seat,
  defender: Seat,
  attackers: CardId[],
  defenders: CardId[],
): BataillesState {
  const fight: Fight = {
    attacker,
    defender,
    attackers,
    defenders,
    // Its exhibit is kept once its cards are shown (`shown`).
    exhibit: -1,
    shown: false,
    announcements: [],
  };
  const next = logged(
    {
      ...state,
      fight,
      stage: { type: 'FIGHT' },
      passed: setAt(state.passed, attacker, false),
    },
    {
      type: 'ATTACK',
      seat: attacker,
      defender,
      attackers,
      defenders,
      teamwork: attackers.length > 1,
    },
  );
  return next;
}

function slacker(state: BataillesState, seat: Seat, unit: unknown, card: unknown): Res {
  if (state.slacker[seat] === 0) return err('ERR_NO_SLACKER');
  const places = state.play[seat]!;
  const hand = state.hands[seat]!;
  if (!isCard(unit) || !places.includes(unit)) return err('ERR_NOT_IN_PLAY');
  if (!isCard(card) || !hand.includes(card)) return err('ERR_NOT_IN_HAND');
  const next: BataillesState = {
    ...state,
    play: setAt(
      state.play,
      seat,
      places.map((c) => (c === unit ? card : c)),
    ),
    hands: setAt(state.hands, seat, [...without(hand, [card]), unit]),
    slacker: setAt(state.slacker, seat, state.slacker[seat]! - 1),
    passed: setAt(state.passed, seat, false),
    stage: { type: 'SLACKER', seat, card: unit, dealt: false },
  };
  return ok(claim(logged(next, { type: 'SLACKER', seat, unit, card }), 'SLACKER', seat));
}

function announce(state: BataillesState, seat: Seat, deaths: unknown): Res {
  const fight = state.fight!;
  if (!fight.shown || announcerOf(fight) !== seat) return err('ERR_NOT_YOUR_MOVE');
  const cards = [...fight.attackers, ...fight.defenders];
  if (deaths !== null && !isDeathList(deaths, cards)) return err('ERR_DEATHS');
  const said = { seat, deaths: deaths === null ? null : [...(deaths as CardId[])] };
  const announcements = [...fight.announcements, said];
  const next = logged(
    { ...state, fight: { ...fight, announcements } },
    { type: 'ANNOUNCE', ...said },
  );
  if (announcements.length < 2) return ok(next);
  const done = { ...next, fight: null, fights: [...state.fights, { ...fight, announcements }] };
  const [first, second] = announcements as [typeof said, typeof said];
  if (first.deaths === null || second.deaths === null || !sameList(first.deaths, second.deaths))
    return ok(
      ended(logged(done, { type: 'DISPUTE', seats: [first.seat, second.seat] }), 'DISPUTE'),
    );
  if (first.deaths.length === 0) return ok(nextTurn(done));
  return ok({ ...done, stage: { type: 'DEATHS', cards: first.deaths } });
}

/** Distinct cards of this fight, ascending. */
function isDeathList(deaths: unknown, cards: readonly CardId[]): deaths is CardId[] {
  return (
    Array.isArray(deaths) &&
    deaths.every((card, i) => cards.includes(card as CardId) && (i === 0 || card > deaths[i - 1]))
  );
}

function replace(state: BataillesState, seat: Seat, cards: unknown): Res {
  const stage = state.stage as Extract<Stage, { type: 'REPLACE' }>;
  const hand = state.hands[seat]!;
  const places = state.play[seat]!;
  const empty = places.filter((c) => c === null).length;
  if (
    !Array.isArray(cards) ||
    !distinctCards(cards, cards.length) ||
    !cards.every((c) => hand.includes(c))
  )
    return err('ERR_NOT_IN_HAND');
  if (cards.length > empty) return err('ERR_PLACES');
  const queue = [...cards];
  const filled = places.map((c) => (c === null && queue.length > 0 ? queue.shift()! : c));
  let next: BataillesState = {
    ...state,
    play: setAt(state.play, seat, filled),
    hands: setAt(state.hands, seat, without(hand, cards)),
    passed: setAt(state.passed, seat, false),
    stage: { ...stage, seats: stage.seats.filter((s) => s !== seat) },
  };
  next = claim(logged(next, { type: 'REPLACE', seat, cards: [...cards] }), 'REPLACE', seat);
  // Once every owner has replaced: the King-killers' peeks, then the next turn.
  return ok(stage.seats.length > 1 ? next : nextPeek(next, stage.peekers));
}

function peek(state: BataillesState, seat: Seat, card: unknown): Res {
  const stage = state.stage as Extract<Stage, { type: 'PEEK' }>;
  if (stage.card !== null || stage.seats[0] !== seat) return err('ERR_NOT_YOUR_MOVE');
  if (card === null) {
    const next = logged(state, { type: 'PEEK', seat, card: null });
    return ok(nextPeek(next, stage.seats.slice(1)));
  }
  if (!isCard(card) || ownerOf(card) === seat || !enemyCards(state, seat).includes(card))
    return err('ERR_PEEK');
  return ok({ ...state, stage: { ...stage, card } });
}

// ---------------------------------------------------------------- facts

/** Applies a fact the table established; returns the next state or why it is refused. */
export function fact(state: BataillesState, input: BataillesFact): Res {
  if (!isInput(input, FACTS)) return err('ERR_ACTION');
  if (state.result !== null) return err('ERR_GAME_OVER');
  const need = needs(state)[0];
  switch (input.type) {
    case 'RECORDED':
      if (need?.type !== 'RECORD' || !sameList(input.cards, need.cards))
        return err('ERR_NOT_NEEDED');
      return ok({ ...state, recording: state.recording.slice(1), exhibits: state.exhibits + 1 });
    case 'DEALT':
      if (need?.type !== 'DEAL' || input.to !== need.to || !sameList(input.cards, need.cards))
        return err('ERR_NOT_NEEDED');
      return ok(dealt(state, need.to, need.cards));
    case 'SHOWN':
      if (
        need?.type !== 'SHOW' ||
        !sameList(input.cards, need.cards) ||
        !sameList(input.to, need.to)
      )
        return err('ERR_NOT_NEEDED');
      return ok(shown(state));
    case 'REVEAL':
      return reveal(state, need, input.card, input.face);
    case 'REMASKED':
      if (need?.type !== 'REMASK' || input.seat !== need.seat || !sameList(input.cards, need.cards))
        return err('ERR_NOT_NEEDED');
      return ok(nextTurn(state));
    case 'COIN':
      if (need?.type !== 'COIN' || (input.bit !== 0 && input.bit !== 1))
        return err('ERR_NOT_NEEDED');
      return ok(coin(state, input.bit));
  }
}

function dealt(state: BataillesState, seat: Seat, cards: readonly CardId[]): BataillesState {
  const { stage } = state;
  if (stage.type === 'SLACKER') {
    // The card is back in its owner's hand alone; a hand of one has nothing to hide it among.
    const next = { ...state, stage: { ...stage, dealt: true } };
    return state.hands[seat]!.length > 1 ? next : nextTurn(next);
  }
  return logged(
    {
      ...state,
      hands: setAt(state.hands, seat, [...state.hands[seat]!, ...cards]),
      armies: setAt(state.armies, seat, state.armies[seat]!.slice(cards.length)),
    },
    { type: 'DRAW', seat, cards: [...cards] },
  );
}

function shown(state: BataillesState): BataillesState {
  const { stage } = state;
  if (stage.type === 'FIGHT') {
    const fight = state.fight!;
    const cards = [...fight.attackers, ...fight.defenders];
    const exhibit = state.exhibits + state.recording.length;
    // Each fighter's copies, under its show key alone: either fighter's keys open the fight.
    const as = [...cards.map(() => fight.attacker), ...cards.map(() => fight.defender)];
    return {
      ...state,
      fight: { ...fight, shown: true, exhibit },
      recording: [...state.recording, { cards: [...cards, ...cards], as }],
    };
  }
  const { seats, card } = stage as Extract<Stage, { type: 'PEEK' }>;
  return nextPeek(logged(state, { type: 'PEEK', seat: seats[0]!, card }), seats.slice(1));
}

function coin(state: BataillesState, bit: number): BataillesState {
  const bits = [...state.bits, bit];
  if (bits.length < bitsFor(state.players)) return { ...state, bits };
  const seat = bits.reduce((n, b) => 2 * n + b, 0);
  if (seat >= state.players) return { ...state, bits: [] };
  return logged({ ...state, bits: [], first: seat, turn: seat }, { type: 'FIRST', seat });
}

function reveal(state: BataillesState, need: Need | undefined, card: unknown, face: unknown): Res {
  if (need?.type !== 'REVEAL' || !need.cards.includes(card as CardId)) return err('ERR_NOT_NEEDED');
  const id = card as CardId;
  if (!isFace(face)) return err('ERR_FACE');
  // An honest army holds each face once: a second card showing a public face proves a bad reveal.
  const army = ownerOf(id);
  if (state.faces.some((f, other) => f === face && ownerOf(other) === army))
    return err('ERR_FACE_CONFLICT');
  const next = { ...state, faces: setAt(state.faces, id, face) };
  return ok(need.cards.length > 1 ? next : buried(next));
}

/**
 * Every dead card is faceup: each leaves play for the trophies of the
 * fighter who killed it; owners with an empty place and a hand replace.
 */
function buried(state: BataillesState): BataillesState {
  const { cards } = state.stage as Extract<Stage, { type: 'DEATHS' }>;
  const fight = state.fights.at(-1)!;
  let next = state;
  const peekers: Seat[] = [];
  for (const card of cards) {
    const owner = ownerOf(card);
    const killer = owner === fight.attacker ? fight.defender : fight.attacker;
    const face = state.faces[card]!;
    next = logged(
      {
        ...next,
        play: setAt(
          next.play,
          owner,
          next.play[owner]!.map((c) => (c === card ? null : c)),
        ),
        trophies: setAt(next.trophies, killer, [...next.trophies[killer]!, card]),
        passed: setAt(next.passed, owner, false),
      },
      { type: 'DEATH', card, face, owner, killer },
    );
    if (isKing(face) && !peekers.includes(killer)) peekers.push(killer);
  }
  const losers = [...new Set(cards.map(ownerOf))].sort((a, b) => a - b);
  const seats = losers.filter((seat) => next.hands[seat]!.length > 0);
  return seats.length > 0
    ? { ...next, stage: { type: 'REPLACE', seats, peekers } }
    : nextPeek(next, peekers);
}

// ---------------------------------------------------------------- progress

function nextPeek(state: BataillesState, seats: readonly Seat[]): BataillesState {
  return seats.length > 0
    ? { ...state, stage: { type: 'PEEK', seats: [...seats], card: null } }
    : nextTurn(state);
}

/** The next player in seat order with a card in play; the game ends when at most one has. */
function nextTurn(state: BataillesState): BataillesState {
  const active = seatsOf(state).filter((seat) => isActive(state, seat));
  if (active.length <= 1) return ended(state);
  const after = (state.turn + 1) % state.players;
  const turn = [...active.filter((s) => s >= after), ...active.filter((s) => s < after)][0]!;
  return { ...state, stage: { type: 'TURN' }, turn };
}

function ended(state: BataillesState, reason: 'SCORE' | 'DISPUTE' = 'SCORE'): BataillesState {
  const points = scores(state);
  const best = Math.max(...points);
  const winners = reason === 'DISPUTE' ? [] : seatsOf(state).filter((s) => points[s] === best);
  const next = logged(state, { type: 'END', scores: points });
  return { ...next, result: { reason, scores: points, winners } };
}

// ---------------------------------------------------------------- helpers

/** Records `seat`'s cards in play (and, for a replacement, its hand) as the exhibit of a claim. */
function claim(state: BataillesState, type: Claim['type'], seat: Seat): BataillesState {
  const play = inPlay(state, seat);
  const hand = type === 'REPLACE' ? state.hands[seat]! : [];
  const exhibit = state.exhibits + state.recording.length;
  return {
    ...state,
    claims: [...state.claims, { type, seat, exhibit, inPlay: play.length }],
    // As the claimant holds them: a card a show left under another's layer too opens by its copy.
    recording: [
      ...state.recording,
      { cards: [...play, ...hand], as: [...play, ...hand].map(() => seat) },
    ],
  };
}

function logged(state: BataillesState, event: BataillesEvent): BataillesState {
  return { ...state, log: [...state.log, event] };
}

function setAt<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((item, i) => (i === index ? value : item));
}

const without = (list: readonly CardId[], cards: readonly CardId[]): CardId[] =>
  list.filter((card) => !cards.includes(card));

const isCard = (value: unknown): value is CardId =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Exactly `count` distinct card ids. */
function distinctCards(cards: unknown, count: number): cards is CardId[] {
  return (
    Array.isArray(cards) &&
    cards.length === count &&
    cards.every(isCard) &&
    new Set(cards).size === cards.length
  );
}

function isSeat(state: BataillesState, seat: unknown): seat is Seat {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < state.players;
}

function sameList(a: unknown, b: readonly number[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
}
