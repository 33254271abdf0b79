/**
 * Feldman's verifiable secret sharing (Feldman, "A practical scheme for
 * non-interactive verifiable secret sharing", FOCS 1987) of a layer's unlock
 * exponent, so that the other players can take a leaver's layer off cards
 * without it (recover.ts).
 *
 * A dealer with layer key `e` (`E = e·G`) shares `d = e⁻¹`: the polynomial
 * `p(x) = d + a_1·x + … + a_{t−1}·x^{t−1}` with random `a_k`, public
 * commitments `A_k = a_k·G` (`A_0 = d·G`), and holder `j` (0-based) gets
 * `s_j = p(j + 1)`, whose public image `S_j = s_j·G = Σ A_k·(j + 1)^k`
 * anyone computes from the commitments. Any `t` shares give `d`; fewer give
 * nothing about it.
 *
 * `A_0` is bound to the layer by a Chaum–Pedersen proof (dleq.ts) that
 * `log_G A_0 = log_E G`, i.e. `d·e = 1`. Each share travels encrypted to its
 * holder's share key `H_j = h_j·G`: the dealer draws `r`, publishes `R = r·G`
 * and `c_j = s_j + pad_j mod ℓ`, where `pad_j` hashes the Diffie–Hellman point
 * `r·H_j = h_j·R` with the dealing's context and `j`. The holder opens its
 * share and checks `s_j·G = S_j`. A holder whose share does not check
 * complains by publishing `K = h_j·R` with a proof that `log_G H_j = log_R K`:
 * everyone then opens the share as the holder did and names the dealer (the
 * share is false) or the holder (it was true, or the complaint is unproven).
 *
 * The dealing's context binds everything in it (the caller's `ctx`, `E`, the
 * holders' keys, the threshold, the commitments, `R`, the encrypted shares),
 * so no part of one dealing can be lifted into another.
 */
import { assertPoint, G, isPoint, type Point } from './group/point.ts';
import { assertSecret, invertScalar, modL } from './group/scalar.ts';
import { randomScalar } from './group/random.ts';
import { mulBase, mulSecret } from './group/mul.ts';
import { msmUnsafe } from './group/msm.ts';
import { proveDleq, verifyDleq, weighDleq, type DleqProof } from './dleq.ts';
import { holdsAlone, type Equations } from './equations.ts';
import { Transcript } from './transcript.ts';

/** A dealer's sharing of one layer's unlock exponent among its holders. */
export interface Dealing {
  /** Feldman commitments `A_k = a_k·G`, `k = 0 … t − 1`; `A_0 = e⁻¹·G`. */
  commitments: Point[];
  /** Chaum–Pedersen proof that `log_G A_0 = log_E G`. */
  proof: DleqProof;
  /** `R = r·G`, the dealer's one-time key for the pads. */
  R: Point;
  /** Per holder, its share `s_j` plus its pad, mod ℓ. */
  shares: bigint[];
}

/** A holder's complaint: its Diffie–Hellman point with the dealer and a proof of it. */
export interface Complaint {
  /** `K = h_j·R`. */
  K: Point;
  /** Chaum–Pedersen proof that `log_G H_j = log_R K`. */
  proof: DleqProof;
}

/** Domain tag of a dealing's context. */
export const VSS_DEALING = 'fairdeal/vss/dealing';
/** Domain tag of a share's pad. */
export const VSS_PAD = 'fairdeal/vss/pad';
/** Domain tag of a complaint's context. */
export const VSS_COMPLAINT = 'fairdeal/vss/complaint';

function dealingContext(
  ctx: Uint8Array,
  E: Point,
  holders: readonly Point[],
  commitments: readonly Point[],
  R: Point,
  shares: readonly bigint[],
): Uint8Array {
  const t = new Transcript(VSS_DEALING).bytes(ctx).point(E).points(holders);
  t.points(commitments).point(R).u32(shares.length);
  for (const c of shares) t.scalar(c);
  return t.digest();
}

function pad(dealt: Uint8Array, j: number, H: Point, K: Point): bigint {
  return new Transcript(VSS_PAD).bytes(dealt).u32(j).point(H).point(K).challenge();
}

function complaintContext(dealt: Uint8Array, j: number): Uint8Array {
  return new Transcript(VSS_COMPLAINT).bytes(dealt).u32(j).digest();
}

/** `p(x)` for the coefficients `a_0 … a_{t−1}`, mod ℓ (Horner). */
function evaluate(coefficients: readonly bigint[], x: bigint): bigint {
  return coefficients.reduceRight((acc, a) => modL(acc * x + a), 0n);
}

/**
 * Shares the unlock exponent `e⁻¹` of the layer key `secret = e` among
 * `holders` (their share keys `H_j`), any `threshold` of them enough.
 * Throws on bad input (a bad secret, no holders, a key that is no point, a
 * threshold outside `1 … holders.length`).
 */
