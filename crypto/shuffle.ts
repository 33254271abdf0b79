/**
 * Zero-knowledge proof of a shuffle for the exponentiation map over rows:
 * `Y_i = e·X_ψ(i)` (every component of the row) for a secret permutation ψ,
 * with `E = e·G`.
 *
 * This is the proof of Terelius & Wikström, "Proofs of restricted shuffles"
 * (AFRICACRYPT 2010), with the names of Haenni, Locher, Koenig & Dubuis,
 * "Pseudo-code algorithms for verifiable re-encryption mix-nets" (FC 2017),
 * where the re-encryption check is replaced by `Σ u'_i·Y_i = e·Σ u_j·X_j`.
 * The exact steps are written out in crypto/SPEC.md §5.4 and docs/shuffle-proof.md.
 *
 * Prover speed: `ĉ_i = R̂_i·G + U_i·H` and `t̂_i = (ŵ_i + w'_i·R̂_{i-1})·G + (w'_i·U_{i-1})·H`
 * use only fixed-base tables for G and H (no sequential variable-base chain, and
 * no timing leak of `u'_i = u_ψ(i)`); `t3` and `t4` are one MSM each.
 * Verifier speed: all equations folded into one MSM with random weights.
 */
import { ristretto255_hasher } from '@noble/curves/ed25519.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { assertPoint, G, isPoint, type Point } from './group/point.ts';
import { assertSecret, isScalar, modL } from './group/scalar.ts';
import { randomPermutation, randomScalars } from './group/random.ts';
import { FixedBase, mulBase, mulSecret, mulUnsafe } from './group/mul.ts';
import { msm } from './group/msm.ts';
import { holdsAlone, type Equations } from './equations.ts';
import { doubleAndEncode, HALF } from './group/batch-encode.ts';
import { challenges128, Transcript } from './transcript.ts';
import { report } from './observe.ts';

/**
 * A Terelius–Wikström proof of shuffle (names of Haenni et al. 2017).
 * N rows of width W: `c`, `cHat`, `tHat`, `sHat`, `sPrime` have N entries, `t4` has W.
 */
export interface ShuffleProof {
  /** `c_j = r_j·G + H_ψ⁻¹(j)`: the permutation commitment, one per input row j. */
  c: Point[];
  /** `ĉ_i = r̂_i·G + u'_i·ĉ_{i-1}` for i = 1..N (ĉ_0 = H): the commitment chain. */
  cHat: Point[];
  /** `t1 = w1·G`. */
  t1: Point;
  /** `t2 = w2·G`. */
  t2: Point;
  /** `t3 = w3·G + Σ w'_i·H_i`. */
  t3: Point;
  /** `t4_k = Σ w'_i·Y_{i,k} − we·A_k` for each component k (W points). */
  t4: Point[];
  /** `t5 = we·G`. */
  t5: Point;
  /** `t̂_i = ŵ_i·G + w'_i·ĉ_{i-1}` for i = 1..N. */
  tHat: Point[];
  /** `s1 = w1 + γ·r̄`, with `r̄ = Σ r_j`. */
  s1: bigint;
  /** `s2 = w2 + γ·r̂`, with `r̂ = Σ r̂_i·Π_{k>i} u'_k`. */
  s2: bigint;
  /** `s3 = w3 + γ·r̃`, with `r̃ = Σ u_j·r_j`. */
  s3: bigint;
  /** `se = we + γ·e`. */
  se: bigint;
  /** `ŝ_i = ŵ_i + γ·r̂_i` for i = 1..N. */
  sHat: bigint[];
  /** `s'_i = w'_i + γ·u'_i` for i = 1..N. */
  sPrime: bigint[];
}

/** Domain tag of the seed of the challenges `u_j` (hashes the whole statement and `c`). */
export const SHUFFLE_U = 'fairdeal/shuffle/u';
/** Domain tag of the shuffle proof's challenge γ. */
export const SHUFFLE_GAMMA = 'fairdeal/shuffle/gamma';
/** RFC 9380 domain-separation tag of the independent generators H, H_1, H_2, ... */
export const GENERATOR_DST = 'fairdeal/crypto/v1/generator';

function hashGenerator(label: string): Point {
  return ristretto255_hasher.hashToCurve(utf8ToBytes(label), { DST: GENERATOR_DST });
}

let H: Point | undefined;
let Htable: FixedBase | undefined;
const Hs: Point[] = [];
const HsHalf: Point[] = [];

/** `H = hash_to_ristretto255("fairdeal/shuffle/H")`: nobody knows its discrete log. */
export function generatorH(): Point {
  H ??= hashGenerator('fairdeal/shuffle/H');
  return H;
}

