/**
 * The order a guided game gives its tips in. Each tip is given once: it is done when the
 * player dismisses it, or once the situation it explained has passed (the player acted,
 * or the table moved on), so the next time that situation comes the next tip for it is
 * given, and a situation whose tips are all done gets none.
 */
import type { Hint } from '../games/game.ts';

export class HintScript {
  private readonly done = new Set<string>();
  private shown: Hint | null = null;

  /** The tip for a situation whose tips are `hints`, most useful first; null when none is left. */
  next(hints: readonly Hint[]): Hint | null {
    const shown = this.shown;
    if (shown && !hints.some((hint) => hint.id === shown.id)) this.done.add(shown.id);
    this.shown = hints.find((hint) => !this.done.has(hint.id)) ?? null;
    return this.shown;
  }

  /** The player read tip `id`: it is not given again. */
  dismiss(id: string): void {
    this.done.add(id);
  }
}
