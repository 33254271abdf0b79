/**
 * A card's face in words, as its picture shows it ("7♥"), for the screens that
 * name any card of any game: the audit view and the evidence against a cheat.
 * A table of no game we know still reads: its deck and the face's number.
 */
import type { Json } from '../../engine/encoding.ts';
import type { TableState } from '../../engine/table/index.ts';
import { gameUi } from '../games/index.ts';

/** Face `face` of deck `deck` (its index in the table's decks) at this table, in words. */
export function faceWords(state: TableState<Json>, deck: number, face: number): string {
  const ui = gameUi(state.genesis.game);
  if (ui) return ui.faceWords(state.game, deck, face);
  const name = state.decks[deck]?.name ?? 'deck';
  return `${name === 'deck' ? 'card' : `${name} card`} ${face + 1}`;
}
