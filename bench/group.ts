/**
 * The group backends side by side: noble's ristretto255 (crypto/group) against
 * libsodium's (WebAssembly), operation by operation, alternating in one run.
 * Runtime-agnostic: Node runs it directly and headless Chromium bundled.
 */
import sodium from 'libsodium-wrappers-sumo';
import { FixedBase, mulBase, mulSecret, mulUnsafe } from '../crypto/group/mul.ts';
import { msm, msmUnsafe } from '../crypto/group/msm.ts';
import { doubleAndEncode } from '../crypto/group/batch-encode.ts';
import { Point, pointBytes } from '../crypto/group/point.ts';
import { encodeScalar } from '../crypto/group/scalar.ts';
import { randomScalar } from '../crypto/group/random.ts';
import {
  cryptoReady,
  decodeRows,
  deckPoints,
  deriveContext,
  encodeRows,
  generatorH,
  proveDleq,
  proveKey,
  proveShuffle,
  proveUnlock,
  useBackend,
  verifyDleq,
  verifyKey,
  verifyShuffle,
  verifyUnlock,
} from '../crypto/index.ts';
import { median, textTable } from './text.ts';

/** One operation's medians on each backend, in microseconds per call. */
export interface GroupRow {
  name: string;
  noble: number;
  sodium: number;
  /** The sodium variant with the crossing from and back to noble points, when it differs. */
  sodiumPoints?: number;
  /** noble's fastest sample over the compared sodium one's: the least disturbed by a loaded machine. */
  fastestRatio: number;
}

/**
 * The clock: this process's CPU time in Node, where a shared machine's load
 * shows less in it than in wall time; wall time in the browser, which has no other.
 */
const cpu = (globalThis as { process?: { cpuUsage(): { user: number; system: number } } }).process;
const clock = cpu
  ? (): number => {
      const u = cpu.cpuUsage();
      return (u.user + u.system) / 1000;
    }
  : (): number => performance.now();
/** What {@link clock} measures. */
export const CLOCK = cpu ? 'CPU time' : 'wall time';

export interface GroupResult {
  runtime: string;
  rows: GroupRow[];
}

/** Microseconds per call of `op`, repeated for at least `minMs` (the browser's clock is coarse). */
function timeUs(op: () => void, minMs: number): number {
  let reps = 0;
  const t0 = clock();
  let elapsed: number;
  do {
    op();
    reps++;
    elapsed = clock() - t0;
  } while (elapsed < minMs);
  return (elapsed * 1000) / reps;
}

type Op = () => void;
interface Pair {
  name: string;
  noble: Op;
  sodium: Op;
  sodiumPoints?: Op;
}

