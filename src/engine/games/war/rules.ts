/**
 * War's rules as pure functions (docs/rules.md, War).
 *
 * A battle runs in steps. In each step both players `FLIP` (in any order):
 * in the first step each puts their top card faceup; in a war step each puts
 * three cards facedown and then one faceup. Once both have flipped, the
 * step's cards move from the stacks to the table and the rules ask the table
 * layer (`needs`) to reveal the faceup cards whose faces nobody knows yet.
 * A face once revealed stays public, so a card that comes round again is
 * not revealed twice. When both faceup faces are known the step resolves:
 *
 * - higher rank (2 low .. Ace high; suits never count) wins the battle and
 *   takes every card on the table to the bottom of its stack, its own pile
 *   first, each pile in the order it was played;
 * - equal ranks mean war: both must hold 4 cards. If one cannot, that player
 *   loses; if neither can, more cards held wins, equal is a draw;
 * - a player left with no cards loses;
 * - when the 5,000th battle ends without a winner, more cards wins, equal is
 *   a draw.
 *
 * When a game ends in the middle of a battle (a war someone cannot complete)
 * the cards on the table stay there and the battle is not counted: the result
 * is decided by what each player holds. "Cards held" always means the cards
 * in a player's stack, not those on the table.
 */
import { faceRank, isFace } from '../../cards.ts';
import type { CardId, Need, Outcome, Seat } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { isInput } from '../common.ts';
import {
  battleLimitOf,
  WAR_FACEDOWN,
  SEATS,
  type PerSeat,
  type WarError,
  type WarFact,
  type WarPlay,
  type WarResult,
  type WarState,
} from './types.ts';

/** The faceup card each player has on the table now, or null between battles. */
export function faceupCards(state: WarState): PerSeat<CardId> | null {
  const [a, b] = state.battle;
  const top = [a.at(-1), b.at(-1)] as const;
  return top[0] === undefined || top[1] === undefined ? null : [top[0], top[1]];
}

/** Faceup cards on the table whose faces must be revealed before play goes on. */
export function pendingReveals(state: WarState): CardId[] {
  if (state.result !== null) return [];
  return (faceupCards(state) ?? []).filter((card) => state.faces[card] === null);
}

/**
 * What the game waits for: the seats that still owe a `FLIP`, or the cards
 * the table layer must reveal to everyone; nothing once the game is over.
 */
export function needs(state: WarState): Need[] {
  if (state.result !== null) return [];
  const cards = pendingReveals(state);
  if (cards.length > 0) return [{ type: 'REVEAL', cards }];
  const seats = [0, 1].filter((seat) => !state.flipped[seat]);
  return [{ type: 'ACT', seats }];
}

/** `[FLIP]` when `seat` owes a flip now, otherwise nothing. */
export function legalActions(state: WarState, seat: Seat): WarPlay[] {
  const owes = needs(state).some((need) => need.type === 'ACT' && need.seats.includes(seat));
  return owes ? [{ type: 'FLIP', seat }] : [];
}

/** How the game ended, or null while it goes on. */
export function outcome(state: WarState): Outcome | null {
  const { result } = state;
  if (result === null) return null;
  return result.winner === null
    ? { result: 'draw', reason: result.reason }
    : { result: 'win', winners: [result.winner], reason: result.reason };
}

/** Applies a player's flip; returns the next state or why it is refused. */
export function move(state: WarState, play: WarPlay): Result<WarState, WarError> {
  if (state.result !== null) return err('ERR_GAME_OVER');
  if (!isInput(play, ['FLIP'])) return err('ERR_ACTION');
  return flip(state, play.seat);
}

/** Applies a reveal fact; returns the next state or why it is refused. */
export function fact(state: WarState, input: WarFact): Result<WarState, WarError> {
  if (state.result !== null) return err('ERR_GAME_OVER');
  if (!isInput(input, ['REVEAL'])) return err('ERR_ACTION');
  return reveal(state, input.card, input.face);
}

