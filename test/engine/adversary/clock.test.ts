/**
 * Issue 41, "a clock on everything a seat owes": played by adversaries on real tables
 * (real keys, shuffles and proofs) through the replica's public API, each event signed
 * at the time the adversary chooses, as a modified client would.
 *
 * - A seat that withholds its move, or a duty, is claimed once its time has run out,
 *   and loses; a claim a millisecond sooner names its maker; "I am here" answers
 *   nothing; the move itself, signed within the answer window, voids the claim.
 * - An answer signed past the window is void; one backdated into the window but sent
 *   after the other seats settled the claim is void too, on every replica and in
 *   every order the events arrive.
 * - A claimer that stamps its own move early to cut the other's turn short meets a
 *   SEEN: the turn runs from there, and a claim before it is done names the claimer.
 * - Claims are bounded, and time in the log only runs forward.
 * - A page reads when a seat is due and the claim on it from the replica; a table
 *   without a clock has neither, and refuses a SEEN.
 */
import { describe, expect, test } from 'vitest';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import { signEvent } from '../../../src/engine/events.ts';
import type { Seat } from '../../../src/engine/game.ts';
import type { GameId } from '../../../src/engine/catalog.ts';
import { gameById } from '../../../src/engine/games/registry.ts';
import { war, type WarOptions } from '../../../src/engine/games/war/index.ts';
import { makeAct, makeSeal } from '../../../src/engine/table/author.ts';
import type { TableBody } from '../../../src/engine/table/bodies.ts';
import type { Clock } from '../../../src/engine/table/clock.ts';
import { allowed } from '../../../src/engine/table/fold.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import {
  describeEnding,
  makeTranscript,
  verifyTranscript,
} from '../../../src/engine/transcript.ts';
import {
  Table,
  authorOn,
  dutyOf,
  feed,
  makeGenesis,
  makePlayers,
  setupOrThrow,
  tableGame,
  verdictOf,
  withHeads,
} from '../helpers/table.ts';

const CLOCK: Clock = { moveMs: 60_000, dutyMs: 30_000 };
const GAMES: readonly GameId[] = ['war', 'redblack', 'town', 'blackred', 'batailles'];
const absent = (seat: Seat): TableBody => ({ type: 'ABSENT', seat });
const CONFIRM: TableBody = { type: 'CONFIRM' };

/** A timed table of `id` at the fewest seats it plays at, every event signed at 0 unless told. */
function timedTable(id: GameId) {
  const game = gameById(id)!;
  const players = makePlayers(id === 'batailles' ? 3 : 2);
  const options = id === 'batailles' ? { players: 3 } : {};
  const genesis = { ...makeGenesis(players, game as never, options), clock: CLOCK };
  const initial = setupOrThrow(game as never, options) as Json;
  const table = new Table<Json>(players, genesis, tableGame(game as never), initial);
  const blank = () => new Replica<Json>(genesis, tableGame(game as never), initial);
  /** A fresh replica holding what `seat`'s holds: a branch to try an offence on. */
  const copyOf = (seat: Seat) => {
    const copy = blank();
    for (const { bytes } of table.replicas[seat]!.log.entries()) feed(copy, bytes);
    return copy;
  };
  /** `seat`'s first legal move where it stands (a claim on it void), sealed if the table asks. */
  const move = (seat: Seat): TableBody => {
    const replica = table.replicas[seat]!;
    const state = replica.standingFor(seat);
    const action = game.legalActions(state.game as never, seat, table.known(seat, state))[0]!;
    return allowed(state, replica.game).some((o) => o.seat === seat && o.kind === 'SEAL')
      ? makeSeal(state, seat, action as JsonObject, table.players[seat]!.keyring)
      : makeAct(action as JsonObject);
  };
  return { table, game, blank, copyOf, move };
}

const offences = (replica: Replica<Json>) =>
  replica.offences().map(({ seat, reason }) => ({ seat, reason }));

const hashes = (table: Table<Json>) => new Set(table.replicas.map((r) => r.stateHash));

