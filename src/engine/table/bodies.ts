/**
 * The event bodies of the table protocol, and their parsers.
 *
 * Every body arrives from a peer, so `parseBody` checks each field's type and
 * decodes every point with the canonical decoder before anything else looks
 * at it. Points, rows and proofs travel as base64 of `crypto/`'s encodings.
 */
import {
  decodeKeyProof,
  decodePoints,
  decodeRows,
  decodeSecret,
  decodeShuffleProof,
  decodeUnlockProof,
  fromBase64,
  fromHex,
  type KeyProof,
  type Point,
  type ShuffleProof,
  type UnlockProof,
} from '../../../crypto/index.ts';
import { isHex, type Json, type JsonObject } from '../encoding.ts';
import { err, ok, type Result } from '../result.ts';

/** The wire form of each body (what is signed and hashed). */
export type KeyBody = { type: 'KEY'; genesis: string; pub: string; proof: string };
export type ShuffleBody = { type: 'SHUFFLE'; rows: string; proof: string };
export type UnlockBody = { type: 'UNLOCK'; shares: { points: string; proof: string }[] };
export type LockBody = { type: 'LOCK'; points: string; proof: string };
export type RemaskBody = { type: 'REMASK'; pub: string; rows: string; proof: string };
export type ActBody = { type: 'ACT'; action: JsonObject };
export type CommitBody = { type: 'COMMIT'; hash: string };
export type OpenBody = { type: 'OPEN'; bit: number; salt: string };
export type AuditBody = { type: 'AUDIT'; secret: string; remasks: string[] };
export type TableBody =
  | KeyBody
  | ShuffleBody
  | UnlockBody
  | RemaskBody
  | LockBody
  | ActBody
  | CommitBody
  | OpenBody
  | AuditBody;

/** A body with every point and proof decoded. */
export type Decoded =
  | { type: 'KEY'; genesis: string; pub: Point; proof: KeyProof }
  | { type: 'SHUFFLE'; rows: Point[][]; proof: ShuffleProof }
  | { type: 'UNLOCK'; shares: { points: Point[]; proof: UnlockProof }[] }
  | { type: 'REMASK'; pub: Point; rows: Point[][]; proof: ShuffleProof }
  | { type: 'ACT'; action: JsonObject }
  | { type: 'LOCK'; points: Point[]; proof: UnlockProof }
  | { type: 'COMMIT'; hash: string }
  | { type: 'OPEN'; bit: number; salt: string }
  | { type: 'AUDIT'; secret: bigint; remasks: bigint[] };

export type BodyError = 'ERR_BODY_FIELDS' | 'ERR_BODY_ENCODING';

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function hasExactly(body: JsonObject, fields: string[]): boolean {
  const keys = Object.keys(body).sort();
  const want = ['type', ...fields].sort();
  return keys.length === want.length && keys.every((k, i) => k === want[i]);
}

const b64 = (v: Json | undefined): Uint8Array => {
  if (typeof v !== 'string') throw new Error('expected base64 text');
  return fromBase64(v);
};

/** Decodes a body; any malformed field or point is `ERR_BODY_ENCODING`, never an exception. */
export function parseBody(body: JsonObject): Result<Decoded, BodyError> {
  try {
    switch (body.type) {
      case 'KEY': {
        if (!hasExactly(body, ['genesis', 'pub', 'proof']) || typeof body.genesis !== 'string')
          return err('ERR_BODY_FIELDS');
        const [pub] = decodePoints(b64(body.pub));
        if (!pub) return err('ERR_BODY_ENCODING');
        return ok({
          type: 'KEY',
          genesis: body.genesis,
          pub,
          proof: decodeKeyProof(b64(body.proof)),
        });
      }
      case 'SHUFFLE':
        if (!hasExactly(body, ['rows', 'proof'])) return err('ERR_BODY_FIELDS');
        return ok({
          type: 'SHUFFLE',
          rows: decodeRows(b64(body.rows)),
          proof: decodeShuffleProof(b64(body.proof)),
        });
      case 'UNLOCK': {
        if (!hasExactly(body, ['shares']) || !Array.isArray(body.shares))
          return err('ERR_BODY_FIELDS');
        const shares = [];
        for (const share of body.shares as Json[]) {
          if (
            !isObject(share) ||
            Object.hasOwn(share, 'type') ||
            !hasExactly({ ...share, type: '' }, ['points', 'proof'])
          )
            return err('ERR_BODY_FIELDS');
          shares.push({
            points: decodePoints(b64(share.points)),
            proof: decodeUnlockProof(b64(share.proof)),
          });
        }
        return ok({ type: 'UNLOCK', shares });
      }
      case 'REMASK': {
        if (!hasExactly(body, ['pub', 'rows', 'proof'])) return err('ERR_BODY_FIELDS');
        const [pub] = decodePoints(b64(body.pub));
        if (!pub) return err('ERR_BODY_ENCODING');
        return ok({
          type: 'REMASK',
          pub,
          rows: decodeRows(b64(body.rows)),
          proof: decodeShuffleProof(b64(body.proof)),
        });
      }
      case 'ACT':
        if (!hasExactly(body, ['action']) || !isObject(body.action)) return err('ERR_BODY_FIELDS');
        return ok({ type: 'ACT', action: body.action });
      case 'LOCK':
        if (!hasExactly(body, ['points', 'proof'])) return err('ERR_BODY_FIELDS');
        return ok({
          type: 'LOCK',
          points: decodePoints(b64(body.points)),
          proof: decodeUnlockProof(b64(body.proof)),
        });
      case 'COMMIT':
        if (!hasExactly(body, ['hash']) || !isHex(body.hash, 32)) return err('ERR_BODY_FIELDS');
        return ok({ type: 'COMMIT', hash: body.hash });
      case 'OPEN':
        if (
          !hasExactly(body, ['bit', 'salt']) ||
          (body.bit !== 0 && body.bit !== 1) ||
          !isHex(body.salt, 32)
        )
          return err('ERR_BODY_FIELDS');
        return ok({ type: 'OPEN', bit: body.bit, salt: body.salt });
      case 'AUDIT': {
        const { secret, remasks } = body;
        if (
          !hasExactly(body, ['secret', 'remasks']) ||
          typeof secret !== 'string' ||
          !Array.isArray(remasks)
        )
          return err('ERR_BODY_FIELDS');
        const factors = (remasks as Json[]).map((r) => {
          if (typeof r !== 'string') throw new Error('remask factor must be hex');
          return decodeSecret(fromHex(r), 'remask');
        });
        return ok({
          type: 'AUDIT',
          secret: decodeSecret(fromHex(secret), 'secret'),
          remasks: factors,
        });
      }
      default:
        return err('ERR_BODY_FIELDS');
    }
  } catch {
    return err('ERR_BODY_ENCODING');
  }
}
