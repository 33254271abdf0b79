/**
 * A Batailles table of three that plays on when a player resigns, in the page's words, on a
 * real table: the progress panel and each player's bar while the others give their shares
 * of the leaver's lock, the game log's lines and the protocol panel's, the seat the table
 * left out in the audit view's state hashes.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import { batailles } from '../../src/engine/games/batailles/index.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { hashRows } from '../../src/ui/words/audit.ts';
import { describeEntry, describeStep } from '../../src/ui/words/describe.ts';
import { roundProgress } from '../../src/ui/words/progress.ts';
import { protocolSteps } from '../../src/ui/words/protocol.ts';
import { run } from '../engine/helpers/batailles-table.ts';
import { Table, makePlayers } from '../engine/helpers/table.ts';

const NAMES = ['Ada', 'Bob', 'Cy'];

test('Cy resigns mid-game: the progress, the bars, the log, the protocol panel and the hashes say what the table does', () => {
  const table = Table.of(makePlayers(3), batailles, { players: 3 });
  run(table, (s) => s.game.laid.every(Boolean) && s.step.type === 'PLAY');
  const replica = table.replicas[0]!;
  const from = table.events.length;
  table.play(2, { type: 'RESIGN' });
  const look = () => {
    const state = replica.state as unknown as TableState<Json>;
    const step = describeStep(state, NAMES)!;
    const bars = roundProgress(state, NAMES, new Set([1]), 0)!;
    return [step.text, step.done, step.total, bars.map((b) => `${b.stage}: ${b.words}`)];
  };
  expect(look()).toEqual([
    "Cy left; the table takes Cy's lock off the cards in play (0 of 2 players' shares)",
    0,
    2,
    [
      'working: giving their shares of the lock…',
      'checking: shares in, checking them…',
      'waiting: left the table',
    ],
  ]);
  table.duty(0);
  expect(look().slice(0, 2)).toEqual([
    "Cy left; the table takes Cy's lock off the cards in play (1 of 2 players' shares)",
    1,
  ]);
  table.duty(1);
  const after = describeStep(replica.state as unknown as TableState<Json>, NAMES);
  expect(after?.text ?? '').not.toMatch(/lock off/);

  const lines = [0, 1, 2].map((k) =>
    describeEntry(
      replica.log.entries()[from + k]!,
      replica.entryVerdicts[from + k]!,
      replica.stateAfter(from + k)! as unknown as TableState<Json>,
      replica.stateAfter(from + k + 1)! as unknown as TableState<Json>,
      NAMES,
    ).map((l) => l.text),
  );
  expect(lines).toEqual([
    [
      'Cy resigned.',
      "Cy left; the table takes Cy's lock off the cards in play.",
      'Cy left: their army, hand and cards in play leave the game unseen, and the others play on.',
    ],
    ["Ada gave their shares of Cy's lock (recovery proofs checked)."],
    [
      "Bob gave their shares of Cy's lock (recovery proofs checked).",
      "Cy's lock is off every card still in the game; play goes on.",
    ],
  ]);
  const steps = protocolSteps(replica as never, NAMES).slice(from + 1, from + 3);
  expect(steps.map((s) => s.text)).toEqual([
    expect.stringMatching(/^Ada gave their shares of Cy's lock on \d+ cards$/),
    expect.stringMatching(/^Bob gave their shares of Cy's lock on \d+ cards$/),
  ]);
  expect(steps.every((s) => s.status === 'checked')).toBe(true);

  // The audit view compares the two replicas still there, and says Cy left.
  const peer = { events: replica.log.size, hash: replica.stateHash };
  const words = hashRows(replica, NAMES, 0, [null, peer, null]);
  expect(words.verdict).toMatch(
    /^Every replica still at the table reached the same state hash, [0-9a-f]{16}…, after the same \d+ events; Cy left before the last\.$/,
  );
  expect(words.rows.map((r) => [r.name, r.status, r.words])).toEqual([
    ['Ada', 'self', 'this page'],
    ['Bob', 'same', 'the same state'],
    ['Cy', 'left', 'left the game before saying'],
  ]);
});
