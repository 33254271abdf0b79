/**
 * Opening every card after the audit. With the secret of every public key
 * each seat introduced (shuffle keys, re-key keys, re-mask factors), anyone
 * can rebuild the scalar behind every layer key and read every card of every
 * deck still on the table: the second line of defence after the proofs
 * (docs/design.md, Cryptography: the audit).
 */
import { ORDER, decodeScalar, fromHex, openCard } from '../../../crypto/index.ts';
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

/**
 * The face of card `id` held as `card` at `state`, with the secrets in
 * `scalars` (`auditKeyring`); -1 where a layer stays closed.
 */
export function openWith(
  scalars: ReadonlyMap<string, bigint>,
  state: TableState<unknown>,
  id: CardId,
  card: Pick<TableCard, 'c' | 'layers'>,
): number {
  const layers = card.layers.map((layer) => scalars.get(layer.key));
  if (!layers.every((s) => s !== undefined)) return -1;
  return faceOf(state, id, openCard(readPoint(card.c), layers));
}

/** The face of every card on the table (its index in its deck) as the audit opens it; -1 where a layer stays closed. */
export function openWithAudit(state: TableState<unknown>): number[] {
  const scalars = auditKeyring(state);
  return state.cards.map((card, id) => openWith(scalars, state, id, card));
}

/**
 * The faces of every exhibit the game recorded, as the audit opens them: the
 * cards as they were when recorded, whatever became of their ids since.
 */
export function openExhibits(state: TableState<unknown>): number[][] {
  const scalars = auditKeyring(state);
  return state.exhibits.map((exhibit) =>
    exhibit.cards.map((id, i) => openWith(scalars, state, id, exhibit.snapshot[i]!)),
  );
}
