/** The first move on the board, as the bench times a table's start to it: one player leads a card, or says go. */
import type { FirstMove } from '../game.ts';

export const firstMove: FirstMove = {
  selector: '[data-testid=hand-card]:not(:disabled), [data-testid=go]',
  everySeat: false,
};
