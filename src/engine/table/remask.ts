/**
 * Re-keying a seat's layer to a fresh key, proven card by card: a show's
 * fresh keys (REKEY) and the hand re-mask (REMASK).
 *
 * Both move `seat`'s layer on each card `C_i`, whose key is `K_i = s_i·G`
 * (or `G` where it has none, so the step adds its layer), to one fresh key
 * `K = k·G`: the card becomes `C'_i = (k/s_i)·C_i`, with a Chaum–Pedersen
 * proof that `log_{K_i} K = log_{C_i} C'_i`. The proof shows the seat knows
 * `k/s_i`, and so `k` (it knows `s_i`): `K` goes into its `pubs`, and its
 * audit opens it like any key.
 *
 * A show's fresh keys: before the cards of a show are copied, every member
 * re-keys its layer on each of them. The copies of a show are public, and
 * each ends under its member's layer alone. With that layer the member's key
 * of the card's shuffle round, fixed for the whole army, a copy is
 * `e·P(face)`: the same card shown again (after a Slacker and a re-mask,
 * which hide it in its owner's hand) would give a byte-identical copy, and a
 * bystander who never saw the face would learn that the two fights saw one
 * card. Under a fresh key per show every point of the show (the re-keyed
 * cards, the public unlocks, the copies) is new, so nothing public links one
 * show to another. A card keeps its new layers after the show: a reveal, a
 * deal or a re-mask takes them off as any.
 *
 * The hand re-mask, in two proven parts that travel in one REMASK event:
 * 1. Re-key: the owner re-keys every hand card `(C_i, K_i)` (`K_i` its own
 *    single layer key, or `G` for a public card) to `K`. Every row is now
 *    `(C'_i, K)`.
 * 2. Shuffle: the rows `(C'_i, K)`, which all share `K`, are permuted and
 *    multiplied by a fresh `r` (`pub = r·G`) with the row shuffle proof.
 * Every output row carries the same key `r·K`, so no key, point or size of a
 * group of keys tells one output card from another: a card that was public
 * (shown in an attack) is as lost among the others as any.
 */
import {
  ORDER,
  encodeDleqProof,
  encodeRows,
  encodeShuffleProof,
  invertScalar,
  mulBase,
  proveDleq,
  proveShuffle,
  randomScalar,
  toBase64,
  toHex,
} from '../../../crypto/index.ts';
import type { Json } from '../encoding.ts';
import type { CardId, Need, Seat } from '../game.ts';
import { ok } from '../result.ts';
import { BASE_KEY, type Keyring } from './keyring.ts';
import type { Decoded, Encoding, TableBody } from './bodies.ts';
import { dleqCheck, shuffleCheck, type Checks } from './checks.ts';
import { proofContext } from './context.ts';
import { deckIndex } from './decks.ts';
import { readEncoding, readPoint, writeEncoding, writePoint, writePoints } from './points.ts';
import { miscount, proofFailed, refuse, type Folded, type Refusal } from './refusal.ts';
import {
  dutyOf,
  gameActs,
  nextStep,
  type Applied,
  type Owed,
  type StepKind,
  type StepOf,
  type Turn,
} from './step.ts';
import type { Layer, TableCard, TableState } from './types.ts';
import { startUnlock, unlockFor } from './unlock.ts';

/** What a re-key proves of each card: the key its layer moves from, and its proof's context. */
interface Rekeyed {
  readonly card: CardId;
  readonly base: string;
  readonly context: Uint8Array;
}

/**
 * Checks the re-key of every card of `parts` (`rekeyed`, one proof each in
 * `rekeys`) to `key`: the counts, then each card's proof, in order.
 */
function checkRekeys(
  state: TableState<unknown>,
  parts: readonly Rekeyed[],
  body: Extract<Decoded, { type: 'REKEY' | 'REMASK' }>,
  checks: Checks,
): Folded<null> {
  const n = parts.length;
  const wrong =
    miscount('re-keyed cards', body.rekeyed.length, n) ??
    miscount('re-key proofs', body.rekeys.length, n) ??
    staleKey(state, body.key);
  if (wrong) return wrong;
  for (const [i, { card, base, context }] of parts.entries()) {
    const g = readEncoding(base);
    const statement = [g, body.key, readEncoding(state.cards[card]!.c), body.rekeyed[i]!] as const;
    if (!checks(dleqCheck(context, statement, body.rekeys[i]!)))
      return proofFailed('rekey', i, n, [card], g);
  }
  return ok(null);
}

/**
 * A refusal when `key`, which must be fresh, is not: the base point `G` (`k = 1`, a layer
 * that hides nothing: a card re-keyed to it is left a bare face point once the other
 * layers are off, for every bystander to read), or a key already at the table (a card
 * under it would be linked to every other card under it, and its secret may be out).
 */
