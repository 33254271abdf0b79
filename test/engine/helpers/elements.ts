/**
 * The group elements a wire body or a table state carries, as hex: what a privacy test
 * compares with the face points of a deck.
 */
import {
  Kind,
  decodeDleqProof,
  decodeUnlockProof,
  encodePoint,
  fromBase64,
  splitPoints,
  toHex,
} from '../../../crypto/index.ts';
import type { Json } from '../../../src/engine/encoding.ts';

/** Every group element of a wire body, as hex: each point of a list and each proof's commitments. */
export function elements(value: Json): string[] {
  return strings(value).flatMap((s) => {
    const bytes = decoded(s);
    return bytes ? elementsOf(bytes) : [];
  });
}

/**
 * Every 32 bytes a value holds anywhere that may be a point, as hex: each point of a
 * list and each proof's commitments, and any string of 32 bytes, in hex or base64.
 */
export function anyPoints(value: Json): string[] {
  return strings(value).flatMap((s) => {
    if (/^[0-9a-f]{64}$/.test(s)) return [s];
    const bytes = decoded(s);
    if (!bytes) return [];
    if (bytes.length === 32) return [toHex(bytes)];
    // Text that happens to read as base64 holds no points: its bytes parse as none.
    try {
      return elementsOf(bytes);
    } catch {
      return [];
    }
  });
}

const strings = (value: Json): string[] =>
  Array.isArray(value)
    ? value.flatMap(strings)
    : value !== null && typeof value === 'object'
      ? Object.values(value).flatMap(strings)
      : typeof value === 'string'
        ? [value]
        : [];

function decoded(value: string): Uint8Array | null {
  try {
    return fromBase64(value);
  } catch {
    return null;
  }
}

function elementsOf(bytes: Uint8Array): string[] {
  switch (bytes[0]) {
    case Kind.points:
      return splitPoints(bytes).map(toHex);
    case Kind.unlockProof: {
      const { T1, T2 } = decodeUnlockProof(bytes);
      return [T1, T2].map((p) => toHex(encodePoint(p)));
    }
    case Kind.dleqProof: {
      const { T1, T2 } = decodeDleqProof(bytes);
      return [T1, T2].map((p) => toHex(encodePoint(p)));
    }
    default:
      return [];
  }
}
