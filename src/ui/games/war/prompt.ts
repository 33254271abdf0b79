/** War's prompt: the status line above the Flip button. */
import type { WarMove, WarView } from '../../../engine/games/war/index.ts';

/**
 * What the board says above Flip: what this player is asked to do, or what the table
 * waits for; null once the game is over, which the battle's verdict tells.
 */
export function warPrompt(
  view: WarView,
  names: readonly string[],
  legal: readonly WarMove[],
): string | null {
  if (view.result) return null;
  if (view.phase === 'REVEAL') return 'Turning the cards…';
  if (legal.some((a) => a.type === 'FLIP'))
    return view.war > 0
      ? 'War! Put down 3 facedown and 1 faceup.'
      : 'Your move: flip your top card.';
  // Not flipped yet and no flip offered: the table is still shuffling the deck.
  if (!view.flipped[view.seat as 0 | 1]) return 'The deck is being shuffled…';
  return `Waiting for ${names[1 - view.seat]} to flip…`;
}
