/**
 * Opening every card after the audit. With the secret of every public key
 * each seat introduced (shuffle keys, re-key keys, re-mask factors), anyone
 * can rebuild the scalar behind every layer key and read every card of every
 * deck still on the table: the second line of defence after the proofs
 * (DESIGN.md, Audit).
 */
import { ORDER, decodeScalar, fromHex, invertScalar } from '../../../crypto/index.ts';
import type { CardId } from '../game.ts';
import { faceOf } from './decks.ts';
import type { TableCard, TableState } from './types.ts';
import { readPoint, writePoint } from './points.ts';

/** Every layer key whose scalar the published audit reveals, with that scalar. */
export function auditKeyring(state: TableState<unknown>): Map<string, bigint> {
  const scalars = new Map<string, bigint>();
  state.audit.forEach((record, seat) => {
    if (!record) return;
    state.pubs[seat]!.forEach((pub, i) => {
      scalars.set(pub, decodeScalar(fromHex(record.secrets[i]!)));
    });
    // A re-mask leaves its cards under r·K: the re-key secret times the factor.
    for (const { key, pub } of state.remasks[seat]!) {
      const k = scalars.get(key)!;
      const r = scalars.get(pub)!;
      scalars.set(writePoint(readPoint(key).multiply(r)), (k * r) % ORDER);
    }
  });
  return scalars;
}

/** The face of card `id` held as `card`, with the secrets in `scalars`; -1 where a layer stays closed. */
function open(
  state: TableState<unknown>,
  scalars: ReadonlyMap<string, bigint>,
  id: CardId,
  card: TableCard,
): number {
  let p = readPoint(card.c);
  for (const layer of card.layers) {
    const s = scalars.get(layer.key);
    if (s === undefined) return -1;
    p = p.multiply(invertScalar(s));
  }
  return faceOf(state, id, p);
}

/** The face of every card on the table (its index in its deck) as the audit opens it; -1 where a layer stays closed. */
export function openWithAudit(state: TableState<unknown>): number[] {
  const scalars = auditKeyring(state);
  return state.cards.map((card, id) => open(state, scalars, id, card));
}

/**
 * The faces of every exhibit the game recorded, as the audit opens them: the
 * cards as they were when recorded, whatever became of their ids since.
 */
export function openExhibits(state: TableState<unknown>): number[][] {
  const scalars = auditKeyring(state);
  return state.exhibits.map((exhibit) =>
    exhibit.cards.map((id, i) => open(state, scalars, id, exhibit.snapshot[i]!)),
  );
}
