/**
 * The player's "Confirm my moves" setting: whether a move they choose waits for a Confirm
 * button before it is signed (`MoveChoice`, src/ui/games/choice.svelte.ts), or is signed
 * by the click that chose it. On until the player turns it off: a new player learns every
 * game's board without a click that cannot be taken back. Kept in this browser's storage,
 * for every game and table; nothing of it leaves the browser. One for the page, offered on
 * the home screen and in every move's box at the table.
 */
import { getContext } from 'svelte';

const KEY = 'fairdeal.confirmMoves';
const CONTEXT = Symbol('confirm my moves');

export class ConfirmMoves {
  on = $state(true);

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'>) {
    this.on = storage.getItem(KEY) !== 'off';
  }

  set(on: boolean): void {
    this.on = on;
    this.storage.setItem(KEY, on ? 'on' : 'off');
  }
}

/** The context entry `mount` hands the app, so that any screen and board reads one setting. */
export const confirmMovesContext = (setting: ConfirmMoves): [symbol, ConfirmMoves] => [
  CONTEXT,
  setting,
];

/** The page's setting, from a component; undefined where the app was mounted without one. */
export const confirmMoves = (): ConfirmMoves | undefined => getContext(CONTEXT);
