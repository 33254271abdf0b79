/**
 * Issue 10: leaving and absent players, in the table protocol every game
 * shares. A seat may RESIGN while the game goes on; a seat may declare
 * another ABSENT while that one owes an event. Either ends the table at once,
 * the leaver losing, and nobody owes anything after it.
 *
 * The game is a scripted hand at three seats, recorded once with real
 * cryptography: seat 1 moves, card 0 is revealed (each seat unlocks in
 * turn), seat 1 moves again and that ends the game, then the audit. Each
 * case signs its event as the author's next on a replica holding the log up
 * to a point of that recording.
 */
import { describe, expect, test } from 'vitest';
import type { Json, JsonObject } from '../../src/engine/encoding.ts';
import type { SignedEvent } from '../../src/engine/events.ts';
import type { Need, Outcome, Seat } from '../../src/engine/game.ts';
import { war } from '../../src/engine/games/war/index.ts';
import { makeAct, makeDuty } from '../../src/engine/table/author.ts';
import { Keyring } from '../../src/engine/table/keyring.ts';
import type { TableBody } from '../../src/engine/table/bodies.ts';
import { DEFAULT_ABSENT_AFTER_MS } from '../../src/engine/table/clock.ts';
import {
  MAX_ABSENT_AFTER_MS,
  MIN_ABSENT_AFTER_MS,
  finalityOf,
  refuted,
  tableOutcome,
  type Named,
} from '../../src/engine/table/leave.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import { err } from '../../src/engine/result.ts';
import { parseGenesis } from '../../src/engine/transcript.ts';
import type { Ending } from '../../src/engine/table/types.ts';
import { describeEntry } from '../../src/ui/words/describe.ts';
import {
  expectOffence,
  indexOf,
  recordHand,
  replicaBefore,
  scriptPlayable,
  signNext,
} from './helpers/cheats.ts';
import { scriptGame } from './helpers/script-game.ts';
import { Table, feed, makeGenesis, makePlayers, verdictOf } from './helpers/table.ts';
import { lazy } from '../lazy.ts';

const SCRIPT: Need[] = [
  { type: 'ACT', seats: [1] },
  { type: 'REVEAL', cards: [0] },
  { type: 'ACT', seats: [1] },
];
const NAMES = ['player 0', 'player 1', 'player 2'];
const RESIGN: TableBody = { type: 'RESIGN' };
const absent = (seat: number): TableBody => ({ type: 'ABSENT', seat });

/** The hand, recorded by the first test that asks (`test/lazy.ts`). */
// Protocol 4: claims answered by any event, a PRESENT first of all, as tables made before
// the table's clock keep them; a table made now judges claims by its clock
// (adversary/clock.test.ts).
const hand = lazy(() => recordHand(3, SCRIPT, 3, { type: 'DONE' }, 4));

/** Points of the recording: how many of its events a replica holds there. */
const AT = {
  'the first keys': () => 0,
  'seat 1 to move': () => indexOf(hand(), 1, 'ACT'),
  "seat 1's unlock share": () => indexOf(hand(), 1, 'UNLOCK'),
  'the last move': () =>
    hand()
      .events.map((e) => e.event.body.type)
      .lastIndexOf('ACT'),
  'the audit': () => indexOf(hand(), 0, 'AUDIT'),
  "the audit, seat 0's published": () => indexOf(hand(), 1, 'AUDIT'),
  'the end': () => hand().events.length,
};
type Point = keyof typeof AT;

/** `body` signed as `seat`'s next event on `replica` and received by it. */
function send(replica: Replica<Json>, seat: Seat, body: TableBody | JsonObject): SignedEvent {
  const signed = signNext(replica.log, hand().players[seat]!, body as TableBody);
  feed(replica, signed.bytes);
  return signed;
}

/** The log's lines for the entry `hash` of `replica` (its last unless told), in words. */
function lastLines(replica: Replica<Json>, hash = replica.log.head): string[] {
  const i = replica.log.entries().findIndex((e) => e.hash === hash);
  const entry = replica.log.entries()[i]!;
  return describeEntry(
    entry,
    replica.entryVerdicts[i]!,
    replica.stateAfter(i)!,
    replica.stateAfter(i + 1)!,
    NAMES,
  ).map((line) => line.text);
}

const othersWin = (reason: string, ...winners: Seat[]): Outcome => ({
  result: 'win',
  winners,
  reason,
});
const DRAW: Outcome = { result: 'draw', reason: 'SCRIPT_DONE' };