function mulH(s: bigint): Point {
  Htable ??= new FixedBase(generatorH());
  return Htable.mul(s);
}

/**
 * `H_1 .. H_n`, with `H_i = hash_to_ristretto255("fairdeal/shuffle/H/i")`:
 * independent generators no party chooses. Cached; returns a fresh array.
 */
export function shuffleGenerators(n: number): Point[] {
  for (let i = Hs.length + 1; i <= n; i++) Hs.push(hashGenerator(`fairdeal/shuffle/H/${i}`));
  return Hs.slice(0, n);
}

/** `H_i/2` for i = 1..n (public points, cached): the prover builds `c_j/2`. */
function halfGenerators(n: number): Point[] {
  const Hi = shuffleGenerators(n);
  while (HsHalf.length < n) HsHalf.push(mulUnsafe(Hi[HsHalf.length]!, HALF));
  return HsHalf.slice(0, n);
}

/**
 * Builds now what the proofs otherwise build on first use: the fixed-base
 * tables of `G` and `H` and the generators `H_1 .. H_n` (and their halves).
 * Each thread (the page, every worker) holds its own, built once and reused
 * by every proof it makes or checks afterwards; a worker builds them as it
 * starts, so no shuffle waits on them.
 */
// Stryker disable next-line BlockStatement: only time: each proof builds the same tables on first use
export function precomputeTables(n: number): void {
  mulBase(1n);
  mulH(1n);
  halfGenerators(n);
}

/**
 * Checks rows: N >= 1, every row an array of the same width W >= 1 of
 * non-identity points. The prover's input, and inside the verifier's `try`
 * both sides of the statement.
 */
function assertRows(rows: Point[][]): { n: number; w: number } {
  if (!Array.isArray(rows) || rows.length === 0) throw new Error('rows: expected >= 1 row');
  const w = Array.isArray(rows[0]) ? rows[0].length : 0;
  if (w === 0) throw new Error('rows: rows must have width >= 1');
  rows.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== w) {
      throw new Error(`rows[${i}]: expected a row of width ${w}`);
    }
    row.forEach((p, k) => assertPoint(p, `rows[${i}][${k}]`));
  });
  return { n: rows.length, w };
}

function seedOf(ctx: Uint8Array, E: Point, X: Point[][], Y: Point[][], c: Point[]): Uint8Array {
  return new Transcript(SHUFFLE_U)
    .bytes(ctx)
    .u32(X.length)
    .u32(X[0]!.length)
    .point(E)
    .rows(X)
    .rows(Y)
    .points(c)
    .digest();
}

function gammaOf(
  seed: Uint8Array,
  p: Pick<ShuffleProof, 'cHat' | 't1' | 't2' | 't3' | 't4' | 't5' | 'tHat'>,
): bigint {
  return new Transcript(SHUFFLE_GAMMA)
    .bytes(seed)
    .points(p.cHat)
    .point(p.t1)
    .point(p.t2)
    .point(p.t3)
    .points(p.t4)
    .point(p.t5)
    .points(p.tHat)
    .challenge();
}

/**
 * Shuffles and re-encrypts: returns the rows in a fresh uniformly random
 * secret order ψ, every point multiplied by `secret = e`
 * (`Y_i = e·X_ψ(i)`), with a Terelius–Wikström proof bound to `ctx`.
 * Rows all have the same width W >= 1 (W = 1 for a deck, 2 for (C, K) pairs).
 * Throws on bad input.
 */
