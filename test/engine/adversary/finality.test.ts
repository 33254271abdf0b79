/**
 * Issue 40, "Two transcripts with opposite winners": what makes an ending final.
 *
 * Ada claims Bob absent while the table waits on him, confirms the ending and
 * leaves with her transcript. Bob comes back, answers the claim (PRESENT), plays
 * on until the table waits on Ada, claims her absent and confirms. Both
 * transcripts are made of one real War (real keys and proofs) through the
 * replica's public API, and both verify: each names its holder the winner,
 * each "not confirmed" by the other. An ending is final only when every seat
 * confirmed it (or, for the game's own end, once every audit is in): `verify`
 * and the replay name no winner for either, and call Bob's "disputed", since
 * it holds Ada's confirmation of another ending.
 */
import { describe, expect, test, vi } from 'vitest';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import type { Need, Seat } from '../../../src/engine/game.ts';
import { war, type WarOptions } from '../../../src/engine/games/war/index.ts';
import type { TableBody } from '../../../src/engine/table/bodies.ts';
import { MAX_CLAIMS, Replica } from '../../../src/engine/table/replica.ts';
import {
  describeEnding,
  makeTranscript,
  verifyTranscript,
  type Verified,
} from '../../../src/engine/transcript.ts';
import { ReplayController } from '../../../src/ui/controllers/replay.svelte.ts';
import { expectOffence, scriptPlayable, scriptTable } from '../helpers/cheats.ts';
import {
  Table,
  authorOn,
  dutyOf,
  feed,
  isMove,
  makePlayers,
  moveBody,
  verdictOf,
} from '../helpers/table.ts';

const OPTIONS: WarOptions = {
  stacks: [
    [0, 2, 4, 6, 8],
    [1, 3, 5, 7, 9],
  ],
  battleLimit: 100,
};
const CONFIRM: TableBody = { type: 'CONFIRM' };
/**
 * Claims as tables before the table's clock judge them (protocol 4): any event of the
 * claimed seat answers, at any time. A table made now settles its claims by time
 * (adversary/clock.test.ts).
 */
const PROTOCOL = 4;
const absent = (seat: Seat): TableBody => ({ type: 'ABSENT', seat });

/**
 * `seat` does on its own replica whatever it owes there (a duty, or the move `action`:
 * War's FLIP unless told), and `others` take it in.
 */
function owedStep(
  table: Table<Json>,
  seat: Seat,
  others: readonly Seat[],
  action: JsonObject = { type: 'FLIP' },
): void {
  const replica = table.replicas[seat]!;
  const player = table.players[seat]!;
  const owed = replica.owed().find((o) => o.seat === seat)!;
  const body = isMove(owed.kind) ? moveBody(replica, player, action) : dutyOf(replica, player);
  const signed = authorOn(replica, player, body);
  for (const other of others) feed(table.replicas[other]!, signed.bytes);
}

/** Plays on every replica, lowest owing seat first, until `until` holds on seat 0's. */
function playUntil(
  table: Table<Json>,
  until: (replica: Replica<Json>) => boolean,
  action?: JsonObject,
): void {
  const replica = table.replicas[0]!;
  for (let steps = 0; !until(replica); steps++) {
    if (steps > 500) throw new Error('never got there');
    const seat = replica.owed()[0]!.seat;
    const others = table.players.flatMap((p) => (p.seat === seat ? [] : [p.seat]));
    owedStep(table, seat, others, action);
  }
}

/** The verdict the replay screen reaches on `replica`'s transcript. */
async function replayVerdict(replica: Replica<Json>): Promise<string> {
  const replay = ReplayController.open(JSON.parse(JSON.stringify(makeTranscript(replica))));
  if (typeof replay === 'string') throw new Error(replay);
  await vi.waitFor(() => expect(replay.status).not.toBe('verifying'), {
    timeout: 60_000,
    interval: 20,
  });
  if (replay.verdict === null) throw new Error('no verdict');
  return replay.verdict;
}

const verified = (replica: Replica<Json>): Extract<Verified, { ok: true }> => {
  const result = verifyTranscript(JSON.parse(JSON.stringify(makeTranscript(replica))));
  if (!result.ok) throw new Error(JSON.stringify(result.fault));
  return result;
};

