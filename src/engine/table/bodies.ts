/**
 * The event bodies of the table protocol, and their parsers.
 *
 * Every body arrives from a peer, so `parseBody` checks each field's type and
 * every encoding's framing before anything else looks at it. Points, rows and
 * proofs travel as base64 of `crypto/`'s encodings. Points stay encodings
 * (the identity refused): decoding one costs a square root, so they are
 * decoded only by the proof checks they are part of, which answer false for
 * a point that is no canonical encoding, and which may run in a worker.
 */
import {
  decodeSecret,
  fromBase64,
  fromHex,
  splitPoints,
  splitRows,
} from '../../../crypto/index.ts';
import { isHex, type Json, type JsonObject } from '../encoding.ts';
import { isSeat } from '../events.ts';
import { err, ok, type Result } from '../result.ts';

/** One proof over a list of points, as it travels (base64 of crypto/'s encodings). */
export type Share = { points: string; proof: string };

/** The wire form of each body (what is signed and hashed). */
export type KeyBody = { type: 'KEY'; genesis: string; keys: { pub: string; proof: string }[] };
/** `epoch`: which epoch each shuffle is of, in a pipelined round (protocol 3) only. */
export type ShuffleBody = {
  type: 'SHUFFLE';
  shuffles: { epoch?: number; rows: string; proof: string }[];
};
export type UnlockBody = { type: 'UNLOCK'; shares: Share[] };
export type LockBody = { type: 'LOCK'; shares: Share[] };
/**
 * A re-mask: every card re-keyed to the fresh `key` (`rekeyed` in the step's
 * card order, one DLEQ proof each in `rekeys`), then the rows `(C', key)`
 * shuffled with the factor behind `pub`.
 */
export type RemaskBody = {
  type: 'REMASK';
  key: string;
  rekeyed: string;
  rekeys: string[];
  pub: string;
  rows: string;
  proof: string;
};
/**
 * A show's fresh key: the author's layer on every card of the show moved to
 * the fresh `key` (`rekeyed` in the step's card order, one DLEQ proof each in
 * `rekeys`).
 */
export type RekeyBody = { type: 'REKEY'; key: string; rekeyed: string; rekeys: string[] };
export type ActBody = { type: 'ACT'; action: JsonObject };
export type CommitBody = { type: 'COMMIT'; hash: string };
export type OpenBody = { type: 'OPEN'; bit: number; salt: string };
/** A move kept hidden until the seats that may cross it have seen that it was made (seal.ts). */
export type SealBody = { type: 'SEAL'; hash: string };
/** The author has seen the sealed move: it gives up acting against the state before it. */
export type AckBody = { type: 'ACK' };
/** The sealed move, and the salt that opens its commitment. */
export type UnsealBody = { type: 'UNSEAL'; action: JsonObject; salt: string };
/** The secret of each public key the author introduced, in order (hex, little-endian). */
export type AuditBody = { type: 'AUDIT'; secrets: string[] };
/** The author leaves the game under way and loses it. */
export type ResignBody = { type: 'RESIGN' };
/** The author declares `seat`, which owes an event and stays unreachable, absent: it loses. */
export type AbsentBody = { type: 'ABSENT'; seat: number };
/** The author answers a claim that it is absent: it is here, and the claim is void. */
export type PresentBody = { type: 'PRESENT' };
/**
 * The author's turn came with an event stamped long before it arrived: its time runs from
 * this event instead (protocol 5 on, once a turn; see `clock.ts`).
 */
export type SeenBody = { type: 'SEEN' };
/**
 * The author confirms how the table ended: the events its basis names are
 * the whole game as it saw it end (see `Replica.confirmedBy`).
 */
export type ConfirmBody = { type: 'CONFIRM' };
export type TableBody =
  | KeyBody
  | ShuffleBody
  | UnlockBody
  | RemaskBody
  | LockBody
  | RekeyBody
  | ActBody
  | CommitBody
  | OpenBody
  | SealBody
  | AckBody
  | UnsealBody
  | AuditBody
  | ResignBody
  | AbsentBody
  | PresentBody
  | SeenBody
  | ConfirmBody;

/**
 * A point as its 32-byte encoding, framed and not the identity; decoded (and
 * so checked canonical) by the proof check it is part of.
 */