function staleKey(state: TableState<unknown>, key: Encoding): Refusal | null {
  const written = writeEncoding(key);
  const used = state.pubs.some((pubs) => pubs.includes(written));
  if (written !== BASE_KEY && !used) return null;
  return refuse('ERR_KEY', { kind: 'key', key: toHex(key), used });
}

/** This seat's re-key of every card of `parts` to `K = k·G`: the new points and their proofs. */
function makeRekeys(
  state: TableState<unknown>,
  parts: readonly Rekeyed[],
  k: bigint,
  keyring: Keyring,
) {
  const rekeys = parts.map(({ card, base, context }) => {
    const x = (k * invertScalar(keyring.scalarFor(base))) % ORDER;
    return proveDleq(context, x, readPoint(base), readPoint(state.cards[card]!.c));
  });
  return {
    points: rekeys.map((rekey) => rekey.v),
    rekeyed: writePoints(rekeys.map((rekey) => rekey.v)),
    rekeys: rekeys.map((rekey) => toBase64(encodeDleqProof(rekey.proof))),
  };
}

const withPub = <T>(lists: readonly (readonly T[])[], seat: Seat, ...items: T[]) =>
  lists.map((list, s) => (s === seat ? [...list, ...items] : list));

/** The member whose turn it is owes its REKEY. */
export const owesRekey = (step: StepOf<'REKEY'>): Owed[] => [
  { seat: step.to[step.next]!, kind: 'REKEY' },
];

/** The key `seat`'s layer on `card` moves from for a show: its layer's, or `G` where it has none. */
function showBase(card: TableCard, seat: Seat): string {
  return card.layers.find((l) => l.seat === seat)?.key ?? BASE_KEY;
}

/** What `seat`'s REKEY proves of each card of the show. */
const showParts = (state: TableState<unknown>, step: StepOf<'REKEY'>, seat: Seat): Rekeyed[] =>
  step.cards.map((id) => ({
    card: id,
    base: showBase(state.cards[id]!, seat),
    context: proofContext(state, 'REKEY', seat, { purpose: 'show key', cards: [id] }),
  }));

/**
 * Checks and applies a REKEY: one proof per card of the show, each card then
 * under the author's fresh key in place of its old layer, and the key added
 * to the author's `pubs`. The next member re-keys in turn; after the last,
 * the show goes on as an unlock of everyone else's layers.
 */
export function applyRekey<S extends Json>(
  { state, step, game, author, checks }: Turn<S, 'REKEY'>,
  body: Extract<Decoded, { type: 'REKEY' }>,
): Folded<Applied<S>> {
  const proven = checkRekeys(state, showParts(state, step, author), body, checks);
  if (!proven.ok) return proven;
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
  const rekeyed = { ...state, cards, pubs: withPub(state.pubs, author, key) };
  if (step.next + 1 < step.to.length)
    return ok({ state: nextStep(rekeyed, { ...step, next: step.next + 1 }) });
  const show = { type: 'SHOW', cards: step.cards, to: step.to } as const;
  return startUnlock(rekeyed, game, unlockFor(rekeyed, show));
}

/**
 * The REKEY body: this seat's layer on every card of the show under way moved
 * to one fresh key `K = k·G` (added where it had none), a DLEQ proof each.
 * The keyring learns `k` at once: this seat reads its copy with it.
 */
export function makeRekey(
  state: TableState<unknown>,
  step: StepOf<'REKEY'>,
  seat: Seat,
  keyring: Keyring,
): TableBody {
  const k = randomScalar();
  const { rekeyed, rekeys } = makeRekeys(state, showParts(state, step, seat), k, keyring);
  return { type: 'REKEY', key: keyring.remember(mulBase(k), k), rekeyed, rekeys };
}

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

/** The seat re-masking its hand owes its REMASK. */
export const owesRemask = (step: StepOf<'REMASK'>): Owed[] => [{ seat: step.seat, kind: 'REMASK' }];

/** The REMASK step a game asks for. A re-mask permutes its cards: they must stay in one deck. */
export function remaskStep(
  state: TableState<unknown>,
  need: Extract<Need, { type: 'REMASK' }>,
): StepOf<'REMASK'> {
  if (new Set(need.cards.map((id) => deckIndex(state.decks, id))).size > 1)
    throw new Error('a re-mask takes the cards of one deck');
  return { type: 'REMASK', seat: need.seat, cards: need.cards };
}

/** What `seat`'s re-mask of `cards` proves of each, with the keys they move from (`remaskKey`). */
const remaskParts = (
  state: TableState<unknown>,
  seat: Seat,
  cards: readonly CardId[],
  keys: readonly string[],
): Rekeyed[] =>
  cards.map((id, i) => ({
    card: id,
    base: keys[i]!,
    context: proofContext(state, 'REMASK', seat, { purpose: 'rekey', cards: [id] }),
  }));

