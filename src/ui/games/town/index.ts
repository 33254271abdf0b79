/** Town for Two's UI: the board, and its log and result words. */
import { faceLabel } from '../../../engine/cards.ts';
import {
  standardFace,
  type TownMove,
  type TownState,
  type TownView,
} from '../../../engine/games/town/index.ts';
import { defineGameUi } from '../game.ts';
import { describeTown, townReason } from './describe.ts';
import TownBoard from './TownBoard.svelte';

export const townUi = defineGameUi<TownState, TownView, TownMove>({
  board: TownBoard,
  describe: describeTown,
  unit: 'game',
  reason: townReason,
  // Town's decks are the seats' own: deck 0 is seat 0's red one.
  faceWords: (_, deck, face) => faceLabel(standardFace(deck, face)),
});
