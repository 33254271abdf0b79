/**
 * A reproducible stream of bytes: SHA-256(SHA-256(label) ‖ counter) blocks.
 * The tests and `npm run simulate --seed` put it behind
 * `crypto.getRandomValues`, so the cryptography runs for real on bytes that
 * come out the same every run. Never for a real game: anyone who knows the
 * label knows every key.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** The stream for `label`: each call returns its next `n` bytes. */
export function seededBytes(label: string): (n: number) => Uint8Array {
  const key = sha256(utf8ToBytes(label));
  let block = 0;
  let pool = new Uint8Array(0);
  return (n) => {
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
  };
}

/** Fills `array` from `draw`, as `crypto.getRandomValues` would from its own source. */
export function fillFrom<T extends ArrayBufferView | null>(
  draw: (n: number) => Uint8Array,
  array: T,
): T {
  if (array !== null)
    new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(draw(array.byteLength));
  return array;
}
