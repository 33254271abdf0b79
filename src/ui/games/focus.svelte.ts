/**
 * Keeps keyboard focus within a board across its redraws. A move's controls go, or
 * turn disabled, once the move is made, and the browser then drops focus to the page,
 * leaving a keyboard or screen reader player at the top. When focus was inside
 * `region` before a redraw and is nowhere after it, it moves to `next`, the line
 * that says what the table does now. Call from a component's script.
 */
export function keepFocus(
  region: () => HTMLElement | undefined,
  next: () => HTMLElement | undefined,
  redraw: () => unknown,
): void {
  let inside = false;
  $effect.pre(() => {
    redraw();
    inside = region()?.contains(document.activeElement) ?? false;
  });
  $effect(() => {
    redraw();
    const active = document.activeElement;
    // A control disabled under focus keeps it until the browser's next rendering step.
    const lost = active === null || active === document.body || active.matches(':disabled');
    if (inside && lost) next()?.focus();
  });
}
