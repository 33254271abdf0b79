/**
 * Feldman sharing of a layer's unlock exponent (vss.ts) and the threshold
 * unlock it allows (recover.ts): the algebra as properties, every element of
 * a dealing, a complaint and a recovery share tampered with, and a dealer
 * that follows the spec but for one false share (written here from SPEC.md,
 * as a modified client would) named by its holder's complaint.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BatchVerifier,
  G,
  ORDER,
  combineRecovery,
  dealShares,
  decodeComplaint,
  decodeDealing,
  deriveContext,
  encodeComplaint,
  encodeDealing,
  invertScalar,
  judgeComplaint,
  lagrangeAtZero,
  modL,
  mulBase,
  observeOperations,
  openShare,
  proveComplaint,
  proveRecovery,
  randomScalar,
  shareImage,
  verifyDealing,
  verifyRecovery,
  type Complaint,
  type Dealing,
  type Operation,
  Point,
} from '../../crypto/index.ts';
import { randomPoint, randomPoints, referenceDeal } from './helpers.ts';

const ctx = deriveContext('table-1', 'share', 0, 'epoch', 2);

/** A table's keys: a dealer's layer key and each holder's share key. */
function keys(holders: number) {
  const e = randomScalar();
  const h = Array.from({ length: holders }, () => randomScalar());
  return { e, E: mulBase(e), h, H: h.map(mulBase) };
}

const copyDealing = (d: Dealing): Dealing => ({
  commitments: [...d.commitments],
  proof: { ...d.proof },
  R: d.R,
  shares: [...d.shares],
});

