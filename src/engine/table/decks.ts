/**
 * The decks of a table: which deck a card id belongs to and how a face is
 * read off a point. Card ids number every deck's cards in the order the game
 * declares its decks; a card never leaves its deck, since every shuffle
 * stays within one deck.
 */
import { cardIndex, deckEncodings, encodingIndex, type Point } from '../../../crypto/index.ts';
import type { CardId, DeckSpec } from '../game.ts';
import type { Genesis, TableState } from './types.ts';

/** The deck id that names the face points of `deck` at this table: `cardPoint(deckId, i)`. */
export const deckId = (genesis: Genesis, deck: string): string => `${genesis.table}/${deck}`;

/** The first card id of each deck. */
export function firstIds(decks: readonly DeckSpec[]): number[] {
  let next = 0;
  return decks.map((deck) => ((next += deck.size), next - deck.size));
}

/** Index in `decks` of the deck that holds card `id`; -1 for no card of any deck. */
export function deckIndex(decks: readonly DeckSpec[], id: CardId): number {
  const firsts = firstIds(decks);
  return firsts.findIndex((first, i) => first <= id && id < first + decks[i]!.size);
}

/** The card ids of deck `index`. */
export function deckCards(decks: readonly DeckSpec[], index: number): CardId[] {
  const first = firstIds(decks)[index]!;
  return Array.from({ length: decks[index]!.size }, (_, i) => first + i);
}

/** The encodings of the face points of deck `index`, in face order. */
export const faceEncodings = (
  genesis: Genesis,
  decks: readonly DeckSpec[],
  index: number,
): Uint8Array[] => deckEncodings(deckId(genesis, decks[index]!.name), decks[index]!.size);

/** The face of card `id` if `p` is a face point of its deck, else -1. */
export function faceOf(state: TableState<unknown>, id: CardId, p: Point): number {
  const deck = state.decks[deckIndex(state.decks, id)];
  if (!deck) return -1;
  return cardIndex(deckId(state.genesis, deck.name), deck.size, p);
}

/** `faceOf` the point with this encoding, without decoding it (a card every layer is off). */
export function faceOfEncoding(
  state: TableState<unknown>,
  id: CardId,
  encoding: Uint8Array,
): number {
  const deck = state.decks[deckIndex(state.decks, id)];
  if (!deck) return -1;
  return encodingIndex(deckId(state.genesis, deck.name), deck.size, encoding);
}
