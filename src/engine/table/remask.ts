/**
 * The hand re-mask, in two proven parts that travel in one REMASK event.
 *
 * 1. Re-key: the owner picks a fresh `k` and publishes `K = k·G`; each hand
 *    card `(C_i, K_i)` (`K_i` its own single layer key, or `G` for a public
 *    card) becomes `C'_i = (k/s_i)·C_i`, with a DLEQ proof that
 *    `log_{K_i} K = log_{C_i} C'_i`. Every row is now `(C'_i, K)`.
 * 2. Shuffle: the rows `(C'_i, K)`, which all share `K`, are permuted and
 *    multiplied by a fresh `r` (`pub = r·G`) with the row shuffle proof.
 *
 * Every output row carries the same key `r·K`, so no key, point or size of a
 * group of keys tells one output card from another: a card that was public
 * (shown in an attack) is as lost among the others as any.
 */
import { G } from '../../../crypto/index.ts';
import type { CardId, Seat } from '../game.ts';
import { err, ok, type Result } from '../result.ts';
import type { Decoded } from './bodies.ts';
import { dleqCheck, shuffleCheck, type Checks } from './checks.ts';
import { proofContext } from './context.ts';
import { readEncoding, writeEncoding, writePoint } from './points.ts';
import type { Step, TableCard, TableState } from './types.ts';

/** The key `G` in base64: the "layer" of a card with none, as in the row `(P, G)` of a shown card. */
export const BASE_KEY = writePoint(G);

/**
 * The key of the row `(C, K)` that `seat` re-masks: its own single layer, or
 * `G` for a card whose every layer is off (a shown card taken back into a
 * hand). Null for a card under anyone else's layer.
 */
export function remaskKey(card: TableCard, seat: Seat): string | null {
  if (card.layers.length === 0) return BASE_KEY;
  const [layer, ...rest] = card.layers;
  return rest.length === 0 && layer!.seat === seat ? layer!.key : null;
}

/** The context of the re-key proof of one card. */
export const rekeyContext = (state: TableState<unknown>, seat: Seat, card: CardId): Uint8Array =>
  proofContext(state, 'REMASK', seat, { purpose: 'rekey', cards: [card] });

/** The context of the re-mask's shuffle of the hand. */
export const remaskContext = (
  state: TableState<unknown>,
  seat: Seat,
  cards: readonly CardId[],
): Uint8Array => proofContext(state, 'REMASK', seat, { purpose: 'remask', cards });

/**
 * Checks and applies a REMASK: every re-key proof, then the shuffle of the
 * re-keyed rows. The state's step is left to the caller (the game is told).
 */
export function applyRemask<S>(
  state: TableState<S>,
  author: Seat,
  body: Extract<Decoded, { type: 'REMASK' }>,
  checks: Checks,
): Result<TableState<S>, 'ERR_SHAPE' | 'ERR_PROOF'> {
  const step = state.step as Extract<Step, { type: 'REMASK' }>;
  const keys = step.cards.map((id) => remaskKey(state.cards[id]!, author));
  if (keys.some((k) => k === null)) return err('ERR_SHAPE');
  const n = step.cards.length;
  if (body.rekeyed.length !== n || body.rekeys.length !== n || body.rows.length !== n)
    return err('ERR_SHAPE');
  if (body.rows.some((row) => row.length !== 2)) return err('ERR_SHAPE');
  const rekeyed = step.cards.every((id, i) => {
    const C = readEncoding(state.cards[id]!.c);
    const statement = [readEncoding(keys[i]!), body.key, C, body.rekeyed[i]!] as const;
    return checks(dleqCheck(rekeyContext(state, author, id), statement, body.rekeys[i]!));
  });
  if (!rekeyed) return err('ERR_PROOF');
  const input = body.rekeyed.map((c) => [c, body.key]);
  const ctx = remaskContext(state, author, step.cards);
  if (!checks(shuffleCheck(ctx, body.pub, input, body.rows, body.proof))) return err('ERR_PROOF');
  const cards = [...state.cards];
  const faces = [...state.faces];
  step.cards.forEach((id, i) => {
    const [c, key] = body.rows[i]!;
    cards[id] = {
      ...cards[id]!,
      c: writeEncoding(c!),
      layers: [{ seat: author, key: writeEncoding(key!) }],
    };
    // The ids now name a permutation of the old cards: nobody else may keep what they knew.
    faces[id] = null;
  });
  const remask = { key: writeEncoding(body.key), pub: writeEncoding(body.pub), cards: step.cards };
  const add = <T>(lists: readonly (readonly T[])[], ...items: T[]) =>
    lists.map((list, seat) => (seat === author ? [...list, ...items] : list));
  return ok({
    ...state,
    cards,
    faces,
    // A copy shown before names the card its id held then, which may now be another.
    copies: state.copies.filter((copy) => !step.cards.includes(copy.card)),
    pubs: add(state.pubs, remask.key, remask.pub),
    remasks: add(state.remasks, remask),
  });
}
