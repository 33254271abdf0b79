/**
 * The home screen's parts: choosing a game and its options, how Fair Deal works, the
 * games kept, a transcript to open. One chunk, loaded by `App.svelte` for the home
 * screen, so that the join form an invite link opens loads none of it.
 */
export { default as Home } from './Home.svelte';
export { default as HowItWorks } from './HowItWorks.svelte';
export { default as OpenTranscript } from '../panels/OpenTranscript.svelte';
export { default as YourGames } from '../panels/YourGames.svelte';