describe('a RESIGN or an ABSENT ends the table at once', () => {
  test.each<{
    name: string;
    at: Point;
    seat: Seat;
    body: TableBody;
    ending: Ending;
    outcome: Outcome;
    line: string;
  }>([
    {
      name: 'seat 0 resigns before the first shuffle',
      at: 'the first keys',
      seat: 0,
      body: RESIGN,
      ending: { type: 'RESIGN', seat: 0, by: 0 },
      outcome: othersWin('player 0 resigned', 1, 2),
      line: 'player 0 resigned.',
    },
    {
      name: 'seat 1 resigns when it is to move',
      at: 'seat 1 to move',
      seat: 1,
      body: RESIGN,
      ending: { type: 'RESIGN', seat: 1, by: 1 },
      outcome: othersWin('player 1 resigned', 0, 2),
      line: 'player 1 resigned.',
    },
    {
      name: 'seat 2 resigns during an unlock it owes nothing in',
      at: "seat 1's unlock share",
      seat: 2,
      body: RESIGN,
      ending: { type: 'RESIGN', seat: 2, by: 2 },
      outcome: othersWin('player 2 resigned', 0, 1),
      line: 'player 2 resigned.',
    },
    {
      name: 'seat 0 declares seat 1 absent, which owes a move',
      at: 'seat 1 to move',
      seat: 0,
      body: absent(1),
      ending: { type: 'ABSENT', seat: 1, by: 0 },
      outcome: othersWin('player 1 was declared absent', 0, 2),
      line: 'player 1 was declared absent by player 0.',
    },
    {
      name: 'seat 2 declares seat 1 absent, which owes an unlock share',
      at: "seat 1's unlock share",
      seat: 2,
      body: absent(1),
      ending: { type: 'ABSENT', seat: 1, by: 2 },
      outcome: othersWin('player 1 was declared absent', 0, 2),
      line: 'player 1 was declared absent by player 2.',
    },
    {
      name: 'seat 0 declares seat 2 absent during the audit: the game’s result stands',
      at: "the audit, seat 0's published",
      seat: 0,
      body: absent(2),
      ending: { type: 'ABSENT', seat: 2, by: 0 },
      outcome: DRAW,
      line: "player 2 was declared absent by player 0; the result stands, the audit ends without player 2's keys.",
    },
  ])('$name', ({ at, seat, body, ending, outcome, line }) => {
    const replica = replicaBefore(hand(), AT[at]());
    expect(replica.outcome()).toEqual(at.startsWith('the audit') ? DRAW : null);
    const stepNo = replica.state.stepNo;
    const event = send(replica, seat, body);
    expect(verdictOf(replica, event.hash)).toBe('applied');
    expect(replica.state.step).toEqual({ type: 'DONE' });
    expect(replica.state.stepNo).toBe(stepNo + 1);
    expect(replica.state.ending).toEqual(ending);
    expect(replica.outcome()).toEqual(outcome);
    expect(replica.owed()).toEqual([]);
    expect(replica.offences()).toEqual([]);
    expect(lastLines(replica)).toEqual([line]);
  });

  test('where the game has an audit, a seat declared absent during it loses: its keys were not opened', () => {
    const game = { ...scriptPlayable, audit: () => [] };
    const replica = new Replica(hand().genesis, game, hand().initial);
    for (const e of hand().events.slice(0, AT["the audit, seat 0's published"]())) {
      feed(replica, e.bytes);
    }
    expect(replica.outcome()).toEqual(DRAW);
    send(replica, 0, absent(2));
    expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 2, by: 0 });
    expect(replica.outcome()).toEqual(
      othersWin('player 2 did not open their keys for the audit', 0, 1),
    );
  });

  test('an ABSENT during the audit has the game judge the claims it can open; one before the audit, none', () => {
    // Another id: judgements are shared by game id.
    const game = {
      ...scriptPlayable,
      id: 'script-absent-caught',
      audit: () => [{ seat: 1, reason: 'ERR_CLAIM' }],
    };
    const replicaAt = (point: Point) => {
      const replica = new Replica(hand().genesis, game, hand().initial);
      for (const e of hand().events.slice(0, AT[point]())) feed(replica, e.bytes);
      return replica;
    };
    const inAudit = replicaAt("the audit, seat 0's published");
    send(inAudit, 1, absent(2));
    expect(inAudit.state.findings).toEqual([{ seat: 1, reason: 'ERR_CLAIM' }]);
    const inPlay = replicaAt('seat 1 to move');
    send(inPlay, 0, absent(1));
    expect(inPlay.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    expect(inPlay.state.findings).toEqual([]);
  });

  test('a confirmation before the end names its author; at the end it changes nothing', () => {
    const early = replicaBefore(hand(), AT['seat 1 to move']());
    const confirm = send(early, 0, { type: 'CONFIRM' });
    expectOffence(early, confirm, 0, 'ERR_NOT_OVER');
    // Though it had seen every event: a confirmation that does not stand confirms nothing.
    expect(early.confirmedBy()).toEqual([]);
    const done = replicaBefore(hand(), AT['the end']());
    const before = done.state;
    const confirmed = send(done, 0, { type: 'CONFIRM' });
    expect(verdictOf(done, confirmed.hash)).toBe('applied');
    expect(done.state).toEqual(before);
  });

  // Seat 0 declares seat 2 absent across seat 2's audit, the table's last event: the audit
  // answers the claim, which is void, and ends the table. Seat 2 confirms the end before the
  // claim reaches it: that confirmation had not seen every event, so it counts only once
  // seat 2 confirms again, having seen the claim.
  test('a confirmation counts once it had seen every other event, in seat order whoever confirmed first', () => {
    const at = indexOf(hand(), 2, 'AUDIT');
    expect(at).toBe(hand().events.length - 1);
    const audit = hand().events[at]!;
    const claim = signNext(replicaBefore(hand(), at).log, hand().players[0]!, absent(2));
    const seat2 = replicaBefore(hand(), at + 1);
    const blind = send(seat2, 2, { type: 'CONFIRM' });
    const replica = replicaBefore(hand(), at);
    for (const e of [claim, audit, blind]) feed(replica, e.bytes);
    expect([claim, audit, blind].map((e) => verdictOf(replica, e.hash))).toEqual([
      'void',
      'applied',
      'applied',
    ]);
    expect(replica.confirmedBy()).toEqual([]);
    send(replica, 2, { type: 'CONFIRM' });
    expect(replica.confirmedBy()).toEqual([2]);
    send(replica, 0, { type: 'CONFIRM' });
    expect(replica.confirmedBy()).toEqual([0, 2]);
    expect(replica.offences()).toEqual([]);
  });
});

