/**
 * How many proofs this thread (a page, or one worker) has made and checked, by
 * function, and how many cards it opened with published keys. Kept for
 * diagnostics and tests (a page can show that its own thread made, checked and
 * opened none, its workers all); the protocol never reads it.
 */

/** Calls of each prover and verifier of crypto/, and of `openCard`, in this thread so far. */
export interface WorkTally {
  proveKey: number;
  verifyKey: number;
  proveUnlock: number;
  verifyUnlock: number;
  proveDleq: number;
  verifyDleq: number;
  proveShuffle: number;
  verifyShuffle: number;
  openCard: number;
}

const counts: WorkTally = {
  proveKey: 0,
  verifyKey: 0,
  proveUnlock: 0,
  verifyUnlock: 0,
  proveDleq: 0,
  verifyDleq: 0,
  proveShuffle: 0,
  verifyShuffle: 0,
  openCard: 0,
};

/** Counts one call of `fn` (each counted function calls it first thing). */
export function tally(fn: keyof WorkTally): void {
  counts[fn] += 1;
}

/** The calls counted in this thread so far (a copy). */
export function workTally(): WorkTally {
  return { ...counts };
}
