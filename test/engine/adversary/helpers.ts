/**
 * Red & Black on a test table for the adversary tests: a small deck, a
 * driver that runs every owed duty and asks a chooser for moves, and what an
 * observer can collect from the log (every point any event published).
 */
import { decodePoints, fromBase64 } from '../../../crypto/index.ts';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import {
  faceColour,
  redblack,
  type RedBlackOptions,
  type RedBlackState,
  type RedBlackView,
} from '../../../src/engine/games/redblack/index.ts';
import { playable } from '../../../src/engine/games/registry.ts';
import { seededRandom } from '../../../src/bots/computer.ts';
import { makeAct, privateFaces } from '../../../src/engine/table/author.ts';
import { writePoint } from '../../../src/engine/table/points.ts';
import type { Replica } from '../../../src/engine/table/replica.ts';
import { Table, makeGenesis, makePlayers, setupOrThrow, tableGame } from '../helpers/table.ts';

export type RB = Table<RedBlackState>;

export type Chooser = (
  seat: number,
  legal: readonly JsonObject[],
  view: RedBlackView,
  known: Map<number, number>,
) => JsonObject | null;

/** A two-seat Red & Black table with a deck of 9 red and 9 black cards. */
export function smallTable(options: RedBlackOptions = {}): RB {
  const players = makePlayers(2);
  const opts = { red: 9, black: 9, ...options };
  const genesis = makeGenesis(players, redblack, opts);
  return new Table<RedBlackState>(
    players,
    genesis,
    tableGame(redblack),
    setupOrThrow(redblack, opts),
  );
}

export const viewOf = (table: RB, seat: number): RedBlackView =>
  redblack.view(table.replicas[seat]!.state.game, seat);

export const known = (table: RB, seat: number): Map<number, number> =>
  privateFaces(table.replicas[seat]!.state, seat, table.players[seat]!.keyring, new Map());

export const legalOf = (replica: Replica<RedBlackState>, seat: number): JsonObject[] =>
  replica.owed().some((o) => o.seat === seat && o.kind === 'ACT')
    ? (redblack.legalActions(replica.state.game, seat) as unknown as JsonObject[])
    : [];

/** Runs duties and the chooser's moves until `until` holds. */
export function drive(table: RB, choose: Chooser, until: (t: RB) => boolean, limit = 800): void {
  for (let steps = 0; steps < limit && !until(table); steps++) {
    const duty = table.replicas[0]!.owed().find((o) => o.kind !== 'ACT');
    if (duty) {
      table.duty(duty.seat);
      continue;
    }
    const moved = [0, 1].some((seat) => {
      const legal = legalOf(table.replicas[seat]!, seat);
      const action =
        legal.length > 0 ? choose(seat, legal, viewOf(table, seat), known(table, seat)) : null;
      if (action) table.play(seat, makeAct(action));
      return action !== null;
    });
    if (!moved) throw new Error(`stuck: ${JSON.stringify(table.replicas[0]!.offences())}`);
  }
  if (!until(table)) throw new Error('goal not reached');
}

/** Guesses red, never calls, attacks with its larger colour when it may, else swaps a faceup card. */
export const plain: Chooser = (_seat, legal, view, faces) => {
  const of = (type: string) => legal.filter((a) => a.type === type);
  const faceOf = (id: number) => view.hand.find((c) => c.card === id)?.face ?? faces.get(id)!;
  if (of('GUESS').length) return of('GUESS').find((a) => a.colour === 'red')!;
  if (of('PLACE').length) return of('PLACE')[0]!;
  if (of('DEFEND').length) return { type: 'DEFEND', colour: 'red', cards: [] };
  if (of('DISCARD').length) return of('DISCARD')[0]!;
  if (of('ATTACK').length) {
    const hand = view.hand.map((c) => c.card);
    const reds = hand.filter((id) => faceColour(view.deck, faceOf(id)) === 'red');
    const blacks = hand.filter((id) => faceColour(view.deck, faceOf(id)) === 'black');
    const [colour, cards] = reds.length >= blacks.length ? ['red', reds] : ['black', blacks];
    return { type: 'ATTACK', colour, cards };
  }
  const faceup = view.river.find((s) => s.faceup);
  return of('SWAP').find((a) => a.slot === (faceup?.slot ?? 0)) ?? null;
};

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
  const entry = playable('redblack')!;
  return (_seat, legal, view, faces) => entry.bot(view, legal, random, faces);
}
