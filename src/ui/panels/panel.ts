/**
 * Whether the protocol panel starts open: on this browser's first game it
 * does, so a newcomer sees the protocol at work; one click hides it, and
 * whatever the player chose, open or hidden, holds for every game after.
 * Without a choice, later games start with it hidden. Kept in the page's
 * storage (localStorage), nothing of it leaves the browser.
 */

/** The player's own choice: `open` or `closed`. */
const CHOICE = 'fairdeal.protocolPanel';
/** The table of this browser's first game. */
const FIRST = 'fairdeal.firstTable';

/** What the panel reads and writes of the page's storage. */
export type PanelStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * True when the panel starts open at table `table` (null: a replay, not a
 * game, where it starts open unless the player hid it). The first table seen
 * is remembered as this browser's first game, across reloads of it.
 */
export function panelStartsOpen(storage: PanelStorage, table: string | null): boolean {
  const choice = storage.getItem(CHOICE);
  if (choice === 'open' || choice === 'closed') return choice === 'open';
  if (table === null) return true;
  const first = storage.getItem(FIRST);
  if (first === null) storage.setItem(FIRST, table);
  return first === null || first === table;
}

/** Keeps the player's choice for every game after. */
export function keepPanelChoice(storage: PanelStorage, open: boolean): void {
  storage.setItem(CHOICE, open ? 'open' : 'closed');
}
