/**
 * Issue 24, section 5: transcripts that prove how a game ended.
 *
 * A loser could forge a transcript `npm run verify` accepted as the game: the
 * real events up to a moment the winner owed one, then its own signed ABSENT
 * naming the winner. Every event holds, so verify printed the forged ending as
 * the result. Now every seat signs a CONFIRM once the table is done, and a
 * confirmation counts only if it had seen every other event: the winner's
 * confirmation of the real ending cannot be carried into the forgery, and the
 * forged ending reads "not confirmed" by the seat it names.
 */
import { describe, expect, test } from 'vitest';
import { war, type WarOptions } from '../../../src/engine/games/war/index.ts';
import { makeAct } from '../../../src/engine/table/author.ts';
import {
  describeEnding,
  disputed,
  makeTranscript,
  verifyTranscript,
} from '../../../src/engine/transcript.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { lazy } from '../../lazy.ts';
import { Table, feed, isMove, makePlayers, setupOrThrow, tableGame } from '../helpers/table.ts';

const OPTIONS: WarOptions = {
  stacks: [
    [0, 2, 4, 6, 8],
    [1, 3, 5, 7, 9],
  ],
  battleLimit: 100,
};

/** A short War played to its end and audit by both seats, who then confirm it. */
const played = lazy(() => {
  const table = Table.of(makePlayers(2), war, OPTIONS);
  for (let steps = 0; table.replicas[0]!.state.step.type !== 'DONE'; steps++) {
    if (steps > 3000) throw new Error('no end');
    const owed = table.replicas[0]!.owed()[0]!;
    if (isMove(owed.kind)) table.play(owed.seat, makeAct({ type: 'FLIP' }));
    else table.duty(owed.seat);
  }
  for (const seat of [0, 1]) table.play(seat, { type: 'CONFIRM' });
  return table;
});

const verified = (replica: Replica<never>) => {
  const result = verifyTranscript(JSON.parse(JSON.stringify(makeTranscript(replica))));
  if (!result.ok) throw new Error(JSON.stringify(result.fault));
  return result;
};

describe('how a game ended, as its transcript shows it', () => {
  test('the real ending is confirmed by every seat', () => {
    const result = verified(played().replicas[0]! as never);
    expect(result.confirmedBy).toEqual([0, 1]);
    expect(describeEnding(result)).toBe('ending confirmed by every seat');
  });

  test('a loser’s ABSENT appended to a prefix is not confirmed by the seat it names', () => {
    const table = played();
    const outcome = table.replicas[0]!.outcome();
    if (outcome?.result !== 'win') throw new Error('a short War has a winner');
    const winner = outcome.winners[0]!;
    const loser = 1 - winner;
    // The prefix up to a point where the winner owed an event, rebuilt by the loser.
    const forger = new Replica(table.genesis, tableGame(war), setupOrThrow(war, OPTIONS));
    for (const e of table.events) {
      const owes = forger.owed().some((o) => o.seat === winner);
      if (owes && forger.state.step.type === 'PLAY' && forger.log.size >= 8) break;
      feed(forger, e.bytes);
    }
    const claim = forger.author(loser, table.players[loser]!.identity.secretKey, {
      type: 'ABSENT',
      seat: winner,
    });
    expect(claim.ok).toBe(true);
    forger.author(loser, table.players[loser]!.identity.secretKey, { type: 'CONFIRM' });
    const result = verified(forger as never);
    // Every event holds, and the forged ending is the outcome, but nobody mistakes it for agreed.
    expect(result.outcome).toMatchObject({ winners: [loser] });
    expect(result.confirmedBy).toEqual([loser]);
    const names = table.genesis.names;
    expect(describeEnding(result)).toBe(
      `ended by ${names[loser]}'s claim that ${names[winner]} was absent, not confirmed by ${names[winner]}`,
    );
  });

  test('a confirmation before the end, or of nothing new, names its author', () => {
    const early = Table.of(makePlayers(2), war, OPTIONS);
    early.dutiesToMove();
    early.play(0, { type: 'CONFIRM' });
    expect(early.replicas[1]!.offences()).toEqual([
      expect.objectContaining({ seat: 0, reason: 'ERR_NOT_OVER' }),
    ]);

    const table = played();
    const again = new Replica(table.genesis, tableGame(war), setupOrThrow(war, OPTIONS));
    for (const e of table.events) feed(again, e.bytes);
    again.author(1, table.players[1]!.identity.secretKey, { type: 'CONFIRM' });
    expect(again.offences()).toEqual([
      expect.objectContaining({ seat: 1, reason: 'ERR_CONFIRMED' }),
    ]);
  });
});

describe('finality: one table, two transcripts with opposite winners', () => {
  test('Ada claims Bob absent, confirms and leaves; Bob answers and claims her absent: both verify, and each reads as disputed, naming no final winner', () => {
    const table = Table.of(makePlayers(2), war, OPTIONS);
    table.dutiesToMove();
    const [ada, bob] = table.replicas as [Replica<never>, Replica<never>];
    // Ada flips; the table waits on Bob's flip, and she claims him absent and confirms.
    table.play(0, makeAct({ type: 'FLIP' }));
    table.play(0, { type: 'ABSENT', seat: 1 });
    table.play(0, { type: 'CONFIRM' });
    const hers = JSON.parse(JSON.stringify(makeTranscript(ada)));
    // Bob comes back: he answers, plays on while she is gone, and claims her absent.
    table.play(1, { type: 'PRESENT' });
    for (let steps = 0; !bob.owed().some((o) => o.seat === 0); steps++) {
      if (steps > 50) throw new Error('the table never waits on Ada');
      const owed = bob.owed().find((o) => o.seat === 1)!;
      if (isMove(owed.kind)) table.play(1, makeAct({ type: 'FLIP' }));
      else table.duty(1);
    }
    table.play(1, { type: 'ABSENT', seat: 0 });
    table.play(1, { type: 'CONFIRM' });
    const his = JSON.parse(JSON.stringify(makeTranscript(bob)));

    const [first, second] = [verifyTranscript(hers), verifyTranscript(his)];
    if (!first.ok || !second.ok) throw new Error('a transcript was refused');
    // The attack as it stood: both hold, each its holder the winner.
    expect(first.outcome).toMatchObject({ winners: [0] });
    expect(second.outcome).toMatchObject({ winners: [1] });
    // Neither is final: each is a claim its subject did not confirm.
    expect(disputed(first)).toBe(
      "disputed: player 0 claimed player 1 absent and player 1 did not confirm it, so no result is final; if player 1 answered, the game went on in a transcript of player 1's",
    );
    expect(disputed(second)).toMatch(/^disputed: player 1 claimed player 0 absent/);
    // A result confirmed by every seat is final.
    expect(disputed(verified(played().replicas[0]! as never))).toBeNull();
  });
});
