/**
 * The copies of a show: every member of the show gets a copy of each card,
 * and each member then removes its layer from every other member's copy
 * (an UNLOCK in a COPY step, see shares.ts), so each copy ends under its own
 * member's layer alone.
 */
import type { Json } from '../encoding.ts';
import type { AnyGame, CardId, Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { Keyring } from './keyring.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { proofContext } from './context.ts';
import { deckIndex } from './decks.ts';
import { writeEncoding } from './points.ts';
import type { Folded } from './refusal.ts';
import {
  checkShares,
  layerSeats,
  makeShares,
  owesShare,
  unlockGroups,
  type Batch,
} from './shares.ts';
import {
  dutyOf,
  gameActs,
  nextStep,
  type Applied,
  type StepKind,
  type StepOf,
  type Turn,
} from './step.ts';
import type { Copy, TableState } from './types.ts';

/**
 * Showing cards to a few seats: every member gets a copy of each card, and
 * each member then removes its layer from every other member's copy, so each
 * copy ends under its own member's layer alone. Copies still under a layer
 * are public without harm: only the member whose layer remains can read one.
 */
export function startCopies<S>(
  state: TableState<S>,
  cards: readonly CardId[],
  to: readonly Seat[],
): Applied<S> {
  const copies: Copy[] = [
    ...state.copies.filter((copy) => !cards.includes(copy.card)),
    ...to.flatMap((seat) => cards.map((card) => ({ card, seat, ...state.cards[card]! }))),
  ];
  const order = layerSeats(state.cards, cards, []).filter((seat) => to.includes(seat));
  const next = { ...state, copies };
  if (order.length === 0)
    // Stryker disable next-line all: unreachable: lockFor has every member of `to` lock first, so only a show to nobody, which no game asks for (and the REKEY before it cannot make), gets here
    return { state: next, fact: { type: 'SHOWN', cards: [...cards], to: [...to] } };
  return { state: { ...next, step: { type: 'COPY', cards, to, order, next: 0 } } };
}

const copyOf = (state: TableState<unknown>, card: CardId, seat: Seat): Copy =>
  state.copies.find((copy) => copy.card === card && copy.seat === seat)!;

/**
 * The batches `seat` owes in a COPY step, in the order its UNLOCK body lists
 * them: its layer, by key, on each other member's copies.
 */
function copyBatches(
  state: TableState<unknown>,
  step: StepOf<'COPY'>,
  seat: Seat,
): (Batch & { readonly recipient: Seat })[] {
  return step.to
    .filter((recipient) => recipient !== seat)
    .flatMap((recipient) => {
      const mine = step.cards.map((id) => copyOf(state, id, recipient));
      return unlockGroups(
        mine,
        mine.map((_, i) => i),
        seat,
      ).map((indexes) => {
        const ids = indexes.map((i) => step.cards[i]!);
        return {
          ids,
          key: mine[indexes[0]!]!.layers.find((l) => l.seat === seat)!.key,
          from: indexes.map((i) => mine[i]!.c),
          context: proofContext(state, 'COPY', seat, {
            purpose: `copy for ${recipient}`,
            cards: ids,
          }),
          recipient,
        };
      });
    });
}

/** The UNLOCK body of a COPY step: this seat's layer off every other member's copies. */
export const makeCopyShares = (
  state: TableState<unknown>,
  step: StepOf<'COPY'>,
  seat: Seat,
  keyring: Keyring,
): TableBody => ({ type: 'UNLOCK', shares: makeShares(copyBatches(state, step, seat), keyring) });

export function applyCopy<S extends Json>(
  { state, step, game, author, checks }: Turn<S, 'COPY'>,
  body: Extract<Decoded, { type: 'UNLOCK' }>,
): Folded<Applied<S>> {
  const batches = copyBatches(state, step, author);
  const shares = checkShares('copy', batches, body.shares, checks);
  if (!shares.ok) return shares;
  let copies = [...state.copies];
  batches.forEach(({ ids, recipient }, g) => {
    copies = copies.map((copy) => {
      const i = ids.indexOf(copy.card);
      if (copy.seat !== recipient || i < 0) return copy;
      return {
        ...copy,
        c: writeEncoding(shares.value[g]![i]!),
        layers: copy.layers.filter((l) => l.seat !== author),
      };
    });
  });
  const next = { ...state, copies };
  if (step.next + 1 < step.order.length)
    return ok({ state: nextStep(next, { ...step, next: step.next + 1 }) });
  return ok({
    state: nextStep(backToOwners(next, game, step), { type: 'PLAY' }),
    fact: { type: 'SHOWN', cards: [...step.cards], to: [...step.to] },
  });
}

/**
 * At a table that shares its locks (sharing.ts), each shown card whose deck's owner
 * was of the show goes back under that owner's lock alone: it becomes the owner's copy,
 * whose point is public already, so nothing is learned. No card of one seat then keeps
 * another's show key, which that seat never shares: the others can take a leaver's
 * lock off every card they still need with the shares of its keys of the armies.
 */
function backToOwners<S>(
  state: TableState<S>,
  game: Pick<AnyGame<Json>, 'deckOwner'>,
  step: StepOf<'COPY'>,
): TableState<S> {
  if (state.shareKeys === undefined) return state;
  const cards = [...state.cards];
  for (const id of step.cards) {
    // A table shares its locks only for a game that names its decks' owners (`sharesLayers`).
    const owner = game.deckOwner!(deckIndex(state.decks, id));
    // Stryker disable next-line ConditionalExpression: no member is null: a deck nobody owns has no owner among the members either
    if (owner === null || !step.to.includes(owner)) continue;
    const { c, layers } = copyOf(state, id, owner);
    cards[id] = { ...cards[id]!, c, layers };
  }
  return { ...state, cards };
}

/** COPY: each member of a show takes its layer off the others' copies in turn. */
export const COPY: StepKind<'COPY'> = {
  owes: (_, step) => owesShare(step),
  acts: gameActs,
  events: { UNLOCK: applyCopy },
  duty: (state, step, seat) =>
    dutyOf(owesShare(step), seat, (keyring) => makeCopyShares(state, step, seat, keyring)),
};
