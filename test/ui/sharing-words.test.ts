/**
 * The sharing of the locks at a Batailles table of three, in the page's words, on a real
 * table: the progress panel and each player's bar through both halves of the step, the
 * game log's lines and the protocol panel's, and what a complaint that names a dealer says.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import { batailles, type BataillesState } from '../../src/engine/games/batailles/index.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { describeEntry, describeStep } from '../../src/ui/words/describe.ts';
import { roundProgress } from '../../src/ui/words/progress.ts';
import { protocolSteps } from '../../src/ui/words/protocol.ts';
import { Table, makePlayers } from '../engine/helpers/table.ts';
import { referenceDeal } from '../crypto/helpers.ts';
import { shareBy } from '../engine/helpers/sharing.ts';
import { describeEnding, makeTranscript, verifyTranscript } from '../../src/engine/transcript.ts';

const NAMES = ['Ada', 'Bob', 'Cy'];
type State = TableState<BataillesState>;

test('the sharing step, half by half, in the progress panel, the bars, the log and the protocol panel', () => {
  const table = Table.of(makePlayers(3), batailles, { players: 3 });
  table.dutiesUntil((s) => s.step.type === 'SHARE');
  const replica = table.replicas[0]!;
  const seen: [string | undefined, number | undefined, number | undefined, string[]][] = [];
  const look = () => {
    const state = replica.state as unknown as TableState<Json>;
    const step = describeStep(state, NAMES);
    const bars = roundProgress(state, NAMES, new Set(), null)!;
    seen.push([step?.text, step?.done, step?.total, bars.map((b) => `${b.stage}: ${b.words}`)]);
  };
  look();
  const from = table.events.length;
  for (let i = 0; i < 6; i++) {
    table.duty(i % 3);
    if (i < 5) look();
  }
  expect(seen).toEqual([
    [
      "Sharing each player's locks among the others (0 of 3)",
      3,
      12,
      [
        'working: sharing their locks…',
        'working: sharing their locks…',
        'working: sharing their locks…',
      ],
    ],
    [
      "Sharing each player's locks among the others (1 of 3)",
      4,
      12,
      [
        'waiting: waits for the others’ shares',
        'working: sharing their locks…',
        'working: sharing their locks…',
      ],
    ],
    [
      "Sharing each player's locks among the others (2 of 3)",
      5,
      12,
      [
        'waiting: waits for the others’ shares',
        'waiting: waits for the others’ shares',
        'working: sharing their locks…',
      ],
    ],
    [
      'Each player checks the shares they were given (0 of 3)',
      6,
      12,
      NAMES.map(() => 'working: opening the shares they were given…'),
    ],
    [
      'Each player checks the shares they were given (1 of 3)',
      7,
      12,
      [
        'done: shares checked',
        'working: opening the shares they were given…',
        'working: opening the shares they were given…',
      ],
    ],
    [
      'Each player checks the shares they were given (2 of 3)',
      8,
      12,
      [
        'done: shares checked',
        'done: shares checked',
        'working: opening the shares they were given…',
      ],
    ],
  ]);
  // Then the shuffle, its part of the bar after the sharing's.
  expect(describeStep(replica.state as unknown as TableState<Json>, NAMES)).toMatchObject({
    done: 9,
    total: 12,
  });
  const entries = replica.log.entries();
  const lines = entries.slice(from, from + 6).map((entry, k) => {
    const i = from + k;
    return describeEntry(
      entry,
      replica.entryVerdicts[i]!,
      replica.stateAfter(i)! as unknown as TableState<Json>,
      replica.stateAfter(i + 1)! as unknown as TableState<Json>,
      NAMES,
    ).map((l) => l.text);
  });
  expect(lines.slice(0, 1)).toEqual([
    [
      "Ada shared their locks on the others' armies among the other players, all of them needed to use one (each share set checked).",
    ],
  ]);
  expect(lines[3]).toEqual(['Ada checked the shares they were given: every one opens.']);
  const steps = protocolSteps(replica as never, NAMES).slice(from, from + 6);
  expect(steps.map((s) => s.text)).toEqual([
    'Ada shared 2 locks among the other players, all of them needed to use one',
    'Bob shared 2 locks among the other players, all of them needed to use one',
    'Cy shared 2 locks among the other players, all of them needed to use one',
    'Ada said every share they were given opens',
    'Bob said every share they were given opens',
    'Cy said every share they were given opens',
  ]);
  // Two dealings among two holders, both needed: 9 + 32·(2 + 2 + 4) bytes each.
  expect(steps[0]!.proofBytes).toBe(2 * 265);
  expect(steps.every((s) => s.status === 'checked')).toBe(true);
  expect((replica.state as State).step.type).toBe('SHUFFLE');
});

test('a complaint that names its dealer, in the log, the result and the transcript', () => {
  const table = Table.of(makePlayers(3), batailles, { players: 3 });
  table.dutiesUntil((s) => s.step.type === 'SHARE');
  const state = table.replicas[1]!.state;
  // Bob deals his key of Ada's army with a false share for Cy, as the spec says otherwise.
  table.play(
    1,
    shareBy(state, table.players[1]!, (e, { ctx, holders }, i) =>
      referenceDeal(ctx, e, holders, 2, i === 0 ? { wrong: 1 } : {}),
    ),
  );
  table.dutiesUntil((s) => s.step.type === 'SHARE' && s.step.dealt.every(Boolean));
  table.duty(0);
  table.duty(2);
  const replica = table.replicas[0]!;
  const at = replica.log.entries().length - 1;
  const line = describeEntry(
    replica.log.entries()[at]!,
    replica.entryVerdicts[at]!,
    replica.stateAfter(at)! as unknown as TableState<Json>,
    replica.state as unknown as TableState<Json>,
    NAMES,
  );
  expect(line.map((l) => l.text)).toEqual([
    'Cy showed everyone a share they were given that does not open.',
  ]);
  expect(replica.outcome()).toEqual({
    result: 'win',
    winners: [0, 2],
    reason: 'player 1 dealt player 2 a false share',
  });
  const verified = verifyTranscript(makeTranscript(replica as never));
  if (!verified.ok) throw new Error('the transcript does not verify');
  // Nobody confirmed it yet: the pages sign their CONFIRM once the table is done.
  expect(describeEnding(verified)).toBe(
    "not final: ended by player 2's proof that player 1 dealt a false share, not confirmed by player 0, player 1 and player 2; no winner is final until every seat confirms",
  );
});
