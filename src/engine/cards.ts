/**
 * Card faces of the standard 52-card deck.
 *
 * A face is an index 0..51, the same index crypto/ maps to a point
 * (`cardPoint(deck, i)`), so an unlocked card's `cardIndex` is its face.
 * The order is suit-major, ranks ascending within a suit:
 * `face = 13 * suit + (rank - 2)`, suits clubs, diamonds, hearts, spades,
 * ranks 2..10, Jack 11, Queen 12, King 13, Ace 14. Games that count the Ace
 * low read `faceRank` and map 14 themselves.
 */

/** A face index, 0..51. */
export type Face = number;

/** Cards in the standard deck. */
export const DECK_SIZE = 52;

/** Suits in face order. */
export const SUITS = ['clubs', 'diamonds', 'hearts', 'spades'] as const;

/** A suit name. */
export type Suit = (typeof SUITS)[number];

const RANK_LABELS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'];

/** True for an integer face index 0..51. */
export function isFace(value: unknown): value is Face {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < DECK_SIZE;
}

/** Rank 2..14 (Jack 11, Queen 12, King 13, Ace 14). */
export function faceRank(face: Face): number {
  return (face % 13) + 2;
}

/** Suit of a face. */
export function faceSuit(face: Face): Suit {
  return SUITS[Math.floor(face / 13)] as Suit;
}

/** Diamonds and hearts are red, clubs and spades black. */
export function faceColor(face: Face): 'red' | 'black' {
  const suit = faceSuit(face);
  return suit === 'diamonds' || suit === 'hearts' ? 'red' : 'black';
}

/** The face of `rank` (2..14) in `suit`. */
export function faceOf(rank: number, suit: Suit): Face {
  return 13 * SUITS.indexOf(suit) + (rank - 2);
}

/** Short label such as `10♥` or `A♠`. */
export function faceLabel(face: Face): string {
  return `${RANK_LABELS[face % 13]}${SUIT_SYMBOLS[Math.floor(face / 13)]}`;
}