function flip(state: WarState, seat: Seat): Result<WarState, WarError> {
  if (!Number.isInteger(seat) || seat < 0 || seat >= SEATS) return err('ERR_SEAT');
  if (pendingReveals(state).length > 0) return err('ERR_NOT_YOUR_TURN');
  if (state.flipped[seat]) return err('ERR_ALREADY_FLIPPED');
  const flipped: PerSeat<boolean> =
    seat === 0 ? [true, state.flipped[1]] : [state.flipped[0], true];
  if (!flipped[0] || !flipped[1]) return ok({ ...state, flipped });
  // Both flipped: the step's cards leave the stacks together, as at a real table.
  const count = state.battle[0].length === 0 ? 1 : WAR_FACEDOWN + 1;
  const [a, b] = state.stacks;
  const next: WarState = {
    ...state,
    stacks: [a.slice(count), b.slice(count)],
    battle: [
      [...state.battle[0], ...a.slice(0, count)],
      [...state.battle[1], ...b.slice(0, count)],
    ],
    flipped: [false, false],
  };
  return ok(settle(next));
}

function reveal(state: WarState, card: CardId, face: number): Result<WarState, WarError> {
  if (!pendingReveals(state).includes(card)) return err('ERR_NOT_NEEDED');
  if (!isFace(face)) return err('ERR_FACE');
  // An honest deck holds each face once; a second card with a known face is proof of a bad reveal.
  if (state.faces.includes(face)) return err('ERR_FACE_CONFLICT');
  const faces = state.faces.map((known, id) => (id === card ? face : known));
  return ok(settle({ ...state, faces }));
}

/** Resolves the current step if both faceup faces are known; otherwise waits. */
function settle(state: WarState): WarState {
  const up = faceupCards(state);
  if (up === null) return state;
  const faceA = state.faces[up[0]] ?? null;
  const faceB = state.faces[up[1]] ?? null;
  if (faceA === null || faceB === null) return state;
  const rankA = faceRank(faceA);
  const rankB = faceRank(faceB);
  if (rankA === rankB) return declareWar(state);
  const winner: Seat = rankA > rankB ? 0 : 1;
  const [pileA, pileB] = state.battle;
  const [stackA, stackB] = state.stacks;
  const [wonA, wonB] = state.won;
  const after: WarState = {
    ...state,
    stacks:
      winner === 0
        ? [[...stackA, ...pileA, ...pileB], stackB]
        : [stackA, [...stackB, ...pileB, ...pileA]],
    battle: [[], []],
    war: 0,
    battles: state.battles + 1,
    won: winner === 0 ? [wonA + 1, wonB] : [wonA, wonB + 1],
    last: { winner, faces: [faceA, faceB], wars: state.war, cards: pileA.length + pileB.length },
  };
  const result = endOfBattle(after);
  return result === null ? after : { ...after, result };
}

/** Equal faceup ranks: war, unless someone cannot put down the four cards it needs. */
function declareWar(state: WarState): WarState {
  const a = state.stacks[0].length;
  const b = state.stacks[1].length;
  const need = WAR_FACEDOWN + 1;
  if (a >= need && b >= need) return { ...state, war: state.war + 1, wars: state.wars + 1 };
  return { ...state, result: { winner: more(a, b), reason: 'WAR_SHORT' } };
}

/** After a battle: an empty stack loses; at the battle limit more cards wins. */
function endOfBattle(state: WarState): WarResult | null {
  const [a, b] = state.stacks;
  if (a.length === 0) return { winner: 1, reason: 'EMPTY' };
  if (b.length === 0) return { winner: 0, reason: 'EMPTY' };
  if (state.battles >= battleLimitOf(state))
    return { winner: more(a.length, b.length), reason: 'BATTLE_LIMIT' };
  return null;
}

/** The seat holding more cards, or null when equal. */
function more(a: number, b: number): Seat | null {
  if (a === b) return null;
  return a > b ? 0 : 1;
}
