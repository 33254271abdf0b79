/** War's UI: the board, and its log and result words. */
import { faceLabel } from '../../../engine/cards.ts';
import type { WarMove, WarState, WarView } from '../../../engine/games/war/index.ts';
import { defineGameUi } from '../game.ts';
import { describeWar, warReason } from './describe.ts';
import WarBoard from './WarBoard.svelte';

export const warUi = defineGameUi<WarState, WarView, WarMove>({
  board: WarBoard,
  describe: describeWar,
  unit: 'game',
  reason: warReason,
  faceWords: (_, __, face) => faceLabel(face),
});
