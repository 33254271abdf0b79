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
 *
 * A seat that leaves for good (the table tells `LEFT`, at any point) takes
 * its army, hand and cards in play out of the game unseen: only its key opens
 * them, so no need names them, nor the seat, again. A fight it fights, a peek
 * at its card, its Slacker and its turn are called off (the attacker whose
 * defender left plays again, its Teamwork back); its dead in a fight are
 * dropped; it keeps its trophies but cannot win (`leaving.ts`).
 *
 * This file takes the players' moves. The facts (`facts.ts`; a seat's leaving,
 * `leaving.ts`), what the table waits for (`needs.ts`), the moves open to a seat
 * (`legal.ts`), how play moves on (`progress.ts`) and the checks of a move's shape
 * (`shape.ts`) have files of their own.
 */
import type { CardId, Outcome, Seat } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { isInput } from '../common.ts';
import { acting } from './needs.ts';
import { claim, ended, logged, nextPeek, nextTurn, setAt, without } from './progress.ts';
import { allLaid, announcerOf, enemyCards, inPlay, isActive, mayPass, mayStop } from './queries.ts';
import { ownerOf } from './setup.ts';
import { distinctCards, isCard, isDeathList, isSeat, sameList } from './shape.ts';
import {
  SLOTS,
  type BataillesError,
  type BataillesMove,
  type BataillesPlay,
  type BataillesState,
  type Fight,
  type Stage,
} from './types.ts';

// The game's entry: its index and view find the whole contract here.
export { fact } from './facts.ts';
export { legalActions } from './legal.ts';
export { acting, needs } from './needs.ts';
export { scores } from './progress.ts';
export { announcerOf, firstAnnouncer, inPlay, isActive } from './queries.ts';

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

/** How the game ended, or null while it goes on. */
export function outcome(state: BataillesState): Outcome | null {
  const { result } = state;
  if (result === null) return null;
  if (result.reason === 'DISPUTE') return { result: 'draw', reason: 'DISPUTE' };
  return { result: 'win', winners: [...result.winners], reason: 'POINTS' };
}

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
  return ok(allLaid(next) ? { ...next, stage: { type: 'TURN' } } : next);
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
