/**
 * What a spectator's page needs, and no seated page: the watch session and its
 * controller. `Spectating` loads this module (a chunk of its own) when a page
 * opens a watch link.
 */
export { isGameId } from '../../engine/catalog.ts';
export { loadPlayable } from '../../engine/games/playable.ts';
export { parseWireMessage } from '../../net/messages.ts';
export { Messenger } from '../../net/messenger.ts';
export { WatchSession } from '../../net/watch.ts';
export { WatchController } from './watch.svelte.ts';
