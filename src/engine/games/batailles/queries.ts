/**
 * What the table can read off a Batailles state without a face: the seats, who has left,
 * the cards in play, who speaks next in a fight, and whether the turn player may pass or
 * stop.
 */
import type { CardId, Seat } from '../../game.ts';
import type { BataillesState, Fight } from './types.ts';

/** Every seat of the table, in order. */
export const seatsOf = (state: BataillesState): Seat[] =>
  Array.from({ length: state.players }, (_, seat) => seat);

/** The seats that have left the game for good, in the order they left (`BataillesState.left`). */
export const leavers = (state: BataillesState): readonly Seat[] => state.left ?? [];

/** True once `seat` has left the game for good. */
export const hasLeft = (state: BataillesState, seat: Seat): boolean =>
  leavers(state).includes(seat);

/** True once every seat has laid its opening cards or left: the turns begin. */
export const allLaid = (state: BataillesState): boolean =>
  seatsOf(state).every((seat) => state.laid[seat] || hasLeft(state, seat));

/** A player's cards in play, place order. */
export const inPlay = (state: BataillesState, seat: Seat): CardId[] =>
  (state.play[seat] ?? []).flatMap((card) => (card === null ? [] : [card]));

/** A player with a card in play still takes turns. */
export const isActive = (state: BataillesState, seat: Seat): boolean =>
  inPlay(state, seat).length > 0;

/** The cards in play of every player but `seat`. */
export const enemyCards = (state: BataillesState, seat: Seat): CardId[] =>
  seatsOf(state).flatMap((other) => (other === seat ? [] : inPlay(state, other)));

/** The first fighter to announce: the single unit facing two has the choice; in a duel, the attacker. */
export const firstAnnouncer = (fight: Fight): Seat =>
  fight.attackers.length > 1 ? fight.defender : fight.attacker;

/** The fighter who owes its word now, or null once both have spoken. */
export function announcerOf(fight: Fight): Seat | null {
  const first = firstAnnouncer(fight);
  const second = first === fight.attacker ? fight.defender : fight.attacker;
  return [first, second][fight.announcements.length] ?? null;
}

/** True when a pass is allowed on the table's knowledge: no Slacker can be used. */
export const mayPass = (state: BataillesState, seat: Seat): boolean =>
  state.slacker[seat] === 0 || state.hands[seat]!.length === 0;

/** True when every other player has passed or is out of play: the turn player may stop. */
export const mayStop = (state: BataillesState, seat: Seat): boolean =>
  seatsOf(state).every((other) => other === seat || state.passed[other] || !isActive(state, other));
