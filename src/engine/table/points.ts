/**
 * Points in the table state are base64 text, so the state stays plain JSON.
 * These are the only ways in and out; `readPoint` uses crypto/'s canonical
 * decoder, which refuses invalid encodings and the identity.
 */
import {
  decodePoints,
  encodePoints,
  fromBase64,
  toBase64,
  type Point,
} from '../../../crypto/index.ts';

/** One point from its base64 text in the table state. */
export const readPoint = (text: string): Point => decodePoints(fromBase64(text))[0] as Point;

/** A list of points as one base64 text (event bodies). */
export const writePoints = (points: readonly Point[]): string => toBase64(encodePoints(points));

/** One point as base64 text (the table state). */
export const writePoint = (p: Point): string => writePoints([p]);
