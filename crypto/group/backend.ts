/**
 * Who multiplies: libsodium's ristretto255 in WebAssembly where it beats
 * noble, noble's BigInt code where it does not. Measured side by side in
 * Node and Chromium (`npm run bench:group`, figures in README.md), libsodium
 * wins a single variable-base multiplication (2.4–3× in Chromium) and a
 * multi-scalar multiplication of a few terms; noble wins the fixed-base
 * tables, additions and every larger MSM, which stay noble's whatever the
 * backend. libsodium's WebAssembly loads asynchronously, so each thread
 * awaits {@link cryptoReady} once before its first proof; a multiplication
 * before that throws rather than silently run the slower code.
 */
import type Sodium from 'libsodium-wrappers-sumo';
import { Point, pointBytes, rememberEncoding } from './point.ts';
import { encodeScalar, modL } from './scalar.ts';

/** The implementations of the group's multiplications: `sodium` (the default) or `noble`. */
export type Backend = 'sodium' | 'noble';

let sodium: typeof Sodium | undefined;
let loading: Promise<void> | undefined;
let chosen: Backend | undefined;

/**
 * Loads libsodium's WebAssembly and makes it this thread's backend. Await it
 * once per thread (page, worker, Node process) before any proof; later calls
 * return at once. It is imported only here, on demand, so a page that makes
 * no proof never downloads it.
 */
export function cryptoReady(): Promise<void> {
  loading ??= import('libsodium-wrappers-sumo').then(async (mod) => {
    await mod.default.ready;
    sodium = mod.default;
    chosen ??= 'sodium';
  });
  return loading;
}

/**
 * Chooses the backend of this thread: `noble` needs no loading (the tests run
 * every algebra property on both, the bench compares them), `sodium` needs
 * {@link cryptoReady} to have resolved.
 */
export function useBackend(backend: Backend): void {
  if (backend === 'sodium' && sodium === undefined) {
    throw new Error('crypto: libsodium is not loaded: await cryptoReady() first');
  }
  chosen = backend;
}

/** This thread's backend, or `undefined` before {@link cryptoReady} or {@link useBackend}. */
export function currentBackend(): Backend | undefined {
  return chosen;
}

/** libsodium when it is this thread's backend, `undefined` for noble; throws when none was chosen. */
export function sodiumBackend(): typeof Sodium | undefined {
  if (chosen === undefined) {
    throw new Error(
      'crypto: no group backend yet: await cryptoReady() once in this thread before any proof',
    );
  }
  return chosen === 'sodium' ? sodium : undefined;
}

/**
 * `s·P` by libsodium (`crypto_scalarmult_ristretto255`, constant time in the
 * scalar), crossing into WebAssembly as 32-byte encodings: the point's is
 * usually cached (decoded from the network), the result's is kept with the
 * decoded point, so hashing it later is free.
 */
export function sodiumMul(lib: typeof Sodium, p: Point, s: bigint): Point {
  const q = mulBytes(lib, p, s);
  return q === undefined ? Point.ZERO : fromSodium(q);
}

/**
 * `Σ s_i·P_i` by libsodium, a multiplication per term and an addition per
 * term after the first: faster than noble's Pippenger for a few terms only
 * ({@link SODIUM_MSM_MAX}). Constant time in each scalar.
 */
export function sodiumMsm(
  lib: typeof Sodium,
  points: readonly Point[],
  scalars: readonly bigint[],
): Point {
  let acc: Uint8Array | undefined;
  for (let j = 0; j < points.length; j++) {
    const p = points[j]!;
    if (!(p instanceof Point)) throw new Error(`msm: points[${j}] is not a ristretto255 point`);
    const term = mulBytes(lib, p, scalars[j]!);
    if (term !== undefined) {
      acc = acc === undefined ? term : lib.crypto_core_ristretto255_add(acc, term);
    }
  }
  return acc === undefined ? Point.ZERO : fromSodium(acc);
}

/** The encoding of `s·P`, or `undefined` for the identity (which libsodium refuses to return). */
function mulBytes(lib: typeof Sodium, p: Point, s: bigint): Uint8Array | undefined {
  const k = modL(s);
  // In a prime-order group these are exactly the products that are the identity.
  if (k === 0n || p.is0()) return undefined;
  const scalar = encodeScalar(k);
  try {
    return lib.crypto_scalarmult_ristretto255(scalar, pointBytes(p));
  } finally {
    scalar.fill(0);
  }
}

/**
 * The most terms for which {@link sodiumMsm} beats noble's Pippenger in
 * Chromium (1.2× at 12 terms, 0.96× at 24, 0.7× at 52).
 */
export const SODIUM_MSM_MAX = 16;

function fromSodium(bytes: Uint8Array): Point {
  const p = Point.fromBytes(bytes);
  rememberEncoding(p, bytes);
  return p;
}
