/**
 * A proof check as a job, and its name: a module apart from the checks themselves
 * (`checks.ts`), so that a pool that keeps checks by name (`net/memo.ts`), the page's
 * pool of workers among them, loads no proof's code, nor the proofs' wire formats.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { Transcript } from '../../../crypto/index.ts';

/**
 * One proof check as bytes, fit to cross to a worker. `parts` in order:
 * `key`: ctx, pub, proof; `unlock`: ctx, pub, before (points), after
 * (points), proof; `dleq`: ctx, g, u, h, v, proof; `shuffle`: ctx, pub, input
 * (rows), output (rows), proof; `dealing`: ctx, pub, holders (points), dealing;
 * `complaint`: ctx, pub, holders (points), the holder's index (one byte),
 * dealing, complaint; `recovery`: ctx, dealing, the holder's point (one byte), its
 * points, the cards (points), proof. Points, rows and proofs in crypto/'s encodings.
 */
export interface CheckJob {
  readonly kind: 'key' | 'unlock' | 'dleq' | 'shuffle' | 'dealing' | 'complaint' | 'recovery';
  readonly parts: readonly Uint8Array[];
}

/** The name of a check: a digest of its kind and every part, so two different checks never share one. */
export function checkId(job: CheckJob): string {
  // Stryker disable next-line StringLiteral: ids are made and compared by this code alone; another label names every check anew, each still apart
  const t = new Transcript('fairdeal/table/check').label(job.kind);
  for (const part of job.parts) t.bytes(part);
  // noble's lower-case hex, as crypto's `toHex`: that one's module, every wire format's
  // encoder, would come with this into the page's first chunk.
  return bytesToHex(t.digest().subarray(0, 32));
}