describe('a RESIGN or an ABSENT that is not valid names its author and changes nothing', () => {
  test.each<{ name: string; at: Point; seat: Seat; body: JsonObject; reason: string }>([
    {
      name: 'an ABSENT naming a seat that owes nothing',
      at: 'seat 1 to move',
      seat: 0,
      body: absent(2),
      reason: 'ERR_OWES_NOTHING',
    },
    {
      name: 'an ABSENT naming a seat whose audit is in',
      at: "the audit, seat 0's published",
      seat: 1,
      body: absent(0),
      reason: 'ERR_OWES_NOTHING',
    },
    {
      name: 'an ABSENT naming its own author',
      at: 'seat 1 to move',
      seat: 1,
      body: absent(1),
      reason: 'ERR_OWN_SEAT',
    },
    {
      name: 'an ABSENT naming seat 3 at three seats',
      at: 'seat 1 to move',
      seat: 0,
      body: absent(3),
      reason: 'ERR_NO_SEAT',
    },
    {
      name: 'an ABSENT naming seat -1',
      at: 'seat 1 to move',
      seat: 0,
      body: absent(-1),
      reason: 'ERR_BODY_FIELDS',
    },
    {
      name: 'an ABSENT naming seat 6, past the largest table',
      at: 'seat 1 to move',
      seat: 0,
      body: absent(6),
      reason: 'ERR_BODY_FIELDS',
    },
    {
      name: 'an ABSENT naming seat "1"',
      at: 'seat 1 to move',
      seat: 0,
      body: { type: 'ABSENT', seat: '1' },
      reason: 'ERR_BODY_FIELDS',
    },
    {
      name: 'an ABSENT naming nobody',
      at: 'seat 1 to move',
      seat: 0,
      body: { type: 'ABSENT' },
      reason: 'ERR_BODY_FIELDS',
    },
    {
      name: 'a RESIGN with a seat',
      at: 'seat 1 to move',
      seat: 0,
      body: { type: 'RESIGN', seat: 1 },
      reason: 'ERR_BODY_FIELDS',
    },
    {
      name: 'a RESIGN once the game is over, at the audit',
      at: 'the audit',
      seat: 1,
      body: RESIGN,
      reason: 'ERR_GAME_OVER',
    },
    {
      name: 'a RESIGN after the audit',
      at: 'the end',
      seat: 2,
      body: RESIGN,
      reason: 'ERR_GAME_OVER',
    },
    {
      name: 'an ABSENT after the audit',
      at: 'the end',
      seat: 0,
      body: absent(1),
      reason: 'ERR_GAME_OVER',
    },
  ])('$name: $reason', ({ at, seat, body, reason }) => {
    const replica = replicaBefore(hand(), AT[at]());
    const bad = send(replica, seat, body);
    expectOffence(replica, bad, seat, reason);
  });

  test.each<[string, TableBody]>([
    ['RESIGN', RESIGN],
    ['ABSENT', absent(1)],
  ])('a %s by a seat that had seen the table end is an offence: ERR_GAME_OVER', (_, body) => {
    const replica = replicaBefore(hand(), AT['seat 1 to move']());
    send(replica, 2, RESIGN);
    const bad = send(replica, 0, body);
    expectOffence(replica, bad, 0, 'ERR_GAME_OVER');
    // Named, it loses too: the one seat left wins alone.
    expect(replica.outcome()).toEqual({
      result: 'win',
      winners: [1],
      reason: 'player 0 sent an event the protocol refuses (ERR_GAME_OVER); player 2 resigned',
    });
  });

  test('a stopped table takes no RESIGN nor ABSENT: the replica refuses to sign, and the log one signed anyway', () => {
    const replica = replicaBefore(hand(), AT['seat 1 to move']());
    const cheat = send(replica, 2, makeAct({ type: 'DONE' }));
    const offences = [{ seat: 2, reason: 'ERR_NOT_OWED', event: cheat.hash }];
    expect(replica.offences()).toEqual(offences);
    const hash = replica.stateHash;
    const player = hand().players[0]!;
    expect(replica.author(0, player.identity.secretKey, RESIGN)).toEqual({
      ok: false,
      error: 'ERR_STOPPED',
    });
    expect(replica.author(0, player.identity.secretKey, absent(1))).toEqual({
      ok: false,
      error: 'ERR_STOPPED',
    });
    const late = signNext(replica.log, hand().players[0]!, RESIGN);
    expect(replica.receive(late.bytes)).toEqual({ ok: false, error: 'ERR_HALTED' });
    expect(replica.offences()).toEqual(offences);
    expect(replica.stateHash).toBe(hash);
    expect(replica.outcome()).toEqual(
      othersWin('player 2 sent an event the protocol refuses (ERR_NOT_OWED)', 0, 1),
    );
  });
});

/**
 * Two events made on one state, neither author having seen the other's,
 * delivered to two fresh replicas in both orders; both replicas must agree.
 */
