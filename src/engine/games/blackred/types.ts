/**
 * Black & Red (docs/rules.md, Black & Red): the state, inputs and views of a match.
 *
 * One standard deck of 52 (faces as in `cards.ts`). Cards are opaque ids,
 * positions in the jointly shuffled deck; the rules learn a face only through
 * a `REVEAL` fact and keep it only while the card is public: when discards
 * are shuffled into a new stock their faces are forgotten, and the same ids
 * then name cards nobody can link to what they were. Private knowledge (a
 * seat's own hand) never reaches the rules: a discard names the face its
 * player reads, and the reveal that follows must show exactly that face.
 */
import type { Face } from '../../cards.ts';
import type { CardId, Played, Seat } from '../../game.ts';

/** Black & Red is played by exactly two seats, 0 and 1. */
export const SEATS = 2;
/** Cards in each hand, dealt and kept all hand long. */
export const HAND_SIZE = 7;
/** The running total a discard may reach and not pass; reaching it ends the round. */
export const LIMIT = 31;
/** Points that win the match. */
export const TARGET = 11;
/** Points for a dealt hand of one colour. */
export const DEALT_POINTS = 5;
/** Points for going out on one's own colour. */
export const OWN_POINTS = 3;
/** Points for going out on the other colour. */
export const OTHER_POINTS = 1;

/** The two colours. */
export type Colour = 'red' | 'black';

/** Something per seat, seat 0 first. */
export type PerSeat<T> = readonly [T, T];

/** Black & Red has no table options: one standard deck, a match to 11. */
export type BlackRedOptions = Record<string, never>;

/**
 * A player's move, as offered by `legalActions`. On its turn:
 *
 * - `DISCARD`: put `card` on the pile; `face` is the face its player reads on
 *   it (the reveal must show it).
 * - `GO`: the player cannot discard (no card of the round's colour that keeps
 *   the total at 31 or under); it draws nothing.
 *
 * Its word on its hand, owed after the deal and after every draw, before
 * anyone moves (no choice: the session says it):
 *
 * - `OUT`: the player holds 7 cards of one colour; the hands are shown.
 * - `NO_SEVEN`: it does not; play goes on.
 */
export type BlackRedMove =
  | { readonly type: 'DISCARD'; readonly card: CardId; readonly face: Face }
  | { readonly type: 'GO' }
  | { readonly type: 'OUT' }
  | { readonly type: 'NO_SEVEN' };

/** A move as `move` receives it: with its author and how many moves it had seen. */
export type BlackRedPlay = Played<BlackRedMove>;

/**
 * A fact the table layer has established, answering a need: `COIN` (the joint
 * coin for the first dealer, `bit` is its seat), `SHUFFLED` (a fresh joint
 * shuffle: the whole deck for the next hand, or the discards as a new stock),
 * `DEALT` (`cards` now readable by `to` alone), `REVEAL` (`card` shows `face`
 * to everyone). Only the table calls `fact`.
 */
export type BlackRedFact =
  | { readonly type: 'COIN'; readonly bit: number }
  | { readonly type: 'SHUFFLED' }
  | { readonly type: 'DEALT'; readonly cards: readonly CardId[]; readonly to: Seat }
  | { readonly type: 'REVEAL'; readonly card: CardId; readonly face: Face };

/**
 * Why `move` or `fact` refused an input.
 *
 * A move: `ERR_NOT_YOUR_TURN` (not this seat's move, or the table is still
 * dealing, turning or shuffling), `ERR_WORD_OWED` (a `DISCARD` or `GO` from a
 * seat that owes its word on its hand first), `ERR_NO_WORD_OWED` (an `OUT` or
 * `NO_SEVEN` with no deal or draw to answer), `ERR_NOT_IN_HAND`, `ERR_FACE` (no face of
 * the deck), `ERR_FACE_CONFLICT` (the named face is faceup elsewhere, or a
 * public card named with another face), `ERR_COLOUR` (not the round's
 * colour), `ERR_OVER_31`, `ERR_MUST_DISCARD` (a `GO` that the public cards
 * already refute: the round has no colour yet, or a public hand card could
 * go), `ERR_NOT_OUT` (an `OUT` with public hand cards of both colours).
 *
 * A fact: `ERR_NOT_NEEDED`, `ERR_FACE`, `ERR_FACE_CONFLICT` (a face already
 * public on another card), `ERR_FACE_MISMATCH` (a discard shows another face
 * than its player named: the player lied about its hand), `ERR_BIT`.
 */
