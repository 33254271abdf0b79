/**
 * What the home screen shows of each game, beside the catalog, before the game's UI
 * module (`index.ts`: its board, words and coach) loads: its options form, and
 * whether it offers a guided first game (`GameUi.guided`).
 */
import type { GameId } from '../../engine/catalog.ts';
import type { OptionsForm } from './game.ts';
import RedBlackOptions from './redblack/Options.svelte';
import WarOptions from './war/Options.svelte';

export interface GameChoice {
  /** The form for the options a table creator picks; absent when there are none. */
  readonly options?: OptionsForm;
  /** True when the game's UI module has a coach for a guided first game. */
  readonly guided: boolean;
}

export const GAME_CHOICES: Readonly<Record<GameId, GameChoice>> = {
  redblack: { options: RedBlackOptions, guided: true },
  blackred: { guided: false },
  war: { options: WarOptions, guided: false },
  town: { guided: false },
  batailles: { guided: true },
};
