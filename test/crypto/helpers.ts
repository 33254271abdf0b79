/**
 * Test helpers: random points, tampering utilities, and a reference shuffle
 * prover written line by line from docs/shuffle-proof.md (sequential ĉ chain with
 * variable-base multiplications, no speed tricks). The reference prover is an
 * independent implementation the optimised one must agree with, and, given
 * wrong output rows, a cheating prover that follows the protocol in every
 * other respect, so only the verifier's algebra can catch it.
 */
import {
  G,
  Point,
  VSS_DEALING,
  VSS_PAD,
  proveDleq,
  type Dealing,
  SHUFFLE_GAMMA,
  SHUFFLE_U,
  Transcript,
  UNLOCK_GAMMA,
  UNLOCK_Z,
  challenges128,
  generatorH,
  invertScalar,
  modL,
  mulBase,
  randomPermutation,
  randomScalar,
  shuffleGenerators,
  type ShuffleProof,
  type UnlockProof,
} from '../../crypto/index.ts';

/** A uniformly random group element (never the identity, except with negligible probability). */
export function randomPoint(): Point {
  return mulBase(randomScalar());
}

/** `n` random points. */
export function randomPoints(n: number): Point[] {
  return Array.from({ length: n }, randomPoint);
}

/** `n` random rows of width `w`. */
export function randomRows(n: number, w: number): Point[][] {
  return Array.from({ length: n }, () => randomPoints(w));
}

/** A deep copy of rows (the points are immutable and shared). */
export function copyRows(rows: Point[][]): Point[][] {
  return rows.map((r) => r.slice());
}

/** A shallow copy of a shuffle proof with fresh arrays, safe to tamper with. */
export function copyShuffleProof(p: ShuffleProof): ShuffleProof {
  return {
    ...p,
    c: p.c.slice(),
    cHat: p.cHat.slice(),
    t4: p.t4.slice(),
    tHat: p.tHat.slice(),
    sHat: p.sHat.slice(),
    sPrime: p.sPrime.slice(),
  };
}

/** Options of the reference prover: a fixed ψ, and output rows to use instead of `e·X_ψ(i)`. */
export interface ReferenceOptions {
  psi?: number[];
  output?: Point[][];
  /** Exponent actually used for the output rows (default: the secret). */
  exponents?: bigint[];
  /** The nonces of t̂ made from r̂ (default: fresh ones): a prover that reuses its nonces. */
  wHat?: (rHat: bigint[]) => bigint[];
  /** Nonces set to zero, so the proof holds the identity: `w1` (then `t1`) or `ŵ_0, w'_0` (`t̂_0`). */
  zeroNonce?: 'w1' | 'tHat0';
  /**
   * One random point more in a list (in every output row for `output width`), bound in the
   * transcript and returned, but weighed by no equation: the proof holds for the rest.
   */
  extend?: 'output rows' | 'output width' | 'c' | 'cHat' | 't4' | 'tHat';
}

