/**
 * How the table ended, in words, when it ended before its game did (a resignation, an
 * absent player, a refuted claim): every board's prompt says it instead of the game's
 * last words, which still read as if a move were coming ("Reading your cards…"). The
 * table screen sets it for the boards under it; a replay sets none.
 */
import { getContext, setContext } from 'svelte';

const CONTEXT = Symbol('table ended');

/** Called by the table screen: `ended` reads the words, or null while the game goes on. */
export const setTableEnded = (ended: () => string | null): void => {
  setContext(CONTEXT, ended);
};

/** From a board: reads the words set above it, or null. */
export const tableEnded = (): (() => string | null) =>
  getContext<(() => string | null) | undefined>(CONTEXT) ?? (() => null);