export type BlackRedError =
  | 'ERR_ACTION'
  | 'ERR_MATCH_OVER'
  | 'ERR_SEAT'
  | 'ERR_NOT_YOUR_TURN'
  | 'ERR_WORD_OWED'
  | 'ERR_NO_WORD_OWED'
  | 'ERR_NOT_IN_HAND'
  | 'ERR_FACE'
  | 'ERR_FACE_CONFLICT'
  | 'ERR_COLOUR'
  | 'ERR_OVER_31'
  | 'ERR_MUST_DISCARD'
  | 'ERR_NOT_OUT'
  | 'ERR_NOT_NEEDED'
  | 'ERR_FACE_MISMATCH'
  | 'ERR_BIT';

/** Why `setup` refused its options. */
export type BlackRedSetupError = 'ERR_OPTIONS';

/**
 * The discard round under way: its colour (null until its first discard),
 * the running total, how many cards of the pile's top it holds, the goes
 * said in a row, and who discarded last (in this round or, at its start, the
 * one before).
 */
export type Round = {
  readonly colour: Colour | null;
  readonly total: number;
  readonly cards: number;
  readonly goes: number;
  readonly last: Seat | null;
};

/**
 * What a move says about a hand nobody else can see: a `NO_SEVEN` says the
 * player's 7 cards (`cards`) are not all of one colour (`go` null); a `GO`
 * says none of them is of the round's colour with a value that fits (`go`).
 * Each card's face is filled in when that card is next turned faceup
 * (discarded, or shown at the hand's end), and the claim is judged as soon
 * as all are known.
 */
export type Claim = {
  readonly seat: Seat;
  /** The move number of the hand that made the claim. */
  readonly move: number;
  readonly cards: readonly CardId[];
  readonly faces: readonly (Face | null)[];
  readonly go: { readonly colour: Colour; readonly total: number } | null;
};

/** A discard turned faceup but not yet on the pile. */
export type Pending = { readonly seat: Seat; readonly card: CardId; readonly face: Face };

/** Why the hand is ending: `seat` went out, or `seat` could not draw and the stock cannot be rebuilt. */
export type Ending = { readonly kind: 'OUT' | 'STOCK'; readonly seat: Seat };

/**
 * How a hand was scored: `DEALT` (dealt 7 of one colour), `BOTH_DEALT`,
 * `OWN` (out on its own colour), `OTHER` (out on the other colour), `STOCK`
 * (a draw: the stock could not be rebuilt).
 */
export type HandReason = 'DEALT' | 'BOTH_DEALT' | 'OWN' | 'OTHER' | 'STOCK';

/** Which claim was false: a `GO`, a `NO_SEVEN` said while holding 7 of one colour, or an `OUT`. */
export type ClaimKind = 'GO' | 'NO_SEVEN' | 'OUT';

/** One entry of the hand's log, in play order; every field is public. */
export type BlackRedEvent =
  | { readonly type: 'HAND'; readonly number: number; readonly dealer: Seat }
  | { readonly type: 'DEAL'; readonly seat: Seat; readonly count: number }
  | { readonly type: 'UPCARD'; readonly card: CardId; readonly face: Face }
  | {
      readonly type: 'DISCARD';
      readonly seat: Seat;
      readonly card: CardId;
      readonly face: Face;
      /** The running total after it. */
      readonly total: number;
      /** True when it opened the round (and chose its colour). */
      readonly opens: boolean;
    }
  | { readonly type: 'TAKE'; readonly seat: Seat; readonly card: CardId; readonly face: Face }
  | { readonly type: 'DRAW'; readonly seat: Seat }
  | { readonly type: 'GO'; readonly seat: Seat; readonly total: number }
  | { readonly type: 'ROUND'; readonly reason: 'LIMIT' | 'GO'; readonly starter: Seat }
  | { readonly type: 'RESHUFFLE'; readonly cards: number; readonly kept: number }
  | { readonly type: 'OUT'; readonly seat: Seat }
  | { readonly type: 'STOCK'; readonly seat: Seat }
  | { readonly type: 'SHOW'; readonly seat: Seat; readonly faces: readonly Face[] }
  | {
      readonly type: 'SCORE';
      readonly points: PerSeat<number>;
      readonly reason: HandReason;
      /** Who went out, or null for a drawn hand. */
      readonly seat: Seat | null;
    }
  | {
      readonly type: 'CHEAT';
      readonly seat: Seat;
      readonly claim: ClaimKind;
      readonly faces: readonly Face[];
    };

/** A finished hand: who scored what and why, and the hands shown at its end. */
export type HandRecord = {
  readonly number: number;
  readonly dealer: Seat;
  readonly upcard: Face;
  readonly points: PerSeat<number>;
  readonly reason: HandReason;
  readonly seat: Seat | null;
  readonly shown: PerSeat<readonly Face[]>;
  readonly reshuffles: number;
  readonly moves: number;
};

