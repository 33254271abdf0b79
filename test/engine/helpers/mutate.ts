/**
 * Mutations of recorded event bodies, for the fuzz tests: numbers that pick
 * what to change (`Recipe`, drawn by fast-check), and `mutate`, which applies
 * one to a body, grafting fields and bytes taken from other recorded bodies.
 */
import fc from 'fast-check';
import {
  ORDER,
  encodeScalar,
  fromBase64,
  fromHex,
  toBase64,
  toHex,
} from '../../../crypto/index.ts';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';

type Path = (string | number)[];

/** Every node of `value` (the root too), by path. */
export function nodes(value: Json, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [at];
  const children = Array.isArray(value)
    ? value.map((v, i) => nodes(v, [...at, i]))
    : Object.entries(value).map(([k, v]) => nodes(v, [...at, k]));
  return [at, ...children.flat()];
}

const getAt = (value: Json, path: Path): Json =>
  path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k]!, value);

/** A copy of `root` with the node at `path` replaced by `edit(node)` (or removed for `undefined`). */
function editAt(root: Json, path: Path, edit: (node: Json) => Json | undefined): Json {
  if (path.length === 0) return edit(root) ?? null;
  const [key, ...rest] = path;
  const next =
    rest.length === 0 ? edit(getAt(root, [key!])) : editAt(getAt(root, [key!]), rest, edit);
  if (Array.isArray(root)) {
    const copy = [...root];
    if (next === undefined) copy.splice(key as number, 1);
    else copy[key as number] = next;
    return copy;
  }
  const copy = { ...(root as JsonObject) };
  delete copy[key as string];
  if (next !== undefined) setOwn(copy, key as string, next);
  return copy;
}

/** Sets an own property, even one named `__proto__`, as `JSON.parse` would. */
const setOwn = (object: JsonObject, key: string, value: Json): void => {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
};

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];

/** Binary payloads travel as lowercase hex (scalars, hashes) or base64 (points, proofs). */
function asBytes(text: string): { bytes: Uint8Array; encode: (b: Uint8Array) => string } | null {
  if (text.length > 0 && text.length % 2 === 0 && /^[0-9a-f]+$/.test(text))
    return { bytes: fromHex(text), encode: toHex };
  try {
    return { bytes: fromBase64(text), encode: toBase64 };
  } catch {
    return null;
  }
}

const littleEndian = (x: bigint): Uint8Array => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
};

/** 32-byte values that break a point or scalar: identity / zero, ℓ, p, a negative s, all ones. */
const SPECIAL_32 = [
  new Uint8Array(32),
  littleEndian(ORDER),
  littleEndian(ORDER + 1n),
  littleEndian(2n ** 255n - 19n),
  encodeScalar(1n),
  new Uint8Array(32).fill(0xff),
];

/** Values that break a field's type or range. */
const HOSTILE: Json[] = [
  0,
  1,
  -1,
  0.5,
  -0,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  '',
  'A',
  '00',
  'AAAA',
  '='.repeat(4),
  'x'.repeat(5000),
  null,
  true,
  false,
  [],
  [null],
  {},
  { type: 'AUDIT' },
];

/** Field names from every body type, plus names that trip careless object handling. */
const NAMES = [
  'type',
  'genesis',
  'pub',
  'proof',
  'rows',
  'shares',
  'points',
  'action',
  'hash',
  'bit',
  'salt',
  'secret',
  'remasks',
  'seat',
  'seen',
  '__proto__',
  'constructor',
  'toString',
  'x',
];

/** What mutations borrow from: every recorded body, and every byte string in them of 32 bytes or more. */
export interface Pool {
  readonly bodies: readonly JsonObject[];
  readonly donors: readonly Uint8Array[];
}

export function poolOf(bodies: readonly JsonObject[]): Pool {
  const donors = bodies
    .flatMap((body) => nodes(body).map((path) => getAt(body, path)))
    .flatMap((v) => (typeof v === 'string' ? [asBytes(v)?.bytes ?? new Uint8Array()] : []))
    .filter((b) => b.length >= 32);
  return { bodies, donors };
}

/** A mutation, as numbers that pick what to change; applied by `mutate`. */
export interface Recipe {
  readonly op: (typeof OPS)[number];
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly value: Json;
}

export const OPS = [
  'drop',
  'add',
  'rename',
  'replace',
  'bytes',
  'text',
  'array',
  'swap',
  'graft',
  'retype',
] as const;

export const recipe: fc.Arbitrary<Recipe> = fc.record({
  op: fc.constantFrom(...OPS),
  a: fc.nat(),
  b: fc.nat(),
  c: fc.nat(),
  value: fc.oneof(fc.constantFrom(...HOSTILE), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>),
});

