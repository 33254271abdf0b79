/**
 * Verification equations `Σ s_i·P_i = O`, folded with the verifier's random
 * weights into one multi-scalar multiplication: the small-exponent batch test
 * of Bellare, Garay & Rabin ("Fast batch verification for modular
 * exponentiation and digital signatures", EUROCRYPT 1998), with 128-bit
 * exponents.
 *
 * Each verifier writes its equations into an `Equations`, each multiplied by
 * a weight it takes from it, and the sum must be the identity. If any one
 * equation is false, the weighted sum is the identity for at most one value
 * of that equation's weight (the group has prime order ℓ > 2¹²⁸), so with
 * weights drawn after every proof is fixed, from `crypto.getRandomValues`,
 * a false equation passes with probability at most 2⁻¹²⁸. One weight may be 1
 * (the first equation's): a false equation weighted 1 is caught by the
 * random weights of every other, and alone it is itself the sum.
 *
 * One `Equations` can hold one proof's equations (`verifyKey` and the others)
 * or those of many proofs (batch.ts): terms of one point object merge into
 * one coefficient, so `G`, `H`, the shuffle generators, and any point decoded
 * once for several proofs, weigh once in the MSM however many proofs use them.
 */
import type { Point } from './group/point.ts';
import { random128 } from './group/random.ts';
import { msmUnsafe } from './group/msm.ts';

/** A sum of terms `s·P` that must be the identity, and the random weights of its equations. */
export class Equations {
  private readonly index = new Map<Point, number>();
  private readonly points: Point[] = [];
  private readonly scalars: bigint[] = [];
  private weighed = false;

  /**
   * The weight of the next equation: 1 for the first one written here, a fresh
   * non-zero 128-bit integer from `crypto.getRandomValues` for every other.
   * The verifier draws it once the proof is read, so no prover can know it.
   */
  weight(): bigint {
    if (!this.weighed) {
      this.weighed = true;
      return 1n;
    }
    return random128();
  }

  /** Adds `s·p` to the sum (the scalar need not be reduced mod ℓ). */
  add(p: Point, s: bigint): void {
    const at = this.index.get(p);
    if (at === undefined) {
      this.index.set(p, this.points.length);
      this.points.push(p);
      this.scalars.push(s);
    } else this.scalars[at]! += s;
  }

  /** How many distinct points the sum weighs: the size of its MSM. */
  get size(): number {
    return this.points.length;
  }

  /** True when the sum is the identity: one variable-time MSM (`msmUnsafe`), on public data only. */
  holds(): boolean {
    return msmUnsafe(this.points, this.scalars).is0();
  }
}

/**
 * One proof's check on its own: `weigh` writes its equations into a fresh sum
 * (false, writing nothing, if the proof is malformed), and the sum must be the
 * identity. What every single verifier (`verifyKey`, …) does, and a batch does
 * for each proof again when the batch fails. Never throws: each `weigh`
 * answers false on malformed input and adds only points it checked. An
 * observer's error (observe.ts) is the one thing that leaves it, never taken
 * for a false proof that would name an honest prover.
 */
export function holdsAlone(weigh: (eq: Equations) => boolean): boolean {
  const eq = new Equations();
  return weigh(eq) && eq.holds();
}
