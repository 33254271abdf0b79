/**
 * Batailles et piques on the mental-poker table, with real cryptography:
 * seats played by the game's bot (or a chosen move) until a state is met, and
 * a table where one fighter lies about a fight, played to the end of its
 * audit, for the tests of the table, of its transcript and of its replay.
 */
import { expect } from 'vitest';
import { seededRandom } from '../../../src/bots/computer.ts';
import type { JsonObject } from '../../../src/engine/encoding.ts';
import {
  batailles,
  chooseAction,
  fightOutcomes,
  type BataillesPlay,
  type BataillesState,
  type Fight,
} from '../../../src/engine/games/batailles/index.ts';
import { makeAct, privateFaces } from '../../../src/engine/table/author.ts';
import type { TableState } from '../../../src/engine/table/types.ts';
import { Table, makePlayers, type Player } from './table.ts';

/** A Batailles table. */
export type BT = Table<BataillesState>;

/** The faces `seat` reads alone at `table`. */
export const known = (table: BT, seat: number) =>
  privateFaces(table.replicas[seat]!.state, seat, table.players[seat]!.keyring, new Map());

/**
 * Plays duties (lowest seat first) and moves (the bot's, or `choose`'s when
 * it answers) on seat 0's replica, until `until` holds.
 */
export function run(
  table: BT,
  until: (state: TableState<BataillesState>) => boolean,
  choose: (seat: number, legal: BataillesPlay[]) => BataillesPlay | null = () => null,
): void {
  const random = seededRandom(5);
  for (let steps = 0; !until(table.replicas[0]!.state); steps++) {
    if (steps > 500) throw new Error('no end in sight');
    const owed = table.replicas[0]!.owed();
    const duty = owed.find((o) => o.kind !== 'ACT');
    if (duty) {
      table.duty(duty.seat);
      continue;
    }
    const seat = owed[0]!.seat;
    const { game } = table.replicas[seat]!.state;
    const faces = known(table, seat);
    const legal = batailles.legalActions(game, seat, faces) as BataillesPlay[];
    const move =
      choose(seat, legal) ?? chooseAction(batailles.view(game, seat, faces), legal, random, faces)!;
    // The table sets the seat from the signed author: a move carries none.
    const action = Object.entries(move).filter(([key]) => key !== 'seat');
    table.play(seat, makeAct(Object.fromEntries(action) as JsonObject));
  }
}

/** A first word the faces deny: nobody ever dies in a true fight, so "nobody" is always false. */
export function lie(fight: Fight, faces: Map<number, number>): number[] {
  const cards = [...fight.attackers, ...fight.defenders];
  const n = fight.attackers.length;
  const outcomes = fightOutcomes(
    cards.slice(0, n).map((c) => faces.get(c)!),
    cards.slice(n).map((c) => faces.get(c)!),
  )!;
  expect(outcomes.some((dead) => dead.length === 0)).toBe(false);
  return [];
}

/** A table at three seats whose first fighter to speak says "nobody dies", false, until its audit is due. */
export function lyingTable(players: readonly Player[] = makePlayers(3)) {
  const table = Table.of(players, batailles, { players: 3 });
  let liar = -1;
  run(
    table,
    (s) => s.step.type === 'AUDIT',
    (seat, legal) => {
      const fight = table.replicas[seat]!.state.game.fight;
      if (fight?.shown !== true || fight.announcements.length > 0) return null;
      liar = seat;
      return { ...legal[0]!, deaths: lie(fight, known(table, seat)) } as BataillesPlay;
    },
  );
  return { table, liar, events: [...table.events] };
}