export function dealShares(
  ctx: Uint8Array,
  secret: bigint,
  holders: readonly Point[],
  threshold: number,
): Dealing {
  if (!(ctx instanceof Uint8Array)) throw new Error('ctx: expected a Uint8Array');
  const e = assertSecret(secret);
  if (!Array.isArray(holders) || holders.length === 0) throw new Error('holders: expected one');
  holders.forEach((H, j) => assertPoint(H, `holders[${j}]`));
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > holders.length)
    throw new Error(`threshold: expected 1 to ${holders.length}`);
  const d = invertScalar(e);
  const coefficients = [d, ...Array.from({ length: threshold - 1 }, randomScalar)];
  const commitments = coefficients.map(mulBase);
  const r = randomScalar();
  const R = mulBase(r);
  const dhs = holders.map((H) => mulSecret(H, r));
  const E = mulBase(e);
  // The pads hash the dealing's context without the encrypted shares, which they make.
  const padded = dealingContext(ctx, E, holders, commitments, R, []);
  const shares = holders.map((H, j) =>
    modL(evaluate(coefficients, BigInt(j + 1)) + pad(padded, j, H, dhs[j]!)),
  );
  const dealt = dealingContext(ctx, E, holders, commitments, R, shares);
  const { proof } = proveDleq(dealt, d, G, E);
  return { commitments, proof, R, shares };
}

/**
 * The public check of a dealing, which every player makes: `threshold`
 * commitments and one encrypted share per holder, all well formed, and `A_0`
 * the unlock exponent of `E`. Whether each share is right only its holder can
 * tell (`openShare`). Returns false (never throws) on any mismatch or
 * malformed input.
 */
export function verifyDealing(
  ctx: Uint8Array,
  E: Point,
  holders: readonly Point[],
  threshold: number,
  dealing: Dealing,
): boolean {
  return holdsAlone((eq) => weighDealing(eq, ctx, E, holders, threshold, dealing));
}

/**
 * Writes a dealing's check into `eq`: its shape, then the equations of its
 * Chaum–Pedersen proof. For `verifyDealing` or a batch (batch.ts). Returns
 * false, and writes nothing, on malformed input; never throws.
 */
export function weighDealing(
  eq: Equations,
  ctx: Uint8Array,
  E: Point,
  holders: readonly Point[],
  threshold: number,
  dealing: Dealing,
): boolean {
  try {
    // A dealing that is no object, lists that are none, a ctx that is no bytes or a share
    // out of range throw below, and the catch answers false; `E` is checked by the proof.
    const { commitments, proof, R, shares } = dealing;
    // The identity as R would make every pad public, and no complaint provable; as a
    // commitment, a polynomial of lower degree than the threshold says.
    if (!isPoint(R) || !holders.every(isPoint) || !commitments.every(isPoint)) return false;
    // The proof binds these lists as they are: their sizes are checked apart.
    if (commitments.length !== threshold || shares.length !== holders.length) return false;
    const dealt = dealingContext(ctx, E, holders, commitments, R, shares);
    return weighDleq(eq, dealt, G, commitments[0]!, E, G, proof);
  } catch {
    return false;
  }
}

/** `S_x = Σ A_k·x^k`: the public image `p(x)·G` of the share at `x` (holder `x − 1`). */
export function shareImage(commitments: readonly Point[], x: number): Point {
  const powers = commitments.map((_, k) => BigInt(x) ** BigInt(k));
  return msmUnsafe(commitments, powers);
}

/** The share `dealing` encrypts for holder `j` under the Diffie–Hellman point `K`, and whether it checks. */
function readShare(
  ctx: Uint8Array,
  E: Point,
  holders: readonly Point[],
  j: number,
  dealing: Dealing,
  K: Point,
): { share: bigint; checks: boolean } {
  const { commitments, R } = dealing;
  const padded = dealingContext(ctx, E, holders, commitments, R, []);
  const share = modL(dealing.shares[j]! - pad(padded, j, holders[j]!, K));
  return { share, checks: mulBase(share).equals(shareImage(commitments, j + 1)) };
}

/**
 * Holder `j`'s share of a dealing that passed `verifyDealing`, opened with its
 * share key's secret `h`; null if it does not match the commitments (the
 * holder then complains).
 */
export function openShare(
  ctx: Uint8Array,
  E: Point,
  holders: readonly Point[],
  j: number,
  h: bigint,
  dealing: Dealing,
): bigint | null {
  const { share, checks } = readShare(ctx, E, holders, j, dealing, mulSecret(dealing.R, h));
  return checks ? share : null;
}

/** Holder `j`'s complaint against a dealing whose share did not open (`openShare` gave null). */
export function proveComplaint(
  ctx: Uint8Array,
  E: Point,
  holders: readonly Point[],
  j: number,
  h: bigint,
  dealing: Dealing,
): Complaint {
  const { commitments, R, shares } = dealing;
  const dealt = dealingContext(ctx, E, holders, commitments, R, shares);
  const { v, proof } = proveDleq(complaintContext(dealt, j), h, G, R);
  return { K: v, proof };
}

/**
 * Who a complaint of holder `j` against a dealing that passed `verifyDealing`
 * names: the dealer if the complaint is proven and the share it opens does not
 * match the commitments; the holder otherwise. Never throws.
 */
export function judgeComplaint(
  ctx: Uint8Array,
  E: Point,
  holders: readonly Point[],
  j: number,
  dealing: Dealing,
  complaint: Complaint,
): 'dealer' | 'holder' {
  try {
    const { commitments, R, shares } = dealing;
    const dealt = dealingContext(ctx, E, holders, commitments, R, shares);
    const { K, proof } = complaint;
    if (!isPoint(K) || !verifyDleq(complaintContext(dealt, j), G, holders[j]!, R, K, proof))
      return 'holder';
    return readShare(ctx, E, holders, j, dealing, K).checks ? 'holder' : 'dealer';
  } catch {
    return 'holder';
  }
}