/** The context of the re-mask's shuffle of the hand. */
const remaskContext = (state: TableState<unknown>, seat: Seat, cards: readonly CardId[]) =>
  proofContext(state, 'REMASK', seat, { purpose: 'remask', cards });

/**
 * Checks and applies a REMASK: whose the cards are, the counts, every re-key
 * proof, then the shuffle of the re-keyed rows; the game is told which cards
 * were re-masked.
 */
export function applyRemask<S extends Json>(
  { state, step, author, checks }: Turn<S, 'REMASK'>,
  body: Extract<Decoded, { type: 'REMASK' }>,
): Folded<Applied<S>> {
  const keys = step.cards.map((id) => remaskKey(state.cards[id]!, author));
  // A card not the author's alone: refused before anything is counted or checked.
  if (!keys.every((k): k is string => k !== null)) return refuse('ERR_SHAPE');
  const n = step.cards.length;
  const parts = remaskParts(state, author, step.cards, keys);
  const shape =
    miscount('re-keyed cards', body.rekeyed.length, n) ??
    miscount('re-key proofs', body.rekeys.length, n) ??
    miscount('rows', body.rows.length, n) ??
    miscount('points in a row', body.rows.find((row) => row.length !== 2)?.length ?? 2, 2);
  if (shape) return shape;
  const rekeyed = checkRekeys(state, parts, body, checks);
  if (!rekeyed.ok) return rekeyed;
  // The shuffle's factor too: under `G` the rows would only be permuted, each still its own;
  // and the key each row ends under (a factor of 1/k leaves them under `G`, bare faces).
  const stale = [body.pub, ...body.rows.map((row) => row[1]!)]
    .map((key) => staleKey(state, key))
    .find((refusal) => refusal !== null);
  if (stale) return stale;
  const input = body.rekeyed.map((c) => [c, body.key]);
  const ctx = remaskContext(state, author, step.cards);
  if (!checks(shuffleCheck(ctx, body.pub, input, body.rows, body.proof)))
    return proofFailed('remask', 0, 1, step.cards, body.pub);
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
  const remasked = {
    ...state,
    cards,
    faces,
    // A copy shown before names the card its id held then, which may now be another.
    copies: state.copies.filter((copy) => !step.cards.includes(copy.card)),
    pubs: withPub(state.pubs, author, remask.key, remask.pub),
    remasks: withPub(state.remasks, author, remask),
  };
  return ok({
    state: nextStep(remasked, { type: 'PLAY' }),
    fact: { type: 'REMASKED', seat: author, cards: [...step.cards] },
  });
}

/**
 * The REMASK body: every card of this seat's `cards` re-keyed to one fresh
 * key `K = k·G` (a DLEQ proof each), then the rows `(C', K)` multiplied by a
 * fresh `r` and permuted (a shuffle proof). The keyring learns `k`, `r` and
 * the cards' new key `r·K` at once: it needs them to read the cards after.
 */
export function makeRemask(
  state: TableState<unknown>,
  seat: Seat,
  cards: readonly CardId[],
  keyring: Keyring,
): TableBody {
  const keys = cards.map((id) => {
    const key = remaskKey(state.cards[id]!, seat);
    if (key === null) throw new Error(`card ${id} is not this seat's to re-mask`);
    return key;
  });
  const k = randomScalar();
  const K = mulBase(k);
  const made = makeRekeys(state, remaskParts(state, seat, cards, keys), k, keyring);
  const r = randomScalar();
  const input = made.points.map((v) => [v, K]);
  const { rows, proof } = proveShuffle(remaskContext(state, seat, cards), r, input);
  keyring.remember(K, k);
  keyring.remember(rows[0]![1]!, (r * k) % ORDER);
  return {
    type: 'REMASK',
    key: writePoint(K),
    rekeyed: made.rekeyed,
    rekeys: made.rekeys,
    pub: keyring.remember(mulBase(r), r),
    rows: toBase64(encodeRows(rows)),
    proof: toBase64(encodeShuffleProof(proof)),
  };
}

/** REKEY: before a show, each member moves its layer on the cards to a fresh key in turn. */
export const REKEY: StepKind<'REKEY'> = {
  owes: (_, step) => owesRekey(step),
  acts: gameActs,
  events: { REKEY: applyRekey },
  duty: (state, step, seat) =>
    dutyOf(owesRekey(step), seat, (keyring) => makeRekey(state, step, seat, keyring)),
};

/** REMASK: a seat re-masks the cards of its hand. */
export const REMASK: StepKind<'REMASK'> = {
  owes: (_, step) => owesRemask(step),
  acts: gameActs,
  events: { REMASK: applyRemask },
  duty: (state, step, seat) =>
    dutyOf(owesRemask(step), seat, (keyring) => makeRemask(state, seat, step.cards, keyring)),
};
