/** Tiny's UI module: its board and its words, as every game's UI folder has them. */
import { defineGameUi } from '../../../../src/ui/games/game.ts';
import type { TinyMove } from '../../engine/tiny/index.ts';
import type { TinyState } from '../../engine/tiny/setup.ts';
import TinyBoard from './TinyBoard.svelte';

export const tinyUi = defineGameUi<TinyState, TinyState, TinyMove>({
  board: TinyBoard,
  unit: 'game',
  describe: (before, after, names) => [
    ...(!before.turned && after.turned ? [`${names[0]} turned the top card.`] : []),
    ...(before.face === null && after.face !== null ? [`It shows ${after.face}.`] : []),
  ],
  reason: (outcome, state, names) =>
    outcome.result === 'win'
      ? `The top card showed ${state.face}: ${outcome.winners.map((seat) => names[seat]).join(' and ')} wins.`
      : 'Nobody wins.',
  faceWords: (_state, _deck, face) => `${face}`,
});
