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
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { beforeEach, expect, vi } from 'vitest';

const BASE = process.env.FAIRDEAL_TEST_SEED ?? 'fair-deal';

let key = new Uint8Array(32);
let block = 0;
let pool = new Uint8Array(0);

function reseed(label: string): void {
  key = sha256(utf8ToBytes(`${BASE}\n${label}`));
  block = 0;
  pool = new Uint8Array(0);
  fc.configureGlobal({ seed: new DataView(key.buffer).getInt32(0) });
}

/** The next `n` bytes of SHA-256(key ‖ counter) blocks. */
function draw(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let filled = 0; filled < n;) {
    if (pool.length === 0) {
      const counter = new Uint8Array(8);
      new DataView(counter.buffer).setBigUint64(0, BigInt(block++));
      pool = sha256(concatBytes(key, counter));
    }
    const take = Math.min(pool.length, n - filled);
    out.set(pool.subarray(0, take), filled);
    pool = pool.subarray(take);
    filled += take;
  }
  return out;
}

vi.spyOn(crypto, 'getRandomValues').mockImplementation(
  <T extends ArrayBufferView | null>(array: T): T => {
    if (array !== null)
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(draw(array.byteLength));
    return array;
  },
);

// Relative to the project: a checkout anywhere else (CI's, a worktree) draws the same bytes.
const where = () => relative(process.cwd(), expect.getState().testPath ?? '');
reseed(where());
beforeEach(() => reseed(`${where()}\n${expect.getState().currentTestName ?? ''}`));
