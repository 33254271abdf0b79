/**
 * Randomness, always from `crypto.getRandomValues` (never `Math.random`):
 * secret scalars, batch-verification weights, indices and permutations, each
 * exactly uniform by rejection sampling.
 */
import { bytesToBigLE, ORDER, SCALAR_BYTES } from './scalar.ts';

const MASK_253 = (1n << 253n) - 1n;

/**
 * A uniformly random scalar with `0 < s < ℓ`, from `crypto.getRandomValues`
 * (rejection sampling on 253-bit candidates: exactly uniform, never zero).
 */
export function randomScalar(): bigint {
  const buf = new Uint8Array(SCALAR_BYTES);
  for (;;) {
    crypto.getRandomValues(buf);
    const s = bytesToBigLE(buf) & MASK_253;
    if (s !== 0n && s < ORDER) return s;
  }
}

/**
 * `n` uniformly random scalars with `0 < s < ℓ`, as {@link randomScalar} but
 * drawing the random bytes in a few large `crypto.getRandomValues` calls.
 */
export function randomScalars(n: number): bigint[] {
  const out: bigint[] = [];
  while (out.length < n) {
    // About 2 candidates per scalar are needed (ℓ ≈ 2^252.0); 65536 bytes is the per-call limit.
    const count = Math.min(2 * (n - out.length) + 4, 2048);
    const buf = crypto.getRandomValues(new Uint8Array(SCALAR_BYTES * count));
    const candidates = Array.from(
      { length: count },
      (_, k) => bytesToBigLE(buf.subarray(k * SCALAR_BYTES, (k + 1) * SCALAR_BYTES)) & MASK_253,
    );
    for (const s of candidates) if (out.length < n && s !== 0n && s < ORDER) out.push(s);
    buf.fill(0);
  }
  return out;
}

/** A uniformly random non-zero 128-bit integer (batch-verification weights, nonces of length λ). */
export function random128(): bigint {
  const buf = new Uint8Array(16);
  for (;;) {
    crypto.getRandomValues(buf);
    const s = bytesToBigLE(buf);
    if (s !== 0n) return s;
  }
}

/** A uniformly random integer in `[0, bound)` (rejection sampling on 32-bit words). */
export function randomIndex(bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) {
    throw new RangeError('randomIndex: bound must be an integer in [1, 2^32]');
  }
  const limit = 2 ** 32 - (2 ** 32 % bound);
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    const x = word[0]!;
    if (x < limit) return x % bound;
  }
}

/**
 * A fresh uniformly random permutation of `0..n-1` (Fisher–Yates, indices from
 * `crypto.getRandomValues` with rejection sampling; never `Math.random`).
 */
export function randomPermutation(n: number): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  return p;
}
