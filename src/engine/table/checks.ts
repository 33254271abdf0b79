/**
 * The fold's proof checks, and how they can be done elsewhere.
 *
 * The fold asks seven questions of the proofs in an event: a key's Schnorr
 * proof, an unlock share's batched Chaum–Pedersen proof, a re-key's DLEQ
 * proof, a shuffle's Terelius–Wikström proof, a dealing's public check
 * (Feldman sharing of a layer), whether a holder's complaint proves its
 * share of a dealing false, and a holder's recovery share of a leaver's layer. Each is a `CheckJob`: its
 * context, statement and proof as bytes, named by their digest. The fold
 * never decodes a point itself: the check does (a point that is no canonical
 * encoding fails it), and every point of a body is part of some check before
 * the state takes it. `checkNow` answers each job at once with crypto/; a
 * `CheckBook` answers from results a session had computed where it likes (a
 * pool of workers, off the page's main thread, which checks the jobs pending
 * together in one batch: `runChecks`) and fed back. So the fold stays pure
 * and synchronous, and the same answers give the same states.
 *
 * A question the book cannot answer yet throws `Unchecked` (the replica waits
 * there for the answer) or, while the replica looks ahead, counts as passed
 * and is listed among the checks wanted.
 */
import {
  BatchVerifier,
  decodeComplaint,
  decodeDealing,
  decodeDleqProof,
  decodeKeyProof,
  decodePoint,
  decodeShuffleProof,
  decodeUnlockProof,
  judgeComplaint,
  shareImage,
  joinPoints,
  joinRows,
  splitPoints,
  splitRows,
  type Point,
} from '../../../crypto/index.ts';
import { checkId, type CheckJob } from './check-id.ts';

export { checkId, type CheckJob };

/**
 * How the fold has a proof checked: it hands over the check as a job and
 * takes the answer (or, from a `CheckBook` without it yet, `Unchecked`).
 */
export type Checks = (job: CheckJob) => boolean;

/** Every check done at once, in this thread. */
export const checkNow: Checks = (job) => runCheck(job);

/** The check of a Schnorr proof of the secret behind `pub` (`verifyKey`). */
export const keyCheck = (ctx: Uint8Array, pub: Uint8Array, proof: Uint8Array): CheckJob => ({
  kind: 'key',
  parts: [ctx, pub, proof],
});

/** The check that `after[i] = e⁻¹·before[i]` for the `e` behind `pub` (`verifyUnlock`). */
export const unlockCheck = (
  ctx: Uint8Array,
  pub: Uint8Array,
  before: readonly Uint8Array[],
  after: readonly Uint8Array[],
  proof: Uint8Array,
): CheckJob => ({
  kind: 'unlock',
  parts: [ctx, pub, joinPoints(before), joinPoints(after), proof],
});

/** The check that `log_g u = log_h v` (`verifyDleq`). */
export const dleqCheck = (
  ctx: Uint8Array,
  [g, u, h, v]: readonly [Uint8Array, Uint8Array, Uint8Array, Uint8Array],
  proof: Uint8Array,
): CheckJob => ({ kind: 'dleq', parts: [ctx, g, u, h, v, proof] });

/** The check that `output` is a permutation of `input` times the `e` behind `pub` (`verifyShuffle`). */
export const shuffleCheck = (
  ctx: Uint8Array,
  pub: Uint8Array,
  input: readonly (readonly Uint8Array[])[],
  output: readonly (readonly Uint8Array[])[],
  proof: Uint8Array,
): CheckJob => ({ kind: 'shuffle', parts: [ctx, pub, joinRows(input), joinRows(output), proof] });

/** The public check of a dealing of the layer `pub` among `holders`, all of them needed (`verifyDealing`). */
export const dealingCheck = (
  ctx: Uint8Array,
  pub: Uint8Array,
  holders: readonly Uint8Array[],
  dealing: Uint8Array,
): CheckJob => ({ kind: 'dealing', parts: [ctx, pub, joinPoints(holders), dealing] });

/**
 * Whether holder `j`'s complaint proves its share of a dealing false (`judgeComplaint`
 * names the dealer): true names the dealer, false the holder.
 */
export const complaintCheck = (
  ctx: Uint8Array,
  pub: Uint8Array,
  holders: readonly Uint8Array[],
  j: number,
  dealing: Uint8Array,
  complaint: Uint8Array,
): CheckJob => ({
  kind: 'complaint',
  parts: [ctx, pub, joinPoints(holders), Uint8Array.of(j), dealing, complaint],
});

/**
 * The check that holder `x`'s recovery `points` are `s·cards[i]` for its share `s` of
 * `dealing` (`verifyRecovery` under `S = shareImage(commitments, x)`).
 */
export const recoveryCheck = (
  ctx: Uint8Array,
  dealing: Uint8Array,
  x: number,
  points: readonly Uint8Array[],
  cards: readonly Uint8Array[],
  proof: Uint8Array,
): CheckJob => ({
  kind: 'recovery',
  parts: [ctx, dealing, Uint8Array.of(x), joinPoints(points), joinPoints(cards), proof],
});

