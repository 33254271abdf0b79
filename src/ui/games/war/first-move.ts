/** The first move on the board, as the bench times a table's start to it: both players flip at once. */
import type { FirstMove } from '../game.ts';

export const firstMove: FirstMove = {
  selector: '[data-testid=flip]:not(:disabled)',
  everySeat: true,
};
