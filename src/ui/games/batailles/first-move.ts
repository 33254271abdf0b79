/** The first move on the board, as the bench times a table's start to it: every player lays two cards at once. */
import type { FirstMove } from '../game.ts';

export const firstMove: FirstMove = {
  selector: '[data-testid=lay]',
  everySeat: true,
};