describe('Feldman sharing of a layer (vss.ts)', () => {
  it('any threshold of holders takes the layer off; each share matches its public image (property)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 6 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.integer({ min: 1, max: n }),
              fc.integer({ min: 1, max: 3 }),
            ),
          )
          .chain(([n, t, count]) =>
            fc.tuple(
              fc.constant({ n, t, count }),
              fc.shuffledSubarray([...Array(n).keys()], { minLength: t, maxLength: t }),
            ),
          ),
        ([{ n, t, count }, group]) => {
          const { e, E, h, H } = keys(n);
          const dealing = dealShares(ctx, e, H, t);
          expect(verifyDealing(ctx, E, H, t, dealing)).toBe(true);
          expect(dealing.commitments[0]!.equals(mulBase(invertScalar(e)))).toBe(true);
          const shares = h.map((hj, j) => openShare(ctx, E, H, j, hj, dealing));
          shares.forEach((s, j) =>
            expect(mulBase(s!).equals(shareImage(dealing.commitments, j + 1))).toBe(true),
          );
          const faces = randomPoints(count);
          const cards = faces.map((F) => F.multiply(e));
          const parts = group.map((j) => {
            const { points, proof } = proveRecovery(ctx, shares[j]!, cards);
            expect(
              verifyRecovery(ctx, shareImage(dealing.commitments, j + 1), cards, points, proof),
            ).toBe(true);
            return points;
          });
          const opened = combineRecovery(
            group.map((j) => j + 1),
            parts,
          );
          opened.forEach((C, i) => expect(C.equals(faces[i]!)).toBe(true));
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a group one short of the threshold, tried every way, opens no card', () => {
    const { e, h, H, E } = keys(5);
    const dealing = dealShares(ctx, e, H, 5);
    const face = randomPoint();
    const card = face.multiply(e);
    const shares = h.map((hj, j) => openShare(ctx, E, H, j, hj, dealing)!);
    for (let left = 0; left < 5; left++) {
      const group = [0, 1, 2, 3, 4].filter((j) => j !== left);
      const parts = group.map((j) => proveRecovery(ctx, shares[j]!, [card]).points);
      // Interpolated as if four were the threshold, or with the missing share taken as zero.
      expect(
        combineRecovery(
          group.map((j) => j + 1),
          parts,
        )[0]!.equals(face),
      ).toBe(false);
      const all = lagrangeAtZero([1, 2, 3, 4, 5]);
      const partial = parts.reduce(
        (acc, [R], k) => acc.add(R!.multiply(all[group[k]!]!)),
        Point.ZERO,
      );
      expect(partial.equals(face)).toBe(false);
    }
  });

  it('is made as SPEC.md writes it: a dealing written from the spec passes, and its shares open', () => {
    const { e, E, h, H } = keys(3);
    const dealing = referenceDeal(ctx, e, H, 2);
    expect(verifyDealing(ctx, E, H, 2, dealing)).toBe(true);
    h.forEach((hj, j) => expect(openShare(ctx, E, H, j, hj, dealing)).not.toBeNull());
  });

  const fixture = () => {
    const k = keys(4);
    return { ...k, dealing: dealShares(ctx, k.e, k.H, 3) };
  };

  it('refuses a dealing with any one element changed, or malformed', () => {
    const { E, H, dealing } = fixture();
    const other = randomPoint();
    const changes: [string, (d: Dealing) => void][] = [
      ...dealing.commitments.map((_, k): [string, (d: Dealing) => void] => [
        `commitments[${k}]`,
        (d) => (d.commitments[k] = other),
      ]),
      ['R', (d) => (d.R = other)],
      ['proof.T1', (d) => (d.proof.T1 = other)],
      ['proof.T2', (d) => (d.proof.T2 = other)],
      ['proof.s', (d) => (d.proof.s = (d.proof.s + 1n) % ORDER)],
      ...dealing.shares.map((_, j): [string, (d: Dealing) => void] => [
        `shares[${j}]`,
        (d) => (d.shares[j] = (d.shares[j]! + 1n) % ORDER),
      ]),
      ['a share out of range', (d) => (d.shares[0] = d.shares[0]! + ORDER)],
      ['a commitment too few', (d) => d.commitments.pop()],
      ['a commitment too many', (d) => d.commitments.push(other)],
      ['a share too few', (d) => d.shares.pop()],
      ['the identity as R', (d) => (d.R = G.subtract(G))],
    ];
    expect(verifyDealing(ctx, E, H, 3, dealing)).toBe(true);
    for (const [what, change] of changes) {
      const d = copyDealing(dealing);
      change(d);
      expect(verifyDealing(ctx, E, H, 3, d), what).toBe(false);
    }
    const badCtx = ctx.slice();
    badCtx[0]! ^= 1;
    expect(verifyDealing(badCtx, E, H, 3, dealing)).toBe(false);
    expect(verifyDealing(ctx, other, H, 3, dealing)).toBe(false);
    expect(verifyDealing(ctx, E, [H[1]!, H[0]!, H[2]!, H[3]!], 3, dealing)).toBe(false);
    expect(verifyDealing(ctx, E, H, 2, dealing)).toBe(false);
    expect(verifyDealing(ctx, E, H, 3, null as unknown as Dealing)).toBe(false);
    expect(verifyDealing(ctx, E, null as unknown as Point[], 3, dealing)).toBe(false);
  });

  it('refuses a dealing its dealer proved over a bare R, an identity commitment or holder, or a share list of another size', () => {
    const { e, E, H } = keys(3);
    const cheats: [string, Dealing, Point[]][] = [
      ['R the identity', referenceDeal(ctx, e, H, 3, { bareR: true }), H],
      ['a commitment the identity', referenceDeal(ctx, e, H, 3, { lowDegree: true }), H],
      ['a share too few', referenceDeal(ctx, e, H, 3, { shares: (c) => c.slice(1) }), H],
      ['a share too many', referenceDeal(ctx, e, H, 3, { shares: (c) => [...c, 1n] }), H],
    ];
    const withBare = [H[0]!, Point.ZERO, H[2]!];
    cheats.push(['a holder the identity', referenceDeal(ctx, e, withBare, 3), withBare]);
    for (const [what, dealing, holders] of cheats)
      expect(verifyDealing(ctx, E, holders, 3, dealing), what).toBe(false);
    // The same dealer, honest, passes: only the cheat is refused.
    expect(verifyDealing(ctx, E, H, 3, referenceDeal(ctx, e, H, 3))).toBe(true);
    expect(
      verifyDealing('ctx' as unknown as Uint8Array, E, H, 3, referenceDeal(ctx, e, H, 3)),
    ).toBe(false);
  });

  it('checks dealings in a batch, naming the false one', () => {
    const { E, H, dealing } = fixture();
    const bad = copyDealing(dealing);
    bad.shares[1] = (bad.shares[1]! + 1n) % ORDER;
    const batch = new BatchVerifier();
    batch.dealing(ctx, E, H, 3, dealing);
    batch.dealing(ctx, E, H, 3, bad);
    batch.dealing(ctx, E, H, 3, dealing);
    expect(batch.verify()).toEqual([true, false, true]);
  });

  it('refuses to deal with bad input', () => {
    const { e, H } = keys(2);
    expect(() => dealShares(ctx, e, H, 0)).toThrow(/threshold/);
    expect(() => dealShares(ctx, e, H, 3)).toThrow(/threshold/);
    expect(() => dealShares(ctx, e, [], 1)).toThrow(/holders/);
    expect(() => dealShares(ctx, 0n, H, 1)).toThrow(/secret/);
    expect(() => dealShares(ctx, e, [H[0]!, G.subtract(G)], 1)).toThrow(/holders\[1\]/);
    expect(() => dealShares('ctx' as unknown as Uint8Array, e, H, 1)).toThrow(
      'ctx: expected a Uint8Array',
    );
    expect(() => dealShares(ctx, e, H, 1.5)).toThrow(/threshold/);
  });

  it('names the dealer of a false share on its holder’s complaint, and a holder that complains falsely', () => {
    const { e, E, h, H } = keys(3);
    const dealing = referenceDeal(ctx, e, H, 3, { wrong: 1 });
    // The public check cannot see it: only holder 1 can.
    expect(verifyDealing(ctx, E, H, 3, dealing)).toBe(true);
    expect(openShare(ctx, E, H, 0, h[0]!, dealing)).not.toBeNull();
    expect(openShare(ctx, E, H, 1, h[1]!, dealing)).toBeNull();
    const complaint = proveComplaint(ctx, E, H, 1, h[1]!, dealing);
    expect(judgeComplaint(ctx, E, H, 1, dealing, complaint)).toBe('dealer');
    // The same complaint sent as another holder's, or holder 0 complaining of its true share.
    expect(judgeComplaint(ctx, E, H, 2, dealing, complaint)).toBe('holder');
    const false0 = proveComplaint(ctx, E, H, 0, h[0]!, dealing);
    expect(judgeComplaint(ctx, E, H, 0, dealing, false0)).toBe('holder');
  });

  it('names the holder of a complaint with any element changed, or malformed', () => {
    const { e, E, h, H } = keys(3);
    const dealing = referenceDeal(ctx, e, H, 2, { wrong: 2 });
    const complaint = proveComplaint(ctx, E, H, 2, h[2]!, dealing);
    const other = randomPoint();
    const changes: [string, Complaint][] = [
      ['K', { ...complaint, K: other }],
      ['proof.T1', { ...complaint, proof: { ...complaint.proof, T1: other } }],
      ['proof.T2', { ...complaint, proof: { ...complaint.proof, T2: other } }],
      [
        'proof.s',
        { ...complaint, proof: { ...complaint.proof, s: (complaint.proof.s + 1n) % ORDER } },
      ],
      ['no proof', { K: complaint.K } as Complaint],
      ['null', null as unknown as Complaint],
    ];
    expect(judgeComplaint(ctx, E, H, 2, dealing, complaint)).toBe('dealer');
    for (const [what, changed] of changes)
      expect(judgeComplaint(ctx, E, H, 2, dealing, changed), what).toBe('holder');
    // A complaint proven under another dealing's context.
    const again = referenceDeal(ctx, e, H, 2, { wrong: 2 });
    expect(judgeComplaint(ctx, E, H, 2, again, complaint)).toBe('holder');
    expect(judgeComplaint(ctx, E, H, 5, dealing, complaint)).toBe('holder');
  });

  it('names the field of a dealing or a complaint that does not encode or decode', () => {
    const { dealing } = fixture();
    const id = Point.ZERO;
    const big = ORDER + 1n;
    const encoded: [string, (d: Dealing) => void][] = [
      ['dealing: commitments[1]', (d) => (d.commitments[1] = id)],
      ['dealing: R', (d) => (d.R = id)],
      ['dealing: proof.T1', (d) => (d.proof.T1 = id)],
      ['dealing: proof.T2', (d) => (d.proof.T2 = id)],
      ['dealing: proof.s', (d) => (d.proof.s = big)],
      ['dealing: shares[2]', (d) => (d.shares[2] = big)],
      ['dealing: expected 1 ≤ t ≤ n ≤ 16', (d) => (d.commitments = [])],
      ['dealing: expected 1 ≤ t ≤ n ≤ 16', (d) => d.commitments.push(id, id)],
      ['dealing: expected 1 ≤ t ≤ n ≤ 16', (d) => (d.shares = Array<bigint>(17).fill(1n))],
    ];
    // The bounds themselves encode: one holder enough, every holder needed, sixteen holders.
    for (const [t, n] of [
      [1, 2],
      [2, 2],
      [16, 16],
    ] as const) {
      const d = {
        ...dealing,
        commitments: Array<Point>(t).fill(G),
        shares: Array<bigint>(n).fill(1n),
      };
      expect(decodeDealing(encodeDealing(d)).shares).toHaveLength(n);
    }
    for (const [field, change] of encoded) {
      const d = copyDealing(dealing);
      change(d);
      expect(() => encodeDealing(d), field).toThrow(field);
    }
    const bytes = encodeDealing(dealing);
    const at = (offset: number) => {
      const b = bytes.slice();
      b.fill(0xff, offset, offset + 32);
      return b;
    };
    const decoded: [string, Uint8Array][] = [
      ['dealing: commitments[0]', at(9)],
      ['dealing: R', at(9 + 32 * 3)],
      ['dealing: proof.T1', at(9 + 32 * 4)],
      ['dealing: proof.T2', at(9 + 32 * 5)],
      ['dealing: proof.s', at(9 + 32 * 6)],
      ['dealing: shares[0]', at(9 + 32 * 7)],
      ['(commitments, R, proof, shares)', bytes.slice(0, -1)],
    ];
    for (const [field, b] of decoded) expect(() => decodeDealing(b), field).toThrow(field);
    expect(() => decodeDealing([] as unknown as Uint8Array)).toThrow(
      'dealing: expected a Uint8Array',
    );
    const { e, E, h, H } = keys(2);
    const complaint = encodeComplaint(
      proveComplaint(ctx, E, H, 0, h[0]!, dealShares(ctx, e, H, 2)),
    );
    const c = (offset: number) => {
      const b = complaint.slice();
      b.fill(0xff, offset, offset + 32);
      return b;
    };
    const complaints: [string, Uint8Array][] = [
      ['complaint: K', c(1)],
      ['complaint: proof.T1', c(33)],
      ['complaint: proof.T2', c(65)],
      ['complaint: proof.s', c(97)],
      ['(K, T1, T2, s)', complaint.slice(0, -1)],
    ];
    for (const [field, b] of complaints) expect(() => decodeComplaint(b), field).toThrow(field);
    expect(() => decodeComplaint('x' as unknown as Uint8Array)).toThrow(
      'complaint: expected a Uint8Array',
    );
    const K = decodeComplaint(complaint);
    for (const [field, bad] of [
      ['complaint: K', { ...K, K: id }],
      ['complaint: proof.T1', { ...K, proof: { ...K.proof, T1: id } }],
      ['complaint: proof.T2', { ...K, proof: { ...K.proof, T2: id } }],
      ['complaint: proof.s', { ...K, proof: { ...K.proof, s: big } }],
    ] as const)
      expect(() => encodeComplaint(bad), field).toThrow(field);
  });

  it('encodes a dealing and a complaint canonically, and decodes nothing else', () => {
    const { e, E, h, H, dealing } = fixture();
    const bytes = encodeDealing(dealing);
    expect(bytes.length).toBe(9 + 32 * (3 + 3) + 32 * (4 + 1));
    const back = decodeDealing(bytes);
    expect(verifyDealing(ctx, E, H, 3, back)).toBe(true);
    expect(encodeDealing(back)).toEqual(bytes);
    expect(() => decodeDealing(bytes.slice(1))).toThrow(/kind/);
    expect(() => decodeDealing(bytes.slice(0, -1))).toThrow(/length/);
    const t0 = bytes.slice();
    t0.set([0, 0, 0, 0], 1);
    expect(() => decodeDealing(t0)).toThrow(/t: expected 1\.\.16/);
    const nBelowT = bytes.slice();
    nBelowT.set([2, 0, 0, 0], 5);
    expect(() => decodeDealing(nBelowT)).toThrow(/n: expected 3\.\.16/);
    const bigShare = bytes.slice();
    bigShare.fill(0xff, bytes.length - 32);
    expect(() => decodeDealing(bigShare)).toThrow(/shares\[3\]/);
    const idR = bytes.slice();
    idR.fill(0, 9 + 32 * 3, 9 + 32 * 4);
    expect(() => decodeDealing(idR)).toThrow(/R/);

    const wrong = referenceDeal(ctx, e, H, 2, { wrong: 0 });
    const complaint = proveComplaint(ctx, E, H, 0, h[0]!, wrong);
    const c = encodeComplaint(complaint);
    expect(c.length).toBe(129);
    expect(judgeComplaint(ctx, E, H, 0, wrong, decodeComplaint(c))).toBe('dealer');
    expect(() => decodeComplaint(bytes)).toThrow(/kind/);
    expect(() => decodeComplaint(c.slice(0, 128))).toThrow(/length/);
  });
});

