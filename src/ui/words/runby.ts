/**
 * Whose page runs a seat, in words. A computer player the host adds at a table over
 * the network is a peer of its own, but its keys live in the host's page, so the
 * other players are told: the lobby's roster flags it (`Seat.runByHost`) and the
 * genesis records it (`Genesis.runBy`). This is the host's word; nothing proves it.
 */
import type { Seat as LobbySeat } from '../../net/messages.ts';

/** Per seat, the seat whose page runs it: the host's (seat 0) for a seat it says it runs. */
export const lobbyRunBy = (players: readonly LobbySeat[]): number[] =>
  players.map((p, seat) => (p.runByHost ? 0 : seat));

/**
 * Per seat, the words saying which other player's page runs it ("a computer player run
 * by Ann's page", or "… by your page" to that player), or null for a player's own seat.
 * `runBy` as `Genesis.runBy` (undefined: every seat is its own player's); `me`: this
 * page's seat, null for a visitor.
 */
export function runByWords(
  names: readonly string[],
  runBy: readonly number[] | undefined,
  me: number | null,
): (string | null)[] {
  return names.map((_, seat) => {
    const runner = runBy?.[seat] ?? seat;
    if (runner === seat) return null;
    const whose = runner === me ? 'your' : `${names[runner] ?? `seat ${runner + 1}`}'s`;
    return `a computer player run by ${whose} page`;
  });
}
