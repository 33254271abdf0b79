/**
 * Town for Two (docs/rules.md, Town for Two): the state, inputs and views of a game.
 *
 * Two decks of 20 cards, Ace (1) to 10 of one colour's two suits: seat 0
 * owns the red deck (card ids 0..19), seat 1 the black one (ids 20..39).
 * Both decks are shuffled jointly by both players, so neither owner knows or
 * chooses the order of its own deck. A card's face is its index in its deck
 * (0..19): rank `face % 10 + 1`, the first ten faces of the first suit
 * (hearts, spades), the next ten of the second (diamonds, clubs).
 *
 * The rules learn a face only through a `REVEAL` fact (a card turned faceup
 * for everyone). A player's hand is private: the rules know its ids, and a
 * play names the faces its player reads on them; the reveal that follows must
 * show exactly those faces.
 */
import type { CardId, Played, Seat } from '../../game.ts';

/** Town for Two is played by exactly two seats, 0 (red) and 1 (black). */
export const SEATS = 2;
/** Cards in each deck: Ace to 10 of two suits. */
export const TOWN_DECK = 20;
/** Ranks run 1 (Ace) to 10; Aces do not wrap to 10. */
export const TOP_RANK = 10;
/** A full hand, and the most cards one turn may play. */
export const HAND_SIZE = 5;

/** A card's face: its index in its own deck, 0..19. */
export type TownFace = number;

/** The two colours, by seat: seat 0 red, seat 1 black. */
export type Colour = 'red' | 'black';
export const COLOUR_OF_SEAT: PerSeat<Colour> = ['red', 'black'];

/** Something per seat, seat 0 first. */
export type PerSeat<T> = readonly [T, T];

/** Town for Two has no table options: both decks are always the same 20 cards. */
export type TownOptions = Record<string, never>;

/**
 * A player's move, as offered by `legalActions`.
 *
 * `PLAY`: `cards` from the hand, in the order they go down, with the `faces`
 * the player reads on them (one each, same order), onto the existing pile
 * `pile` (its index), or as one new pile when `pile` is null.
 */
export type TownMove = {
  readonly type: 'PLAY';
  readonly cards: readonly CardId[];
  readonly faces: readonly TownFace[];
  readonly pile: number | null;
};

/** A move as `move` receives it: with its author and how many moves it had seen. */
export type TownPlay = Played<TownMove>;

/**
 * A fact the table layer has established, answering a need: `REVEAL` (this
 * card shows `face` to everyone) or `DEALT` (these cards are now readable by
 * seat `to` alone). Only the table calls `fact`.
 */
export type TownFact =
  | { readonly type: 'REVEAL'; readonly card: CardId; readonly face: TownFace }
  | { readonly type: 'DEALT'; readonly cards: readonly CardId[]; readonly to: Seat };

/**
 * Why `move` or `fact` refused an input.
 *
 * A play: `ERR_NOT_YOUR_TURN` (not this seat's turn, or the table is still
 * turning or dealing cards), `ERR_NO_CARDS` (nothing played),
 * `ERR_TOO_MANY_CARDS` (more than 5), `ERR_DUPLICATE_CARD`, `ERR_NOT_IN_HAND`,
 * `ERR_FACES` (not one face of the player's deck per card), `ERR_FACE_CONFLICT`
 * (a named face is already faceup on the table, so it cannot be in the hand),
 * `ERR_NOT_A_RUN` (two neighbours do not differ by exactly 1),
 * `ERR_NO_SUCH_PILE`, `ERR_NOT_ADJACENT_TO_PILE` (the first card is not exactly
 * 1 away from the pile's top card).
 *
 * A fact: `ERR_NOT_NEEDED` (not what the game waits for), `ERR_FACE` (no face
 * of the card's deck), `ERR_FACE_MISMATCH` (a played card shows another face
 * than its player named: the player lied about its hand).
 */
export type TownError =
  | 'ERR_ACTION'
  | 'ERR_GAME_OVER'
  | 'ERR_SEAT'
  | 'ERR_NOT_YOUR_TURN'
  | 'ERR_NO_CARDS'
  | 'ERR_TOO_MANY_CARDS'
  | 'ERR_DUPLICATE_CARD'
  | 'ERR_NOT_IN_HAND'
  | 'ERR_FACES'
  | 'ERR_FACE_CONFLICT'
  | 'ERR_NOT_A_RUN'
  | 'ERR_NO_SUCH_PILE'
  | 'ERR_NOT_ADJACENT_TO_PILE'
  | 'ERR_NOT_NEEDED'
  | 'ERR_FACE'
  | 'ERR_FACE_MISMATCH';

/** Why `setup` refused its options. */
export type TownSetupError = 'ERR_OPTIONS';

/** A play turned faceup but not yet on its pile: its cards are being revealed. */
export type PendingPlay = {
  readonly seat: Seat;
  readonly cards: readonly CardId[];
  readonly faces: readonly TownFace[];
  readonly pile: number | null;
};