describe('recovery shares (recover.ts)', () => {
  const setup = () => {
    const { e, E, h, H } = keys(3);
    const dealing = dealShares(ctx, e, H, 3);
    const share = openShare(ctx, E, H, 1, h[1]!, dealing)!;
    const cards = randomPoints(3);
    return { dealing, share, cards, S: shareImage(dealing.commitments, 2) };
  };

  it('refuses a recovery share with any one element changed, or under another share', () => {
    const { dealing, share, cards, S } = setup();
    const { points, proof } = proveRecovery(ctx, share, cards);
    expect(verifyRecovery(ctx, S, cards, points, proof)).toBe(true);
    const batch = new BatchVerifier();
    batch.unlock(ctx, S, points, cards, proof);
    expect(batch.verify()).toEqual([true]);
    const other = randomPoint();
    for (let i = 0; i < 3; i++) {
      const moved = points.map((p, k) => (k === i ? p.add(G) : p));
      expect(verifyRecovery(ctx, S, cards, moved, proof), `points[${i}]`).toBe(false);
      const swapped = cards.map((C, k) => (k === i ? other : C));
      expect(verifyRecovery(ctx, S, swapped, points, proof), `cards[${i}]`).toBe(false);
    }
    expect(verifyRecovery(ctx, S, cards, points, { ...proof, T1: other })).toBe(false);
    expect(verifyRecovery(ctx, S, cards, points, { ...proof, T2: other })).toBe(false);
    expect(verifyRecovery(ctx, S, cards, points, { ...proof, s: (proof.s + 1n) % ORDER })).toBe(
      false,
    );
    expect(verifyRecovery(ctx, shareImage(dealing.commitments, 1), cards, points, proof)).toBe(
      false,
    );
    expect(verifyRecovery(ctx, S, cards.slice(1), points.slice(1), proof)).toBe(false);
    expect(verifyRecovery(ctx, S, cards, points.slice(1), proof)).toBe(false);
  });

  it('reports each recovery share it proves', () => {
    const { share, cards } = setup();
    const reported: Operation[] = [];
    const stop = observeOperations((op) => reported.push(op));
    proveRecovery(ctx, share, cards);
    stop();
    expect(reported).toEqual(['proveRecovery']);
  });

  it('refuses to prove bad input, and to combine what cannot be combined', () => {
    const { share, cards } = setup();
    expect(() => proveRecovery(ctx, share, [])).toThrow(/cards/);
    expect(() => proveRecovery(ctx, 0n, cards)).toThrow(/share/);
    expect(() => proveRecovery(ctx, share, [G.subtract(G)])).toThrow(/cards\[0\]/);
    expect(() => proveRecovery('ctx' as unknown as Uint8Array, share, cards)).toThrow(
      'ctx: expected a Uint8Array',
    );
    expect(() => combineRecovery([1, 2], [cards])).toThrow(/one list per holder/);
    expect(() => combineRecovery([], [])).toThrow(/one list per holder/);
    expect(() => combineRecovery([1, 2], [cards, cards.slice(1)])).toThrow(/one point per card/);
    expect(() => lagrangeAtZero([1, 1])).toThrow(/distinct/);
    expect(() => lagrangeAtZero([0, 1])).toThrow(/positive/);
  });

  it('Lagrange coefficients at 0 interpolate any polynomial of the holders’ degree (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 16 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.bigInt({ min: 0n, max: ORDER - 1n }), { minLength: 6, maxLength: 6 }),
        (xs, coefficients) => {
          const a = coefficients.slice(0, xs.length);
          const p = (x: number) =>
            a.reduce((acc, ak, k) => modL(acc + ak * BigInt(x) ** BigInt(k)), 0n);
          const lambdas = lagrangeAtZero(xs);
          return lambdas.reduce((acc, l, j) => modL(acc + l * p(xs[j]!)), 0n) === a[0];
        },
      ),
    );
  });
});
