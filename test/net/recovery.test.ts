/**
 * Issue 46 through the `TableSession` every page runs: a Batailles table of three with real
 * cryptography over the in-memory network, every seat played by a computer player. One
 * player resigns mid-game: the other pages give their shares of its lock by themselves and
 * play on, every replica (the leaver's too, still linked) agrees, and the leaver's page
 * signs nothing more, so it neither acts nor floods the table with void events.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import type { BataillesState } from '../../src/engine/games/batailles/index.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { closedAfterEach, seatAll, summary, until } from './helpers/seats.ts';

const closeLater = closedAfterEach();

const game = (state: TableState<Json>) => state.game as unknown as BataillesState;

test('a player resigns mid-game: the others’ pages take its lock off and play on; its page signs nothing more', async () => {
  const { seated } = await seatAll('recovery', 'batailles', {}, 3, closeLater);
  const [ada, babbage, carroll] = seated.map((s) => s.session);
  await until('every card is laid', () => game(ada!.replica.state).laid.every(Boolean));
  expect(await carroll!.resign()).toEqual({ ok: true, value: undefined });
  await until('the others gave their shares, and play goes on', () =>
    [ada!, babbage!].every(
      (s) => s.replica.state.left?.length === 1 && s.replica.state.step.type !== 'RECOVER',
    ),
  );
  const acts = ada!.replica.state.acts;
  await until('two more moves', () => ada!.replica.state.acts >= acts + 2);
  // The leaver's page refuses to sign: its next events would only be void.
  expect(await carroll!.resign()).toEqual({ ok: false, error: 'ERR_LEFT' });
  await until(
    'every replica holds the same log',
    () => new Set(seated.map((s) => s.session.replica.log.digest())).size === 1,
  );
  const [first, ...others] = seated.map((s) => summary(s.session));
  expect(first).toMatchObject({ offences: [], refusals: [] });
  for (const other of others) expect(other).toEqual(first);
  // The table waits on the two still there, never on the leaver.
  expect(ada!.replica.owed().map((o) => o.seat)).not.toContain(2);
});
