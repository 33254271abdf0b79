/**
 * Scrolling a list to its end reads its height, which makes the page lay itself out at
 * once. The game log and the protocol panel grow a line per event, dozens a second while
 * six players shuffle, and a layout forced for each held every page. Asked here, a list
 * scrolls once, at the next frame, when the page lays itself out anyway.
 */
const pending = new Map<HTMLElement, (list: HTMLElement) => number>();

/** Scrolls `list` to `top(list)` at the next frame; the last request for a list wins. */
export function scrollAtNextFrame(list: HTMLElement, top: (list: HTMLElement) => number): void {
  if (pending.size === 0) requestAnimationFrame(scrollPending);
  pending.set(list, top);
}

function scrollPending(): void {
  for (const [list, top] of pending) list.scrollTo({ top: top(list) });
  pending.clear();
}

/**
 * Scrolls `list` to `top(list)` at the next frame after each change of its size: a list
 * laid out while hidden (a log folded away on a phone, a closed panel) could not scroll,
 * and shows its newest line once it opens. Returns the function that stops it.
 */
export function scrollWhenResized(
  list: HTMLElement,
  top: (list: HTMLElement) => number,
): () => void {
  const resized = new ResizeObserver(() => scrollAtNextFrame(list, top));
  resized.observe(list);
  return () => resized.disconnect();
}
