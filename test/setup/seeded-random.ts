/**
 * Unit tests draw their randomness from a seeded stream: a deal that reaches a
 * branch once reaches it every run, and a test run alone (`-t`) sees exactly
 * the bytes it sees in its file. The seed is the test's file and name (and
 * `FAIRDEAL_TEST_SEED`, to explore other deals); fast-check's seed follows it.
 * Production code keeps `crypto.getRandomValues`; only the source behind it
 * changes here, and the cryptography runs for real on these bytes.
 */
import { relative } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { beforeEach, expect, vi } from 'vitest';
import { fillFrom, seededBytes } from '../../scripts/seeded-bytes.ts';

const BASE = process.env.FAIRDEAL_TEST_SEED ?? 'fair-deal';

/** The stream of the test under way, and how often it has asked `numbered` for each label. */
interface Stream {
  seed: string;
  draw: ReturnType<typeof seededBytes>;
  asked: Map<string, number>;
}

/**
 * One stream per worker, kept on the global object. Test files share a worker's modules
 * (the unit project does not isolate them), and vitest runs this file again for each: a
 * helper imported by an earlier file holds that earlier copy of `drawingFrom`, which must
 * draw from the same stream as the copy that reseeds it.
 */
const stream = ((globalThis as { fairdealStream?: Stream }).fairdealStream ??= {
  seed: '',
  draw: seededBytes(''),
  asked: new Map(),
});

function reseed(label: string): void {
  stream.seed = `${BASE}\n${label}`;
  stream.draw = seededBytes(stream.seed);
  stream.asked = new Map();
  fc.configureGlobal({ seed: new DataView(sha256(utf8ToBytes(stream.seed)).buffer).getInt32(0) });
}

/** `label` numbered by how often this test asked for it before: `pool 0`, `pool 1`, and so on. */
export function numbered(label: string): string {
  const count = stream.asked.get(label) ?? 0;
  stream.asked.set(label, count + 1);
  return `${label} ${count}`;
}

/**
 * Runs `fn` drawing from the start of this test's stream for `label`. For work
 * whose turn to draw, and how often it runs, come by timing (a duty made again
 * when an event lands meanwhile): labelled by what it is made from, it draws
 * the same bytes however often and whenever it runs.
 */
export function drawingFrom<T>(label: string, fn: () => T): T {
  const shared = stream.draw;
  stream.draw = seededBytes(`${stream.seed}\n${label}`);
  try {
    return fn();
  } finally {
    stream.draw = shared;
  }
}

vi.spyOn(crypto, 'getRandomValues').mockImplementation(
  <T extends ArrayBufferView | null>(array: T): T => fillFrom(stream.draw, array),
);

// Relative to the project: a checkout anywhere else (CI's, a worktree) draws the same bytes.
const where = () => relative(process.cwd(), expect.getState().testPath ?? '');
reseed(where());
beforeEach(() => reseed(`${where()}\n${expect.getState().currentTestName ?? ''}`));
