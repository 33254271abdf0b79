/**
 * A show's fresh keys: before the cards of a show are copied, every member
 * moves its layer on each of them to one fresh key of its own.
 *
 * Why: the copies of a show are public, and each ends under its member's
 * layer alone. With that layer the member's key of the card's shuffle round,
 * fixed for the whole army, a copy is `e·P(face)`: the same card shown again
 * (after a Slacker and a re-mask, which hide it in its owner's hand) would
 * give a byte-identical copy, and a bystander who never saw the face would
 * learn that the two fights saw one card. Under a fresh key per show every
 * point of the show (the re-keyed cards, the public unlocks, the copies) is
 * new, so nothing public links one show to another.
 *
 * Member `m` picks a fresh `k` and publishes `K = k·G`; each card `C_i`, on
 * which `m`'s layer has the key `K_i = s_i·G` (or `G` where it has none, so
 * the step adds its layer), becomes `C'_i = (k/s_i)·C_i`, with a
 * Chaum–Pedersen proof that `log_{K_i} K = log_{C_i} C'_i`: the card then
 * carries `m`'s layer under `K` and every other layer as before. The proof
 * shows `m` knows `k/s_i`, and so `k` (it knows `s_i`): `K` goes into `m`'s
 * `pubs`, and its audit opens it like any key. A card of the show keeps its
 * new layers after it: a reveal, a deal or a re-mask takes them off as any.
 */
import type { CardId, Seat } from '../game.ts';
import { err, ok, type Result } from '../result.ts';
import type { Decoded } from './bodies.ts';
import { dleqCheck, type Checks } from './checks.ts';
import { proofContext } from './context.ts';
import { readEncoding, writeEncoding } from './points.ts';
import { BASE_KEY } from './remask.ts';
import type { Layer, Step, TableCard, TableState } from './types.ts';

/** The key `seat`'s layer on `card` moves from: its layer's, or `G` where it has none. */
export function showBase(card: TableCard, seat: Seat): string {
  return card.layers.find((l) => l.seat === seat)?.key ?? BASE_KEY;
}

/** The context of the proof that moves `seat`'s layer on `card` to its fresh key for the show. */
export const showKeyContext = (state: TableState<unknown>, seat: Seat, card: CardId): Uint8Array =>
  proofContext(state, 'REKEY', seat, { purpose: 'show key', cards: [card] });

/**
 * Checks and applies a REKEY: one proof per card of the show, each card then
 * under the author's fresh key in place of its old layer, and the key added
 * to the author's `pubs`. The state's step is left to the caller.
 */
export function applyRekey<S>(
  state: TableState<S>,
  author: Seat,
  body: Extract<Decoded, { type: 'REKEY' }>,
  checks: Checks,
): Result<TableState<S>, 'ERR_SHAPE' | 'ERR_PROOF'> {
  const step = state.step as Extract<Step, { type: 'REKEY' }>;
  const n = step.cards.length;
  if (body.rekeyed.length !== n || body.rekeys.length !== n) return err('ERR_SHAPE');
  const proven = step.cards.every((id, i) => {
    const card = state.cards[id]!;
    const statement = [
      readEncoding(showBase(card, author)),
      body.key,
      readEncoding(card.c),
      body.rekeyed[i]!,
    ] as const;
    return checks(dleqCheck(showKeyContext(state, author, id), statement, body.rekeys[i]!));
  });
  if (!proven) return err('ERR_PROOF');
  const key = writeEncoding(body.key);
  const layer: Layer = { seat: author, key };
  const cards = [...state.cards];
  step.cards.forEach((id, i) => {
    const card = cards[id]!;
    cards[id] = {
      ...card,
      c: writeEncoding(body.rekeyed[i]!),
      layers: [...card.layers.filter((l) => l.seat !== author), layer],
    };
  });
  const pubs = state.pubs.map((list, seat) => (seat === author ? [...list, key] : list));
  return ok({ ...state, cards, pubs });
}
