/**
 * A card's face in words, as its picture shows it ("7♥"), for the screens that
 * name any card of any game: the audit view and the evidence against a cheat.
 * A game without a namer here still reads: its deck and the face's number.
 */
import { faceLabel } from '../engine/cards.ts';
import type { Json } from '../engine/encoding.ts';
import { faceLabel as redBlackLabel, type RedBlackState } from '../engine/games/redblack/index.ts';
import { standardFace } from '../engine/games/town/index.ts';
import type { TableState } from '../engine/table/types.ts';
import { faceWords as bataillesFace } from './batailles/describe.ts';

type Namer = (game: Json, deck: number, face: number) => string;

const NAMERS: Record<string, Namer> = {
  war: (_, __, face) => faceLabel(face),
  blackred: (_, __, face) => faceLabel(face),
  redblack: (game, _, face) => redBlackLabel((game as unknown as RedBlackState).deck, face),
  // Town's decks are the seats' own: deck 0 is seat 0's red one.
  town: (_, deck, face) => faceLabel(standardFace(deck, face)),
  // Each army is a deck of its own: the face says the unit.
  batailles: (_, __, face) => bataillesFace(face),
};

/** Face `face` of deck `deck` (its index in the table's decks) at this table, in words. */
export function faceWords(state: TableState<Json>, deck: number, face: number): string {
  const namer = NAMERS[state.genesis.game];
  if (namer) return namer(state.game, deck, face);
  const name = state.decks[deck]?.name ?? 'deck';
  return `${name === 'deck' ? 'card' : `${name} card`} ${face + 1}`;
}
