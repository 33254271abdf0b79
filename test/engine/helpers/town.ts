/**
 * Town for Two without cryptography, for rules tests: a deal names every
 * card's face, and `settle` answers the game's reveals and draws with them,
 * as an honest table would. Deals are named by ranks: `dealOf` turns each
 * deck's ranks (top first) into faces, the first card of a rank in the first
 * suit, the second in the other, and fills the rest of the deck with the
 * faces left over, lowest first.
 */
import type { CardId } from '../../../src/engine/game.ts';
import {
  TOWN_DECK,
  rankOf,
  town,
  type PerSeat,
  type TownPlay,
  type TownFact,
  type TownFace,
  type TownState,
} from '../../../src/engine/games/town/index.ts';
import { tell } from '../helpers.ts';

/** The face of every card id: red deck first (ids 0..19), then black (20..39). */
export type Deal = readonly TownFace[];

/** Faces for a deck whose top cards have `ranks` (1..10, each at most twice). */
export function deckFaces(ranks: readonly number[]): TownFace[] {
  const used = new Set<number>();
  const faces = ranks.map((rank) => {
    const face = used.has(rank - 1) ? rank + 9 : rank - 1;
    if (used.has(face)) throw new Error(`rank ${rank} three times`);
    used.add(face);
    return face;
  });
  for (let face = 0; face < TOWN_DECK; face++) if (!used.has(face)) faces.push(face);
  return faces;
}

/** A deal from each deck's top ranks. */
export const dealOf = (red: readonly number[], black: readonly number[]): Deal => [
  ...deckFaces(red),
  ...deckFaces(black),
];

/** A deal shuffled by `random` (Fisher–Yates on each deck). */
export function randomDeal(random: () => number): Deal {
  const deck = () => {
    const faces = Array.from({ length: TOWN_DECK }, (_, i) => i);
    for (let i = faces.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [faces[i], faces[j]] = [faces[j]!, faces[i]!];
    }
    return faces;
  };
  return [...deck(), ...deck()];
}

/** Applies `input`; throws with the error code when refused. */
export function must(state: TownState, input: TownPlay | TownFact): TownState {
  const next = tell(town, state, input);
  if (!next.ok) throw new Error(`${JSON.stringify(input)}: ${next.error}`);
  return next.value;
}

/** Answers every reveal and draw the game waits for from `deal`, until a play is owed or the end. */
export function settle(state: TownState, deal: Deal): TownState {
  for (;;) {
    const need = town.needs(state)[0];
    if (need?.type === 'REVEAL')
      state = need.cards.reduce(
        (s, card) => must(s, { type: 'REVEAL', card, face: deal[card]! }),
        state,
      );
    else if (need?.type === 'DEAL')
      state = must(state, { type: 'DEALT', cards: [...need.cards], to: need.to });
    else return state;
  }
}

/** A fresh game on `deal`, opening and first draws done. */
export function started(deal: Deal): TownState {
  const made = town.setup({});
  if (!made.ok) throw new Error(made.error);
  return settle(made.value, deal);
}

/** The faces `seat` reads on its hand. */
export function knownOf(state: TownState, deal: Deal, seat: number): Map<CardId, number> {
  return new Map(state.hands[seat]!.map((card) => [card, deal[card]!]));
}

/** The play of `seat` of these ranks (hand cards picked by rank, in order) onto `pile`. */
export function playRanks(
  state: TownState,
  deal: Deal,
  seat: number,
  ranks: readonly number[],
  pile: number | null,
): TownPlay {
  const left = [...state.hands[seat]!];
  const cards = ranks.map((rank) => {
    const i = left.findIndex((card) => rankOf(deal[card]!) === rank);
    if (i < 0) throw new Error(`seat ${seat} holds no ${rank}`);
    return left.splice(i, 1)[0]!;
  });
  return { type: 'PLAY', seat, cards, faces: cards.map((card) => deal[card]!), pile };
}

/** Plays it and settles the reveal and the draw. */
export const played = (state: TownState, deal: Deal, play: TownPlay): TownState =>
  settle(must(state, play), deal);

/** A player: its choice among the legal plays, from its view. */
export type Chooser = (state: TownState, seat: number, legal: readonly TownPlay[]) => TownPlay;

/** Plays a whole game on `deal`; returns every state after a play, the last one over. */
export function playOut(deal: Deal, players: PerSeat<Chooser>, limit = 200): TownState[] {
  let state = started(deal);
  const states = [state];
  for (let turn = 0; state.result === null; turn++) {
    if (turn === limit) throw new Error('game did not end');
    const seat = state.turn;
    const legal = town.legalActions(state, seat, knownOf(state, deal, seat)) as TownPlay[];
    state = played(state, deal, players[seat]!(state, seat, legal));
    states.push(state);
  }
  return states;
}

/**
 * A lie `seat` can tell about its first hand card, that the rules cannot refuse before
 * the card turns: a face of the card's deck that is neither its own, nor one the seat
 * reads on another card (`known`), nor faceup.
 */
export function falseFace(
  state: TownState,
  seat: number,
  known: ReadonlyMap<CardId, number>,
): { card: CardId; truth: TownFace; lie: TownFace } {
  const card = state.hands[seat]![0]!;
  const truth = known.get(card)!;
  const sameDeck = (id: CardId) => id < TOWN_DECK === card < TOWN_DECK;
  const taken = new Set(state.faces.filter((f, id) => f !== null && sameDeck(id)));
  const lie = [...Array(TOWN_DECK).keys()].find(
    (f) => f !== truth && !taken.has(f) && ![...known.values()].includes(f),
  )!;
  return { card, truth, lie };
}
