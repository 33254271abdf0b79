/**
 * Batailles et piques: the armies, what each face is, and the starting state.
 *
 * Every army was shuffled jointly before this, so a card id says nothing of
 * its face: seat p's army is ids 16p..16p+15 in shuffled order, top first.
 */
import type { CardId, DeckSpec, Seat, TableTerms } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import {
  ARMY,
  KING,
  KING_STRENGTH,
  MAX_SEATS,
  MIN_SEATS,
  SLOTS,
  SPECIALS,
  type BataillesOptions,
  type BataillesSetupError,
  type BataillesState,
  type Face,
} from './types.ts';

/** The armies, seat 0's first: card ids number them in this order. */
export const armies = (players: number): DeckSpec[] =>
  Array.from({ length: players }, (_, seat) => ({ name: `army-${seat + 1}`, size: ARMY }));

/** The seat whose army holds `card`. */
export const ownerOf = (card: CardId): Seat => Math.floor(card / ARMY);

/** True for a face of an army: an integer 0..15. */
export const isFace = (value: unknown): value is Face =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < ARMY;

export const isMine = (face: Face): boolean => face > KING;
export const isKing = (face: Face): boolean => face === KING;
/** Units 1 and 2. */
export const isSpy = (face: Face): boolean => face <= 1;
/** Units 4 and 8. */
export const isSweeper = (face: Face): boolean => face === 3 || face === 7;

/** A unit's strength: 1..13, the King 16; a Mine has none. */
export const strengthOf = (face: Face): number =>
  isKing(face) ? KING_STRENGTH : isMine(face) ? 0 : face + 1;

/** True for usable options: 3 to 6 players. */
export function isOptions(options: unknown): options is BataillesOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return false;
  const { players, ...rest } = options as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    typeof players === 'number' &&
    Number.isInteger(players) &&
    players >= MIN_SEATS &&
    players <= MAX_SEATS
  );
}

/** The armies these options play with (one per player). */
export function decks(options: BataillesOptions): DeckSpec[] {
  return armies(isOptions(options) ? options.players : 0);
}

/** The starting state: every army undrawn, nothing in play, hands about to be dealt. */
export function setup(options: BataillesOptions): Result<BataillesState, BataillesSetupError> {
  if (!isOptions(options)) return err('ERR_OPTIONS');
  const { players } = options;
  const each = <T>(make: (seat: Seat) => T): T[] =>
    Array.from({ length: players }, (_, s) => make(s));
  return ok({
    players,
    armies: each((seat) => Array.from({ length: ARMY }, (_, i) => seat * ARMY + i)),
    hands: each(() => []),
    play: each(() => Array<null>(SLOTS).fill(null)),
    trophies: each(() => []),
    teamwork: each(() => SPECIALS),
    slacker: each(() => SPECIALS),
    faces: Array<null>(players * ARMY).fill(null),
    stage: { type: 'OPENING' },
    laid: each(() => false),
    turn: 0,
    first: null,
    bits: [],
    fight: null,
    fights: [],
    passed: each(() => false),
    claims: [],
    exhibits: 0,
    recording: [],
    log: [],
    result: null,
  });
}

/** Batailles et piques's table terms, apart from its rules: an army of 16 per player, as many as the options name. */
export const bataillesTerms: TableTerms<BataillesState, BataillesOptions> = {
  setup,
  decks,
  withSeats: (options, seats) => ({ ...options, players: seats }),
};