function cross(at: Point, first: [Seat, TableBody], second: [Seat, TableBody]) {
  const maker = replicaBefore(hand(), AT[at]());
  const [a, b] = [first, second].map(([seat, body]) =>
    signNext(maker.log, hand().players[seat]!, body),
  ) as [SignedEvent, SignedEvent];
  const replicas = [
    [a, b],
    [b, a],
  ].map((order) => {
    const replica = replicaBefore(hand(), AT[at]());
    for (const e of order) feed(replica, e.bytes);
    return replica;
  });
  expect(replicas[0]!.log.digest()).toBe(replicas[1]!.log.digest());
  expect(replicas[0]!.stateHash).toBe(replicas[1]!.stateHash);
  expect(replicas[0]!.entryVerdicts).toEqual(replicas[1]!.entryVerdicts);
  /** Where the log put `a` and `b`. */
  const order = (replica: Replica<Json>) =>
    [a, b]
      .map((e) => ({ e, at: replica.log.entries().findIndex((x) => x.hash === e.hash) }))
      .sort((x, y) => x.at - y.at)
      .map(({ e }) => (e === a ? 'first' : 'second'));
  return { a, b, replica: replicas[0]!, logOrder: order(replicas[0]!) };
}

/** `seat`'s first KEY, made on the empty log (with a keyring of its own: the hand's stay as recorded). */
const firstKey = (seat: Seat): TableBody =>
  makeDuty(replicaBefore(hand(), 0).state, seat, new Keyring(), scriptPlayable)!;

/** A replica at `at` that received only `events`: what the table is with them alone. */
function onlyWith(at: Point, events: readonly SignedEvent[]): Replica<Json> {
  const replica = replicaBefore(hand(), AT[at]());
  for (const e of events) feed(replica, e.bytes);
  return replica;
}

