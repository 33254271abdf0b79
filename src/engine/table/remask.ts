/**
 * The REMASK step: the hand re-mask, in two proven parts that travel in one
 * REMASK event:
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
  encodeRows,
  encodeShuffleProof,
  mulBase,
  proveShuffle,
  randomScalar,
  splitPoints,
  splitRows,
  toBase64,
} from '../../../crypto/index.ts';
import type { Json } from '../encoding.ts';
import type { CardId, Need, Seat } from '../game.ts';
import { ok } from '../result.ts';
import { BASE_KEY, type Keyring } from './keyring.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { shuffleCheck } from './checks.ts';
import { proofContext } from './context.ts';
import { deckIndex } from './decks.ts';
import { b64, FieldError, fields, onePoint, type Parser } from './parse.ts';
import { writeEncoding, writePoint } from './points.ts';
import { miscount, proofFailed, refuse, type Folded } from './refusal.ts';
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
import { checkRekeys, makeRekeys, staleKey, withPub, type Rekeyed } from './rekeys.ts';
import type { TableCard, TableState } from './types.ts';

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
    // Stryker disable next-line StringLiteral,ConditionalExpression: decodeRows gives rows of one width, so a row of another is found only where there are no rows, a re-mask of no cards, which no game asks for
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

/** REMASK: a seat re-masks the cards of its hand. */
export const REMASK: StepKind<'REMASK'> = {
  owes: (_, step) => owesRemask(step),
  acts: gameActs,
  events: { REMASK: applyRemask },
  duty: (state, step, seat) =>
    dutyOf(owesRemask(step), seat, (keyring) => makeRemask(state, seat, step.cards, keyring)),
};

/** A REMASK body: the re-keys, then the shuffle of the re-keyed rows. */
export const parseRemask: Parser<'REMASK'> = (body) => {
  fields(body, 'key', 'rekeyed', 'rekeys', 'pub', 'rows', 'proof');
  if (!Array.isArray(body.rekeys)) throw new FieldError();
  return {
    type: 'REMASK',
    key: onePoint(body.key),
    rekeyed: splitPoints(b64(body.rekeyed)),
    rekeys: body.rekeys.map(b64),
    pub: onePoint(body.pub),
    rows: splitRows(b64(body.rows)),
    proof: b64(body.proof),
  };
};