/** The seed of a shuffle proof's challenges: the statement and the commitments `c`. */
export function shuffleSeed(
  ctx: Uint8Array,
  E: Point,
  X: Point[][],
  Y: Point[][],
  c: Point[],
): Uint8Array {
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

/** The challenge γ of a shuffle proof, as every verifier computes it. */
export const shuffleGamma = (
  seed: Uint8Array,
  p: Pick<ShuffleProof, 'cHat' | 't1' | 't2' | 't3' | 't4' | 't5' | 'tHat'>,
): bigint =>
  new Transcript(SHUFFLE_GAMMA)
    .bytes(seed)
    .points(p.cHat)
    .point(p.t1)
    .point(p.t2)
    .point(p.t3)
    .points(p.t4)
    .point(p.t5)
    .points(p.tHat)
    .challenge();

/** The TW shuffle prover exactly as docs/shuffle-proof.md writes it (slow, for tests). */
export function referenceProveShuffle(
  ctx: Uint8Array,
  e: bigint,
  X: Point[][],
  opts: ReferenceOptions = {},
): { rows: Point[][]; proof: ShuffleProof } {
  const N = X.length;
  const W = X[0]!.length;
  const psi = opts.psi ?? randomPermutation(N);
  const E = G.multiply(e);
  const Y =
    opts.output ?? psi.map((j, i) => X[j]!.map((p) => p.multiply(opts.exponents?.[i] ?? e)));
  const more = (list: Point[], what: ReferenceOptions['extend']): Point[] =>
    opts.extend === what ? [...list, randomPoint()] : list;
  const rows = opts.extend === 'output rows' ? [...Y, randomPoints(W)] : Y;
  const sent = opts.extend === 'output width' ? rows.map((row) => more(row, 'output width')) : rows;
  const H = generatorH();
  const Hi = shuffleGenerators(N);
  // 1. c_ψ(i) = r_ψ(i)·G + H_i
  const r = new Array<bigint>(N);
  const c = new Array<Point>(N);
  psi.forEach((j, i) => {
    r[j] = randomScalar();
    c[j] = G.multiply(r[j]).add(Hi[i]!);
  });
  // 2. u_j, u'_i, A_k
  const cSent = more(c, 'c');
  const seed = shuffleSeed(ctx, E, X, sent, cSent);
  const u = challenges128(SHUFFLE_U, seed, N);
  const uP = psi.map((j) => u[j]!);
  const A = Array.from({ length: W }, (_, k) =>
    X.reduce((acc, row, j) => acc.add(row[k]!.multiplyUnsafe(u[j]!)), Point.ZERO),
  );
  // 3. ĉ_0 = H, ĉ_i = r̂_i·G + u'_i·ĉ_{i-1}
  const rHat = Array.from({ length: N }, randomScalar);
  const cHat: Point[] = [];
  let prev = H;
  for (let i = 0; i < N; i++) {
    prev = G.multiply(rHat[i]!).add(prev.multiply(uP[i]!));
    cHat.push(prev);
  }
  // 4. nonces and t values (multiplyUnsafe: a nonce may be zero)
  const w1 = opts.zeroNonce === 'w1' ? 0n : randomScalar();
  const [w2, w3, we] = [randomScalar(), randomScalar(), randomScalar()];
  const wHat = opts.wHat?.(rHat).slice() ?? Array.from({ length: N }, randomScalar);
  const wPrime = Array.from({ length: N }, randomScalar);
  if (opts.zeroNonce === 'tHat0') wHat[0] = wPrime[0] = 0n;
  const t1 = G.multiplyUnsafe(w1);
  const t2 = G.multiply(w2);
  const t3 = Hi.reduce((acc, h, i) => acc.add(h.multiplyUnsafe(wPrime[i]!)), G.multiply(w3));
  const t4 = A.map((Ak, k) =>
    Y.reduce((acc, row, i) => acc.add(row[k]!.multiplyUnsafe(wPrime[i]!)), Point.ZERO).subtract(
      Ak.multiply(we),
    ),
  );
  const t5 = G.multiply(we);
  const tHat = wHat.map((wh, i) =>
    G.multiplyUnsafe(wh).add((i === 0 ? H : cHat[i - 1]!).multiplyUnsafe(wPrime[i]!)),
  );
  const bound = {
    cHat: more(cHat, 'cHat'),
    t1,
    t2,
    t3,
    t4: more(t4, 't4'),
    t5,
    tHat: more(tHat, 'tHat'),
  };
  // 5. γ
  const gamma = shuffleGamma(seed, bound);
  // 6. responses
  const rBar = r.reduce((a, b) => a + b, 0n);
  const rTilde = r.reduce((a, rj, j) => a + u[j]! * rj, 0n);
  let rHatAll = 0n;
  for (let i = 0; i < N; i++) {
    let prod = 1n;
    for (let k = i + 1; k < N; k++) prod = modL(prod * uP[k]!);
    rHatAll += rHat[i]! * prod;
  }
  return {
    rows: sent,
    proof: {
      c: cSent,
      ...bound,
      s1: modL(w1 + gamma * rBar),
      s2: modL(w2 + gamma * rHatAll),
      s3: modL(w3 + gamma * rTilde),
      se: modL(we + gamma * e),
      sHat: rHat.map((rh, i) => modL(wHat[i]! + gamma * rh)),
      sPrime: uP.map((up, i) => modL(wPrime[i]! + gamma * up)),
    },
  };
}

/**
 * The batched Chaum–Pedersen prover of docs/shuffle-proof.md, for tests: `after`
 * defaults to `e⁻¹·before`; given other `after` points it proves anyway,
 * following the protocol in every other respect.
 */
export function referenceProveUnlock(
  ctx: Uint8Array,
  e: bigint,
  before: Point[],
  after?: Point[],
): { cards: Point[]; proof: UnlockProof } {
  const E = G.multiply(e);
  const D = after ?? before.map((C) => C.multiply(invertScalar(e)));
  const seed = new Transcript(UNLOCK_Z).bytes(ctx).point(E).points(before).points(D).digest();
  const z = challenges128(UNLOCK_Z, seed, before.length);
  // Only the first `before.length` outputs are weighed: a longer `after` is bound in the seed alone.
  const Dstar = before.reduce((acc, _c, i) => acc.add(D[i]!.multiply(z[i]!)), Point.ZERO);
  const w = randomScalar();
  const T1 = G.multiply(w);
  const T2 = Dstar.multiply(w);
  const gamma = new Transcript(UNLOCK_GAMMA).bytes(seed).point(T1).point(T2).challenge();
  return { cards: D, proof: { T1, T2, s: modL(w + gamma * e) } };
}

/** The dealing's context and a share's pad as SPEC.md writes them. */
function specContext(
  ctx: Uint8Array,
  E: Point,
  H: Point[],
  A: Point[],
  R: Point,
  shares: bigint[],
): Uint8Array {
  const t = new Transcript(VSS_DEALING).bytes(ctx).point(E).points(H).points(A).point(R);
  t.u32(shares.length);
  for (const c of shares) t.scalar(c);
  return t.digest();
}
const specPad = (padded: Uint8Array, j: number, H: Point, K: Point) =>
  new Transcript(VSS_PAD).bytes(padded).u32(j).point(H).point(K).challenge();

/** What a dealer written from the spec does otherwise (`referenceDeal`). */
export interface Cheat {
  /** Adds 1 to this holder's share: only that holder can tell. */
  readonly wrong?: number;
  /** Makes the top coefficient zero: fewer holders than the threshold would be enough. */
  readonly lowDegree?: boolean;
  /** Pads with `R` the identity (`r = 0`): anyone opens the shares, and no holder can prove a complaint. */
  readonly bareR?: boolean;
  /** Changes the list of encrypted shares before the proof binds it. */
  readonly shares?: (shares: bigint[]) => bigint[];
}

/**
 * A dealing written from SPEC.md §5.5, and a dealer that follows it but for `cheat`,
 * its proof made over whatever it publishes: only the checks that do not rest on the
 * proof can catch it.
 */
export function referenceDeal(
  ctx: Uint8Array,
  e: bigint,
  H: Point[],
  threshold: number,
  cheat: Cheat = {},
): Dealing {
  const d = invertScalar(e);
  const a = [d, ...Array.from({ length: threshold - 1 }, () => randomScalar())];
  if (cheat.lowDegree) a[threshold - 1] = 0n;
  const A = a.map((ak) => (ak === 0n ? Point.ZERO : mulBase(ak)));
  const r = cheat.bareR ? 0n : randomScalar();
  const R = cheat.bareR ? Point.ZERO : mulBase(r);
  const padded = specContext(ctx, mulBase(e), H, A, R, []);
  const honest = H.map((Hj, j) => {
    const x = BigInt(j + 1);
    const s = a.reduce((acc, ak, k) => modL(acc + ak * x ** BigInt(k)), 0n);
    const K = r === 0n || Hj.is0() ? Point.ZERO : Hj.multiply(r);
    return modL(s + specPad(padded, j, Hj, K) + (j === cheat.wrong ? 1n : 0n));
  });
  const shares = cheat.shares ? cheat.shares(honest) : honest;
  const { proof } = proveDleq(specContext(ctx, mulBase(e), H, A, R, shares), d, G, mulBase(e));
  return { commitments: A, proof, R, shares };
}
