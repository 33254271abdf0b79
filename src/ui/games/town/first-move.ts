/** The first move on the board, as the bench times a table's start to it: one player plays a card. */
import type { FirstMove } from '../game.ts';

export const firstMove: FirstMove = {
  selector: '[data-testid=hand-card]:not(:disabled)',
  everySeat: false,
};
