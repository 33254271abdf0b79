/** What a page coming back to its table says while it gets there (`LobbyController.resume`). */
import type { Restoring } from '../../net/table.ts';
import { thousands } from '../text.ts';

/**
 * Null while the page registers again (not restoring yet): "Reconnecting to the table…".
 * Then how many of the kept events are judged again: "Restoring the game: 120 of 413 steps".
 */
export function restoreWords(restoring: Restoring | null): string {
  if (restoring === null) return 'Reconnecting to the table…';
  const { done, total } = restoring;
  if (total === 0) return 'Restoring the game…';
  return `Restoring the game: ${thousands(done)} of ${thousands(total)} ${total === 1 ? 'step' : 'steps'}`;
}
