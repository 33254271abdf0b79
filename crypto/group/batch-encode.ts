/**
 * The encodings of many points at once: ristretto255's encoding costs an
 * inverse square root per point, but that of a doubled point can be batched
 * with one field inversion for the whole list. The prover publishes its
 * points this way.
 */
import { Point, rememberEncoding } from './point.ts';
import { ORDER } from './scalar.ts';

/** `1/2 mod ℓ`: the prover computes `P/2` and lets {@link doubleAndEncode} return `P`. */
export const HALF: bigint = (ORDER + 1n) / 2n;

const Fp = Point.Fp;
/** Edwards `d` of Curve25519, `√-1`, and `1/√(a-d)` (RFC 9496 §4.1 constants). */
const EDWARDS_D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
const SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752n;
const INVSQRT_A_MINUS_D =
  54469307008909316920995813868745141605393597292927456921205312896311721017578n;

/** Extended Edwards coordinates (X : Y : Z : T) of the representative a noble ristretto point wraps. */
interface Extended {
  readonly X: bigint;
  readonly Y: bigint;
  readonly Z: bigint;
  readonly T: bigint;
}

function extended(p: Point): Extended {
  // `ep` is declared (protected) in noble's PrimeEdwardsPoint typings.
  const ep = (p as unknown as { ep?: Extended }).ep;
  if (ep === undefined || typeof ep.X !== 'bigint' || typeof ep.T !== 'bigint') {
    throw new Error('doubleAndEncode: unexpected @noble/curves point layout');
  }
  return ep;
}

/**
 * Returns `2·P_i` for every `P_i`, with the canonical encodings of the doubled
 * points computed in one batch (one field inversion for the whole list instead
 * of an inverse square root per point) and cached, so hashing them is free.
 * The ristretto255 encoding is not batchable, but that of a doubled point is:
 * the "double-and-compress batch" of curve25519-dalek, from the Ristretto
 * notes (ristretto.group). Callers compute `P_i = Q_i/2` with {@link HALF} to
 * get `Q_i` encoded. Matches `toBytes()` exactly (tested on random points).
 */
export function doubleAndEncode(points: readonly Point[]): Point[] {
  const st = points.map((p) => {
    const { X, Y, Z, T } = extended(p);
    const XX = Fp.sqr(X);
    const YY = Fp.sqr(Y);
    const ZZ = Fp.sqr(Z);
    const dTT = Fp.mul(Fp.sqr(T), EDWARDS_D);
    const e = Fp.mul(X, Fp.add(Y, Y)); // 2XY
    const f = Fp.add(ZZ, dTT); // Z² + dT²
    const g = Fp.add(YY, XX); // Y² − aX² (a = −1)
    const h = Fp.sub(ZZ, dTT); // Z² − dT²
    const eg = Fp.mul(e, g);
    const fh = Fp.mul(f, h);
    return { e, f, g, h, eg, fh, efgh: Fp.mul(eg, fh) };
  });
  // invertBatch maps 0 to 0: efgh is 0 only for a representative of the identity (2XY = 0),
  // whose encoding the formulas below then give as s = 0, the identity's.
  const inv = Fp.invertBatch(st.map((x) => x.efgh));
  return points.map((p, i) => {
    const doubled = p.double();
    const x = st[i]!;
    const zInv = Fp.mul(x.eg, inv[i]!);
    const tInv = Fp.mul(x.fh, inv[i]!);
    let { e, g, h } = x;
    let magic = INVSQRT_A_MINUS_D;
    if (Fp.isOdd!(Fp.mul(x.eg, zInv))) {
      const minusE = Fp.neg(e);
      e = g;
      g = minusE;
      h = Fp.mul(x.f, SQRT_M1);
      magic = SQRT_M1;
    }
    if (Fp.isOdd!(Fp.mul(Fp.mul(h, e), zInv))) g = Fp.neg(g);
    let s = Fp.mul(Fp.sub(h, g), Fp.mul(magic, Fp.mul(g, tInv)));
    if (Fp.isOdd!(s)) s = Fp.neg(s);
    rememberEncoding(doubled, Fp.toBytes(s));
    return doubled;
  });
}