/** One entry of the game log, in play order; every field is public. */
export type TownEvent =
  | {
      readonly type: 'FLIP';
      readonly seat: Seat;
      readonly card: CardId;
      readonly face: TownFace;
      readonly pile: number;
    }
  | { readonly type: 'FIRST'; readonly seat: Seat }
  | { readonly type: 'DRAW'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | {
      readonly type: 'PLAY';
      readonly seat: Seat;
      readonly cards: readonly CardId[];
      readonly faces: readonly TownFace[];
      readonly pile: number;
      /** True when the play made a new pile. */
      readonly fresh: boolean;
    }
  | { readonly type: 'END'; readonly seat: Seat; readonly short: number };

/** A pile's share of the score: who owns its top, and what it is worth to them. */
export type PileScore = {
  readonly pile: number;
  readonly size: number;
  /** The seat whose colour is on top, or null for a one-card pile (removed at the end). */
  readonly owner: Seat | null;
  /** Cards of the owner's colour in the pile: its points for the owner (0 when removed). */
  readonly points: number;
};

/** The score of the piles as they stand: per seat, and per pile. */
export type Score = {
  readonly points: PerSeat<number>;
  readonly piles: readonly PileScore[];
};

/**
 * How the game ended: `seat` could not draw back up to 5 (its deck was
 * `short` cards short). `winner` null is a draw.
 */
export type TownResult = {
  readonly winner: Seat | null;
  readonly reason: 'CANNOT_DRAW';
  readonly seat: Seat;
  readonly score: Score;
};

/** The whole state: plain JSON, identical on every replica. */
export type TownState = {
  /** Each player's facedown deck, top card first. */
  readonly decks: PerSeat<readonly CardId[]>;
  readonly hands: PerSeat<readonly CardId[]>;
  /** The piles in the order they were made, each bottom card first. */
  readonly piles: readonly (readonly CardId[])[];
  /** `faces[card]`: the face once turned faceup for everyone, else null. */
  readonly faces: readonly (TownFace | null)[];
  /** The opening cards being turned (one per seat), or null once the opening is decided. */
  readonly flips: PerSeat<CardId> | null;
  /** The player who went first; null during the opening. */
  readonly first: Seat | null;
  readonly turn: Seat;
  /** Turns played so far. */
  readonly turns: number;
  readonly pending: PendingPlay | null;
  readonly log: readonly TownEvent[];
  readonly result: TownResult | null;
};

/** A card on the table as everyone sees it. */
export type PileCard = {
  readonly card: CardId;
  readonly face: TownFace;
  readonly rank: number;
  /** The seat whose deck the card came from (its colour). */
  readonly seat: Seat;
};

/** A pile as the UI draws it: every card, bottom first, and who owns its top. */
export type PileView = {
  readonly pile: number;
  readonly cards: readonly PileCard[];
  readonly top: PileCard;
  /** Who would take the pile if the game ended now (null: one card, removed). */
  readonly owner: Seat | null;
  readonly points: number;
};

/** A hand card: the face when the viewing seat can read it, else null. */
export type HandCard = {
  readonly card: CardId;
  readonly face: TownFace | null;
  readonly rank: number | null;
};

/**
 * Where the game is: `OPENING` (first cards turning), `DRAW` (cards being
 * dealt), `PLAY` (the turn player owes a play), `REVEAL` (a play being turned
 * faceup), `OVER`.
 */
export type Phase = 'OPENING' | 'DRAW' | 'PLAY' | 'REVEAL' | 'OVER';

/** What one seat may see. */
export type TownView = {
  readonly seat: Seat;
  readonly colour: Colour;
  readonly phase: Phase;
  /** Whose turn it is, once the opening has decided who goes first. */
  readonly turn: Seat | null;
  readonly first: Seat | null;
  readonly turns: number;
  /** Own hand, sorted by rank (cards this seat cannot read yet last). */
  readonly hand: readonly HandCard[];
  /** Cards in the opponent's hand: a count only. */
  readonly opponentHand: number;
  /** Cards left in each deck. */
  readonly decks: PerSeat<number>;
  readonly piles: readonly PileView[];
  /** The score if the game ended now (at the end: the final score). */
  readonly score: Score;
  /** A play being turned faceup: who, which cards with the faces named, where. */
  readonly pending: PendingPlay | null;
  readonly log: readonly TownEvent[];
  readonly result: TownResult | null;
};

/**
 * Where a run picked so far may go: the piles that take it, whether it may
 * start a new pile, the hand cards that may extend it, and why nothing is
 * legal when nothing is (`reason` null when something is).
 */
export type Targets = {
  readonly piles: readonly number[];
  readonly newPile: boolean;
  readonly extensions: readonly CardId[];
  readonly reason: TownError | null;
};
