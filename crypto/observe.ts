/**
 * A hook for whoever wants to know what work the library does in a thread
 * (diagnostics, tests, a profiler): each prover, each verifier and `openCard`
 * reports its own name to the observers first thing in every call. The
 * library keeps no count and never reads what an observer does.
 */

/** The operations that report each call: every prover and verifier, and `openCard`. */
export const OPERATIONS = [
  'proveKey',
  'verifyKey',
  'proveUnlock',
  'verifyUnlock',
  'proveDleq',
  'verifyDleq',
  'proveShuffle',
  'verifyShuffle',
  'proveRecovery',
  'openCard',
] as const;

/** The name of an operation that reports its calls. */
export type Operation = (typeof OPERATIONS)[number];

/** Told the name of each operation as it starts. */
export type OperationObserver = (op: Operation) => void;

const observers = new Set<OperationObserver>();

/**
 * Calls `observer` with the name of every operation this thread starts from
 * now on, verifiers that answer false and provers that throw on bad input
 * included, until the function returned is called. An observer must not
 * throw: its error would leave the operation (even a verifier, which itself
 * never throws).
 */
export function observeOperations(observer: OperationObserver): () => void {
  observers.add(observer);
  return () => {
    observers.delete(observer);
  };
}

/** Tells every observer that `op` starts (each reported operation calls it first thing). */
export function report(op: Operation): void {
  for (const observer of observers) observer(op);
}
