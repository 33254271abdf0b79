/** A spectator's screen: one chunk, loaded by `App.svelte` when a page opens a watch link. */
export { default as WatchScreen } from './WatchScreen.svelte';