describe('races: a declared seat that answers in time simply continues', () => {
  const duty = (at: Point, seat: Seat): TableBody =>
    makeDuty(replicaBefore(hand(), AT[at]()).state, seat, hand().players[seat]!.keyring, {
      decks: () => [],
    })!;

  test.each<{ name: string; at: Point; answer: () => TableBody; declarer: Seat; log: string }>([
    {
      // The ABSENT is the log's first entry: judging restarts at position 0.
      name: "seat 0's ABSENT crosses seat 1's first key",
      at: 'the first keys',
      answer: () => firstKey(1),
      declarer: 0,
      log: 'ABSENT first',
    },
    {
      name: "seat 0's ABSENT crosses seat 1's move",
      at: 'seat 1 to move',
      answer: () => makeAct({ type: 'DONE' }),
      declarer: 0,
      log: 'ABSENT first',
    },
    {
      name: "seat 2's ABSENT crosses seat 1's move",
      at: 'seat 1 to move',
      answer: () => makeAct({ type: 'DONE' }),
      declarer: 2,
      log: 'the move first',
    },
    {
      name: "seat 0's ABSENT crosses seat 1's unlock share",
      at: "seat 1's unlock share",
      answer: () => duty("seat 1's unlock share", 1),
      declarer: 0,
      log: 'ABSENT first',
    },
    {
      name: "seat 2's ABSENT crosses seat 1's unlock share",
      at: "seat 1's unlock share",
      answer: () => duty("seat 1's unlock share", 1),
      declarer: 2,
      log: 'the move first',
    },
    {
      // After its move seat 1 still owes, its audit: the ABSENT would be valid where it lands.
      name: "seat 2's ABSENT crosses seat 1's last move",
      at: 'the last move',
      answer: () => makeAct({ type: 'DONE' }),
      declarer: 2,
      log: 'the move first',
    },
    {
      name: "seat 0's ABSENT crosses seat 1's last move",
      at: 'the last move',
      answer: () => makeAct({ type: 'DONE' }),
      declarer: 0,
      log: 'ABSENT first',
    },
  ])(
    '$name ($log): the ABSENT is void, the game goes on, nobody named',
    ({ at, answer, declarer, log }) => {
      const {
        a: declared,
        b: answered,
        replica,
        logOrder,
      } = cross(at, [declarer, absent(1)], [1, answer()]);
      expect(logOrder).toEqual(log === 'ABSENT first' ? ['first', 'second'] : ['second', 'first']);
      // Alone, the ABSENT would have ended the table.
      expect(onlyWith(at, [declared]).state.ending).toEqual({
        type: 'ABSENT',
        seat: 1,
        by: declarer,
      });
      expect(verdictOf(replica, declared.hash)).toBe('void');
      expect(verdictOf(replica, answered.hash)).toBe('applied');
      expect(replica.offences()).toEqual([]);
      const without = onlyWith(at, [answered]);
      expect(replica.state.ending).toBeNull();
      expect(replica.stateHash).toBe(without.stateHash);
      expect(replica.outcome()).toEqual(without.outcome());
      expect(replica.owed()).toEqual(without.owed());
      expect(lastLines(replica, declared.hash)).toEqual([
        `player ${declarer} declared player 1 absent, but player 1 answered or the game had already ended: void, nothing changed.`,
      ]);
    },
  );

  // Seat 2 saw seat 0's ABSENT end the table, and not seat 1's move, which makes it void:
  // where seat 2 stood the game was over, as if it had seen a RESIGN.
  test.each([
    ['declared', 'answered'],
    ['answered', 'declared'],
  ])(
    'a RESIGN by a seat that had seen an ABSENT end the table, not its answer, is an offence: ERR_GAME_OVER (%s, %s)',
    (...order) => {
      const maker = replicaBefore(hand(), AT['seat 1 to move']());
      const made = {
        declared: signNext(maker.log, hand().players[0]!, absent(1)),
        answered: signNext(maker.log, hand().players[1]!, makeAct({ type: 'DONE' })),
      };
      const watcher = onlyWith('seat 1 to move', [made.declared]);
      const bad = signNext(watcher.log, hand().players[2]!, RESIGN);
      const replica = onlyWith('seat 1 to move', [
        ...order.map((name) => made[name as keyof typeof made]),
        bad,
      ]);
      expect(verdictOf(replica, made.declared.hash)).toBe('void');
      expect(verdictOf(replica, made.answered.hash)).toBe('applied');
      expectOffence(replica, bad, 2, 'ERR_GAME_OVER');
      const at = replica.log.entries().findIndex((e) => e.hash === bad.hash);
      expect(replica.stateSeen(at).ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    },
  );

  // Seat 2 had not seen the log's first entry, the ABSENT that ended the table: it is judged
  // where it stood, on the table's start.
  test("a third seat's first key crossing an ABSENT its seat never answers is void: nobody named", () => {
    const { a, b, replica } = cross('the first keys', [0, absent(1)], [2, firstKey(2)]);
    expect(verdictOf(replica, a.hash)).toBe('applied');
    expect(verdictOf(replica, b.hash)).toBe('void');
    expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    expect(replica.offences()).toEqual([]);
  });

  test('a claimed seat answers with a PRESENT: the claim is void on every replica, nobody named, and the seat moves on', () => {
    const replica = replicaBefore(hand(), AT['seat 1 to move']());
    const claim = send(replica, 0, absent(1));
    expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    expect(replica.standingFor(1).ending).toBeNull();
    // The claimed seat's client makes the answer; nobody else owes one.
    expect(makeDuty(replica.state, 1, new Keyring(), scriptPlayable)).toEqual({ type: 'PRESENT' });
    expect(makeDuty(replica.state, 2, new Keyring(), scriptPlayable)).toBeNull();
    // At a table with a clock a bare "I am here" answers nothing: it answers with what it owes.
    const clock = { moveMs: 60_000, dutyMs: 10_000 };
    const timed = { ...replica.state, genesis: { ...replica.state.genesis, clock } };
    expect(makeDuty(timed, 1, new Keyring(), scriptPlayable)).toBeNull();
    const answer = send(replica, 1, { type: 'PRESENT' });
    expect(verdictOf(replica, claim.hash)).toBe('void');
    expect(verdictOf(replica, answer.hash)).toBe('applied');
    expect(replica.state.ending).toBeNull();
    expect(replica.owed()).toEqual([{ seat: 1, kind: 'ACT' }]);
    expect(lastLines(replica)).toEqual([
      'player 1 answered a claim that they were absent: they are here, and the game goes on.',
    ]);
    const move = send(replica, 1, makeAct({ type: 'DONE' }));
    expect(verdictOf(replica, move.hash)).toBe('applied');
    expect(replica.offences()).toEqual([]);
  });

  test('a claimed seat that moves after seeing the claim answers it with the move itself: the move stands', () => {
    const replica = replicaBefore(hand(), AT['seat 1 to move']());
    const claim = send(replica, 2, absent(1));
    const move = send(replica, 1, makeAct({ type: 'DONE' }));
    expect(verdictOf(replica, claim.hash)).toBe('void');
    expect(verdictOf(replica, move.hash)).toBe('applied');
    expect(replica.state.ending).toBeNull();
    expect(replica.offences()).toEqual([]);
  });

  test.each<{ name: string; at: Point; seat: Seat }>([
    { name: 'while nobody claims anything', at: 'seat 1 to move', seat: 1 },
    { name: 'by a seat nobody claimed, after a claim on another', at: 'seat 1 to move', seat: 2 },
  ])('a PRESENT that answers no claim names its author: $name', ({ at, seat }) => {
    const replica = replicaBefore(hand(), AT[at]());
    if (seat === 2) send(replica, 0, absent(1));
    const answer = send(replica, seat, { type: 'PRESENT' });
    expectOffence(replica, answer, seat, 'ERR_NO_CLAIM');
  });

  test('a PRESENT after the claimed seat answered with its move names its author', () => {
    const replica = replicaBefore(hand(), AT['seat 1 to move']());
    send(replica, 0, absent(1));
    send(replica, 1, makeAct({ type: 'DONE' }));
    const again = send(replica, 1, { type: 'PRESENT' });
    expectOffence(replica, again, 1, 'ERR_NO_CLAIM');
  });

  // Seat 2's RESIGN, crossing the claim, lands where the claim ended the table: void. Once
  // seat 1 answers, the claim is void and the RESIGN stands: where seat 1's next event lands.
  test('a claimed seat stands where the claim is void, after what the others did since', () => {
    const { a: claim, b: resign, replica } = cross('seat 1 to move', [0, absent(1)], [2, RESIGN]);
    expect([verdictOf(replica, claim.hash), verdictOf(replica, resign.hash)]).toEqual([
      'applied',
      'void',
    ]);
    expect(replica.standingFor(1)).toEqual(onlyWith('seat 1 to move', [resign]).state);
    expect(replica.standingFor(1).ending).toEqual({ type: 'RESIGN', seat: 2, by: 2 });
    // Nobody claimed seat 0: it stands where the table does.
    expect(replica.standingFor(0)).toBe(replica.state);
  });

  test("a claim that is the log's first entry: the claimed seat stands at the table's start", () => {
    const start = replicaBefore(hand(), AT['the first keys']());
    const claim = signNext(start.log, hand().players[0]!, absent(1));
    const replica = onlyWith('the first keys', [claim]);
    expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    expect(replica.standingFor(1)).toEqual(start.state);
  });

  // Seat 2 declares seat 1 absent; seat 1's event answers it, but seat 0's offence, made on
  // the claim like the answer, sorts before it, and the cut drops the answer: the claim
  // stands, as on a replica that never had the answer. At the first keys, the claim is the
  // log's first entry.
  test.each<{ at: Point; answer: () => TableBody }>([
    { at: 'seat 1 to move', answer: () => makeAct({ type: 'DONE' }) },
    { at: 'the first keys', answer: () => firstKey(1) },
  ])("an answer the offence's cut drops answers the claim no more: $at", ({ at, answer }) => {
    const maker = replicaBefore(hand(), AT[at]());
    const claim = send(maker, 2, absent(1));
    const answered = signNext(maker.log, hand().players[1]!, answer());
    const offence = signNext(maker.log, hand().players[0]!, { type: 'PRESENT' });
    const replica = onlyWith(at, [claim, answered]);
    expect(replica.state.ending).toBeNull();
    feed(replica, offence.bytes);
    const never = onlyWith(at, [claim, offence]);
    expect(replica.log.entry(answered.hash)).toBeUndefined();
    expect(replica.log.digest()).toBe(never.log.digest());
    expect(replica.entryVerdicts).toEqual(never.entryVerdicts);
    expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 2 });
    expect(replica.stateHash).toBe(never.stateHash);
    expectOffence(replica, offence, 0, 'ERR_NO_CLAIM');
  });

  // Seat 1's first key lands first; seat 0's PRESENT, answering nothing, sorts before it.
  test("an offence that is the log's first entry drops what sorts after it", () => {
    const start = replicaBefore(hand(), AT['the first keys']());
    const key = signNext(start.log, hand().players[1]!, firstKey(1));
    const offence = signNext(start.log, hand().players[0]!, { type: 'PRESENT' });
    const replica = onlyWith('the first keys', [key, offence]);
    expect(replica.log.entries().map((e) => e.hash)).toEqual([offence.hash]);
    expectOffence(replica, offence, 0, 'ERR_NO_CLAIM');
  });

  test('a RESIGN after its author confirmed the end is refused for the game being over', () => {
    const replica = replicaBefore(hand(), AT['the end']());
    send(replica, 0, { type: 'CONFIRM' });
    const late = send(replica, 0, RESIGN);
    expectOffence(replica, late, 0, 'ERR_GAME_OVER');
  });

  test("an ABSENT crossing the declared seat's RESIGN is void: the resign stands", () => {
    const { a, b, replica } = cross("seat 1's unlock share", [2, absent(1)], [1, RESIGN]);
    expect(verdictOf(replica, a.hash)).toBe('void');
    expect(verdictOf(replica, b.hash)).toBe('applied');
    expect(replica.state.ending).toEqual({ type: 'RESIGN', seat: 1, by: 1 });
    expect(replica.outcome()).toEqual(othersWin('player 1 resigned', 0, 2));
    expect(replica.offences()).toEqual([]);
  });
});