/** Runs every pair alternately `rounds` times; `log` hears progress. */
export async function runGroupBench(
  runtime: string,
  rounds = 9,
  log: (line: string) => void = () => {},
): Promise<GroupResult> {
  await cryptoReady();
  const N = 312;
  const pts = Array.from({ length: N }, () => mulBase(randomScalar()));
  const bytes = pts.map((p) => pointBytes(p));
  const sc = Array.from({ length: N }, () => randomScalar());
  const scb = sc.map((s) => encodeScalar(s));
  const H = generatorH();
  const Hb = pointBytes(H);
  const Ht = new FixedBase(H);
  const G2 = pts[1]!;
  let i = 0;
  const next = (): number => (i = (i + 1) % N);
  const sodiumMsm = (n: number) => (): void => {
    let acc = sodium.crypto_scalarmult_ristretto255(scb[0]!, bytes[0]!);
    for (let j = 1; j < n; j++) {
      acc = sodium.crypto_core_ristretto255_add(
        acc,
        sodium.crypto_scalarmult_ristretto255(scb[j]!, bytes[j]!),
      );
    }
  };
  const sodiumMsmPoints = (n: number) => (): void => {
    let acc = sodium.crypto_scalarmult_ristretto255(encodeScalar(sc[0]!), pointBytes(pts[0]!));
    for (let j = 1; j < n; j++) {
      acc = sodium.crypto_core_ristretto255_add(
        acc,
        sodium.crypto_scalarmult_ristretto255(encodeScalar(sc[j]!), pointBytes(pts[j]!)),
      );
    }
    Point.fromBytes(acc);
  };
  const pairs: Pair[] = [
    {
      name: 'WASM crossing: scalar_negate (32 B in, 32 B out)',
      noble: () => void ((sc[next()]! * 3n) % 7n),
      sodium: () => void sodium.crypto_core_ristretto255_scalar_negate(scb[next()]!),
    },
    {
      name: 'var-base, secret (mulSecret / scalarmult)',
      noble: () => void mulSecret(pts[next()]!, sc[i]!),
      sodium: () => void sodium.crypto_scalarmult_ristretto255(scb[next()]!, bytes[i]!),
      sodiumPoints: () => {
        const k = next();
        Point.fromBytes(
          sodium.crypto_scalarmult_ristretto255(encodeScalar(sc[k]!), pointBytes(pts[k]!)),
        );
      },
    },
    {
      name: 'var-base, public (mulUnsafe / scalarmult)',
      noble: () => void mulUnsafe(pts[next()]!, sc[i]!),
      sodium: () => void sodium.crypto_scalarmult_ristretto255(scb[next()]!, bytes[i]!),
    },
    {
      name: 'var-base, noble Point.multiply (the bench unit)',
      noble: () => void pts[next()]!.multiply(sc[i]!),
      sodium: () => void sodium.crypto_scalarmult_ristretto255(scb[next()]!, bytes[i]!),
    },
    {
      name: 'fixed-base G (mulBase / scalarmult_base)',
      noble: () => void mulBase(sc[next()]!),
      sodium: () => void sodium.crypto_scalarmult_ristretto255_base(scb[next()]!),
      sodiumPoints: () =>
        void Point.fromBytes(sodium.crypto_scalarmult_ristretto255_base(encodeScalar(sc[next()]!))),
    },
    {
      name: 'fixed-base H (FixedBase / scalarmult)',
      noble: () => void Ht.mul(sc[next()]!),
      sodium: () => void sodium.crypto_scalarmult_ristretto255(scb[next()]!, Hb),
    },
    {
      name: 'add (Point.add / core_ristretto255_add)',
      noble: () => void pts[next()]!.add(pts[(i + 1) % N]!),
      sodium: () => void sodium.crypto_core_ristretto255_add(bytes[next()]!, bytes[(i + 1) % N]!),
    },
    {
      name: 'decode + check (Point.fromBytes / is_valid_point)',
      noble: () => void Point.fromBytes(bytes[next()]!),
      sodium: () => void sodium.crypto_core_ristretto255_is_valid_point(bytes[next()]!),
    },
    {
      name: 'encode (toBytes; sodium: none, n/a)',
      noble: () => void pts[next()]!.add(pts[0]!).toBytes(),
      sodium: () => void pts[next()]!.add(pts[0]!),
    },
    {
      name: 'batch encode, per point of 52 (doubleAndEncode)',
      noble: () => void doubleAndEncode(pts.slice(0, 52)),
      sodium: () => void pts.slice(0, 52),
    },
    ...[3, 6, 12, 24].map((n): Pair => ({
      name: `MSM ${n} public (msmUnsafe / ${n} scalarmult + adds)`,
      noble: () => void msmUnsafe(pts.slice(0, n), sc.slice(0, n)),
      sodium: sodiumMsm(n),
      sodiumPoints: sodiumMsmPoints(n),
    })),
    ...[52, 104, 312].flatMap((n): Pair[] => [
      {
        name: `MSM ${n} public (msmUnsafe / ${n} scalarmult + adds)`,
        noble: () => void msmUnsafe(pts.slice(0, n), sc.slice(0, n)),
        sodium: sodiumMsm(n),
        sodiumPoints: sodiumMsmPoints(n),
      },
      {
        name: `MSM ${n} secret (msm / ${n} scalarmult + adds)`,
        noble: () => void msm(pts.slice(0, n), sc.slice(0, n)),
        sodium: sodiumMsm(n),
      },
    ]),
  ];
  // Whole proofs: the same code on each backend.
  const same = (name: string, op: Op): Pair => ({ name, noble: op, sodium: op });
  const e = randomScalar();
  const E = mulBase(e);
  const ctx = deriveContext('bench', 'group');
  const deck = deckPoints('bench-group', 52).map((p) => [p]);
  const shuffled = proveShuffle(ctx, e, deck);
  const output = decodeRows(encodeRows(shuffled.rows));
  const hand = output.slice(0, 13).map((r) => r[0]!);
  const unlocked = proveUnlock(ctx, e, hand);
  const key = proveKey(ctx, e);
  const dleq = proveDleq(ctx, e, G2, hand[0]!);
  pairs.push(
    same('proveShuffle, 52 cards', () => void proveShuffle(ctx, e, deck)),
    same('verifyShuffle, 52 cards', () =>
      check(verifyShuffle(ctx, E, deck, output, shuffled.proof)),
    ),
    same('proveUnlock, 13 cards', () => void proveUnlock(ctx, e, hand)),
    same('verifyUnlock, 13 cards', () =>
      check(verifyUnlock(ctx, E, hand, unlocked.cards, unlocked.proof)),
    ),
    same('proveDleq', () => void proveDleq(ctx, e, G2, hand[0]!)),
    same('verifyDleq', () => check(verifyDleq(ctx, G2, dleq.u, hand[0]!, dleq.v, dleq.proof))),
    same('proveKey', () => void proveKey(ctx, e)),
    same('verifyKey', () => check(verifyKey(ctx, key.pub, key.proof))),
  );
  const per = pairs.map(() => ({
    noble: [] as number[],
    sodium: [] as number[],
    sp: [] as number[],
  }));
  // Warm up every path, then alternate the backends in each round.
  for (const p of pairs) {
    useBackend('noble');
    timeUs(p.noble, 60);
    useBackend('sodium');
    timeUs(p.sodium, 60);
    if (p.sodiumPoints) timeUs(p.sodiumPoints, 60);
  }
  for (let r = 0; r < rounds; r++) {
    pairs.forEach((p, k) => {
      const order = r % 2 === 0 ? (['noble', 'sodium'] as const) : (['sodium', 'noble'] as const);
      for (const b of order) {
        useBackend(b);
        per[k]![b].push(timeUs(p[b], 15));
      }
      if (p.sodiumPoints) per[k]!.sp.push(timeUs(p.sodiumPoints, 15));
    });
    log(`${runtime}: group bench round ${r + 1}/${rounds}`);
  }
  const rows = pairs.map((p, k): GroupRow => {
    const x = per[k]!;
    const div = p.name.startsWith('batch encode') ? 52 : 1;
    const compared = x.sp.length > 0 ? x.sp : x.sodium;
    const row: GroupRow = {
      name: p.name,
      noble: median(x.noble) / div,
      sodium: median(x.sodium) / div,
      fastestRatio: Math.min(...x.noble) / Math.min(...compared),
    };
    if (x.sp.length > 0) row.sodiumPoints = median(x.sp);
    return row;
  });
  useBackend('sodium');
  return { runtime: `${runtime}, ${CLOCK}`, rows };
}

function check(ok: boolean): void {
  if (!ok) throw new Error('bench: an honest proof did not verify');
}

/** Node's and Chromium's figures in one table. */
export function formatGroup(results: readonly GroupResult[]): string {
  const header = ['operation (µs per call)'];
  for (const r of results)
    header.push(`${r.runtime} noble`, 'sodium', 'sodium+Point', 'noble/sodium', 'fastest');
  const rows = results[0]!.rows.map((row, k) => {
    const cells = [row.name];
    for (const r of results) {
      const x = r.rows[k]!;
      cells.push(
        x.noble.toFixed(1),
        x.sodium.toFixed(1),
        x.sodiumPoints === undefined ? '' : x.sodiumPoints.toFixed(1),
        (x.noble / (x.sodiumPoints ?? x.sodium)).toFixed(2),
        x.fastestRatio.toFixed(2),
      );
    }
    return cells;
  });
  return textTable(header, rows);
}
