/** Red & Black's UI: the board, and its log and result words. */
import { faceLabel } from '../../../engine/games/redblack/setup.ts';
import type {
  RedBlackMove,
  RedBlackState,
  RedBlackView,
} from '../../../engine/games/redblack/types.ts';
import { defineGameUi } from '../game.ts';
import { describeLastGame, describeRedBlack, describeScore } from './describe.ts';
import RedBlackBoard from './RedBlackBoard.svelte';

/** A match: the last game and the score say why it stands where it does. */
function standing(state: RedBlackState, names: readonly string[]): string {
  return `${describeLastGame(state, names) ?? ''} ${describeScore(state, names)}`.trim();
}

export const redblackUi = defineGameUi<RedBlackState, RedBlackView, RedBlackMove>({
  board: RedBlackBoard,
  describe: (before, after, names) =>
    describeRedBlack(before, after, names, (face) => faceLabel(after.deck, face)),
  unit: 'match',
  reason: (_outcome, state, names) => standing(state, names),
  interlude: standing,
  faceWords: (state, _, face) => faceLabel(state.deck, face),
});