describe('races: a RESIGN crossing other events', () => {
  test.each<[string, Seat]>([
    ['seat 0 (its RESIGN first in the log)', 0],
    ['seat 2 (the move first in the log)', 2],
  ])("%s resigns across seat 1's move: the resign stands, nobody named", (_, resigner) => {
    const { a: resign, replica } = cross(
      'seat 1 to move',
      [resigner, RESIGN],
      [1, makeAct({ type: 'DONE' })],
    );
    expect(verdictOf(replica, resign.hash)).toBe('applied');
    expect(replica.state.ending).toEqual({ type: 'RESIGN', seat: resigner, by: resigner });
    expect(replica.outcome()).toEqual(
      othersWin(`player ${resigner} resigned`, ...[0, 1, 2].filter((s) => s !== resigner)),
    );
    expect(replica.offences()).toEqual([]);
  });

  test("a RESIGN first in the log across the game's last move stands; the move is void", () => {
    const {
      a: resign,
      b: move,
      replica,
    } = cross('the last move', [0, RESIGN], [1, makeAct({ type: 'DONE' })]);
    expect(verdictOf(replica, resign.hash)).toBe('applied');
    expect(verdictOf(replica, move.hash)).toBe('void');
    expect(replica.outcome()).toEqual(othersWin('player 0 resigned', 1, 2));
    expect(replica.owed()).toEqual([]);
    expect(replica.offences()).toEqual([]);
  });

  test("a RESIGN after the game's last move in the log is void: the game's result stands, the audit is owed", () => {
    const {
      a: resign,
      b: move,
      replica,
    } = cross('the last move', [2, RESIGN], [1, makeAct({ type: 'DONE' })]);
    expect(verdictOf(replica, move.hash)).toBe('applied');
    expect(verdictOf(replica, resign.hash)).toBe('void');
    expect(replica.state.ending).toBeNull();
    expect(replica.outcome()).toEqual(DRAW);
    expect(replica.owed().map((o) => `${o.seat}:${o.kind}`)).toEqual([
      '0:AUDIT',
      '1:AUDIT',
      '2:AUDIT',
    ]);
    expect(replica.offences()).toEqual([]);
    expect(lastLines(replica)).toEqual([
      "player 2's resignation crossed the end of the game: void, the result stands.",
    ]);
  });
});

