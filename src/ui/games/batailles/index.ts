/** Batailles et piques' UI: the board, and its log and result words. */
import type {
  BataillesMove,
  BataillesState,
  BataillesView,
} from '../../../engine/games/batailles/index.ts';
import { defineGameUi } from '../game.ts';
import BataillesBoard from './BataillesBoard.svelte';
import { AUDIT_WORDS, bataillesReason, describeBatailles, faceWords } from './describe.ts';

export const bataillesUi = defineGameUi<BataillesState, BataillesView, BataillesMove>({
  board: BataillesBoard,
  describe: describeBatailles,
  unit: 'game',
  reason: bataillesReason,
  // Each army is a deck of its own: the face says the unit.
  faceWords: (_, __, face) => faceWords(face),
  // Deck n is seat n's army.
  deckWords: (deck, names) => `${names[deck] ?? `seat ${deck + 1}`}'s army`,
  auditWords: AUDIT_WORDS,
});
