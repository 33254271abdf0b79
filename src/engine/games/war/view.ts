/**
 * What a seat sees of War. Nothing in War is private, so every seat gets the
 * same picture; stack contents stay hidden (only counts), and facedown war
 * cards show no face even when an earlier battle revealed it.
 */
import type { Seat } from '../../game.ts';
import { needs } from './rules.ts';
import {
  battleLimitOf,
  WAR_FACEDOWN,
  type TableCard,
  type WarState,
  type WarView,
} from './types.ts';

/** The view of `seat`: counts, the cards on the table, statistics and the result. */
export function view(state: WarState, seat: Seat): WarView {
  const waiting = needs(state)[0];
  const phase = waiting === undefined ? 'OVER' : waiting.type === 'REVEAL' ? 'REVEAL' : 'FLIP';
  return {
    seat,
    phase,
    held: [state.stacks[0].length, state.stacks[1].length],
    battle: [tableCards(state, 0), tableCards(state, 1)],
    flipped: state.flipped,
    war: state.war,
    battles: state.battles,
    battleLimit: battleLimitOf(state),
    won: state.won,
    wars: state.wars,
    last: state.last,
    result: state.result,
  };
}

/** The battle pile of `owner`: its first card and every fourth after it went down faceup. */
function tableCards(state: WarState, owner: Seat): TableCard[] {
  return (state.battle[owner] ?? []).map((card, i) => {
    const faceup = i % (WAR_FACEDOWN + 1) === 0;
    return { card, faceup, face: faceup ? (state.faces[card] ?? null) : null };
  });
}