describe("the table's outcome from the game's, an ending and the audit's findings", () => {
  const end = () => replicaBefore(hand(), AT['the end']()).state;
  const ending = (type: 'RESIGN' | 'ABSENT'): Ending => ({
    type,
    seat: 1,
    by: type === 'RESIGN' ? 1 : 0,
  });
  const refutation: Ending = { type: 'REFUTED', seat: 1, card: 3, face: 7, reason: 'ERR_COLOUR' };
  const caught = (...seats: Seat[]) => seats.map((seat) => ({ seat, reason: 'ERR_CLAIM' }));

  test.each<
    [
      string,
      Partial<{ ending: Ending; findings: ReturnType<typeof caught> }>,
      Outcome | null,
      boolean,
      Outcome | null,
    ]
  >([
    ['the game’s own', {}, DRAW, false, DRAW],
    ['none yet', {}, null, false, null],
    [
      'a seat the audit caught loses, whatever the game said',
      { findings: caught(1) },
      DRAW,
      false,
      othersWin('the audit caught player 1', 0, 2),
    ],
    [
      'the seats it caught, each named once, in seat order',
      { findings: caught(2, 0, 2) },
      DRAW,
      true,
      othersWin('the audit caught player 0 and player 2', 1),
    ],
    [
      'every seat caught: nobody wins',
      { findings: caught(1, 0, 2) },
      null,
      false,
      { result: 'draw', reason: 'the audit caught player 0 and player 1 and player 2' },
    ],
    [
      'a resignation',
      { ending: ending('RESIGN') },
      null,
      false,
      othersWin('player 1 resigned', 0, 2),
    ],
    [
      'an absence',
      { ending: ending('ABSENT') },
      null,
      false,
      othersWin('player 1 was declared absent', 0, 2),
    ],
    [
      'an absence in the audit: the game’s result stands',
      { ending: ending('ABSENT') },
      DRAW,
      false,
      DRAW,
    ],
    [
      'an absence in the audit of a game only the audit checks',
      { ending: ending('ABSENT') },
      DRAW,
      true,
      othersWin('player 1 did not open their keys for the audit', 0, 2),
    ],
    [
      'a claim a reveal refuted: its author loses, whatever the game said',
      { ending: refutation },
      DRAW,
      false,
      othersWin('player 1 made a claim the cards deny (ERR_COLOUR)', 0, 2),
    ],
  ])('%s', (_, change, played, checked, outcome) => {
    const named = (change.findings ?? []).map((f) => ({ ...f, event: 'audit' }));
    expect(tableOutcome({ ...end(), ...change }, played, checked, named)).toEqual(outcome);
  });

  test.each<[string, Named[], Outcome | null, Outcome]>([
    [
      'a seat named for a refused event loses the game it was losing',
      [{ seat: 1, reason: 'ERR_NOT_OWED', event: 'ab12' }],
      null,
      othersWin('player 1 sent an event the protocol refuses (ERR_NOT_OWED)', 0, 2),
    ],
    [
      'a seat named for a refused audit loses the game it had won',
      [{ seat: 0, reason: 'ERR_AUDIT', event: 'cd34' }],
      { result: 'win', winners: [0], reason: 'POINTS' },
      othersWin('player 0 sent an event the protocol refuses (ERR_AUDIT)', 1, 2),
    ],
    [
      'an equivocating seat loses, named for it',
      [{ seat: 2, reason: 'ERR_EQUIVOCATION', event: 'seq 4' }],
      DRAW,
      othersWin('player 2 signed two different events in one place (ERR_EQUIVOCATION)', 0, 1),
    ],
    [
      'an equivocation alone decides: the other offences rest on a log that may differ',
      [
        { seat: 1, reason: 'ERR_NOT_OWED', event: 'ab12' },
        { seat: 2, reason: 'ERR_EQUIVOCATION', event: 'seq 4' },
      ],
      DRAW,
      othersWin('player 2 signed two different events in one place (ERR_EQUIVOCATION)', 0, 1),
    ],
  ])('%s', (_, named, played, outcome) => {
    expect(tableOutcome(end(), played, false, named)).toEqual(outcome);
  });

  test('an absence at a table with a clock: the claimed seat ran out of time', () => {
    const state = end();
    const clocked = { ...state.genesis, clock: { moveMs: 60_000, dutyMs: 10_000 } };
    expect(
      tableOutcome({ ...state, genesis: clocked, ending: ending('ABSENT') }, null, false, []),
    ).toEqual(othersWin('player 1 ran out of time', 0, 2));
  });

  test("an ending's finality: final once every seat confirmed it, disputed by another ending's confirmations", () => {
    const state = { ...end(), ending: ending('RESIGN') };
    const other = (seat: Seat, event: number) => ({ seat, event, ending: ending('ABSENT') });
    const same = { seat: 2, event: 9, ending: ending('RESIGN') };
    // The game's own end, every audit in, needs no confirmation.
    expect(finalityOf(end(), [], [])).toEqual({ kind: 'final' });
    expect(finalityOf(state, [2, 0, 1], [])).toEqual({ kind: 'final' });
    expect(finalityOf(state, [1], [same])).toEqual({ kind: 'unconfirmed', missing: [0, 2] });
    expect(finalityOf(state, [0], [same, other(1, 7), other(2, 8)])).toEqual({
      kind: 'disputed',
      missing: [1, 2],
      confirmed: [other(1, 7), other(2, 8)],
    });
    // A table not done yet is final by no count of confirmations.
    const playing = replicaBefore(hand(), AT['the last move']()).state;
    expect(finalityOf(playing, [0, 1, 2], [])).toEqual({ kind: 'unconfirmed', missing: [] });
  });

  test("a refuted claim ends the table at once, its card's face made public", () => {
    const state = end();
    const after = refuted(state, 1, 0, 7, 'ERR_COLOUR');
    expect(after.faces).toEqual(state.faces.map((face, id) => (id === 0 ? 7 : face)));
    expect(after.faces.length).toBeGreaterThan(1);
    expect(after.ending).toEqual({ ...refutation, card: 0 });
    expect(after.step).toEqual({ type: 'DONE' });
  });

  test('a refuted claim, which offences() also lists for the reveal, is told once, with its card', () => {
    const named = [{ seat: 1, reason: 'ERR_COLOUR', event: 'reveal' }];
    expect(tableOutcome({ ...end(), ending: refutation }, DRAW, false, named)).toEqual(
      othersWin('player 1 made a claim the cards deny (ERR_COLOUR)', 0, 2),
    );
  });

  test('a seat the audit caught is named among the offences, for the audit', () => {
    // Another id: judgements are shared by game id, and the script game's audit catches nobody.
    const game = {
      ...scriptPlayable,
      id: 'script-caught',
      audit: () => [{ seat: 1, reason: 'ERR_CLAIM' }],
    };
    const replica = new Replica(hand().genesis, game, hand().initial);
    for (const e of hand().events) feed(replica, e.bytes);
    expect(replica.offences()).toEqual([{ seat: 1, reason: 'ERR_CLAIM', event: 'audit' }]);
    expect(replica.outcome()).toEqual(othersWin('the audit caught player 1', 0, 2));
  });
});

