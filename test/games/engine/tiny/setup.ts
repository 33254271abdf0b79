/** Tiny's terms: a deck of two cards, shuffled jointly, and nothing turned yet. */
import type { TableTerms } from '../../../../src/engine/game.ts';
import { ok } from '../../../../src/engine/result.ts';

/** Whether the first card is turned, and its face once the table revealed it. */
export type TinyState = { readonly turned: boolean; readonly face: number | null };

export const tinyTerms: TableTerms<TinyState, Record<string, never>> = {
  setup: () => ok({ turned: false, face: null }),
  decks: () => [{ name: 'tiny', size: 2 }],
};
