/**
 * Canonical JSON: the one byte encoding of every signed or hashed engine value.
 *
 * Signatures and hashes are taken over bytes, so every replica must turn a
 * value into exactly the same bytes, and a decoder must refuse every other
 * spelling of that value (or a relay could re-encode an honest event into a
 * "different" one and frame its author for equivocation). The rules:
 *
 * - values are `null`, booleans, safe integers (no fractions, no `-0`, no
 *   exponent), strings, arrays and plain objects;
 * - object keys are identifiers `[A-Za-z][A-Za-z0-9_]*` of at most 64
 *   characters, written in ascending order (for such keys UTF-16 order and
 *   byte order agree), each key once;
 * - strings are well-formed Unicode (no lone surrogates), escaped exactly as
 *   `JSON.stringify` does, which ECMAScript specifies character by character;
 * - no whitespace; the text is UTF-8 without a byte-order mark.
 *
 * `parseCanonical` accepts bytes only if re-encoding the parsed value gives
 * the same bytes back, so "canonical" is checked by construction rather than
 * by a second grammar that could drift from the encoder.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { err, ok, type Result } from './result.ts';

/** A JSON value as the engine signs, hashes and stores it. */
export type Json =
  null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** A JSON object. */
export type JsonObject = { readonly [key: string]: Json };

/** Bounds a decoder enforces on untrusted canonical JSON. */
export interface JsonLimits {
  /** Most UTF-8 bytes in the whole text. */
  readonly maxBytes: number;
  /** Deepest nesting of arrays and objects (the top-level value is depth 1). */
  readonly maxDepth: number;
  /** Most UTF-16 code units in one string. */
  readonly maxStringLength: number;
  /** Most elements in one array. */
  readonly maxArrayLength: number;
  /** Most keys in one object. */
  readonly maxObjectKeys: number;
}

/** Why untrusted bytes are not canonical JSON within the limits. */
export type JsonError =
  | 'ERR_TOO_LARGE'
  | 'ERR_UTF8'
  | 'ERR_DEPTH'
  | 'ERR_JSON'
  | 'ERR_NUMBER'
  | 'ERR_STRING'
  | 'ERR_KEY'
  | 'ERR_ARRAY_LENGTH'
  | 'ERR_OBJECT_SIZE'
  | 'ERR_NONCANONICAL';

/** Keys start with a letter: no `__proto__` or other magic names reach a consumer. */
const KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** In a `u` regex a surrogate pair is one code point, so this finds lone surrogates only. */
const LONE_SURROGATE = /\p{Cs}/u;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Encodes a value as canonical JSON text.
 *
 * Throws a `TypeError` naming the path of anything that is not a canonical
 * JSON value (a fraction, `undefined`, a lone surrogate, a bad key): engine
 * code only encodes values it built itself, so that is a bug, not bad input.
 */
export function encodeCanonical(value: Json): string {
  return encodeAt(value, '$');
}

function encodeAt(value: Json, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isSafeInteger(value) || Object.is(value, -0)) {
        throw new TypeError(`${path}: ${value} is not a safe integer`);
      }
      return String(value);
    case 'string':
      if (LONE_SURROGATE.test(value)) throw new TypeError(`${path}: lone surrogate in string`);
      return JSON.stringify(value);
    case 'object':
      break;
    default:
      throw new TypeError(`${path}: ${typeof value} is not JSON`);
  }
  if (Array.isArray(value)) {
    const items = value as readonly Json[];
    return `[${items.map((item, i) => encodeAt(item, `${path}[${i}]`)).join(',')}]`;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new TypeError(`${path}: not a plain object`);
  }
  const object = value as JsonObject;
  const keys = Object.keys(object).sort();
  const parts = keys.map((key) => {
    if (!KEY.test(key)) throw new TypeError(`${path}: bad key ${JSON.stringify(key)}`);
    return `${JSON.stringify(key)}:${encodeAt(object[key] as Json, `${path}.${key}`)}`;
  });
  return `{${parts.join(',')}}`;
}

/** Encodes a value as canonical JSON bytes (UTF-8). Throws as `encodeCanonical`. */
export function encodeCanonicalBytes(value: Json): Uint8Array {
  return utf8ToBytes(encodeCanonical(value));
}