describe('the time limit for an absent seat, as a genesis agrees on it', () => {
  // Tables before protocol 5 kept this limit; a table made now has a clock instead.
  const genesis = makeGenesis(makePlayers(2), war, {}, 4);
  const withLimit = (absentAfterMs: unknown) => parseGenesis({ ...genesis, absentAfterMs });

  test('the bounds are ten seconds and an hour, the default two minutes', () => {
    expect([MIN_ABSENT_AFTER_MS, DEFAULT_ABSENT_AFTER_MS, MAX_ABSENT_AFTER_MS]).toEqual([
      10_000, 120_000, 3_600_000,
    ]);
  });

  test.each([10_000, 10_001, 120_000, 3_599_999, 3_600_000])('%s ms is agreed', (limit) => {
    expect(withLimit(limit)).toEqual({ ok: true, value: { ...genesis, absentAfterMs: limit } });
  });

  // A peer's genesis that would let it declare a seat absent at once, never, or at a time
  // each replica reads differently.
  test.each([undefined, null, '120000', 9_999, 0, -120_000, 3_600_001, 60_000.5, NaN, Infinity])(
    '%s is refused',
    (limit) => {
      expect(withLimit(limit)).toEqual({ ok: false, error: 'genesis.absentAfterMs' });
    },
  );
});

describe('a claim a reveal refutes', () => {
  // Seat 0 claims something of card 0 that no face of it can bear; the card carries both
  // layers, and seat 1's share, the last, turns it.
  const denying = {
    ...scriptGame,
    fact: (state: Parameters<typeof scriptGame.fact>[0], input: JsonObject) =>
      input.type === 'REVEAL' ? err('ERR_DENIED') : scriptGame.fact(state, input),
  };
  const script = [{ type: 'REVEAL' as const, cards: [0], claim: 0 }];

  test('names its author, not the honest seat whose share came last', () => {
    const table = Table.of(makePlayers(2), denying, { decks: [{ name: 'deck', size: 4 }], script });
    table.dutiesUntil((state) => state.step.type === 'UNLOCK');
    expect(table.replicas[0]!.state.step).toMatchObject({ order: [0, 1] });
    table.duty(0);
    const last = table.duty(1);
    for (const replica of table.replicas) {
      expect(verdictOf(replica, last.hash)).toBe('applied');
      expect(replica.offences()).toEqual([{ seat: 0, reason: 'ERR_DENIED', event: 'reveal' }]);
      const ending = replica.state.ending;
      expect(ending).toMatchObject({ type: 'REFUTED', seat: 0, card: 0, reason: 'ERR_DENIED' });
      // The face it turned up is public now.
      expect(replica.state.faces[0]).toBe(ending?.type === 'REFUTED' ? ending.face : -1);
      expect(replica.outcome()).toMatchObject({ result: 'win', winners: [1] });
      expect(replica.owed()).toEqual([]);
    }
  });
});
