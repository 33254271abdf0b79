/**
 * Red & Black (docs/rules.md, Red & Black): the state, inputs and views of a match.
 *
 * Cards are opaque ids, positions in the jointly shuffled deck. The rules
 * learn a face only through a `REVEAL` fact (a reveal to everyone) and keep
 * it only while it is public: a re-mask of a hand makes its ids name an
 * unknown permutation of the same cards, so every face known for those ids is
 * forgotten. Private knowledge (a seat's own hand, a peeked river card) never
 * reaches the rules; they only record who can read what.
 */
import type { Face } from '../../cards.ts';
import type { CardId, Played, Seat } from '../../game.ts';
import type { OptionRange } from '../common.ts';

/** Red & Black is played by exactly two seats, 0 and 1. */
export const SEATS = 2;
/** Cards dealt to each hand at the start of a game. */
export const HAND_SIZE = 5;
/** River slots; the river never changes size. */
export const RIVER_SIZE = 3;
/**
 * The cards of each colour a deck may hold (`red`, `black`): 9 to 52 (docs/rules.md; at
 * most two standard decks), 26 (a standard deck) where the table creator picks none.
 */
export const COLOUR_COUNTS: OptionRange = { min: 9, max: 52, default: 26 };
/** The games a player must win to take the match (`target`), 3 where the table creator picks none. */
export const TARGETS: OptionRange = { min: 1, max: 15, default: 3 };

/** The two colours; only colour matters in play. */
export type Colour = 'red' | 'black';

/** Both colours, red first: the order every enumeration uses. */
export const COLOURS: readonly Colour[] = ['red', 'black'];

/** Something per seat, seat 0 first. */
export type PerSeat<T> = readonly [T, T];

/**
 * Table options. `red` and `black`: cards of each colour in the deck
 * (default 26 each, each 9..52). `target`: games to win the match (default 3,
 * 1..15).
 */
export type RedBlackOptions = {
  readonly red?: number;
  readonly black?: number;
  readonly target?: number;
};

/** The deck make-up: faces `0..red-1` are red, `red..red+black-1` black. */
export type Deck = { readonly red: number; readonly black: number };

/**
 * A player's move, as offered by `legalActions`. `move` receives it with
 * `seat` set by the table from the signed author, and `seen`, how many moves
 * its author had seen.
 *
 * - `GUESS`: the non-dealer names the colour of the third river card.
 * - `SWAP`: choose a river slot (a faceup card to take, or a facedown card
 *   to peek at).
 * - `PLACE`: finish a swap: put this hand card facedown into the slot and
 *   take the slot's card into the hand.
 * - `LEAVE`: finish a swap on a facedown slot without swapping.
 * - `ATTACK`: reveal `cards`, all of `colour` (0..all of them).
 * - `DEFEND`: the defender's answer, the same way.
 * - `DISCARD`: the defender's choice of exactly the cards it must discard.
 * - `CALL`: name the red and black counts of the opponent's hand.
 */
export type RedBlackMove =
  | { readonly type: 'GUESS'; readonly colour: Colour }
  | { readonly type: 'SWAP'; readonly slot: number }
  | { readonly type: 'PLACE'; readonly card: CardId }
  | { readonly type: 'LEAVE' }
  | { readonly type: 'ATTACK'; readonly colour: Colour; readonly cards: readonly CardId[] }
  | { readonly type: 'DEFEND'; readonly colour: Colour; readonly cards: readonly CardId[] }
  | { readonly type: 'DISCARD'; readonly cards: readonly CardId[] }
  | { readonly type: 'CALL'; readonly red: number; readonly black: number };

/** A move as `move` receives it: with its author and how many moves it had seen. */
export type RedBlackPlay = Played<RedBlackMove>;

/**
 * A fact the table layer has established, answering a need.
 *
 * - `COIN`: the joint coin for the first dealer (`bit` is the dealer's seat).
 * - `SHUFFLED`: a fresh jointly shuffled deck for the next game.
 * - `DEALT`: `cards` are now readable by seat `to` alone.
 * - `REVEAL`: `card`, asked for by `needs`, shows `face` to everyone.
 * - `REMASKED`: `seat` re-masked and permuted its hand `cards`.
 *
 * Only the table calls `fact`: a player cannot pass a fact off as a move.
 */
export type RedBlackFact =
  | { readonly type: 'COIN'; readonly bit: number }
  | { readonly type: 'SHUFFLED' }
  | { readonly type: 'DEALT'; readonly cards: readonly CardId[]; readonly to: Seat }
  | { readonly type: 'REVEAL'; readonly card: CardId; readonly face: Face }
  | { readonly type: 'REMASKED'; readonly seat: Seat; readonly cards: readonly CardId[] };

