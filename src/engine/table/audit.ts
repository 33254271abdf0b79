/**
 * Opening every card after the audit. With each seat's published deck secret
 * and re-mask factors, anyone can rebuild the scalar behind every layer key
 * and read every card still on the table: the second line of defence
 * after the proofs (DESIGN.md, Audit).
 */
import {
  G,
  ORDER,
  cardIndex,
  decodePoints,
  decodeScalar,
  encodePoints,
  fromBase64,
  fromHex,
  invertScalar,
  toBase64,
  type Point,
} from '../../../crypto/index.ts';
import { BASE_KEY, deckId } from './fold.ts';
import type { TableState } from './types.ts';

const point = (s: string): Point => decodePoints(fromBase64(s))[0] as Point;
const b64 = (p: Point): string => toBase64(encodePoints([p]));
const scalar = (hex: string): bigint => decodeScalar(fromHex(hex));

/** Every layer key whose scalar the published audit reveals, with that scalar. */
export function auditKeyring(state: TableState<unknown>): Map<string, bigint> {
  const scalars = new Map<string, bigint>([[BASE_KEY, 1n]]);
  state.audit.forEach((record, seat) => {
    if (!record) return;
    const e = scalar(record.secret);
    scalars.set(b64(G.multiply(e)), e);
    // Replay the seat's re-masks in order: each turned key K into r·K.
    (state.remasks[seat] ?? []).forEach((remask, i) => {
      const r = scalar(record.remasks[i]!);
      for (const key of remask.keys) {
        const s = scalars.get(key);
        if (s !== undefined) scalars.set(b64(point(key).multiply(r)), (s * r) % ORDER);
      }
    });
  });
  return scalars;
}

/** The face of every card on the table as the audit opens it; -1 where a layer stays closed. */
export function openWithAudit(state: TableState<unknown>): number[] {
  const scalars = auditKeyring(state);
  return state.cards.map((card) => {
    let p = point(card.c);
    for (const layer of card.layers) {
      const s = scalars.get(layer.key);
      if (s === undefined) return -1;
      p = p.multiply(invertScalar(s));
    }
    return cardIndex(deckId(state.genesis), state.genesis.deckSize, p);
  });
}
