/**
 * The moves a Batailles seat may make now, honestly (`legalActions`), for its bot and its
 * page: what the table allows, narrowed by the faces the seat reads.
 */
import type { CardId, Seat } from '../../game.ts';
import { fightOutcomes } from './fight.ts';
import { acting } from './needs.ts';
import { enemyCards, inPlay, mayPass, mayStop, seatsOf } from './queries.ts';
import { isMine } from './setup.ts';
import { isSeat, sameList } from './shape.ts';
import {
  SLOTS,
  type BataillesMove,
  type BataillesPlay,
  type BataillesState,
  type Face,
  type Fight,
} from './types.ts';

/**
 * Every move `seat` may make now, honestly. The rules cannot see a face, so
 * they need `known`, the faces the seat reads (its hand, its cards in play,
 * a fight's cards shown to it): without them, a Mine is not told from a unit
 * and a fight's word cannot be listed. `move` checks only what the table
 * can see; the audit checks the rest.
 */
export function legalActions(
  state: BataillesState,
  seat: Seat,
  known: ReadonlyMap<CardId, number> = new Map(),
): BataillesPlay[] {
  if (!isSeat(state, seat) || !acting(state).includes(seat)) return [];
  const mine = (card: CardId) => {
    const face = known.get(card);
    return face !== undefined && isMine(face);
  };
  const moves = (list: BataillesMove[]): BataillesPlay[] => list.map((move) => ({ ...move, seat }));
  const { stage } = state;
  switch (stage.type) {
    case 'OPENING':
      return moves(
        subsets(state.hands[seat]!, SLOTS)
          .filter((cards) => cards.filter(mine).length <= 1)
          .map((cards) => ({ type: 'LAY', cards })),
      );
    case 'TURN':
      return moves(turnOptions(state, seat, mine));
    case 'FIGHT':
      return moves(announceOptions(state.fight!, known));
    case 'REPLACE':
      return moves(replaceOptions(state, seat, mine));
    case 'PEEK':
      return moves([null, ...enemyCards(state, seat)].map((card) => ({ type: 'PEEK', card })));
    default:
      return [];
  }
}

function turnOptions(
  state: BataillesState,
  seat: Seat,
  mine: (card: CardId) => boolean,
): BataillesMove[] {
  const own = inPlay(state, seat);
  const units = own.filter((card) => !mine(card));
  const targets = seatsOf(state).flatMap((other) => {
    const cards = other === seat ? [] : inPlay(state, other);
    return [...cards.map((card) => [card]), ...(cards.length === SLOTS ? [cards] : [])];
  });
  const attacks: BataillesMove[] = units.flatMap((unit) =>
    targets.map((t) => ({ type: 'ATTACK' as const, unit, targets: t })),
  );
  const teamwork: BataillesMove[] =
    state.teamwork[seat]! > 0 && units.length === SLOTS
      ? enemyCards(state, seat).map((target) => ({ type: 'TEAMWORK', target }))
      : [];
  const slackers: BataillesMove[] =
    state.slacker[seat]! > 0
      ? own.flatMap((unit) =>
          state.hands[seat]!.flatMap((card) =>
            own
              .filter((c) => c !== unit)
              .concat(card)
              .filter(mine).length <= 1
              ? [{ type: 'SLACKER' as const, unit, card }]
              : [],
          ),
        )
      : [];
  const pass: BataillesMove[] =
    mayPass(state, seat) && attacks.length === 0 ? [{ type: 'PASS' }] : [];
  const stop: BataillesMove[] = mayStop(state, seat) ? [{ type: 'STOP' }] : [];
  return [...attacks, ...teamwork, ...slackers, ...pass, ...stop];
}

/**
 * A fighter's honest words: the first may name any outcome of the faces;
 * the second confirms the first when it holds, else names a true one. Null
 * (the attack broke a rule) when an attacker is a Mine.
 */
function announceOptions(fight: Fight, known: ReadonlyMap<CardId, number>): BataillesMove[] {
  const cards = [...fight.attackers, ...fight.defenders];
  const faces = cards.map((card) => known.get(card));
  if (faces.some((face) => face === undefined)) return [];
  const n = fight.attackers.length;
  const outcomes = fightOutcomes(faces.slice(0, n) as Face[], faces.slice(n) as Face[]);
  const words: (CardId[] | null)[] = outcomes?.map((dead) =>
    dead.map((p) => cards[p]!).sort((a, b) => a - b),
  ) ?? [null];
  const first = fight.announcements[0];
  const holds = first && words.some((w) => sameWord(w, first.deaths));
  const said = holds ? [first.deaths === null ? null : [...first.deaths]] : words;
  return said.map((deaths) => ({ type: 'ANNOUNCE', deaths }));
}

const sameWord = (a: readonly CardId[] | null, b: readonly CardId[] | null): boolean =>
  a === null || b === null ? a === b : sameList(a, b);

/** As many hand cards as there are empty places, if that many can be laid without two Mines. */
function replaceOptions(
  state: BataillesState,
  seat: Seat,
  mine: (card: CardId) => boolean,
): BataillesMove[] {
  const hand = state.hands[seat]!;
  const empty = state.play[seat]!.filter((c) => c === null).length;
  const mines = inPlay(state, seat).filter(mine).length;
  for (let k = Math.min(empty, hand.length); k > 0; k--) {
    const fits = subsets(hand, k).filter((cards) => mines + cards.filter(mine).length <= 1);
    if (fits.length > 0) return fits.map((cards) => ({ type: 'REPLACE', cards }));
  }
  return [{ type: 'REPLACE', cards: [] }];
}

/** Every `k`-card subset of `cards` (1 or 2), in their order. */
function subsets(cards: readonly CardId[], k: number): CardId[][] {
  if (k === 1) return cards.map((card) => [card]);
  return cards.flatMap((a, i) => cards.slice(i + 1).map((b) => [a, b]));
}
