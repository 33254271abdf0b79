/**
 * The screens and panels of a table, from its lobby to its game: one chunk, loaded by
 * `App.svelte` once the page goes to a table, with every game's board and words. The
 * home screen and the join form load none of it.
 */
export { default as CoachPanel } from '../panels/CoachPanel.svelte';
export { GAME_UIS } from '../games/index.ts';
export { default as Lobby } from './Lobby.svelte';
export { default as PairAgain } from '../pair/PairAgain.svelte';
export { default as WatchCodes } from '../pair/WatchCodes.svelte';
export { default as TableScreen } from './TableScreen.svelte';
