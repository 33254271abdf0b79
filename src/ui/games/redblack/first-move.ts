/** The first move on the board, as the bench times a table's start to it: one player, the dealer's opponent, guesses first. */
import type { FirstMove } from '../game.ts';

export const firstMove: FirstMove = {
  selector: '[data-testid^=guess-]',
  everySeat: false,
};
