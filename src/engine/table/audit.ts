/**
 * Opening every card after the audit. With each seat's published deck secret
 * and re-mask factors, anyone can rebuild the scalar behind every layer key
 * and read every card still on the table: the second line of defence
 * after the proofs (DESIGN.md, Audit).
 */
import { G, ORDER, cardIndex, decodeScalar, fromHex, invertScalar } from '../../../crypto/index.ts';
import { BASE_KEY, deckId } from './fold.ts';
import type { TableState } from './types.ts';
import { readPoint, writePoint } from './points.ts';

const scalar = (hex: string): bigint => decodeScalar(fromHex(hex));

/** Every layer key whose scalar the published audit reveals, with that scalar. */
export function auditKeyring(state: TableState<unknown>): Map<string, bigint> {
  const scalars = new Map<string, bigint>([[BASE_KEY, 1n]]);
  state.audit.forEach((record, seat) => {
    if (!record) return;
    const e = scalar(record.secret);
    scalars.set(writePoint(G.multiply(e)), e);
    // Replay the seat's re-masks in order: each turned key K into r·K.
    (state.remasks[seat] ?? []).forEach((remask, i) => {
      const r = scalar(record.remasks[i]!);
      for (const key of remask.keys) {
        const s = scalars.get(key);
        if (s !== undefined) scalars.set(writePoint(readPoint(key).multiply(r)), (s * r) % ORDER);
      }
    });
  });
  return scalars;
}

/** The face of every card on the table as the audit opens it; -1 where a layer stays closed. */
export function openWithAudit(state: TableState<unknown>): number[] {
  const scalars = auditKeyring(state);
  return state.cards.map((card) => {
    let p = readPoint(card.c);
    for (const layer of card.layers) {
      const s = scalars.get(layer.key);
      if (s === undefined) return -1;
      p = p.multiply(invertScalar(s));
    }
    return cardIndex(deckId(state.genesis), state.genesis.deckSize, p);
  });
}
