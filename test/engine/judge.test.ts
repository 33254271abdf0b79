/**
 * `judge()` is the only door from the network into the fold: whatever goes
 * wrong inside (here, a state the fold never expected) comes out as an error
 * code, never as an exception that would wedge a replica.
 */
import { expect, test } from 'vitest';
import { war } from '../../src/engine/games/war/index.ts';
import { judge } from '../../src/engine/table/judge.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { tableGame } from './helpers/table.ts';

test('an exception inside the fold comes out as ERR_EXCEPTION', () => {
  const broken = { step: null } as unknown as TableState<never>;
  const judged = judge(broken, tableGame(war) as never, 0, {
    type: 'ACT',
    action: { type: 'FLIP' },
  });
  expect(judged).toEqual({ ok: false, error: 'ERR_EXCEPTION' });
});