export function proveShuffle(
  ctx: Uint8Array,
  secret: bigint,
  rows: Point[][],
): { rows: Point[][]; proof: ShuffleProof } {
  report('proveShuffle');
  if (!(ctx instanceof Uint8Array)) throw new Error('ctx: expected a Uint8Array');
  const e = assertSecret(secret);
  const { n, w } = assertRows(rows);
  const E = mulBase(e);
  const X = rows;
  const psi = randomPermutation(n); // output i is input psi[i]
  const HiHalf = halfGenerators(n);
  // Every point the prover publishes is computed as half of itself, so that
  // doubleAndEncode returns it with its encoding for one inversion per batch.
  const h = (x: bigint): bigint => modL(x * HALF);
  const eHalf = h(e);

  // Output rows Y_i = e·X_ψ(i), and 1. the permutation commitment c_ψ(i) = r_ψ(i)·G + H_i.
  const r = randomScalars(n); // r_j, indexed by input position j
  // Stryker disable next-line ArrayDeclaration: psi is a permutation, so every slot is written before it is read
  const cHalf = new Array<Point>(n);
  for (let i = 0; i < n; i++) {
    const j = psi[i]!;
    cHalf[j] = mulBase(h(r[j]!)).add(HiHalf[i]!);
  }
  const yHalf = psi.flatMap((j) => X[j]!.map((p) => mulSecret(p, eHalf)));
  const batch1 = doubleAndEncode([...yHalf, ...cHalf]);
  const Y = Array.from({ length: n }, (_, i) => batch1.slice(i * w, i * w + w));
  const c = batch1.slice(n * w);

  // 2. Challenges u_j from the statement; u'_i = u_ψ(i).
  const seed = seedOf(ctx, E, X, Y, c);
  const u = challenges128(SHUFFLE_U, seed, n);
  const uP = psi.map((j) => u[j]!);

  // 3 and 4. Chain ĉ_i = R̂_i·G + U_i·H and t̂_i from fixed-base tables only.
  const nonces = randomScalars(3 * n + 4);
  const rHat = nonces.slice(0, n);
  const wHat = nonces.slice(n, 2 * n);
  const wPrime = nonces.slice(2 * n, 3 * n);
  const [w1, w2, w3, we] = nonces.slice(3 * n) as [bigint, bigint, bigint, bigint];
  const cHatHalf: Point[] = [];
  const tHatHalf: Point[] = [];
  let Rprev = 0n; // R̂_{i-1}
  let Uprev = 1n; // U_{i-1} = Π_{k<i} u'_k
  for (let i = 0; i < n; i++) {
    tHatHalf.push(mulBase(h(wHat[i]! + wPrime[i]! * Rprev)).add(mulH(h(wPrime[i]! * Uprev))));
    Rprev = modL(rHat[i]! + uP[i]! * Rprev);
    Uprev = modL(uP[i]! * Uprev);
    cHatHalf.push(mulBase(h(Rprev)).add(mulH(h(Uprev))));
  }
  const rHatAll = Rprev; // r̂ = R̂_N

  // t3 = w3·G + Σ w'_i·H_i
  const t3Half = mulBase(h(w3)).add(msm(HiHalf, wPrime));
  // t4_k = Σ_j (e·w'_ψ⁻¹(j) − we·u_j)·X_{j,k}: one N-point MSM per component.
  // Stryker disable next-line ArrayDeclaration: psi is a permutation, so every slot is written before it is read
  const coefHalf = new Array<bigint>(n);
  for (let i = 0; i < n; i++) {
    const j = psi[i]!;
    coefHalf[j] = h(e * wPrime[i]! - we * u[j]!);
  }
  const t4Half: Point[] = [];
  for (let k = 0; k < w; k++)
    t4Half.push(
      msm(
        X.map((row) => row[k]!),
        coefHalf,
      ),
    );
  const batch2 = doubleAndEncode([
    ...cHatHalf,
    ...tHatHalf,
    mulBase(h(w1)),
    mulBase(h(w2)),
    t3Half,
    mulBase(h(we)),
    ...t4Half,
  ]);
  const cHat = batch2.slice(0, n);
  const tHat = batch2.slice(n, 2 * n);
  const [t1, t2, t3, t5] = batch2.slice(2 * n, 2 * n + 4) as [Point, Point, Point, Point];
  const t4 = batch2.slice(2 * n + 4);

  // 5. Challenge γ continues the transcript through the seed.
  const gamma = gammaOf(seed, { cHat, t1, t2, t3, t4, t5, tHat });

  // 6. Responses.
  let rBar = 0n;
  let rTilde = 0n;
  for (let j = 0; j < n; j++) {
    rBar += r[j]!;
    rTilde += u[j]! * r[j]!;
  }
  const proof: ShuffleProof = {
    c,
    cHat,
    t1,
    t2,
    t3,
    t4,
    t5,
    tHat,
    s1: modL(w1 + gamma * rBar),
    s2: modL(w2 + gamma * rHatAll),
    s3: modL(w3 + gamma * rTilde),
    se: modL(we + gamma * e),
    sHat: rHat.map((rh, i) => modL(wHat[i]! + gamma * rh)),
    sPrime: uP.map((up, i) => modL(wPrime[i]! + gamma * up)),
  };
  return { rows: Y, proof };
}

/**
 * Checks a proof that `output` is `input` permuted, every point multiplied by
 * the `e` behind `pub = e·G`, under `ctx`. All TW equations are folded into
 * one multi-scalar multiplication of 4N + 2NW + W + 7 points with fresh random
 * 128-bit weights. Returns false (never throws) on any mismatch or malformed
 * input: lengths, widths, identity points, scalars out of range.
 */
export function verifyShuffle(
  ctx: Uint8Array,
  pub: Point,
  input: Point[][],
  output: Point[][],
  proof: ShuffleProof,
): boolean {
  return holdsAlone((eq) => weighShuffle(eq, ctx, pub, input, output, proof));
}