/** The hand under way: zones as card ids, the public faces, the round, the claims and the log. */
export type Hand = {
  /** 1-based number of this hand in the match. */
  readonly number: number;
  /** The dealer; null until the coin is in (first hand only). */
  readonly dealer: Seat | null;
  readonly hands: PerSeat<readonly CardId[]>;
  /** Whose 7 cards have been dealt. */
  readonly dealt: PerSeat<boolean>;
  /** The facedown stock, top first. */
  readonly stock: readonly CardId[];
  /** The card turned up after the deal: player one's colour, and its first draw. */
  readonly upcard: CardId;
  /** The upcard's face once turned, kept all hand long: it decides both colours. */
  readonly upcardFace: Face | null;
  readonly upcardTaken: boolean;
  /** Every discard on the table, bottom first; the round's cards are the top `round.cards`. */
  readonly pile: readonly CardId[];
  readonly round: Round;
  /** Whose move it is. */
  readonly turn: Seat;
  /** Moves made this hand. */
  readonly moves: number;
  /** Whether each seat has moved this hand: until it has, its hand is the one dealt. */
  readonly acted: PerSeat<boolean>;
  /**
   * The seats that owe their word on their hand (`OUT` or `NO_SEVEN`), in
   * order, before any move: both after the deal (player one first), the
   * drawer after a draw.
   */
  readonly words: readonly Seat[];
  readonly pending: Pending | null;
  /** The seat owed a draw from the stock, or null. */
  readonly draw: Seat | null;
  readonly ending: Ending | null;
  readonly claims: readonly Claim[];
  /** Times the discards became a new stock this hand. */
  readonly reshuffles: number;
  /** `faces[card]`: the face while it is public, else null. */
  readonly faces: readonly (Face | null)[];
  readonly log: readonly BlackRedEvent[];
};

/**
 * How the match ended: a player reached the target ahead of the other
 * (`TARGET`), or `cheat` was caught in a false claim and loses (`FALSE_CLAIM`).
 */
export type MatchResult =
  | { readonly winner: Seat; readonly reason: 'TARGET' }
  | {
      readonly winner: Seat;
      readonly reason: 'FALSE_CLAIM';
      readonly cheat: Seat;
      readonly claim: ClaimKind;
    };

/** The whole state of a match: plain JSON, identical on every replica. */
export type BlackRedState = {
  readonly target: number;
  readonly score: PerSeat<number>;
  readonly history: readonly HandRecord[];
  readonly hand: Hand;
  /** True between two hands, while the fresh deck for the next one is shuffled. */
  readonly between: boolean;
  readonly result: MatchResult | null;
};

/**
 * Where the hand is, for the UI: `COIN` (first dealer), `DEAL`, `UPCARD`,
 * `WORD` (a player just dealt or drawn to says whether it holds 7 of one
 * colour), `PLAY` (the turn player owes a move), `DISCARD` (a discard being turned),
 * `DRAW`, `RESHUFFLE` (the discards becoming a new stock), `SHOWDOWN` (the
 * hands being shown), `NEXT` (the next hand's deck being shuffled), `OVER`.
 */
export type Phase =
  | 'COIN'
  | 'DEAL'
  | 'UPCARD'
  | 'WORD'
  | 'PLAY'
  | 'DISCARD'
  | 'DRAW'
  | 'RESHUFFLE'
  | 'SHOWDOWN'
  | 'NEXT'
  | 'OVER';

/** A card as a seat sees it: the face when it can read it (public, or its own), else null. */
export type SeenCard = {
  readonly card: CardId;
  readonly face: Face | null;
};

/** What one seat may see. */
export type BlackRedView = {
  readonly seat: Seat;
  readonly phase: Phase;
  readonly target: number;
  readonly score: PerSeat<number>;
  readonly number: number;
  readonly dealer: Seat | null;
  /** Each seat's colour once the upcard is turned, else null. */
  readonly colours: PerSeat<Colour> | null;
  /** The upcard while it waits to be taken, else null (its face, once turned). */
  readonly upcard: SeenCard | null;
  /** Whose move it is, while a move is owed or a move's cards are moving. */
  readonly turn: Seat;
  /** The seat that owes its word on its hand now (phase `WORD`), else null. */
  readonly word: Seat | null;
  /** Own hand: its colour first, then the other, each by value; unreadable cards last. */
  readonly hand: readonly SeenCard[];
  /** The opponent's hand: backs, but for a public card (the upcard it took). */
  readonly opponent: readonly SeenCard[];
  readonly stock: number;
  /** Discards of earlier rounds, bottom first, and this round's, bottom first. */
  readonly older: readonly SeenCard[];
  readonly roundCards: readonly SeenCard[];
  readonly round: Round;
  readonly pending: Pending | null;
  readonly reshuffles: number;
  readonly history: readonly HandRecord[];
  /** The hand's log, oldest first. */
  readonly log: readonly BlackRedEvent[];
  readonly result: MatchResult | null;
};