/** Seat 0's replica owes nothing but seat 1 owes: a claim on seat 1 is valid there. */
const onlyBobOwes = (replica: Replica<Json>) =>
  replica.state.step.type !== 'KEYS' &&
  replica.state.step.type !== 'SHUFFLE' &&
  replica.owed().length > 0 &&
  replica.owed().every((o) => o.seat === 1);

/**
 * The attack at two seats: returns Ada's and Bob's replicas once each has confirmed
 * the ending it holds. Ada left after her CONFIRM: she takes in nothing more.
 */
function opposite() {
  const table = Table.of(makePlayers(2), war, OPTIONS, PROTOCOL) as unknown as Table<Json>;
  playUntil(table, onlyBobOwes);
  const [ada, bob] = table.replicas as [Replica<Json>, Replica<Json>];
  const [adaP, bobP] = table.players;
  const claim = authorOn(ada, adaP!, absent(1));
  const adaConfirm = authorOn(ada, adaP!, CONFIRM);
  // Bob comes back: he takes in Ada's claim and confirmation, and answers.
  feed(bob, claim.bytes);
  feed(bob, adaConfirm.bytes);
  expect(bob.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
  const present = authorOn(bob, bobP!, { type: 'PRESENT' });
  expect(verdictOf(bob, claim.hash)).toBe('void');
  expect(verdictOf(bob, adaConfirm.hash)).toBe('void');
  expect(verdictOf(bob, present.hash)).toBe('applied');
  // He plays what he owes until the table waits on Ada, then claims her absent.
  for (let steps = 0; !bob.owed().some((o) => o.seat === 0); steps++) {
    if (steps > 50) throw new Error('the table never waited on Ada');
    owedStep(table, 1, []);
  }
  const counter = authorOn(bob, bobP!, absent(0));
  expect(verdictOf(bob, counter.hash)).toBe('applied');
  authorOn(bob, bobP!, CONFIRM);
  return { table, ada, bob };
}

describe('two transcripts of one table with opposite winners', () => {
  test('Ada’s claim, answered after she confirmed and left, and Bob’s counter-claim: neither names a final winner', async () => {
    const { table, ada, bob } = opposite();
    const [a, b] = [verified(ada), verified(bob)];
    // Both transcripts hold every signature, proof and rule, and each one's own
    // fold gives its holder the win: that much no verifier can refuse.
    expect(a.outcome).toMatchObject({ result: 'win', winners: [0] });
    expect(b.outcome).toMatchObject({ result: 'win', winners: [1] });
    expect(a.confirmedBy).toEqual([0]);
    expect(b.confirmedBy).toEqual([1]);
    // Neither is final: each ending lacks the other seat's confirmation, and Bob's
    // holds Ada's confirmation of her own ending.
    const adaConfirm = bob.log.entries().findIndex((e) => e.event.body.type === 'CONFIRM');
    expect(a.finality).toEqual({ kind: 'unconfirmed', missing: [1] });
    expect(b.finality).toEqual({
      kind: 'disputed',
      missing: [0],
      confirmed: [{ seat: 0, event: adaConfirm, ending: { type: 'ABSENT', seat: 1, by: 0 } }],
    });
    const [A, B] = table.genesis.names as [string, string];
    const notFinal = `not final: ended by ${A}'s claim that ${B} was absent, not confirmed by ${B}; no winner is final until every seat confirms`;
    const disputed =
      `disputed: ended by ${B}'s claim that ${A} was absent, not confirmed by ${A}, ` +
      `and ${A} confirmed another ending (${A}'s claim that ${B} was absent); no winner is final`;
    expect(describeEnding(a)).toBe(notFinal);
    expect(describeEnding(b)).toBe(disputed);
    // The replay names no winner either: the verdict goes from the events to the ending.
    const held = (events: number) =>
      `Verified: all ${events} events hold, every signature, chain link, proof and rule. `;
    expect(await replayVerdict(ada)).toBe(`${held(a.events)}N${notFinal.slice(1)}.`);
    expect(await replayVerdict(bob)).toBe(`${held(b.events)}D${disputed.slice(1)}.`);
  });

  test('crossing claims, each confirmed by its claimant: both void once together, and neither alone is final', () => {
    const table = Table.of(makePlayers(2), war, OPTIONS, PROTOCOL) as unknown as Table<Json>;
    // A battle begins: both seats owe their flip, so each may claim the other.
    playUntil(table, (r) => r.state.step.type === 'PLAY' && r.owed().length === 2);
    const [ada, bob] = table.replicas as [Replica<Json>, Replica<Json>];
    const [adaP, bobP] = table.players as [(typeof table.players)[0], (typeof table.players)[0]];
    const made = [
      [authorOn(ada, adaP, absent(1)), authorOn(ada, adaP, CONFIRM)],
      [authorOn(bob, bobP, absent(0)), authorOn(bob, bobP, CONFIRM)],
    ] as const;
    const alone = [verified(ada), verified(bob)];
    expect(alone.map((v) => v.outcome)).toMatchObject([{ winners: [0] }, { winners: [1] }]);
    expect(alone.map((v) => v.finality)).toEqual([
      { kind: 'unconfirmed', missing: [1] },
      { kind: 'unconfirmed', missing: [0] },
    ]);
    // Each claim is answered by the other's (an event of the claimed seat its author had
    // not seen): both void, and so both confirmations; the game goes on, nobody named.
    for (const e of made[1]) feed(ada, e.bytes);
    for (const e of made[0]) feed(bob, e.bytes);
    for (const replica of [ada, bob]) {
      expect(made.flat().map((e) => verdictOf(replica, e.hash))).toEqual([
        'void',
        'void',
        'void',
        'void',
      ]);
      expect(replica.state.ending).toBeNull();
      expect(replica.offences()).toEqual([]);
      expect(replica.owed()).toEqual([
        { seat: 0, kind: 'ACT' },
        { seat: 1, kind: 'ACT' },
      ]);
    }
    expect(ada.stateHash).toBe(bob.stateHash);
  });

  test('a claim confirmed at once by a cheater, answered by a present seat: the game plays on and its real end is final', () => {
    const table = Table.of(makePlayers(2), war, OPTIONS, PROTOCOL) as unknown as Table<Json>;
    playUntil(table, onlyBobOwes);
    const [ada, bob] = table.replicas as [Replica<Json>, Replica<Json>];
    const [adaP, bobP] = table.players as [(typeof table.players)[0], (typeof table.players)[0]];
    const claim = authorOn(ada, adaP, absent(1));
    const early = authorOn(ada, adaP, CONFIRM);
    const cut = verified(ada);
    for (const e of [claim, early]) feed(bob, e.bytes);
    feed(ada, authorOn(bob, bobP, { type: 'PRESENT' }).bytes);
    // Ada stays and plays on: the game ends by its rules, every audit in, both confirm.
    playUntil(table, (r) => r.state.step.type === 'DONE');
    for (const seat of [0, 1]) owedConfirm(table, seat);
    const whole = verified(ada);
    expect(verdictOf(ada, early.hash)).toBe('void');
    expect(whole.ending).toBeNull();
    expect(whole.outcome.reason).not.toMatch(/absent/);
    expect(whole.finality).toEqual({ kind: 'final' });
    expect(describeEnding(whole)).toBe('ending confirmed by every seat');
    // What Ada kept of her claim verifies, but names no final winner.
    expect(cut.finality).toEqual({ kind: 'unconfirmed', missing: [1] });
  });

  test('a claim crossing the move it waits for, confirmed at once: the move stands and both are void, on the claimant’s replica too', () => {
    const table = Table.of(makePlayers(2), war, OPTIONS, PROTOCOL) as unknown as Table<Json>;
    // A battle begins; Bob flips, and the table waits on Ada.
    playUntil(table, (r) => r.state.step.type === 'PLAY' && r.owed().length === 2);
    owedStep(table, 1, [0]);
    const [ada, bob] = table.replicas as [Replica<Json>, Replica<Json>];
    const [adaP, bobP] = table.players as [(typeof table.players)[0], (typeof table.players)[0]];
    // Bob claims Ada and confirms as Ada flips, neither having seen the other's event: of
    // one height, the flip (the lower seat's) sorts before the claim on Bob's replica.
    const claim = authorOn(bob, bobP, absent(0));
    const confirm = authorOn(bob, bobP, CONFIRM);
    const flip = authorOn(ada, adaP, moveBody(ada, adaP, { type: 'FLIP' }));
    feed(bob, flip.bytes);
    for (const e of [claim, confirm]) feed(ada, e.bytes);
    for (const replica of [ada, bob]) {
      expect([flip, claim, confirm].map((e) => verdictOf(replica, e.hash))).toEqual([
        'applied',
        'void',
        'void',
      ]);
      expect(replica.state.ending).toBeNull();
      expect(replica.offences()).toEqual([]);
    }
    expect(ada.stateHash).toBe(bob.stateHash);
  });

  test('two resignations crossing, each confirmed: the one the log puts first stands, and the confirmation of the other disputes nothing', () => {
    const table = Table.of(makePlayers(2), war, OPTIONS, PROTOCOL) as unknown as Table<Json>;
    playUntil(table, (r) => r.state.step.type === 'PLAY');
    const [ada, bob] = table.replicas as [Replica<Json>, Replica<Json>];
    const [adaP, bobP] = table.players as [(typeof table.players)[0], (typeof table.players)[0]];
    const made = [
      [authorOn(ada, adaP, { type: 'RESIGN' }), authorOn(ada, adaP, CONFIRM)],
      [authorOn(bob, bobP, { type: 'RESIGN' }), authorOn(bob, bobP, CONFIRM)],
    ] as const;
    for (const e of made[1]) feed(ada, e.bytes);
    for (const e of made[0]) feed(bob, e.bytes);
    for (const replica of [ada, bob]) {
      // Ada's resignation, the lower seat's, sorts first; Bob's is void where it lands, and
      // his CONFIRM, signed at the table's end, holds where it lands, though it had seen
      // another ending: a CONFIRM the log made void is the only kind that disputes.
      expect(made.flat().map((e) => verdictOf(replica, e.hash))).toEqual([
        'applied',
        'applied',
        'void',
        'applied',
      ]);
      expect(replica.state.ending).toEqual({ type: 'RESIGN', seat: 0, by: 0 });
      const bobConfirm = replica.log.entries().findIndex((e) => e.hash === made[1][1].hash);
      expect(replica.stateSeen(bobConfirm).ending).toEqual({ type: 'RESIGN', seat: 1, by: 1 });
      // Neither confirmation had seen the other seat's resignation: nobody confirmed.
      expect(replica.finality()).toEqual({ kind: 'unconfirmed', missing: [0, 1] });
    }
  });
});

/** `seat` confirms the ending on its replica, and every other replica takes it in. */
function owedConfirm(table: Table<Json>, seat: Seat): void {
  const signed = authorOn(table.replicas[seat]!, table.players[seat]!, CONFIRM);
  table.replicas.forEach((replica, other) => other !== seat && feed(replica, signed.bytes));
}

/** Seat 1 moves, card 0 is revealed (each seat unlocks in turn), seat 1 moves again. */
const SCRIPT: Need[] = [
  { type: 'ACT', seats: [1] },
  { type: 'REVEAL', cards: [0] },
  { type: 'ACT', seats: [1] },
];
const DONE_MOVE = { type: 'DONE' };

/** Three seats of the scripted game, played until seat 1 owes its first move. */
function threeSeats(): Table<Json> {
  const hand = scriptTable(3, SCRIPT, 3, PROTOCOL);
  const table = new Table(hand.players, hand.genesis, scriptPlayable, hand.initial);
  playUntil(table, (r) => r.owed().some((o) => o.seat === 1 && o.kind === 'ACT'), DONE_MOVE);
  return table;
}

describe('at three seats', () => {
  test('a third seat confirmed the claim before the claimed seat came back: the counter-claim’s ending is disputed', () => {
    const table = threeSeats();
    const [ada, bob, cat] = table.replicas as [Replica<Json>, Replica<Json>, Replica<Json>];
    const [adaP, bobP, catP] = table.players as [
      (typeof table.players)[0],
      (typeof table.players)[0],
      (typeof table.players)[0],
    ];
    const claim = authorOn(ada, adaP, absent(1));
    const adaConfirm = authorOn(ada, adaP, CONFIRM);
    feed(cat, claim.bytes);
    feed(cat, adaConfirm.bytes);
    const catConfirm = authorOn(cat, catP, CONFIRM);
    feed(ada, catConfirm.bytes);
    // Ada leaves with both confirmations: every seat but the one she claimed. (The
    // scripted game is no registry game: its replicas say what `verify` would.)
    expect(ada.outcome()).toMatchObject({ winners: [0, 2] });
    expect(ada.finality()).toEqual({ kind: 'unconfirmed', missing: [1] });
    // Bob comes back and answers; Cat plays on with him until the table waits on Ada.
    for (const e of [claim, adaConfirm, catConfirm]) feed(bob, e.bytes);
    feed(cat, authorOn(bob, bobP, { type: 'PRESENT' }).bytes);
    for (let steps = 0; !bob.owed().some((o) => o.seat === 0); steps++) {
      if (steps > 20) throw new Error('the table never waited on Ada');
      const seat = bob.owed()[0]!.seat;
      owedStep(table, seat, [seat === 1 ? 2 : 1], DONE_MOVE);
    }
    feed(cat, authorOn(bob, bobP, absent(0)).bytes);
    feed(cat, authorOn(bob, bobP, CONFIRM).bytes);
    feed(bob, authorOn(cat, catP, CONFIRM).bytes);
    expect(bob.outcome()).toMatchObject({ winners: [1, 2] });
    expect(bob.confirmedBy()).toEqual([1, 2]);
    expect(bob.offences()).toEqual([]);
    const position = (hash: string) => bob.log.entries().findIndex((e) => e.hash === hash);
    const claimed = { type: 'ABSENT', seat: 1, by: 0 };
    expect(bob.finality()).toEqual({
      kind: 'disputed',
      missing: [0],
      confirmed: [
        { seat: 0, event: position(adaConfirm.hash), ending: claimed },
        { seat: 2, event: position(catConfirm.hash), ending: claimed },
      ],
    });
  });
});

describe('an ending by absence is never final', () => {
  test('the seat a claim names cannot confirm it: its CONFIRM answers the claim, where the table is not done, and names it', () => {
    const table = threeSeats();
    const [ada, bob] = table.replicas as [Replica<Json>, Replica<Json>];
    feed(bob, authorOn(ada, table.players[0]!, absent(1)).bytes);
    expect(bob.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    const confirm = authorOn(bob, table.players[1]!, CONFIRM);
    expectOffence(bob, confirm, 1, 'ERR_NOT_OVER');
  });
});

describe(`a claimant that claims again at every answer: at most ${MAX_CLAIMS} claims while the table does not move`, () => {
  test('the claim after that names its claimant; another seat may still claim, and so may it once the table moved', () => {
    expect(MAX_CLAIMS).toBe(2);
    const table = threeSeats();
    const [ada, bob] = table.replicas as [Replica<Json>, Replica<Json>];
    const [adaP, bobP] = table.players as [(typeof table.players)[0], (typeof table.players)[0]];
    // Every event, once made, reaches every replica.
    const send = (seat: Seat, body: TableBody) => {
      const signed = authorOn(table.replicas[seat]!, table.players[seat]!, body);
      table.replicas.forEach((r, other) => other !== seat && feed(r, signed.bytes));
      return signed;
    };
    for (let round = 0; round < MAX_CLAIMS; round++) {
      expect(ada.claimedAgain(0, 1)).toBe(false);
      send(0, absent(1));
      send(1, { type: 'PRESENT' });
    }
    expect(ada.claimedAgain(0, 1)).toBe(true);
    // Cat's claims are hers: she may claim Bob, and he answers.
    expect(ada.claimedAgain(2, 1)).toBe(false);
    send(2, absent(1));
    send(1, { type: 'PRESENT' });
    expect(ada.state.ending).toBeNull();
    expect(ada.offences()).toEqual([]);
    // A claim that stands is no exception: with Bob's answer not yet in, Ada's third
    // claim is refused where she stood.
    const replica = new Replica(table.genesis, scriptPlayable, ada.stateAfter(0)!.game);
    for (const e of ada.log.entries()) feed(replica, e.bytes);
    const third = authorOn(replica, adaP, absent(1));
    expectOffence(replica, third, 0, 'ERR_CLAIMED_AGAIN');
    // Once Bob moves, the table is elsewhere: Ada may claim him again.
    send(1, moveBody(bob, bobP, DONE_MOVE));
    expect(ada.claimedAgain(0, 1)).toBe(false);
    playUntil(table, (r) => r.owed().some((o) => o.seat === 1), DONE_MOVE);
    const again = send(0, absent(1));
    for (const r of table.replicas) {
      expect(verdictOf(r, again.hash)).toBe('applied');
      expect(r.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    }
  });
});