export type Encoding = Uint8Array;

type DecodedShare = { points: Encoding[]; proof: Uint8Array };

/** A body with every field checked and every encoding framed; proofs stay bytes for their checks. */
export type Decoded =
  | { type: 'KEY'; genesis: string; keys: { pub: Encoding; proof: Uint8Array }[] }
  | { type: 'SHUFFLE'; shuffles: { epoch?: number; rows: Encoding[][]; proof: Uint8Array }[] }
  | { type: 'UNLOCK'; shares: DecodedShare[] }
  | {
      type: 'REMASK';
      key: Encoding;
      rekeyed: Encoding[];
      rekeys: Uint8Array[];
      pub: Encoding;
      rows: Encoding[][];
      proof: Uint8Array;
    }
  | { type: 'ACT'; action: JsonObject }
  | { type: 'LOCK'; shares: DecodedShare[] }
  | { type: 'REKEY'; key: Encoding; rekeyed: Encoding[]; rekeys: Uint8Array[] }
  | { type: 'COMMIT'; hash: string }
  | { type: 'OPEN'; bit: number; salt: string }
  | SealBody
  | AckBody
  | UnsealBody
  | { type: 'AUDIT'; secrets: bigint[] }
  | ResignBody
  | AbsentBody
  | PresentBody
  | SeenBody
  | ConfirmBody;

export type BodyError = 'ERR_BODY_FIELDS' | 'ERR_BODY_ENCODING';

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function hasExactly(body: JsonObject, fields: string[]): boolean {
  const keys = Object.keys(body).sort();
  const want = fields.sort();
  return keys.length === want.length && keys.every((k, i) => k === want[i]);
}

/** Thrown for a field of the wrong shape; `parseBody` turns it into `ERR_BODY_FIELDS`. */
class FieldError extends Error {}

const b64 = (v: Json | undefined): Uint8Array => {
  if (typeof v !== 'string') throw new FieldError('expected base64 text');
  return fromBase64(v);
};

/** A list of objects with exactly `fields`, each decoded by `decode`. */
const list = <T>(v: Json | undefined, fields: string[], decode: (item: JsonObject) => T): T[] =>
  listOf(v, [fields], decode);

/** A list of objects each with exactly the fields of one of `shapes`, each decoded by `decode`. */
function listOf<T>(v: Json | undefined, shapes: string[][], decode: (item: JsonObject) => T): T[] {
  if (!Array.isArray(v)) throw new FieldError('expected a list');
  return v.map((item) => {
    if (!isObject(item) || !shapes.some((fields) => hasExactly(item, fields)))
      throw new FieldError('bad list item');
    return decode(item);
  });
}

/** An index into a list the table holds: a whole number below 2¹⁶, far more than any table's. */
function index(v: Json | undefined): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= 2 ** 16)
    throw new FieldError('expected an index');
  return v;
}

/** Exactly one point: a key or a factor. */
function onePoint(v: Json | undefined): Encoding {
  const points = splitPoints(b64(v));
  if (points.length !== 1) throw new Error('expected one point');
  return points[0]!;
}

/** A secret from an audit: hex of a scalar in [1, ℓ); zero is no key's secret. */
function secret(v: Json): bigint {
  if (typeof v !== 'string') throw new FieldError('expected hex');
  return decodeSecret(fromHex(v), 'secret');
}

const share = (item: JsonObject): DecodedShare => ({
  points: splitPoints(b64(item.points)),
  proof: b64(item.proof),
});

/**
 * Reads a body from a peer. Every list of points and rows is framed (kind,
 * counts, length; no identity) and every secret must lie in [1, ℓ): nothing
 * out of range reaches the fold. Points and proofs are decoded by their
 * checks (a point that is no canonical encoding, a proof scalar out of range:
 * `ERR_PROOF`). A field of the wrong shape is `ERR_BODY_FIELDS`, a bad
 * encoding `ERR_BODY_ENCODING`; never an exception.
 */
