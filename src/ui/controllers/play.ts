/**
 * What the lobby controller needs once a player goes to a table, and not before: the
 * lobby and table sessions, the games' rules, identity keys, the computer players and
 * the table's controller. `LobbyController` loads this module (a chunk of its own) on
 * its first way to a table, so that the home screen and its JavaScript stay small.
 */
export { freshSeed } from '../../bots/computer.ts';
export { ComputerSeat } from '../../bots/seat.ts';
export { localTable, resumeLocalTable, seatRecords } from '../../bots/table.ts';
export { gameById } from '../../engine/games/registry.ts';
export { createIdentity } from '../../engine/identity.ts';
export { LobbySession } from '../../net/lobby.ts';
export { LoopbackNetwork } from '../../net/loopback.ts';
export { decodePairing } from '../../net/pairing.ts';
export { openStarted, resumeSeat } from '../../net/opening.ts';
export { registerAgain } from '../../net/rejoin.ts';
export { NEXT_GAME_SECONDS } from './interlude.svelte.ts';
export { TableController } from './table.svelte.ts';