/** Does `job`'s check; false for any part that does not decode, as for a false proof. Never throws. */
export function runCheck(job: CheckJob): boolean {
  return runChecks([job])[0]!;
}

/**
 * Does every check of `jobs` together, and answers each exactly as `runCheck`
 * would alone: one batch (crypto/'s `BatchVerifier`: every proof's equations
 * with the verifier's random weights in one MSM), checked again job by job
 * only if it fails. A point encoded alike in several jobs is decoded once and
 * weighs once (a deck is one shuffle's output and the next one's input).
 * Never throws.
 */
export function runChecks(jobs: readonly CheckJob[]): boolean[] {
  const batch = new BatchVerifier();
  const point = pointDecoder();
  const at = jobs.map((job) => {
    try {
      // A complaint is judged, not proven: it opens a share, and is no sum of equations.
      return job.kind === 'complaint' ? complaintHolds(job, point) : addCheck(batch, job, point);
    } catch {
      return false;
    }
  });
  const verdicts = batch.verify();
  return at.map((i) => (typeof i === 'boolean' ? i : verdicts[i]!));
}

/** True when a complaint job's complaint names the dealer; throws on a part that does not decode. */
function complaintHolds(job: CheckJob, point: (bytes: Uint8Array) => Point): boolean {
  const [ctx, pub, holders, j, dealing, complaint] = job.parts as Uint8Array[];
  const keys = splitPoints(holders!).map(point);
  return (
    judgeComplaint(
      ctx!,
      point(pub!),
      keys,
      j![0]!,
      decodeDealing(dealing!),
      decodeComplaint(complaint!),
    ) === 'dealer'
  );
}

/** Canonical decoding (crypto/'s `decodePoint`) of each distinct encoding once. */
function pointDecoder(): (bytes: Uint8Array) => Point {
  const decoded = new Map<string, Point>();
  return (bytes) => {
    const key = String.fromCharCode(...bytes);
    let p = decoded.get(key);
    // Stryker disable next-line ConditionalExpression: only work: a point decoded again is the same point
    if (p === undefined) {
      p = decodePoint(bytes);
      decoded.set(key, p);
    }
    return p;
  };
}

/** Adds `job`'s proof to `batch`, its points decoded by `point`; throws on a kind it does not know or a part that does not decode. */
function addCheck(
  batch: BatchVerifier,
  job: CheckJob,
  point: (bytes: Uint8Array) => Point,
): number {
  const [ctx, a, b, c, d, e] = job.parts as Uint8Array[];
  const rows = (bytes: Uint8Array) => splitRows(bytes).map((row) => row.map(point));
  switch (job.kind) {
    case 'key':
      return batch.key(ctx!, point(a!), decodeKeyProof(b!));
    case 'unlock':
      return batch.unlock(
        ctx!,
        point(a!),
        splitPoints(b!).map(point),
        splitPoints(c!).map(point),
        decodeUnlockProof(d!),
      );
    case 'dleq':
      return batch.dleq(ctx!, point(a!), point(b!), point(c!), point(d!), decodeDleqProof(e!));
    case 'shuffle':
      return batch.shuffle(ctx!, point(a!), rows(b!), rows(c!), decodeShuffleProof(d!));
    case 'recovery': {
      // A recovery share is an unlock share under the holder's share image.
      const S = shareImage(decodeDealing(a!).commitments, b![0]!);
      return batch.unlock(
        ctx!,
        S,
        splitPoints(c!).map(point),
        splitPoints(d!).map(point),
        decodeUnlockProof(e!),
      );
    }
    case 'dealing': {
      const holders = splitPoints(b!).map(point);
      return batch.dealing(ctx!, point(a!), holders, holders.length, decodeDealing(c!));
    }
    default:
      // A job from a worker's message may name a kind there is no check of.
      throw new Error(job.kind);
  }
}

/** Thrown by a `CheckBook` asked a question it has no answer to yet: the replica waits there. */
export class Unchecked extends Error {
  constructor() {
    // Stryker disable next-line StringLiteral: the message is never shown: the replica catches it and waits
    super('a proof is not checked yet');
  }
}

/**
 * The answers to proof checks done elsewhere, by check id. `strict` answers
 * from them and throws `Unchecked` for anything else; `guessing` lets
 * anything else pass and hands it over, to look ahead at what the fold will ask.
 */
export class CheckBook {
  private readonly known = new Map<string, boolean>();

  /** Answers from what the book has learned; throws `Unchecked` for any other check. */
  readonly strict: Checks = (job) => {
    const holds = this.known.get(checkId(job));
    if (holds === undefined) throw new Unchecked();
    return holds;
  };

  /** Answers from what the book has learned; any other check passes and is handed to `want`. */
  guessing(want: (id: string, job: CheckJob) => void): Checks {
    return (job) => {
      const id = checkId(job);
      const holds = this.known.get(id);
      if (holds !== undefined) return holds;
      want(id, job);
      return true;
    };
  }

  /** Takes the answer to the check named `id`. */
  learn(id: string, holds: boolean): void {
    this.known.set(id, holds);
  }
}
