/**
 * Each player's part in a shuffle round, as a page sees it (`roundProgress`):
 * from the step under way, the seats whose events the page is still checking,
 * and whether its own keys or shuffle are being made.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import { initialTable } from '../../src/engine/table/fold.ts';
import { DEFAULT_CLOCK } from '../../src/engine/table/clock.ts';
import type { Step, TableState } from '../../src/engine/table/types.ts';
import { roundProgress } from '../../src/ui/words/progress.ts';

const NAMES = ['Alice', 'Bob', 'Carol'];
const start = initialTable(
  {
    table: 'progress',
    game: 'war',
    names: NAMES,
    identities: NAMES.map(() => 'key'),
    deckSize: 52,
    options: {},
    clock: DEFAULT_CLOCK,
  },
  {} as Json,
);
const keys = (...seats: number[]): TableState<Json> => ({
  ...start,
  keys: NAMES.map((_, seat) => (seats.includes(seat) ? ['key'] : null)),
});
const shuffle = (next: number): TableState<Json> => ({
  ...start,
  step: { type: 'SHUFFLE', epochs: [0], order: [0, 1, 2], next, fresh: false },
});

test.each<[string, TableState<Json>, number[], number | null, string[]]>([
  ['keys: everyone chooses at first', keys(), [], null, ['working', 'working', 'working']],
  [
    "keys: Alice's are in, Bob's are being checked here",
    keys(0),
    [1],
    null,
    ['done', 'checking', 'working'],
  ],
  [
    'shuffle: Alice shuffles, the others wait their turn',
    shuffle(0),
    [],
    null,
    ['working', 'waiting', 'waiting'],
  ],
  [
    "shuffle: Alice's is being checked while Bob's is already being made",
    shuffle(0),
    [0],
    1,
    ['checking', 'working', 'waiting'],
  ],
  [
    "shuffle: Alice's and Bob's are checked, Carol shuffles",
    shuffle(2),
    [],
    null,
    ['done', 'done', 'working'],
  ],
])('%s', (_, state, checking, proving, stages) => {
  const players = roundProgress(state, NAMES, new Set(checking), proving)!;
  expect(players.map((p) => p.stage)).toEqual(stages);
  expect(players.map((p) => p.name)).toEqual(NAMES);
});

test('the words say what each player does, or what this page does with their proofs', () => {
  const players = roundProgress(shuffle(0), NAMES, new Set([0]), 1)!;
  expect(players.map((p) => `${p.name}: ${p.words}`)).toEqual([
    'Alice: shuffled, checking the proof…',
    'Bob: shuffling and proving it…',
    'Carol: shuffles after the others',
  ]);
  expect(roundProgress(keys(0, 1), NAMES, new Set([2]), null)!.map((p) => p.words)).toEqual([
    'keys checked',
    'keys checked',
    'keys in, checking their proofs…',
  ]);
});

test('pipelined, every seat next on a deck shuffles at once; one between two of its shuffles waits for the next', () => {
  // Three decks on three chains: Alice has shuffled the first, which Bob shuffles next.
  const pipelined: TableState<Json> = {
    ...start,
    step: {
      type: 'SHUFFLE',
      epochs: [0, 1, 2],
      order: [0, 1, 2],
      next: 0,
      fresh: false,
      shuffled: [1, 0, 0],
    },
  };
  const players = roundProgress(pipelined, NAMES, new Set(), null)!;
  expect(players.map((p) => `${p.name}: ${p.stage}, ${p.words}`)).toEqual([
    'Alice: waiting, 1 of 3 shuffled, waits for the next',
    'Bob: working, shuffling and proving it…',
    'Carol: working, shuffling and proving it…',
  ]);
  const done = {
    ...pipelined,
    step: { ...pipelined.step, shuffled: [3, 3, 2] },
  } as TableState<Json>;
  // The third deck's chain starts at Carol, then Alice: Bob shuffles it last.
  expect(roundProgress(done, NAMES, new Set(), null)!.map((p) => p.stage)).toEqual([
    'done',
    'working',
    'done',
  ]);
});

test('outside a key round or a shuffle there is no round to show', () => {
  const steps: Step[] = [
    { type: 'PLAY' },
    { type: 'AUDIT' },
    { type: 'UNLOCK', cards: [0], order: [0, 1, 2], next: 0, to: 'all' },
  ];
  for (const step of steps)
    expect(roundProgress({ ...start, step }, NAMES, new Set([0]), 1)).toBeNull();
});