/**
 * Writes the six TW equations into `eq`, one weight of `eq` per equation, per
 * component of t4 and per i of t̂: for `verifyShuffle` or a batch (batch.ts),
 * where `G`, `H` and the `H_i` weigh once for every shuffle, and so does a
 * row that is one shuffle's output and the next one's input. Returns false,
 * and writes nothing, on malformed input; never throws.
 */
export function weighShuffle(
  eq: Equations,
  ctx: Uint8Array,
  pub: Point,
  input: Point[][],
  output: Point[][],
  proof: ShuffleProof,
): boolean {
  report('verifyShuffle');
  try {
    // The identity or no point throws, and the catch answers false.
    assertPoint(pub);
    // Malformed input throws below (the rows' checks, the transcript's on `ctx`, reading
    // the fields of a null proof), and the catch answers false.
    const { n, w } = assertRows(input);
    const out = assertRows(output);
    if (out.n !== n || out.w !== w) return false;
    const { c, cHat, t1, t2, t3, t4, t5, tHat, s1, s2, s3, se, sHat, sPrime } = proof;
    const pointList = (a: unknown, len: number): a is Point[] =>
      Array.isArray(a) && a.length === len && a.every(isPoint);
    const scalarList = (a: unknown): a is bigint[] =>
      Array.isArray(a) && a.length === n && a.every(isScalar);
    if (!pointList(c, n) || !pointList(cHat, n) || !pointList(tHat, n) || !pointList(t4, w)) {
      return false;
    }
    if (![t1, t2, t3, t5].every(isPoint)) return false;
    if (![s1, s2, s3, se].every(isScalar) || !scalarList(sHat) || !scalarList(sPrime)) {
      return false;
    }

    const seed = seedOf(ctx, pub, input, output, c);
    const u = challenges128(SHUFFLE_U, seed, n);
    const gamma = gammaOf(seed, proof);
    let uProd = 1n;
    for (const uj of u) uProd = modL(uProd * uj);
    const H0 = generatorH();
    const Hi = shuffleGenerators(n);

    // Weights: ρ1 (s1), ρ2 (s2), ρ3 (s3), ρ5 (se), ρ4_k (t4_k), ρ6_i (t̂_i).
    const r1 = eq.weight();
    const r2 = eq.weight();
    const r3 = eq.weight();
    const r5 = eq.weight();
    const r4 = Array.from({ length: w }, () => eq.weight());
    const r6 = Array.from({ length: n }, () => eq.weight());

    // G: ρ1·s1 + ρ2·s2 + ρ3·s3 + ρ5·se + Σ ρ6_i·ŝ_i
    let gCoef = r1 * s1 + r2 * s2 + r3 * s3 + r5 * se;
    for (let i = 0; i < n; i++) gCoef += r6[i]! * sHat[i]!;
    eq.add(G, gCoef);
    // H (= ĉ_0): ρ2·γ·u + ρ6_1·s'_1
    eq.add(H0, r2 * gamma * uProd + r6[0]! * sPrime[0]!);
    // H_i: ρ1·γ + ρ3·s'_i   (from c̄ = Σ c_j − Σ H_i, and t3)
    const r1g = r1 * gamma;
    for (let i = 0; i < n; i++) eq.add(Hi[i]!, r1g + r3 * sPrime[i]!);
    // c_j: −γ·(ρ1 + ρ3·u_j)
    for (let j = 0; j < n; j++) eq.add(c[j]!, -gamma * (r1 + r3 * u[j]!));
    eq.add(t1, -r1);
    eq.add(t2, -r2);
    eq.add(t3, -r3);
    eq.add(t5, -r5);
    eq.add(pub, -r5 * gamma);
    for (let k = 0; k < w; k++) {
      eq.add(t4[k]!, -r4[k]!);
      const ek = modL(r4[k]! * se);
      // Y_{i,k}: ρ4_k·s'_i ;  X_{j,k}: −ρ4_k·se·u_j
      for (let i = 0; i < n; i++) eq.add(output[i]![k]!, r4[k]! * sPrime[i]!);
      for (let j = 0; j < n; j++) eq.add(input[j]![k]!, -ek * u[j]!);
    }
    // ĉ_i (i < N): ρ6_{i+1}·s'_{i+1} − ρ6_i·γ ;  ĉ_N: −γ·(ρ2 + ρ6_N) ;  t̂_i: −ρ6_i
    for (let i = 0; i < n; i++) {
      const next = i + 1 < n ? r6[i + 1]! * sPrime[i + 1]! : -r2 * gamma;
      eq.add(cHat[i]!, next - r6[i]! * gamma);
      eq.add(tHat[i]!, -r6[i]!);
    }
    return true;
  } catch {
    return false;
  }
}