/** Mutates one byte string: truncate, extend, flip a bit, or overwrite / swap a 32-byte slot. */
function mutateBytes(bytes: Uint8Array, r: Recipe, donors: readonly Uint8Array[]): Uint8Array {
  // Points and scalars sit at 32-byte slots after a header of (length mod 32) bytes.
  const header = bytes.length % 32;
  const slots = Math.floor(bytes.length / 32);
  const slot = (n: number) => header + 32 * (n % Math.max(slots, 1));
  const out = bytes.slice();
  switch (r.b % 6) {
    case 0:
      return bytes.slice(0, r.c % Math.max(bytes.length, 1));
    case 1:
      return Uint8Array.from([
        ...bytes,
        ...(pick(donors, r.c) ?? new Uint8Array(1)).slice(0, 1 + (r.a % 40)),
      ]);
    case 2:
      if (bytes.length === 0) return Uint8Array.of(r.c & 0xff);
      out[r.c % bytes.length]! ^= 1 << (r.a % 8);
      return out;
    case 3:
      if (slots > 0) out.set(SPECIAL_32[r.c % SPECIAL_32.length]!, slot(r.a));
      return out;
    case 4: {
      // A valid point (or scalar) taken from this or another event.
      const donor = pick(donors, r.c);
      if (slots > 0 && donor && donor.length >= 32) {
        const from = (donor.length % 32) + 32 * (r.a % Math.floor(donor.length / 32));
        out.set(donor.subarray(from, from + 32), slot(r.a >> 3));
      }
      return out;
    }
    default: {
      if (slots < 2) return out;
      const [i, j] = [slot(r.a), slot(r.c)];
      out.set(bytes.subarray(j, j + 32), i);
      out.set(bytes.subarray(i, i + 32), j);
      return out;
    }
  }
}

/** Character-level damage to a string: case, padding, a character dropped or added. */
function mutateText(text: string, r: Recipe): string {
  const at = r.c % (text.length + 1);
  switch (r.b % 5) {
    case 0:
      return text.toUpperCase();
    case 1:
      return text + '=';
    case 2:
      return text.slice(0, at) + text.slice(at + 1);
    case 3:
      return text.slice(0, at) + ' ' + text.slice(at);
    default:
      return text.slice(0, at) + String.fromCharCode(r.a % 0x250) + text.slice(at + 1);
  }
}

function mutateArray(list: Json[], r: Recipe, other: Json | undefined): Json[] {
  const i = r.c % Math.max(list.length, 1);
  switch (r.b % 5) {
    case 0:
      return [];
    case 1:
      return list.length === 0
        ? [r.value]
        : [...list.slice(0, i + 1), list[i]!, ...list.slice(i + 1)];
    case 2:
      return list.filter((_, k) => k !== i);
    case 3:
      return [...list].reverse();
    default:
      return Array.isArray(other) && other.length > 0
        ? [...list, other[r.a % other.length]!]
        : [...list, r.value];
  }
}

/** Applies `r` to `body`, taking grafts and donor bytes from `pool`. */
export function mutate(body: JsonObject, r: Recipe, pool: Pool): JsonObject {
  const all = nodes(body);
  const inner = all.filter((p) => p.length > 0);
  const objects = all.filter((p) => {
    const v = getAt(body, p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
  const strings = inner.filter((p) => typeof getAt(body, p) === 'string');
  const arrays = all.filter((p) => Array.isArray(getAt(body, p)));
  const other = pick(pool.bodies, r.c)!;
  const edit = (path: Path | undefined, f: (node: Json) => Json | undefined): JsonObject =>
    path === undefined ? { ...body, x: r.value } : (editAt(body, path, f) as JsonObject);
  switch (r.op) {
    case 'drop': {
      const path = pick(
        inner.filter((p) => typeof p.at(-1) === 'string'),
        r.a,
      );
      return edit(path, () => undefined);
    }
    case 'add':
      return edit(pick(objects, r.a), (node) => {
        const copy = { ...(node as JsonObject) };
        setOwn(copy, pick(NAMES, r.b)!, r.value);
        return copy;
      });
    case 'rename': {
      const path = pick(
        inner.filter((p) => typeof p.at(-1) === 'string'),
        r.a,
      );
      if (path === undefined) return edit(path, () => undefined);
      const value = getAt(body, path);
      const renamed = editAt(body, path, () => undefined) as JsonObject;
      return editAt(renamed, path.slice(0, -1), (node) => {
        const copy = { ...(node as JsonObject) };
        setOwn(copy, pick(NAMES, r.b)!, value);
        return copy;
      }) as JsonObject;
    }
    case 'replace':
      return edit(pick(inner, r.a), () => r.value);
    case 'bytes':
      return edit(pick(strings, r.a), (node) => {
        const decoded = asBytes(node as string);
        return decoded
          ? decoded.encode(mutateBytes(decoded.bytes, r, pool.donors))
          : mutateText(node as string, r);
      });
    case 'text':
      return edit(pick(strings, r.a), (node) => mutateText(node as string, r));
    case 'array': {
      const path = pick(arrays, r.a);
      return edit(path, (node) => mutateArray(node as Json[], r, safeGet(other, path!)));
    }
    case 'swap': {
      const [p, q] = [pick(strings, r.a), pick(strings, r.b)];
      if (!p || !q) return edit(p, () => r.value);
      const [x, y] = [getAt(body, p), getAt(body, q)];
      return editAt(
        editAt(body, p, () => y),
        q,
        () => x,
      ) as JsonObject;
    }
    case 'graft': {
      // The same field from another event: a point, a proof or a share list that is valid elsewhere.
      const path = pick(inner, r.a);
      const twin = path ? safeGet(other, path) : undefined;
      if (path === undefined || twin === undefined)
        return { ...body, ...other, type: body.type as string };
      return edit(path, () => twin as Json);
    }
    case 'retype':
      return { ...body, type: pick(pool.bodies, r.b)!.type as string };
  }
}

function safeGet(value: Json, path: Path): Json | undefined {
  let v: Json | undefined = value;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, Json>)[k];
    if (v === undefined) return undefined;
  }
  return v;
}

/** Key order aside, the same JSON (a mutation may only reorder fields). */
export const same = (a: Json, b: Json): boolean =>
  JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (v: Json): Json =>
  v === null || typeof v !== 'object'
    ? v
    : Array.isArray(v)
      ? v.map(sorted)
      : Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as JsonObject)[k]!)]),
        );
