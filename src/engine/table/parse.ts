/**
 * The framing of the fields an event body carries. Each kind of body has its
 * parser, in the module of the step that takes it (the table of them is
 * `parseBody`'s, bodies.ts), and reads a body from a peer field by field with
 * these: a field of the wrong shape throws a `FieldError`, which `parseBody`
 * answers with `ERR_BODY_FIELDS`; a bad encoding throws any other error
 * (`ERR_BODY_ENCODING`).
 */
import { decodeSecret, fromBase64, fromHex, splitPoints } from '../../../crypto/index.ts';
import type { Json, JsonObject } from '../encoding.ts';
import type { Decoded, Encoding } from './bodies.ts';
import type { DecodedOf } from './step.ts';

/** Reads a body of kind `K` from a peer, its `type` already matched; throws where it does not parse. */
export type Parser<K extends Decoded['type']> = (body: JsonObject) => DecodedOf<K>;

/**
 * Thrown for a field of the wrong shape; `parseBody` turns it into `ERR_BODY_FIELDS`. It and
 * the errors of a bad encoding carry no text: the code is all `parseBody` answers.
 */
export class FieldError extends Error {}

/** True for a JSON object (not null, not a list). */
export const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function hasExactly(body: JsonObject, fields: string[]): boolean {
  return JSON.stringify(Object.keys(body).sort()) === JSON.stringify(fields.sort());
}

/** Throws unless `body` has exactly its `type` and the fields `names`. */
export function fields(body: JsonObject, ...names: string[]): void {
  if (!hasExactly(body, ['type', ...names])) throw new FieldError();
}

/** Base64 text, as bytes. */
export const b64 = (v: Json | undefined): Uint8Array => {
  if (typeof v !== 'string') throw new FieldError();
  return fromBase64(v);
};

/** A list of objects with exactly `fields`, each decoded by `decode`. */
export const list = <T>(
  v: Json | undefined,
  fields: string[],
  decode: (item: JsonObject) => T,
): T[] => listOf(v, [fields], decode);

/** A list of objects each with exactly the fields of one of `shapes`, each decoded by `decode`. */
export function listOf<T>(
  v: Json | undefined,
  shapes: string[][],
  decode: (item: JsonObject) => T,
): T[] {
  if (!Array.isArray(v)) throw new FieldError();
  return v.map((item) => {
    if (!isObject(item) || !shapes.some((fields) => hasExactly(item, fields)))
      throw new FieldError();
    return decode(item);
  });
}

/** An index into a list the table holds: a whole number below 2¹⁶, far more than any table's. */
export function index(v: Json | undefined): number {
  // `v % 1` is not 0 for a fraction, NaN or an infinity.
  if (typeof v !== 'number' || v % 1 !== 0 || v < 0 || v >= 2 ** 16) throw new FieldError();
  return v;
}

/** Exactly one point: a key or a factor. */
export function onePoint(v: Json | undefined): Encoding {
  const points = splitPoints(b64(v));
  if (points.length !== 1) throw new Error();
  return points[0]!;
}

/** A secret from an audit: hex of a scalar in [1, ℓ); zero is no key's secret. */
export function secret(v: Json): bigint {
  if (typeof v !== 'string') throw new FieldError();
  return decodeSecret(fromHex(v));
}
