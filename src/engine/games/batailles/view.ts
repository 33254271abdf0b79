/**
 * What a seat sees of Batailles et piques.
 *
 * The rules hold no private face: `view` fills in a face only where `known`
 * has it, the faces the table lets this seat read (its own hand and cards in
 * play, the cards of a fight it fought, a card it peeked at), or where the
 * card died and is faceup for all; and it says which of the two (`secret`),
 * since a face one seat read stays hidden from the others.
 */
import type { CardId, Seat } from '../../game.ts';
import { hasLeft } from './queries.ts';
import { acting, announcerOf, isActive, needs, scores } from './rules.ts';
import { strengthOf } from './setup.ts';
import type { BataillesState, BataillesView, Phase, PlaceView } from './types.ts';

/** The view of `seat`; `known` holds the faces it reads privately. */
export function view(
  state: BataillesState,
  seat: Seat,
  known: ReadonlyMap<CardId, number> = new Map(),
): BataillesView {
  const place = (card: CardId): NonNullable<PlaceView> => {
    const open = state.faces[card] ?? null;
    const read = known.get(card) ?? null;
    return { card, face: open ?? read, secret: open === null && read !== null };
  };
  const points = scores(state);
  const { fight, stage } = state;
  return {
    seat,
    players: state.players,
    phase: phaseOf(state),
    turn: state.first === null ? null : state.turn,
    acting: acting(state),
    seats: state.play.map((places, s) => ({
      seat: s,
      play: places.map((card) => (card === null ? null : place(card))),
      hand: state.hands[s]!.length,
      army: state.armies[s]!.length,
      teamwork: state.teamwork[s]!,
      slacker: state.slacker[s]!,
      trophies: state.trophies[s]!.map((card) => ({ card, face: state.faces[card]! })),
      score: points[s]!,
      passed: state.passed[s]!,
      active: isActive(state, s),
      left: hasLeft(state, s),
    })),
    hand: sortedHand(state.hands[seat]?.map(place) ?? []),
    fight:
      fight === null
        ? null
        : {
            attacker: fight.attacker,
            defender: fight.defender,
            attackers: fight.attackers.map(place),
            defenders: fight.defenders.map(place),
            teamwork: fight.attackers.length > 1,
            announcements: fight.announcements,
            awaiting: fight.shown ? announcerOf(fight) : null,
          },
    peeks: stage.type === 'PEEK' ? stage.seats : [],
    log: state.log,
    result: state.result,
  };
}

/** Strongest first, Mines last; cards the seat cannot read after them, by id. */
function sortedHand(hand: NonNullable<PlaceView>[]): NonNullable<PlaceView>[] {
  const rank = (c: NonNullable<PlaceView>) =>
    c.face === null ? 1000 + c.card : (20 - strengthOf(c.face)) * 20 + c.face;
  return hand.sort((a, b) => rank(a) - rank(b));
}

function phaseOf(state: BataillesState): Phase {
  const need = needs(state)[0];
  if (need === undefined) return 'OVER';
  const { stage } = state;
  switch (stage.type) {
    case 'OPENING':
      return need.type === 'ACT' ? 'LAY' : 'DEALING';
    case 'TURN':
      return need.type === 'ACT' ? 'TURN' : need.type === 'COIN' ? 'COIN' : 'DEALING';
    case 'FIGHT':
      return need.type === 'ACT' ? 'ANNOUNCE' : 'SHOWING';
    case 'DEATHS':
      return 'DEATHS';
    case 'REPLACE':
      return 'REPLACE';
    case 'PEEK':
      return 'PEEK';
    case 'SLACKER':
      return 'SLACKER';
  }
}