/**
 * Decodes untrusted canonical JSON bytes within `limits`. Never throws.
 *
 * Accepts a string too (as received from a text channel); it is measured and
 * compared as its UTF-8 bytes.
 */
export function parseCanonical(
  input: Uint8Array | string,
  limits: JsonLimits,
): Result<Json, JsonError> {
  // Every UTF-16 unit is at least one UTF-8 byte: refuse huge strings before encoding them.
  if (input.length > limits.maxBytes) return err('ERR_TOO_LARGE');
  let bytes: Uint8Array;
  let text: string;
  if (typeof input === 'string') {
    if (LONE_SURROGATE.test(input)) return err('ERR_UTF8');
    text = input;
    bytes = utf8ToBytes(input);
    if (bytes.length > limits.maxBytes) return err('ERR_TOO_LARGE');
  } else {
    bytes = input;
    try {
      text = utf8.decode(input);
    } catch {
      return err('ERR_UTF8');
    }
  }
  // JSON.parse recurses on nesting; bound the depth before handing it the text.
  if (nestingDepth(text, limits.maxDepth) > limits.maxDepth) return err('ERR_DEPTH');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return err('ERR_JSON');
  }
  const checked = checkValue(value, limits);
  if (checked !== null) return err(checked);
  const again = encodeCanonicalBytes(value as Json);
  if (!equalBytes(again, bytes)) return err('ERR_NONCANONICAL');
  return ok(value as Json);
}

/** Deepest bracket nesting outside strings, counting stops once past `stop`. */
function nestingDepth(text: string, stop: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) max = depth;
      if (max > stop) return max;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return max;
}

/** Checks what JSON.parse produced against the value rules and limits; null when fine. */
function checkValue(value: unknown, limits: JsonLimits): JsonError | null {
  switch (typeof value) {
    case 'boolean':
      return null;
    case 'number':
      return Number.isSafeInteger(value) && !Object.is(value, -0) ? null : 'ERR_NUMBER';
    case 'string':
      return checkString(value, limits);
    case 'object':
      break;
    default:
      return 'ERR_JSON';
  }
  if (value === null) return null;
  if (Array.isArray(value)) {
    if (value.length > limits.maxArrayLength) return 'ERR_ARRAY_LENGTH';
    for (const item of value) {
      const bad = checkValue(item, limits);
      if (bad !== null) return bad;
    }
    return null;
  }
  const keys = Object.keys(value);
  if (keys.length > limits.maxObjectKeys) return 'ERR_OBJECT_SIZE';
  for (const key of keys) {
    if (!KEY.test(key)) return 'ERR_KEY';
    const bad = checkValue((value as Record<string, unknown>)[key], limits);
    if (bad !== null) return bad;
  }
  return null;
}

function checkString(value: string, limits: JsonLimits): JsonError | null {
  if (value.length > limits.maxStringLength) return 'ERR_STRING';
  return LONE_SURROGATE.test(value) ? 'ERR_STRING' : null;
}

/** Byte equality; the inputs are public, so an early exit leaks nothing. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** SHA-256 of bytes as 64 lowercase hex characters. */
export function sha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

/** Domain tag of state hashes, so no state hash can collide with an event hash by construction. */
const STATE_DOMAIN = utf8ToBytes('fair-deal/state/v1\n');

/**
 * The hash every replica compares: SHA-256 over a domain tag and the
 * canonical encoding of a state value, as 64 lowercase hex characters.
 * Two replicas with byte-identical state get the same hash; any difference
 * in any field changes it.
 */
export function stateHash(state: Json): string {
  const body = encodeCanonicalBytes(state);
  const message = new Uint8Array(STATE_DOMAIN.length + body.length);
  message.set(STATE_DOMAIN, 0);
  message.set(body, STATE_DOMAIN.length);
  return sha256Hex(message);
}

/** True when `value` is `length` bytes written as lowercase hex. */
export function isHex(value: unknown, length: number): value is string {
  return typeof value === 'string' && value.length === length * 2 && /^[0-9a-f]*$/.test(value);
}

/** True for a plain object (not null, not an array): the first check on untrusted JSON. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
