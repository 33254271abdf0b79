/**
 * A transcript's replay: its screen and controller, one chunk that `App.svelte` loads
 * when a player opens a transcript or a kept game.
 */
export { ReplayController } from '../controllers/replay.svelte.ts';
export { default as ReplayScreen } from './ReplayScreen.svelte';
