/**
 * Batch verification: many proofs of any kinds (key, unlock, re-key, shuffle,
 * a dealing's) checked by one multi-scalar multiplication, and every false
 * one still named.
 *
 * Every proof's equations go into one `Equations` (equations.ts), each with a
 * fresh random weight the verifier draws after every proof is in: Bellare,
 * Garay & Rabin's small-exponent batch test with 128-bit exponents. If every
 * proof holds, so does the sum, and the batch is done in one MSM, where
 * `G`, `H`, the shuffle generators and every point given as one object to
 * several proofs weigh once. If any equation of any proof is false, the sum
 * is the identity with probability at most 2⁻¹²⁸, whatever the provers chose,
 * even together: false proofs whose errors would cancel in a plain sum do not
 * cancel under independent weights they could not know.
 *
 * A batch that fails is checked again one proof at a time, each exactly as
 * its own verifier (`verifyKey`, …) checks it, so the verdict on each proof is
 * the one it gets alone and a cheater is named exactly. Each proof reports its
 * verifier's name to observers (observe.ts) as it enters the sum, and again
 * if it is checked again alone. A proof that is
 * malformed (a wrong length, the identity, a scalar out of range) is false at
 * once and never enters the sum.
 */
import { Equations, holdsAlone } from './equations.ts';
import type { Point } from './group/point.ts';
import { weighDleq, type DleqProof } from './dleq.ts';
import { weighKey, type KeyProof } from './key.ts';
import { weighShuffle, type ShuffleProof } from './shuffle.ts';
import { weighUnlock, type UnlockProof } from './unlock.ts';
import { weighDealing, type Dealing } from './vss.ts';

/** Writes one proof's equations into a sum; false, writing nothing, if the proof is malformed. */
type Weigh = (eq: Equations) => boolean;

/**
 * Proofs to check together: add each with the arguments its verifier takes,
 * then `verify()` gives one verdict per proof, in the order added.
 */
export class BatchVerifier {
  private readonly proofs: Weigh[] = [];

  /** Adds a Schnorr key proof (`verifyKey`'s arguments); returns its index. */
  key(ctx: Uint8Array, pub: Point, proof: KeyProof): number {
    return this.push((eq) => weighKey(eq, ctx, pub, proof));
  }

  /** Adds an unlock proof (`verifyUnlock`'s arguments); returns its index. */
  unlock(ctx: Uint8Array, pub: Point, before: Point[], after: Point[], proof: UnlockProof): number {
    return this.push((eq) => weighUnlock(eq, ctx, pub, before, after, proof));
  }

  /** Adds a re-key (DLEQ) proof (`verifyDleq`'s arguments); returns its index. */
  dleq(ctx: Uint8Array, g: Point, u: Point, h: Point, v: Point, proof: DleqProof): number {
    return this.push((eq) => weighDleq(eq, ctx, g, u, h, v, proof));
  }

  /** Adds a shuffle proof (`verifyShuffle`'s arguments); returns its index. */
  shuffle(
    ctx: Uint8Array,
    pub: Point,
    input: Point[][],
    output: Point[][],
    proof: ShuffleProof,
  ): number {
    return this.push((eq) => weighShuffle(eq, ctx, pub, input, output, proof));
  }

  /** Adds a dealing's public check (`verifyDealing`'s arguments); returns its index. */
  dealing(
    ctx: Uint8Array,
    E: Point,
    holders: readonly Point[],
    threshold: number,
    dealing: Dealing,
  ): number {
    return this.push((eq) => weighDealing(eq, ctx, E, holders, threshold, dealing));
  }

  /** How many proofs were added. */
  get size(): number {
    return this.proofs.length;
  }

  /**
   * One verdict per proof, in the order added, each the verdict of the proof's
   * own verifier: all true from one MSM when every proof holds; otherwise each
   * proof checked again alone. Malformed proofs are false and stay out of the
   * sum. Never throws (an observer's error aside, observe.ts).
   */
  verify(): boolean[] {
    const eq = new Equations();
    const formed = this.proofs.map((weigh) => weigh(eq));
    // Each weigh adds only points it checked and scalars it reduced: the MSM cannot throw.
    const holds = eq.holds();
    // A lone proof's sum is its own check: its verdict is the batch's.
    // Stryker disable next-line MethodExpression: only work: counting the malformed proofs too, each is checked alone, and a malformed one is false either way
    if (holds || formed.filter(Boolean).length <= 1) return formed.map((f) => f && holds);
    return this.proofs.map((weigh, i) => formed[i]! && holdsAlone(weigh));
  }

  private push(weigh: Weigh): number {
    this.proofs.push(weigh);
    return this.proofs.length - 1;
  }
}
