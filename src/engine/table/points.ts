/**
 * Points in the table state are base64 text, so the state stays plain JSON.
 * These are the only ways in and out; `readPoint` uses crypto/'s canonical
 * decoder, which refuses invalid encodings and the identity.
 */
import {
  decodePoints,
  encodePoints,
  fromBase64,
  joinPoints,
  splitPoints,
  toBase64,
  type Point,
} from '../../../crypto/index.ts';

/** One point from its base64 text in the table state. */
export const readPoint = (text: string): Point => decodePoints(fromBase64(text))[0] as Point;

/** A list of points as one base64 text (event bodies). */
export const writePoints = (points: readonly Point[]): string => toBase64(encodePoints(points));

/** One point as base64 text (the table state). */
export const writePoint = (p: Point): string => writePoints([p]);

/**
 * One point's encoding from its base64 text in the table state, not decoded:
 * for the fold, which only hands points on to proof checks and the state.
 */
export const readEncoding = (text: string): Uint8Array => splitPoints(fromBase64(text))[0]!;

/** A point's encoding as base64 text in the table state: the text `writePoint` writes for the point. */
export const writeEncoding = (encoding: Uint8Array): string => toBase64(joinPoints([encoding]));
