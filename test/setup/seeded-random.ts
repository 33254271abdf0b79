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

let seed = '';
let draw = seededBytes('');
/** How often this test has asked `numbered` for each label. */
let asked = new Map<string, number>();

function reseed(label: string): void {
  seed = `${BASE}\n${label}`;
  draw = seededBytes(seed);
  asked = new Map();
  fc.configureGlobal({ seed: new DataView(sha256(utf8ToBytes(seed)).buffer).getInt32(0) });
}

/** `label` numbered by how often this test asked for it before: `pool 0`, `pool 1`, and so on. */
export function numbered(label: string): string {
  const count = asked.get(label) ?? 0;
  asked.set(label, count + 1);
  return `${label} ${count}`;
}

/**
 * Runs `fn` drawing from the start of this test's stream for `label`. For work
 * whose turn to draw, and how often it runs, come by timing (a duty made again
 * when an event lands meanwhile): labelled by what it is made from, it draws
 * the same bytes however often and whenever it runs.
 */
export function drawingFrom<T>(label: string, fn: () => T): T {
  const shared = draw;
  draw = seededBytes(`${seed}\n${label}`);
  try {
    return fn();
  } finally {
    draw = shared;
  }
}

vi.spyOn(crypto, 'getRandomValues').mockImplementation(
  <T extends ArrayBufferView | null>(array: T): T => fillFrom(draw, array),
);

// Relative to the project: a checkout anywhere else (CI's, a worktree) draws the same bytes.
const where = () => relative(process.cwd(), expect.getState().testPath ?? '');
reseed(where());
beforeEach(() => reseed(`${where()}\n${expect.getState().currentTestName ?? ''}`));