describe('a seat that stays linked and withholds its move, in every game', () => {
  test.each(GAMES)(
    '%s: claimed once its time ran out it loses; sooner names the claimer; a move in the window voids it',
    (id) => {
      const { table, copyOf, move } = timedTable(id);
      table.dutiesToMove();
      const mover = table.mover()!;
      const claimer = ((mover + 1) % table.players.length) as Seat;
      const start = table.replicas[claimer]!.turnStart(mover)!;
      const due = start + CLOCK.moveMs;
      expect(table.replicas[claimer]!.due(mover)).toBe(due);

      const early = copyOf(claimer);
      authorOn(early, table.players[claimer]!, absent(mover), due - 1);
      expect(offences(early)).toEqual([{ seat: claimer, reason: 'ERR_TOO_SOON' }]);

      const claim = table.play(claimer, absent(mover), due);
      for (const replica of table.replicas) {
        if (id === 'batailles') {
          // A big table plays on without the claimed seat: the others owe their shares of
          // its lock (recovery.ts), and the game goes on.
          expect(replica.state.ending).toBeNull();
          expect(replica.state.left).toEqual([{ type: 'ABSENT', seat: mover, by: claimer }]);
          expect(replica.state.step.type).toBe('RECOVER');
          expect(replica.outcome()).toBeNull();
          continue;
        }
        expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: mover, by: claimer });
        expect(replica.outcome()).toMatchObject({ result: 'win' });
        expect(replica.outcome()).not.toMatchObject({ winners: expect.arrayContaining([mover]) });
      }

      // "I am here" is no answer on a timed table: it names its maker.
      const present = copyOf(mover);
      authorOn(present, table.players[mover]!, { type: 'PRESENT' }, due + 1);
      expect(offences(present)).toEqual([{ seat: mover, reason: 'ERR_NO_CLAIM' }]);

      // What it owes, signed on the last millisecond of the answer window, voids the claim.
      table.play(mover, move(mover), claim.event.at! + CLOCK.dutyMs);
      for (const replica of table.replicas) {
        expect(replica.state.ending).toBeNull();
        expect(replica.state.left).toBeUndefined();
        expect(replica.offences()).toEqual([]);
      }
      expect(hashes(table).size).toBe(1);
    },
  );

  test.each(GAMES)(
    '%s: a seat that withholds its first duty is claimed after the duty time',
    (id) => {
      const { table, copyOf } = timedTable(id);
      // Before any event the table's clock has not started: no claim stands, whenever signed.
      const first = copyOf(1);
      authorOn(first, table.players[1]!, absent(0), 10 * CLOCK.moveMs);
      expect(offences(first)).toEqual([{ seat: 1, reason: 'ERR_TOO_SOON' }]);
      // Seat 1 makes its key at 1 s; seat 0 owes its own from then.
      const key = table.play(1, dutyOf(table.replicas[1]!, table.players[1]!), 1_000);
      const early = copyOf(1);
      authorOn(early, table.players[1]!, absent(0), key.event.at! + CLOCK.dutyMs - 1);
      expect(offences(early)).toEqual([{ seat: 1, reason: 'ERR_TOO_SOON' }]);
      table.play(1, absent(0), key.event.at! + CLOCK.dutyMs);
      for (const replica of table.replicas)
        expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 0, by: 1 });
    },
  );
});

