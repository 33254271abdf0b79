/**
 * Batailles et piques without cryptography, for rules tests: a deal names
 * every card's face, and `settle` answers the game's needs with it as an
 * honest table would (deals, shows, reveals, re-masks, coins, exhibits),
 * keeping each exhibit's faces for the audit.
 */
import type { CardId, Seat } from '../../../src/engine/game.ts';
import {
  ARMY,
  batailles,
  ownerOf,
  type BataillesPlay,
  type BataillesFact,
  type BataillesState,
} from '../../../src/engine/games/batailles/index.ts';
import { tell } from '../helpers.ts';

/** The face of every card id: seat 0's army first. */
export type Deal = readonly number[];

/** A game in progress with the faces of each exhibit recorded so far. */
export interface Played {
  readonly state: BataillesState;
  readonly exhibits: readonly (readonly number[])[];
}

/** An army whose top cards have `faces` (in order); the rest follow, lowest first. */
export function armyFaces(top: readonly number[]): number[] {
  const rest = Array.from({ length: ARMY }, (_, f) => f).filter((f) => !top.includes(f));
  return [...top, ...rest];
}

/** A deal from each army's top faces. */
export const dealOf = (...tops: (readonly number[])[]): Deal => tops.flatMap(armyFaces);

/** A deal shuffled by `random` (Fisher–Yates on each army). */
export function randomDeal(players: number, random: () => number): Deal {
  return Array.from({ length: players }, () => {
    const faces = Array.from({ length: ARMY }, (_, i) => i);
    for (let i = faces.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [faces[i], faces[j]] = [faces[j]!, faces[i]!];
    }
    return faces;
  }).flat();
}

/** Applies `input`; throws with the error code when refused. */
export function must(state: BataillesState, input: BataillesPlay | BataillesFact): BataillesState {
  const next = tell(batailles, state, input);
  if (!next.ok) throw new Error(`${JSON.stringify(input)}: ${next.error}`);
  return next.value;
}

/**
 * Answers every need but a move from `deal`, until a move is owed or the
 * game is over. Coins come from `bits`; without them it stops at a coin.
 */
export function settle(played: Played, deal: Deal, bits?: number[]): Played {
  let { state } = played;
  const exhibits = [...played.exhibits];
  for (;;) {
    const need = batailles.needs(state)[0];
    if (need === undefined || need.type === 'ACT' || (need.type === 'COIN' && !bits?.length))
      return { state, exhibits };
    switch (need.type) {
      case 'DEAL':
        state = must(state, { type: 'DEALT', cards: [...need.cards], to: need.to });
        break;
      case 'SHOW':
        state = must(state, { type: 'SHOWN', cards: [...need.cards], to: [...need.to] });
        break;
      case 'REVEAL':
        state = need.cards.reduce(
          (s, card) => must(s, { type: 'REVEAL', card, face: deal[card]! }),
          state,
        );
        break;
      case 'REMASK':
        state = must(state, { type: 'REMASKED', seat: need.seat, cards: [...need.cards] });
        break;
      case 'COIN':
        state = must(state, { type: 'COIN', bit: bits!.shift()! });
        break;
      case 'RECORD':
        exhibits.push(need.cards.map((card) => deal[card]!));
        state = must(state, { type: 'RECORDED', cards: [...need.cards] });
        break;
      default:
        throw new Error(`no answer for ${need.type}`);
    }
  }
}

/** A fresh game of `players` on `deal`, hands dealt. */
export function started(players: number, deal: Deal): Played {
  const made = batailles.setup({ players });
  if (!made.ok) throw new Error(made.error);
  return settle({ state: made.value, exhibits: [] }, deal);
}

/** `seat` makes `move`, then the table answers what follows. */
export function play(
  played: Played,
  deal: Deal,
  seat: Seat,
  move: Record<string, unknown>,
  bits?: number[],
): Played {
  const state = must(played.state, { ...move, seat } as BataillesPlay);
  return settle({ ...played, state }, deal, bits);
}

/**
 * What `seat` reads honestly: its hand and its cards in play, and the
 * cards of a fight it is in once they are shown.
 */
export function knownOf(state: BataillesState, deal: Deal, seat: Seat): Map<CardId, number> {
  const own = [...state.hands[seat]!, ...state.play[seat]!.flatMap((c) => (c === null ? [] : [c]))];
  const fight = state.fight;
  const shown =
    fight?.shown && (fight.attacker === seat || fight.defender === seat)
      ? [...fight.attackers, ...fight.defenders]
      : [];
  return new Map([...own, ...shown].map((card) => [card, deal[card]!]));
}

/** The card of `seat`'s army with `face`. */
export const cardOf = (deal: Deal, seat: Seat, face: number): CardId => {
  const card = deal.findIndex((f, id) => f === face && ownerOf(id) === seat);
  if (card < 0) throw new Error(`no face ${face} in army ${seat}`);
  return card;
};

/** Every player lays the two cards with these faces (one pair per seat, seat order). */
export function layAll(played: Played, deal: Deal, pairs: number[][], bits?: number[]): Played {
  return pairs.reduce(
    (p, faces, seat) =>
      play(p, deal, seat, { type: 'LAY', cards: faces.map((f) => cardOf(deal, seat, f)) }, bits),
    played,
  );
}

/** Faces by unit: unit n is face n - 1 (the King is 13, the Mines 14 and 15). */
export const U = (n: number): number => n - 1;

/**
 * The deal most tests play: seat 0 holds 5 7 10 K Mine Spy(1), then draws 3 and
 * Minesweeper 4; seat 1 12 4 K Mine 2 9, then 6 8; seat 2 9 3 13 Mine Spy(1) 11, then 7 10.
 */
export const DEAL: Deal = dealOf(
  [U(5), U(7), U(10), 13, 14, U(1), U(3), U(4)],
  [U(12), U(4), 13, 15, U(2), U(9), U(6), U(8)],
  [U(9), U(3), U(13), 14, U(1), U(11), U(7), U(10)],
);

/** `DEAL` at three seats, every seat laid: 0 lays 5 and 7, 1 lays 12 and 4, 2 lays 9 and 3; coins make seat 2 first. */
export function opened(): Played {
  const pairs = [
    [U(5), U(7)],
    [U(12), U(4)],
    [U(9), U(3)],
  ];
  return layAll(started(3, DEAL), DEAL, pairs, [1, 0]);
}

/**
 * `opened()` with every hand, army and Slacker gone, these cards in play, `turn` to move,
 * and `trophies` (each killed card turned faceup with its face from `DEAL`).
 */
export function endgame(
  inPlay: (number | null)[][],
  turn: number,
  trophies: number[][] = [[], [], []],
): Played {
  const { state } = opened();
  const faces = state.faces.map((f, id) => (trophies.flat().includes(id) ? DEAL[id]! : f));
  return {
    state: {
      ...state,
      play: inPlay,
      trophies,
      faces,
      hands: [[], [], []],
      armies: [[], [], []],
      slacker: [0, 0, 0],
      turn,
    },
    exhibits: [],
  };
}