/** Why `move` or `fact` refused an input. */
export type RedBlackError =
  | 'ERR_ACTION'
  | 'ERR_MATCH_OVER'
  | 'ERR_SEAT'
  | 'ERR_STAGE'
  | 'ERR_NOT_YOUR_TURN'
  | 'ERR_FIRST_TURN'
  | 'ERR_SLOT'
  | 'ERR_CARD'
  | 'ERR_CARDS'
  | 'ERR_COLOUR'
  | 'ERR_CALL'
  | 'ERR_CALL_CLOSED'
  | 'ERR_NOT_NEEDED'
  | 'ERR_FACE'
  | 'ERR_FACE_CONFLICT'
  | 'ERR_BIT';

/** Why `setup` refused its options. */
export type RedBlackSetupError = 'ERR_DECK' | 'ERR_TARGET';

/**
 * A river slot. A faceup card's face is public (in `faces`); a facedown card
 * was placed from a hand, and `readers` says which seats know its face (its
 * placer, and whoever peeked at it since). Knowing is not holding: the card
 * lies under the layer of the last of them alone, so a swap deals it again.
 */
export type Slot = {
  readonly card: CardId;
  readonly faceup: boolean;
  readonly placedBy: Seat | null;
  readonly readers: PerSeat<boolean>;
};

/** A card on the discard pile: whose hand it left. Its face is public. */
export type Discarded = { readonly card: CardId; readonly seat: Seat };

/** A revealed hand of an attack or a defence. */
export type Showing = { readonly colour: Colour; readonly cards: readonly CardId[] };

/** A call under way: `seat` names `red` and `black` for its opponent's hand. */
export type Call = { readonly seat: Seat; readonly red: number; readonly black: number };

/**
 * Where the current game is.
 *
 * - `COIN`: the match waits for the joint coin that picks the first dealer.
 * - `SHUFFLE`: a game ended and the match goes on; the finished game stays in
 *   view until the fresh deck arrives.
 * - `OPENING`: hands dealt, river turned, the guess, the third card.
 * - `PLAY`: the turn player owes a SWAP or an ATTACK; either may CALL.
 * - `SWAP`: a swap under way: the peek (facedown slot), the re-mask of the
 *   swapper's hand, then the swapper's PLACE or LEAVE.
 * - `ATTACK`: an attack under way: reveals, the defence, the river flip
 *   (colours differ), the defender's discard choice and its reveal.
 * - `CALL`: a call stands and the opponent's hand is being revealed.
 * - `OVER`: the match is over.
 */
export type Stage =
  | { readonly kind: 'COIN' }
  | { readonly kind: 'SHUFFLE' }
  | { readonly kind: 'OPENING' }
  | { readonly kind: 'PLAY' }
  | {
      readonly kind: 'SWAP';
      readonly seat: Seat;
      readonly slot: number;
      readonly peeked: boolean;
      readonly remasked: boolean;
    }
  | {
      readonly kind: 'ATTACK';
      readonly attacker: Seat;
      readonly attack: Showing;
      readonly defence: Showing | null;
      /** Cards the defender must discard, once both powers are known. */
      readonly owed: number | null;
      /** The defender's discards, once chosen (all of its hand when it has no choice). */
      readonly chosen: readonly CardId[] | null;
    }
  | { readonly kind: 'CALL'; readonly call: Call }
  | { readonly kind: 'OVER' };

/**
 * One entry of the game log, in play order; every field is public. The UI
 * words them ("Bob peeked at river slot 2"); the computer player replays
 * them to remember what it has seen.
 */
