/**
 * Red & Black tables for tests: two replicas with real cryptography, a
 * scripted player and the seeded computer player, a driver that plays duties
 * and moves until a goal, and what an observer can collect from the log.
 */
import { decodePoints, fromBase64 } from '../../../crypto/index.ts';
import { seededRandom } from '../../../src/bots/computer.ts';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import {
  faceColour,
  redblack,
  type RedBlackOptions,
  type RedBlackState,
  type RedBlackView,
} from '../../../src/engine/games/redblack/index.ts';
import { gameById } from '../../../src/engine/games/registry.ts';
import { makeDuty, privateFaces } from '../../../src/engine/table/author.ts';
import { writePoint } from '../../../src/engine/table/points.ts';
import type { Replica } from '../../../src/engine/table/replica.ts';
import { Table, isMove, makeGenesis, makePlayers, setupOrThrow, tableGame } from './table.ts';

export type RB = Table<RedBlackState>;

export type Chooser = (
  seat: number,
  legal: readonly JsonObject[],
  view: RedBlackView,
  known: Map<number, number>,
) => JsonObject | null;

export const game = tableGame(redblack);

/** A fresh two-seat Red & Black table, with a 52-card deck unless `options` say otherwise. */
export function newTable(options: RedBlackOptions = {}): RB {
  const players = makePlayers(2);
  const genesis = makeGenesis(players, redblack, options);
  return new Table<RedBlackState>(players, genesis, game, setupOrThrow(redblack, options));
}

/** A table with a deck of 9 red and 9 black cards: quick proofs. */
export const smallTable = (options: RedBlackOptions = {}): RB =>
  newTable({ red: 9, black: 9, ...options });

/** The faces `seat` reads privately on its own replica. */
export const known = (table: RB, seat: number) =>
  privateFaces(table.replicas[seat]!.state, seat, table.players[seat]!.keyring, new Map());

export const viewOf = (table: RB, seat: number) =>
  redblack.view(table.replicas[seat]!.state.game, seat);

/** The actions `seat` may take on `replica` now (none unless the table owes it an ACT). */
export const legalOf = (replica: Replica<RedBlackState>, seat: number) =>
  replica.allowed().some((o) => o.seat === seat && isMove(o.kind))
    ? (redblack.legalActions(replica.state.game, seat) as unknown as JsonObject[])
    : [];

export const makeDutyOf = (table: RB, seat: number) =>
  makeDuty(table.replicas[seat]!.state, seat, table.players[seat]!.keyring, game);

/** Runs duties and the chooser's moves until `until` holds; the chooser may decline (null). */
export function drive(table: RB, choose: Chooser, until: (t: RB) => boolean, limit = 2000): void {
  for (let steps = 0; steps < limit && !until(table); steps++) {
    const replica = table.replicas[0]!;
    const duty = replica.owed().find((o) => !isMove(o.kind));
    if (duty) {
      table.duty(duty.seat);
      continue;
    }
    const moved = [0, 1].some((seat) => {
      const legal = legalOf(table.replicas[seat]!, seat);
      const action =
        legal.length > 0 ? choose(seat, legal, viewOf(table, seat), known(table, seat)) : null;
      if (action) table.act(seat, action);
      return action !== null;
    });
    if (!moved)
      throw new Error(`nobody moves; offences: ${JSON.stringify(table.replicas[0]!.offences())}`);
  }
  if (!until(table)) throw new Error('goal not reached');
}

/** A scripted player: guesses red, never calls, attacks with a colour it holds when it may, else swaps. */
export const script: Chooser = (seat, legal, view, faces) => {
  const of = (type: string) => legal.filter((a) => a.type === type);
  if (of('GUESS').length) return of('GUESS').find((a) => a.colour === 'red')!;
  if (of('PLACE').length) return of('PLACE')[0]!;
  if (of('DEFEND').length) return { type: 'DEFEND', colour: 'red', cards: [] };
  if (of('DISCARD').length) return of('DISCARD')[0]!;
  if (of('ATTACK').length) return attackWithMost(view, faces);
  const faceup = view.river.find((s) => s.faceup);
  return of('SWAP').find((a) => a.slot === (faceup?.slot ?? 0)) ?? null;
};

/** An attack showing every hand card of the colour the hand holds most of. */
export function attackWithMost(view: RedBlackView, faces: Map<number, number>): JsonObject {
  const hand = view.hand.map((c) => c.card);
  // A card taken faceup from the river is public: the view has its face, no private read.
  const colourOf = (id: number) =>
    faceColour(view.deck, view.hand.find((c) => c.card === id)?.face ?? faces.get(id)!);
  const reds = hand.filter((id) => colourOf(id) === 'red');
  const blacks = hand.filter((id) => colourOf(id) === 'black');
  const [colour, cards] = reds.length >= blacks.length ? ['red', reds] : ['black', blacks];
  return { type: 'ATTACK', colour, cards };
}

/** The exact red and black counts of `seat`'s hand, as `seat` itself reads them. */
export function handCounts(table: RB, seat: number) {
  const view = viewOf(table, seat);
  const faces = known(table, seat);
  const colours = view.hand.map((c) => faceColour(view.deck, c.face ?? faces.get(c.card)!));
  const red = colours.filter((c) => c === 'red').length;
  return { red, black: colours.length - red };
}

/** The scripted player without attacks: hands stay whole, so any turn comes round soon. */
const peaceful: Chooser = (seat, legal, view, faces) =>
  script(
    seat,
    legal.filter((a) => a.type !== 'ATTACK'),
    view,
    faces,
  );

/**
 * Plays until it is `turn`'s turn, not the first one (so an attack is
 * allowed), both players may call, a river card is faceup and the player to
 * move holds cards.
 */
export function bothMayCall(turn?: number): RB {
  const table = newTable();
  drive(table, peaceful, (t) => {
    const v = viewOf(t, 0);
    return (
      v.phase === 'PLAY' &&
      v.turns >= 1 &&
      (turn === undefined || v.turn === turn) &&
      v.river.some((slot) => slot.faceup) &&
      viewOf(t, v.turn!).hand.length > 0 &&
      [0, 1].every((s) => legalOf(t.replicas[s]!, s).some((a) => a.type === 'CALL'))
    );
  });
  return table;
}

/** Every point (base64, as the table state writes one) inside a JSON value: all an observer saw. */
export function pointsIn(value: Json): string[] {
  if (typeof value === 'string') {
    try {
      return decodePoints(fromBase64(value)).map(writePoint);
    } catch {
      return [];
    }
  }
  if (Array.isArray(value)) return value.flatMap(pointsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(pointsIn);
  return [];
}

/** The computer player of Red & Black, seeded: it calls when it is sure enough, so games end. */
export function botChooser(seed: number): Chooser {
  const random = seededRandom(seed);
  const entry = gameById('redblack')!;
  return (_seat, legal, view, faces) => entry.bot(view, legal, random, faces);
}
