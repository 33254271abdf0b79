/**
 * Issue 24, section 5: transcripts that prove how a game ended.
 *
 * A loser could forge a transcript `npm run verify` accepted as the game: the
 * real events up to a moment the winner owed one, then its own signed ABSENT
 * naming the winner. Every event holds, so verify printed the forged ending as
 * the result. Now every seat signs a CONFIRM once the table is done, and a
 * confirmation counts only if it had seen every other event: the winner's
 * confirmation of the real ending cannot be carried into the forgery, and the
 * forged ending reads "not final", not confirmed by the seat it names, with no
 * winner named as final (issue 40: finality.test.ts).
 */
import { describe, expect, test } from 'vitest';
import { war, type WarOptions } from '../../../src/engine/games/war/index.ts';
import { makeAct } from '../../../src/engine/table/author.ts';
import {
  describeEnding,
  makeTranscript,
  verifyTranscript,
} from '../../../src/engine/transcript.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { lazy } from '../../lazy.ts';
import { Table, feed, isMove, makePlayers, setupOrThrow, tableGame } from '../helpers/table.ts';
import { DEFAULT_CLOCK } from '../../../src/engine/table/clock.ts';

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
    expect(result.finality).toEqual({ kind: 'final' });
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
    // Stamped once the winner's time ran out: every event so far is stamped 0.
    const claim = forger.author(
      loser,
      table.players[loser]!.identity.secretKey,
      { type: 'ABSENT', seat: winner },
      DEFAULT_CLOCK.moveMs,
    );
    expect(claim.ok).toBe(true);
    forger.author(loser, table.players[loser]!.identity.secretKey, { type: 'CONFIRM' });
    const result = verified(forger as never);
    // Every event holds, and the forged ending is the fold's outcome, but it is not final.
    expect(result.outcome).toMatchObject({ winners: [loser] });
    expect(result.confirmedBy).toEqual([loser]);
    const names = table.genesis.names;
    // The loser confirmed at once, not past the answer time: its confirmation settles
    // nothing, and the winner may have answered in time.
    expect(result.finality).toEqual({ kind: 'unconfirmed', missing: [loser] });
    expect(describeEnding(result)).toBe(
      `not final: ended by ${names[loser]}'s claim that ${names[winner]} ran out of time, not confirmed past the answer time by ${names[loser]}; ${names[winner]} may still have answered in time`,
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
