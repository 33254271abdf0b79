/**
 * What the page needs to visit a table from an invite link, and no more: the lobby
 * session and an identity key. `LobbyController` loads this module (a chunk of its own)
 * for the join form; the table's own code (`play.ts`) loads once the player asks for a
 * seat, so that the join form's JavaScript stays small.
 */
export { createIdentity } from '../../engine/identity.ts';
export { LobbySession } from '../../net/lobby.ts';