export function parseBody(body: JsonObject): Result<Decoded, BodyError> {
  try {
    const fields = (...names: string[]) => {
      if (!hasExactly(body, ['type', ...names])) throw new FieldError('fields');
    };
    switch (body.type) {
      case 'KEY':
        fields('genesis', 'keys');
        if (typeof body.genesis !== 'string') return err('ERR_BODY_FIELDS');
        return ok({
          type: 'KEY',
          genesis: body.genesis,
          keys: list(body.keys, ['pub', 'proof'], (k) => ({
            pub: onePoint(k.pub),
            proof: b64(k.proof),
          })),
        });
      case 'SHUFFLE':
        fields('shuffles');
        return ok({
          type: 'SHUFFLE',
          shuffles: listOf(
            body.shuffles,
            [
              ['rows', 'proof'],
              ['epoch', 'rows', 'proof'],
            ],
            (s) => ({
              ...('epoch' in s ? { epoch: index(s.epoch) } : {}),
              rows: splitRows(b64(s.rows)),
              proof: b64(s.proof),
            }),
          ),
        });
      case 'UNLOCK':
        fields('shares');
        return ok({ type: 'UNLOCK', shares: list(body.shares, ['points', 'proof'], share) });
      case 'LOCK':
        fields('shares');
        return ok({ type: 'LOCK', shares: list(body.shares, ['points', 'proof'], share) });
      case 'REMASK': {
        fields('key', 'rekeyed', 'rekeys', 'pub', 'rows', 'proof');
        if (!Array.isArray(body.rekeys)) return err('ERR_BODY_FIELDS');
        return ok({
          type: 'REMASK',
          key: onePoint(body.key),
          rekeyed: splitPoints(b64(body.rekeyed)),
          rekeys: body.rekeys.map(b64),
          pub: onePoint(body.pub),
          rows: splitRows(b64(body.rows)),
          proof: b64(body.proof),
        });
      }
      case 'REKEY':
        fields('key', 'rekeyed', 'rekeys');
        if (!Array.isArray(body.rekeys)) return err('ERR_BODY_FIELDS');
        return ok({
          type: 'REKEY',
          key: onePoint(body.key),
          rekeyed: splitPoints(b64(body.rekeyed)),
          rekeys: body.rekeys.map(b64),
        });
      case 'ACT':
        fields('action');
        if (!isObject(body.action)) return err('ERR_BODY_FIELDS');
        return ok({ type: 'ACT', action: body.action });
      case 'COMMIT':
        fields('hash');
        if (!isHex(body.hash, 32)) return err('ERR_BODY_FIELDS');
        return ok({ type: 'COMMIT', hash: body.hash });
      case 'OPEN':
        fields('bit', 'salt');
        if ((body.bit !== 0 && body.bit !== 1) || !isHex(body.salt, 32))
          return err('ERR_BODY_FIELDS');
        return ok({ type: 'OPEN', bit: body.bit, salt: body.salt });
      case 'SEAL':
        fields('hash');
        if (!isHex(body.hash, 32)) return err('ERR_BODY_FIELDS');
        return ok({ type: 'SEAL', hash: body.hash });
      case 'ACK':
        fields();
        return ok({ type: 'ACK' });
      case 'UNSEAL':
        fields('action', 'salt');
        if (!isObject(body.action) || !isHex(body.salt, 32)) return err('ERR_BODY_FIELDS');
        return ok({ type: 'UNSEAL', action: body.action, salt: body.salt });
      case 'AUDIT':
        fields('secrets');
        if (!Array.isArray(body.secrets)) return err('ERR_BODY_FIELDS');
        return ok({ type: 'AUDIT', secrets: body.secrets.map(secret) });
      case 'RESIGN':
        fields();
        return ok({ type: 'RESIGN' });
      case 'ABSENT':
        fields('seat');
        if (!isSeat(body.seat)) return err('ERR_BODY_FIELDS');
        return ok({ type: 'ABSENT', seat: body.seat });
      case 'PRESENT':
        fields();
        return ok({ type: 'PRESENT' });
      case 'SEEN':
        fields();
        return ok({ type: 'SEEN' });
      case 'CONFIRM':
        fields();
        return ok({ type: 'CONFIRM' });
      default:
        return err('ERR_BODY_FIELDS');
    }
  } catch (e) {
    return err(e instanceof FieldError ? 'ERR_BODY_FIELDS' : 'ERR_BODY_ENCODING');
  }
}
