/**
 * The computer player's choice in War. There is nothing to decide: it flips
 * whenever it owes a flip. It sees only what a human would (the view and the
 * legal actions), like every bot.
 */
import type { WarMove, WarView } from './types.ts';

/** The action to take now, or null when the bot owes nothing. */
export function chooseAction(_view: WarView, legal: readonly WarMove[]): WarMove | null {
  return legal.find((action) => action.type === 'FLIP') ?? null;
}
