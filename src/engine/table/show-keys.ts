/**
 * The REKEY step: a show's fresh keys.
 *
 * Before the cards of a show are copied, every member re-keys its layer on
 * each of them (the re-key itself: rekeys.ts). The copies of a show are public, and
 * each ends under its member's layer alone. With that layer the member's key
 * of the card's shuffle round, fixed for the whole army, a copy is
 * `e·P(face)`: the same card shown again (after a Slacker and a re-mask,
 * which hide it in its owner's hand) would give a byte-identical copy, and a
 * bystander who never saw the face would learn that the two fights saw one
 * card. Under a fresh key per show every point of the show (the re-keyed
 * cards, the public unlocks, the copies) is new, so nothing public links one
 * show to another. A card keeps its new layers after the show: a reveal, a
 * deal or a re-mask takes them off as any.
 */
import { mulBase, randomScalar, splitPoints } from '../../../crypto/index.ts';
import type { Json } from '../encoding.ts';
import type { Seat } from '../game.ts';
import { ok } from '../result.ts';
import { BASE_KEY, type Keyring } from './keyring.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { proofContext } from './context.ts';
import { b64, FieldError, fields, onePoint, type Parser } from './parse.ts';
import { writeEncoding } from './points.ts';
import type { Folded } from './refusal.ts';
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
import { checkRekeys, makeRekeys, withPub, type Rekeyed } from './rekeys.ts';
import type { Layer, TableCard, TableState } from './types.ts';
import { startUnlock, unlockFor } from './unlock.ts';

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

/** REKEY: before a show, each member moves its layer on the cards to a fresh key in turn. */
export const REKEY: StepKind<'REKEY'> = {
  owes: (_, step) => owesRekey(step),
  acts: gameActs,
  events: { REKEY: applyRekey },
  duty: (state, step, seat) =>
    dutyOf(owesRekey(step), seat, (keyring) => makeRekey(state, step, seat, keyring)),
};

/** A REKEY body: the fresh key, and every card re-keyed to it with its proof. */
export const parseRekey: Parser<'REKEY'> = (body) => {
  fields(body, 'key', 'rekeyed', 'rekeys');
  if (!Array.isArray(body.rekeys)) throw new FieldError();
  return {
    type: 'REKEY',
    key: onePoint(body.key),
    rekeyed: splitPoints(b64(body.rekeyed)),
    rekeys: body.rekeys.map(b64),
  };
};
