/**
 * What a Batailles table waits for (`needs`): the deals owed, the coins, the shows and
 * reveals, and the seats that owe a move.
 */
import type { Need, Seat } from '../../game.ts';
import { announcerOf, hasLeft, seatsOf } from './queries.ts';
import { ownerOf } from './setup.ts';
import { HAND_SIZE, type BataillesState } from './types.ts';

/**
 * Every hand short of six with cards left in its army, in seat order: asked for
 * together, the table deals them in one round (each seat unlocks every hand but its own
 * at once), and tells them dealt in this order.
 */
function drawsOwed(state: BataillesState, seats = seatsOf(state)): Need[] {
  return seats.flatMap((seat): Need[] => {
    const short = HAND_SIZE - state.hands[seat]!.length;
    const army = state.armies[seat]!;
    return short > 0 && army.length > 0
      ? [{ type: 'DEAL', cards: army.slice(0, short), to: seat }]
      : [];
  });
}

/** What the game waits for; nothing once it is over. */
export function needs(state: BataillesState): Need[] {
  if (state.result !== null) return [];
  if (state.recording.length > 0) return [{ type: 'RECORD', ...state.recording[0]! }];
  const { stage } = state;
  switch (stage.type) {
    case 'OPENING': {
      const waiting = seatsOf(state).filter((seat) => !state.laid[seat] && !hasLeft(state, seat));
      const deals = drawsOwed(state, waiting);
      return deals.length > 0 ? deals : [{ type: 'ACT', seats: waiting }];
    }
    case 'TURN': {
      const deals = drawsOwed(state);
      if (deals.length > 0) return deals;
      if (state.first === null) return [{ type: 'COIN' }];
      return [{ type: 'ACT', seats: [state.turn] }];
    }
    case 'FIGHT': {
      const fight = state.fight!;
      if (!fight.shown)
        return [
          {
            type: 'SHOW',
            cards: [...fight.attackers, ...fight.defenders],
            to: [fight.attacker, fight.defender],
          },
        ];
      return [{ type: 'ACT', seats: [announcerOf(fight)!] }];
    }
    case 'DEATHS':
      return [{ type: 'REVEAL', cards: stage.cards.filter((card) => state.faces[card] === null) }];
    case 'REPLACE':
      return [{ type: 'ACT', seats: stage.seats }];
    case 'PEEK': {
      const peeker = stage.seats[0]!;
      if (stage.card === null) return [{ type: 'ACT', seats: [peeker] }];
      return [{ type: 'SHOW', cards: [stage.card], to: [peeker, ownerOf(stage.card)] }];
    }
    case 'SLACKER':
      return [
        stage.dealt
          ? { type: 'REMASK', seat: stage.seat, cards: state.hands[stage.seat]! }
          : { type: 'DEAL', cards: [stage.card], to: stage.seat },
      ];
  }
}

/** The seats that owe a move now. */
export const acting = (state: BataillesState): Seat[] =>
  needs(state).flatMap((need) => (need.type === 'ACT' ? need.seats : []));