describe('War: answers that come too late', () => {
  /** Ada (0) has claimed Bob (1), who owes his flip, the moment his time ran out. */
  function claimed() {
    const timed = timedTable('war');
    const { table } = timed;
    table.dutiesToMove();
    // Ada flips first; then the table waits on Bob alone.
    table.play(0, timed.move(0), 1_000);
    table.dutiesToMove();
    expect(table.replicas[0]!.owed().map((o) => o.seat)).toEqual([1]);
    const due = table.replicas[0]!.due(1)!;
    const claim = table.play(0, absent(1), due);
    return { ...timed, claim, window: claim.event.at! + CLOCK.dutyMs };
  }

  test('before its window is over the claim is not final, and the transcript says why', () => {
    const { table } = claimed();
    const verified = verifyTranscript(
      JSON.parse(JSON.stringify(makeTranscript(table.replicas[0]!))),
    );
    if (!verified.ok) throw new Error(JSON.stringify(verified.fault));
    expect(verified.finality).toEqual({ kind: 'unconfirmed', missing: [0] });
    expect(describeEnding(verified)).toBe(
      "not final: ended by player 0's claim that player 1 ran out of time, not confirmed past " +
        'the answer time by player 0; player 1 may still have answered in time',
    );
  });

  test('an answer signed past the window is void, and its author is not named', () => {
    const { table, move, window } = claimed();
    const late = table.play(1, move(1), window + 1);
    for (const replica of table.replicas) {
      expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
      expect(replica.entryVerdicts.at(-1)).toBe('void');
      expect(replica.offences()).toEqual([]);
      // Nor does Bob's next event answer it: his page offers him nothing more.
      expect(replica.standingFor(1).ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    }
    expect(late.event.at).toBe(window + 1);
  });

  test('an answer backdated into the window after the claim was settled is void in every order', () => {
    const { table, move, claim, window, copyOf, blank } = claimed();
    const [ada, bob] = table.replicas as [Replica<Json>, Replica<Json>];
    // Ada's page confirms once the window is over: nothing came from Bob.
    const settle = authorOn(ada, table.players[0]!, { type: 'CONFIRM' }, window);
    expect(ada.finality()).toEqual({ kind: 'final' });
    // Bob, an hour later, signs his flip as if at once after the claim, over what he had.
    const bobView = copyOf(1);
    const answer = authorOn(bobView, table.players[1]!, move(1), claim.event.at! + 1);
    expect(bobView.state.ending).toBeNull();
    feed(ada, answer.bytes);
    feed(bob, settle.bytes);
    feed(bob, answer.bytes);
    const before = ada.log
      .entries()
      .filter(({ hash }) => hash !== settle.hash && hash !== answer.hash);
    for (const order of [
      [settle, answer],
      [answer, settle],
    ]) {
      // A spectator that held neither, then takes them in this order.
      const spectator = blank();
      for (const entry of before) feed(spectator, entry.bytes);
      for (const event of order) feed(spectator, event.bytes);
      for (const replica of [ada, bob, spectator]) {
        expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
        expect(replica.offences()).toEqual([]);
        // The claim stands again once settled; the answer stays in the log, void.
        expect(verdictOf(replica, answer.hash)).toBe('void');
      }
    }
    expect(ada.stateHash).toBe(bob.stateHash);
    const verified = verifyTranscript(JSON.parse(JSON.stringify(makeTranscript(bob))));
    if (!verified.ok) throw new Error(JSON.stringify(verified.fault));
    expect(verified.finality).toEqual({ kind: 'final' });
    expect(verified.outcome).toMatchObject({ result: 'win', winners: [0] });
  });

  test('the claimed seat’s CONFIRM answers nothing: it moves nothing, so the claim stands, and it is no offence', () => {
    const { table, claim } = claimed();
    const confirm = table.play(1, CONFIRM, claim.event.at! + 1);
    for (const replica of table.replicas) {
      expect(verdictOf(replica, confirm.hash)).toBe('applied');
      expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
      expect(replica.offences()).toEqual([]);
    }
  });

  test('an answer the claimer had not settled without, signed in the window, voids the claim', () => {
    const { table, move, claim } = claimed();
    table.play(1, move(1), claim.event.at! + 5_000);
    for (const replica of table.replicas) expect(replica.state.ending).toBeNull();
    // Ada's confirmation past the window came after she had the answer: the game goes on.
    expect(table.replicas[0]!.finality()).not.toEqual({ kind: 'final' });
  });
});

describe('War: a claimer that stamps its own move early', () => {
  test('the other seat says SEEN; its turn runs from there, and a claim before then names the claimer', () => {
    const { table, move, copyOf } = timedTable('war');
    table.dutiesToMove();
    const arrived = 500_000;
    // Ada flips at 500 s by the clock on the wall, but signs it as at 0, and claims Bob at once.
    table.play(0, move(0), 0);
    table.dutiesToMove();
    const claim = table.play(0, absent(1), arrived);
    expect(table.replicas[1]!.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    // Bob's page saw the flip come 500 s after its stamp: it says so, which answers the claim.
    table.play(1, { type: 'SEEN' }, arrived + 100);
    for (const replica of table.replicas) expect(replica.state.ending).toBeNull();
    expect(table.replicas[0]!.due(1)).toBe(arrived + 100 + CLOCK.moveMs);

    const again = copyOf(0);
    authorOn(again, table.players[0]!, absent(1), arrived + 200);
    expect(offences(again)).toEqual([{ seat: 0, reason: 'ERR_TOO_SOON' }]);
    // Nor may Bob say it twice in one turn, to stretch his own time: his page asks the log.
    expect(table.replicas.map((r) => r.saidSeen(1))).toEqual([true, true]);
    expect(table.replicas[1]!.saidSeen(0)).toBe(false);
    const twice = copyOf(1);
    authorOn(twice, table.players[1]!, { type: 'SEEN' }, arrived + 30_000);
    expect(offences(twice)).toEqual([{ seat: 1, reason: 'ERR_SEEN_AGAIN' }]);
    // Bob moves within his time, counted from his SEEN: the claim is long void.
    table.play(1, move(1), arrived + 100 + CLOCK.moveMs - 1);
    expect(table.replicas[1]!.saidSeen(1)).toBe(false);
    expect(hashes(table).size).toBe(1);
    expect(claim.event.at).toBe(arrived);
  });

  test('claims are bounded: two in a turn, each only once the time ran out', () => {
    const { table, move, copyOf } = timedTable('war');
    table.dutiesToMove();
    table.play(0, move(0), 1_000);
    table.dutiesToMove();
    const first = table.play(0, absent(1), 1_000 + CLOCK.moveMs);
    // Bob's one SEEN of the turn answers the first claim and restarts his time.
    table.play(1, { type: 'SEEN' }, first.event.at! + 1);
    const second = table.play(0, absent(1), first.event.at! + 1 + CLOCK.moveMs);
    expect(table.replicas[1]!.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    // Bob's page counts his answer time from the claim that stands, not the one he answered.
    for (const replica of table.replicas)
      expect(replica.claimOn(1)).toEqual({
        at: second.event.at,
        answerBy: second.event.at! + CLOCK.dutyMs,
      });
    const third = copyOf(0);
    authorOn(third, table.players[0]!, absent(1), second.event.at! + CLOCK.moveMs);
    expect(offences(third)).toEqual([{ seat: 0, reason: 'ERR_CLAIMED_AGAIN' }]);
  });
});

describe('what a page reads of the clock: when a seat is due, and the claim on it', () => {
  test('nobody is due before the first event; then the seat that owes, its duty time after; a claim on it, with its window', () => {
    const { table } = timedTable('war');
    const [ada, bob] = table.replicas as [Replica<Json>, Replica<Json>];
    // Both owe their key, but the table's clock starts with its first event.
    expect(ada.owed().map((o) => o.seat)).toEqual([0, 1]);
    expect([ada.due(0), ada.due(1)]).toEqual([null, null]);
    table.play(1, dutyOf(bob, table.players[1]!), 1_000);
    // Ada owes her key from Bob's; Bob owes nothing, so no time of his runs.
    expect(ada.owed().map((o) => o.seat)).toEqual([0]);
    expect(ada.turnStart(0)).toBe(1_000);
    expect([ada.due(0), ada.due(1)]).toEqual([1_000 + CLOCK.dutyMs, null]);
    expect(bob.claimOn(0)).toBeNull();
    const claim = table.play(1, absent(0), 1_000 + CLOCK.dutyMs);
    for (const replica of table.replicas) {
      expect(replica.claimOn(0)).toEqual({
        at: claim.event.at,
        answerBy: claim.event.at! + CLOCK.dutyMs,
      });
      expect(replica.claimOn(1)).toBeNull();
    }
  });

  test('a resignation has the word of the seat that resigned: final once every other seat confirms it', () => {
    const { table } = timedTable('war');
    table.play(0, { type: 'RESIGN' }, 10_000);
    for (const replica of table.replicas)
      expect(replica.finality()).toEqual({ kind: 'unconfirmed', missing: [1] });
    table.play(1, CONFIRM, 20_000);
    for (const replica of table.replicas) expect(replica.finality()).toEqual({ kind: 'final' });
  });

  test('a table that keeps no time (before protocol 5): nobody is due, a claim has no window, a SEEN names its author', () => {
    const options: WarOptions = {
      stacks: [
        [0, 2],
        [1, 3],
      ],
      battleLimit: 10,
    };
    const table = Table.of(makePlayers(2), war, options, 4) as unknown as Table<Json>;
    table.dutiesToMove();
    const mover = table.mover()!;
    const other = (1 - mover) as Seat;
    expect(table.replicas.map((r) => r.clock)).toEqual([null, null]);
    expect(table.replicas[other]!.due(mover)).toBeNull();
    table.play(other, absent(mover));
    for (const replica of table.replicas) {
      expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: mover, by: other });
      expect(replica.claimOn(mover)).toBeNull();
    }
    // A SEEN is a timed table's word for a turn that came late: here it names its author.
    const claimed = table.replicas[mover]!;
    authorOn(claimed, table.players[mover]!, { type: 'SEEN' });
    expect(offences(claimed)).toEqual([{ seat: mover, reason: 'ERR_SEEN_AGAIN' }]);
  });
});

describe('time in the log only runs forward', () => {
  test('an event signed as made before an event it saw is refused by the log', () => {
    const { table } = timedTable('war');
    table.play(0, { type: 'RESIGN' }, 10_000);
    const bob = table.replicas[1]!;
    const log = bob.log;
    const signed = signEvent(
      withHeads(log, {
        table: log.table,
        author: 1,
        seq: 0,
        prev: '0'.repeat(64),
        basis: log.seen(),
        at: 9_999,
        body: { type: 'CONFIRM' },
      }),
      table.players[1]!.identity.secretKey,
    );
    if (!signed.ok) throw new Error(signed.error);
    const other = table.replicas[0]!;
    expect(other.receive(signed.value.bytes)).toEqual({ ok: false, error: 'ERR_TIME' });
  });
});
