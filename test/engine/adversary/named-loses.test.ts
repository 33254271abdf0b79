/**
 * Issue 24, section 4: results when someone cheats, withholds or stops.
 *
 * Real keys and proofs. Before, a seat named for a refused event or for
 * equivocation left the table with no result (a losing player could always
 * turn its loss into a no-result, at the price of being named), a refused
 * AUDIT left the game's own result standing (the liar won on the points it
 * lied for), and a seat that withheld its keys kept every hidden claim
 * closed, an accomplice's false word too. Now a named seat loses, and an
 * audit a seat withholds is judged on every claim the published keys open.
 */
import { describe, expect, test } from 'vitest';
import { composeEvent } from '../../../src/engine/log.ts';
import type { EventBody } from '../../../src/engine/events.ts';
import { war } from '../../../src/engine/games/war/index.ts';
import { makeAct } from '../../../src/engine/table/author.ts';
import { describeAudit, makeTranscript, verifyTranscript } from '../../../src/engine/transcript.ts';
import { lazy } from '../../lazy.ts';
import { batailles } from '../../../src/engine/games/batailles/index.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { lyingTable } from '../helpers/batailles-table.ts';
import { Table, feed, makePlayers, setupOrThrow, tableGame } from '../helpers/table.ts';
import { DEFAULT_CLOCK } from '../../../src/engine/table/clock.ts';

describe('a seat named in the middle of a game loses it', () => {
  const dealt = () => {
    const table = Table.of(makePlayers(2), war, {});
    table.dutiesToMove();
    return table;
  };

  test('for an event the protocol refuses: the other seat wins, told why', () => {
    const table = dealt();
    // Seat 1 sends an unlock share nobody owes: a modified client trying to stop a losing game.
    table.play(1, { type: 'UNLOCK', shares: [] });
    for (const replica of table.replicas) {
      expect(replica.offences().map((o) => o.seat)).toEqual([1]);
      expect(replica.outcome()).toEqual({
        result: 'win',
        winners: [0],
        reason: 'player 1 sent an event the protocol refuses (ERR_NOT_OWED)',
      });
    }
  });

  test('for equivocation: the other seat wins, told why', () => {
    const table = dealt();
    const stale = new Replica(table.genesis, tableGame(war), setupOrThrow(war, {}));
    for (const e of table.events) feed(stale, e.bytes);
    table.play(1, makeAct({ type: 'FLIP' }));
    // The same seat signs another event in the place of its flip.
    const other = composeEvent(
      stale.log,
      1,
      { type: 'RESIGN' } as unknown as EventBody,
      table.players[1]!.identity.secretKey,
    );
    if (!other.ok) throw new Error(other.error);
    table.replicas[0]!.receive(other.value.bytes);
    expect(table.replicas[0]!.outcome()).toEqual({
      result: 'win',
      winners: [0],
      reason: 'player 1 signed two different events in one place (ERR_EQUIVOCATION)',
    });
  });
});

describe('the audit of a game whose result rests on hidden claims', () => {
  const players = makePlayers(3);
  const recorded = lazy(() => lyingTable(players));
  const fresh = () => {
    const { liar, events } = recorded();
    const table = Table.of(players, batailles, { players: 3 });
    for (const e of events) for (const replica of table.replicas) feed(replica, e.bytes);
    return { table, liar };
  };

  test('a liar that sends a wrong AUDIT is named for it and loses', () => {
    const { table, liar } = fresh();
    const honest = [0, 1, 2].filter((s) => s !== liar);
    for (const seat of honest) table.duty(seat);
    const audit = table.replicas[liar]!.owed();
    expect(audit).toEqual([{ seat: liar, kind: 'AUDIT' }]);
    table.play(liar, { type: 'AUDIT', secrets: ['01'.padEnd(64, '0')] });
    const names = table.genesis.names;
    for (const replica of table.replicas)
      expect(replica.outcome()).toEqual({
        result: 'win',
        winners: honest,
        reason: `${names[liar]} sent an event the protocol refuses (ERR_AUDIT)`,
      });
  });

  test('an accomplice that withholds its keys hides no claim the others’ keys open', () => {
    const { table, liar } = fresh();
    const fight = table.replicas[0]!.state.game.fights.at(-1)!;
    const fighters = [fight.attacker, fight.defender];
    const accomplice = [0, 1, 2].find((s) => !fighters.includes(s))!;
    const honest = fighters.find((s) => s !== liar)!;
    // The fighters publish; the accomplice keeps its keys, and is declared absent for it.
    for (const seat of fighters) table.duty(seat);
    expect(table.replicas[0]!.owed()).toEqual([{ seat: accomplice, kind: 'AUDIT' }]);
    table.play(honest, { type: 'ABSENT', seat: accomplice }, DEFAULT_CLOCK.dutyMs);
    const names = table.genesis.names;
    for (const replica of table.replicas) {
      expect(replica.state.findings).toEqual([{ seat: liar, reason: 'ERR_FIGHT_RESULT' }]);
      expect(replica.outcome()).toEqual({
        result: 'win',
        winners: [honest],
        reason: `the audit caught ${names[liar]}; ${names[accomplice]} did not open their keys for the audit`,
      });
    }
    const verified = verifyTranscript(
      JSON.parse(JSON.stringify(makeTranscript(table.replicas[0]!))),
    );
    if (!verified.ok) throw new Error(JSON.stringify(verified.fault));
    expect(describeAudit(verified)).toBe(
      `audit: ran only in part, without the keys of ${names[accomplice]}: only the hidden claims the published keys open were checked; caught ${names[liar]} (ERR_FIGHT_RESULT)`,
    );
    // Nobody's keys: a game that ended by a RESIGN or an ABSENT before its audit.
    expect(describeAudit({ ...verified, audited: [false, false, false], findings: [] })).toBe(
      'audit: did not run (the game ended before it); no hidden claim was checked',
    );
  });
});