export type RedBlackEvent =
  | { readonly type: 'GAME'; readonly game: number; readonly dealer: Seat }
  | { readonly type: 'DEAL'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly type: 'RIVER'; readonly slot: number; readonly card: CardId; readonly face: Face }
  | { readonly type: 'GUESS'; readonly seat: Seat; readonly colour: Colour }
  | { readonly type: 'FIRST'; readonly seat: Seat; readonly face: Face; readonly right: boolean }
  | { readonly type: 'SWAP'; readonly seat: Seat; readonly slot: number }
  | { readonly type: 'PEEK'; readonly seat: Seat; readonly slot: number; readonly card: CardId }
  | { readonly type: 'REMASK'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | {
      readonly type: 'PLACE';
      readonly seat: Seat;
      readonly slot: number;
      readonly took: CardId;
      /** The taken card's face when it was public (a faceup slot), else null. */
      readonly tookFace: Face | null;
      readonly placed: CardId;
    }
  | { readonly type: 'LEAVE'; readonly seat: Seat; readonly slot: number }
  | {
      readonly type: 'ATTACK';
      readonly seat: Seat;
      readonly colour: Colour;
      readonly cards: readonly CardId[];
    }
  | {
      readonly type: 'DEFEND';
      readonly seat: Seat;
      readonly colour: Colour;
      readonly cards: readonly CardId[];
    }
  | { readonly type: 'SHOWN'; readonly seat: Seat; readonly card: CardId; readonly face: Face }
  | { readonly type: 'FLIP'; readonly slot: number; readonly card: CardId; readonly face: Face }
  | {
      readonly type: 'POWER';
      readonly attack: number;
      readonly defence: number;
      readonly discard: number;
    }
  | { readonly type: 'DISCARD'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly type: 'CALL'; readonly seat: Seat; readonly red: number; readonly black: number }
  | {
      readonly type: 'RESULT';
      readonly winner: Seat;
      readonly caller: Seat;
      readonly right: boolean;
      readonly red: number;
      readonly black: number;
    };

/** A finished game: who called what, what the hand held, who won. */
export type GameResult = {
  readonly game: number;
  readonly dealer: Seat;
  readonly caller: Seat;
  readonly call: { readonly red: number; readonly black: number };
  readonly hand: { readonly red: number; readonly black: number };
  readonly winner: Seat;
  readonly turns: number;
};

/** The current game: zones as card ids, the public faces, the stage and the log. */
export type Round = {
  /** 1-based number of this game in the match. */
  readonly game: number;
  /** The dealer; null until the coin is in (first game only). */
  readonly dealer: Seat | null;
  readonly stage: Stage;
  readonly hands: PerSeat<readonly CardId[]>;
  readonly river: readonly Slot[];
  readonly discard: readonly Discarded[];
  /** Cards never dealt this game; nobody ever sees them. */
  readonly stock: readonly CardId[];
  /** `faces[card]`: the face while it is public, else null. */
  readonly faces: readonly (Face | null)[];
  /** Whose hand has been dealt. */
  readonly dealt: PerSeat<boolean>;
  readonly guess: Colour | null;
  /** The first player, once the third river card is turned. */
  readonly first: Seat | null;
  /** Whose turn it is (meaningful once `first` is set). */
  readonly turn: Seat;
  /** Turns completed; ATTACK needs at least one (not the first player's first turn). */
  readonly turns: number;
  readonly log: readonly RedBlackEvent[];
};

/** How the match ended: the first player to `target` wins. */
export type MatchResult = { readonly winner: Seat; readonly reason: 'TARGET' };

/** The whole state of a match: plain JSON, identical on every replica. */
export type RedBlackState = {
  readonly deck: Deck;
  readonly target: number;
  readonly score: PerSeat<number>;
  readonly games: readonly GameResult[];
  readonly round: Round;
  readonly result: MatchResult | null;
};

/** A card as a seat sees it: the face only while it is public. */
export type SeenCard = { readonly card: CardId; readonly face: Face | null };

/** A river slot as a seat sees it. */
export type RiverView = {
  readonly slot: number;
  readonly card: CardId;
  readonly faceup: boolean;
  /** Public face of a faceup card, else null. */
  readonly face: Face | null;
  /** Who put this facedown card here, or null (dealt faceup). */
  readonly placedBy: Seat | null;
  /** True when the viewing seat can read this facedown card privately (placed or peeked). */
  readonly readable: boolean;
};

/** The attack under way as a seat sees it. */
export type AttackView = {
  readonly attacker: Seat;
  readonly defender: Seat;
  readonly colour: Colour;
  readonly cards: readonly SeenCard[];
  readonly defence: { readonly colour: Colour; readonly cards: readonly SeenCard[] } | null;
  /** Powers once every card that counts is public, else null. */
  readonly power: { readonly attack: number; readonly defence: number } | null;
  readonly owed: number | null;
  readonly chosen: readonly CardId[] | null;
};

/**
 * Where the game is, in words the UI can switch on: `COIN`, `DEAL` (hands
 * and river going out), `GUESS`, `PLAY`, `SWAP`, `ATTACK`, `CALL`,
 * `SHUFFLE` (next game coming), `OVER` (match over).
 */
export type Phase =
  'COIN' | 'DEAL' | 'GUESS' | 'PLAY' | 'SWAP' | 'ATTACK' | 'CALL' | 'SHUFFLE' | 'OVER';

/** What one seat may see. */
export type RedBlackView = {
  readonly seat: Seat;
  readonly deck: Deck;
  readonly target: number;
  readonly score: PerSeat<number>;
  readonly game: number;
  readonly dealer: Seat | null;
  readonly phase: Phase;
  /** Whose turn it is, once the first player is known. */
  readonly turn: Seat | null;
  readonly first: Seat | null;
  readonly turns: number;
  readonly guess: Colour | null;
  /** Own hand ids (the UI reads their faces privately), with faces that are public. */
  readonly hand: readonly SeenCard[];
  /** The opponent's hand: ids, and faces only where public. */
  readonly opponent: { readonly seat: Seat; readonly cards: readonly SeenCard[] };
  readonly river: readonly RiverView[];
  readonly discard: readonly (SeenCard & { readonly seat: Seat })[];
  readonly swap: { readonly seat: Seat; readonly slot: number; readonly peeked: boolean } | null;
  readonly attack: AttackView | null;
  readonly call: { readonly seat: Seat; readonly red: number; readonly black: number } | null;
  readonly games: readonly GameResult[];
  /** The whole log of this game, oldest first. */
  readonly log: readonly RedBlackEvent[];
  readonly result: MatchResult | null;
};
