/**
 * Issue 40, "collusion through the audit": a fighter's accomplice withholds
 * its audit keys so that a false fight is never checked.
 *
 * A real Batailles table at three seats, with real keys and proofs. Ada
 * (seat 0) attacks Cleo (seat 2) as soon as she can, and the two agree on a
 * false word: nobody dies (never an outcome of the faces). The game plays on
 * to its end; at the audit Ada and Bob publish, Cleo keeps her keys and Bob
 * declares her absent. Before, the fight's exhibit (Cleo's cards under
 * Cleo's layer) stayed closed: nobody was named for it, and Ada shared the
 * win with Bob. Now each fighter's copies of a fight's cards (under its own
 * show key alone) are kept once shown, and the fight is judged on whichever
 * fighter's keys were published: Ada's open it, both liars are named, and
 * Bob wins alone. In the same game played honestly by Ada, Cleo's
 * withholding names nobody but Cleo: an honest seat never loses for keys
 * another seat keeps.
 */
import { describe, expect, test } from 'vitest';
import {
  batailles,
  ownerOf,
  type BataillesPlay,
  type Fight,
} from '../../../src/engine/games/batailles/index.ts';
import { lazy } from '../../lazy.ts';
import { run, type BT } from '../helpers/batailles-table.ts';
import { Table, makePlayers } from '../helpers/table.ts';
import { DEFAULT_CLOCK } from '../../../src/engine/table/clock.ts';

const [ADA, BOB, CLEO] = [0, 1, 2];
const players = makePlayers(3);
/** A whole game with real proofs, when the first test to ask plays it. */
const GAME_MS = 240_000;

const between = (fight: Fight | null, a: number, b: number) =>
  fight !== null && [fight.attacker, fight.defender].sort().join() === [a, b].sort().join();

/**
 * Plays a game in which Ada attacks Cleo at her first chance; when `lie`, the
 * two fighters say nobody dies in that first fight of theirs. Stops when the
 * audit is due.
 */
function play(lie: boolean): BT {
  const table = Table.of(players, batailles, { players: 3 });
  let fought = false;
  run(
    table,
    (s) => s.step.type === 'AUDIT',
    (seat, legal) => {
      const { fight } = table.replicas[seat]!.state.game;
      if (!fought && seat === ADA) {
        const attack = legal.find(
          (m) => m.type === 'ATTACK' && m.targets.every((card) => ownerOf(card) === CLEO),
        );
        if (attack) return attack;
      }
      const announce = legal.find((m) => m.type === 'ANNOUNCE');
      if (!lie || fought || !announce || !between(fight, ADA, CLEO)) return null;
      if (fight!.announcements.length === 1) fought = true;
      return { ...announce, deaths: [] } as BataillesPlay;
    },
  );
  return table;
}

const lying = lazy(() => play(true).events.map((e) => e.bytes));
const honest = lazy(() => play(false).events.map((e) => e.bytes));

/** A fresh table at the audit of `events`: Ada and Bob publish, Cleo withholds and Bob declares her absent. */
function withheld(events: readonly Uint8Array[]): BT {
  const table = Table.of(players, batailles, { players: 3 });
  for (const bytes of events) for (const replica of table.replicas) replica.receive(bytes);
  table.duty(ADA);
  table.duty(BOB);
  expect(table.replicas[BOB]!.owed()).toEqual([{ seat: CLEO, kind: 'AUDIT' }]);
  table.play(BOB, { type: 'ABSENT', seat: CLEO }, DEFAULT_CLOCK.dutyMs);
  return table;
}

describe('a false fight between Ada and her accomplice Cleo, who withholds her keys', () => {
  test(
    'the game got there: Ada and Cleo fought and both said nobody died',
    () => {
      const { fights } = withheld(lying()).replicas[0]!.state.game;
      const fight = fights.find((f) => between(f, ADA, CLEO))!;
      expect(fight.announcements.map((a) => a.deaths)).toEqual([[], []]);
    },
    GAME_MS,
  );

  test(
    'the fight is judged on Ada’s keys: both liars named, Bob wins alone, on every replica',
    () => {
      const table = withheld(lying());
      const names = table.genesis.names;
      for (const replica of table.replicas) {
        const named = replica.state.findings.map((f) => f.seat);
        expect(new Set(named)).toEqual(new Set([ADA, CLEO]));
        expect(named).not.toContain(BOB);
        expect(replica.outcome()).toEqual({
          result: 'win',
          winners: [BOB],
          reason: `the audit caught ${names[ADA]} and ${names[CLEO]}; ${names[CLEO]} did not open their keys for the audit`,
        });
      }
    },
    GAME_MS,
  );

  test(
    'played honestly by Ada, Cleo’s withholding names Cleo alone',
    () => {
      const table = withheld(honest());
      for (const replica of table.replicas) {
        expect(replica.state.findings).toEqual([]);
        expect(replica.outcome()).toMatchObject({ result: 'win', winners: [ADA, BOB] });
      }
    },
    GAME_MS,
  );
});
