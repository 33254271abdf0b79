/** Black & Red's UI: the board, and its log and result words. */
import { faceLabel } from '../../../engine/cards.ts';
import type {
  BlackRedMove,
  BlackRedState,
  BlackRedView,
} from '../../../engine/games/blackred/index.ts';
import { defineGameUi } from '../game.ts';
import BlackRedBoard from './BlackRedBoard.svelte';
import { blackRedReason, blackRedStanding, describeBlackRed } from './describe.ts';

export const blackredUi = defineGameUi<BlackRedState, BlackRedView, BlackRedMove>({
  board: BlackRedBoard,
  describe: describeBlackRed,
  unit: 'match',
  reason: blackRedReason,
  interlude: blackRedStanding,
  faceWords: (_, __, face) => faceLabel(face),
});
