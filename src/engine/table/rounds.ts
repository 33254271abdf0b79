/**
 * Shuffle rounds under fresh keys. Every joint shuffle (the table's first,
 * and every one a game asks for later) opens with a round of keys: each seat
 * publishes one fresh key per group of cards, with a Schnorr proof; then the
 * seats shuffle in turn, each group under its own keys. No key and no
 * ciphertext of one round appears in another, so nothing learned about a
 * card before (its face, where it went) is recognised after.
 */
import type { CardId, DeckSpec, Seat } from '../game.ts';
import { err, ok, type Result } from '../result.ts';
import type { Decoded } from './bodies.ts';
import { keyCheck, shuffleCheck, type Checks } from './checks.ts';
import { proofContext } from './context.ts';
import { deckCards, deckIndex, faceEncodings } from './decks.ts';
import { readEncoding, writeEncoding } from './points.ts';
import { nextStep } from './step.ts';
import type { Epoch, ShuffleGroup, Step, TableCard, TableState } from './types.ts';

type RoundError = 'ERR_GENESIS' | 'ERR_PROOF' | 'ERR_SHAPE';

/** The decks and groups of the key round under way; `decks` is the game's, for the first round. */
export function keyRound(
  state: TableState<unknown>,
  decks: () => readonly DeckSpec[],
): { decks: readonly DeckSpec[]; groups: readonly ShuffleGroup[] } {
  const step = state.step as Extract<Step, { type: 'KEYS' }>;
  if (step.groups !== null) return { decks: state.decks, groups: step.groups };
  const all = decks();
  return { decks: all, groups: all.map((_, deck) => ({ deck, cards: deckCards(all, deck) })) };
}

/** The context of a seat's key for `group`: bound to its deck and its cards. */
export const keyContext = (
  state: TableState<unknown>,
  seat: Seat,
  decks: readonly DeckSpec[],
  group: ShuffleGroup,
): Uint8Array =>
  proofContext(state, 'KEY', seat, {
    purpose: 'shuffle key',
    decks: [decks[group.deck]!.name],
    cards: group.cards,
  });

/** The context of a seat's shuffle of `epoch`. */
export const shuffleContext = (state: TableState<unknown>, seat: Seat, epoch: Epoch): Uint8Array =>
  proofContext(state, 'SHUFFLE', seat, { purpose: 'shuffle', cards: epoch.cards });

/**
 * A KEY: one proven fresh key per group. The last one opens the shuffle:
 * each group becomes an epoch with every seat's key, its cards start from
 * their face points, and the seats shuffle in seat order.
 */
export function applyKey<S>(
  state: TableState<S>,
  decks: () => readonly DeckSpec[],
  author: Seat,
  body: Extract<Decoded, { type: 'KEY' }>,
  checks: Checks,
): Result<TableState<S>, RoundError> {
  if (body.genesis !== state.genesisHash) return err('ERR_GENESIS');
  const round = keyRound(state, decks);
  if (body.keys.length !== round.groups.length) return err('ERR_SHAPE');
  for (const [g, group] of round.groups.entries()) {
    const { pub, proof } = body.keys[g]!;
    if (!checks(keyCheck(keyContext(state, author, round.decks, group), pub, proof)))
      return err('ERR_PROOF');
  }
  const mine = body.keys.map((k) => writeEncoding(k.pub));
  const keys = state.keys.map((k, seat) => (seat === author ? mine : k));
  const pubs = state.pubs.map((list, seat) => (seat === author ? [...list, ...mine] : list));
  const keyed = { ...state, keys, pubs };
  if (keys.some((k) => k === null)) return ok(keyed);
  const step = state.step as Extract<Step, { type: 'KEYS' }>;
  return ok(openShuffle({ ...keyed, decks: round.decks }, round.groups, step.fresh));
}

function openShuffle<S>(
  state: TableState<S>,
  groups: readonly ShuffleGroup[],
  fresh: boolean,
): TableState<S> {
  const first = state.epochs.length;
  const epochs: Epoch[] = groups.map((group, g) => ({
    ...group,
    keys: state.keys.map((k) => k![g]!),
  }));
  const cards = [...state.cards];
  const faces = [...state.faces];
  for (const [g, group] of groups.entries()) {
    const points = restart(state, group);
    group.cards.forEach((id, i) => {
      cards[id] = { c: writeEncoding(points[i]!), layers: [], epoch: first + g };
      faces[id] = null;
    });
  }
  const moved = new Set(groups.flatMap((group) => group.cards));
  const opened = {
    ...state,
    epochs: [...state.epochs, ...epochs],
    cards,
    faces,
    copies: state.copies.filter((copy) => !moved.has(copy.card)),
  };
  return nextStep(opened, {
    type: 'SHUFFLE',
    epochs: epochs.map((_, g) => first + g),
    order: state.keys.map((_, seat) => seat),
    next: 0,
    fresh,
  });
}

/**
 * The points a group starts from (their encodings): a whole deck, every face
 * of it in order (whatever its cards were); a set of public cards, their own
 * face points.
 */
function restart(state: TableState<unknown>, group: ShuffleGroup): Uint8Array[] {
  const whole = deckCards(state.decks, group.deck);
  if (whole.length === group.cards.length && whole.every((id, i) => group.cards[i] === id))
    return faceEncodings(state.genesis, state.decks, group.deck);
  return group.cards.map((id) => readEncoding(state.cards[id]!.c));
}

/**
 * The groups of a shuffle the game asks for: `cards` split by deck. A group
 * is a whole deck or public cards only; anything else is a bug in the game
 * (cards under different layers would give their positions away).
 */
export function shuffleGroups(
  state: TableState<unknown>,
  cards: readonly CardId[],
): ShuffleGroup[] {
  const byDeck = new Map<number, CardId[]>();
  for (const id of [...new Set(cards)].sort((a, b) => a - b)) {
    const deck = deckIndex(state.decks, id);
    if (deck < 0 || id >= state.cards.length) throw new Error(`no card ${id} to shuffle`);
    byDeck.set(deck, [...(byDeck.get(deck) ?? []), id]);
  }
  return [...byDeck.entries()].map(([deck, ids]) => {
    const whole = deckCards(state.decks, deck).length === ids.length;
    const bare = ids.every((id) => (state.cards[id] as TableCard).layers.length === 0);
    if (!whole && !bare)
      throw new Error('a shuffle of part of a deck takes public cards only, all alike');
    return { deck, cards: ids };
  });
}

/** The KEYS step of a shuffle round the game asked for: every seat's keys owed afresh. */
export function keysStep<S>(state: TableState<S>, groups: ShuffleGroup[]): TableState<S> {
  return nextStep(
    { ...state, keys: state.keys.map(() => null) },
    { type: 'KEYS', groups, fresh: true },
  );
}

/**
 * True during the key round of a fresh shuffle of whole decks: the game asked
 * for every card of its decks again, which it does only to start the next
 * game of a match (a partial shuffle turns public cards into a stock). Only
 * the table's first key round has no groups, and only it is not fresh.
 */
export function startsNextGame(state: TableState<unknown>): boolean {
  const step = state.step;
  return (
    step.type === 'KEYS' &&
    step.groups !== null &&
    step.groups.every((group) => deckCards(state.decks, group.deck).length === group.cards.length)
  );
}

/**
 * A SHUFFLE: each epoch of the round permuted and encrypted under the
 * author's key for it, each with its proof. `done` once the last seat has
 * shuffled.
 */
export function applyShuffle<S>(
  state: TableState<S>,
  author: Seat,
  body: Extract<Decoded, { type: 'SHUFFLE' }>,
  checks: Checks,
): Result<{ state: TableState<S>; done: boolean }, RoundError> {
  const step = state.step as Extract<Step, { type: 'SHUFFLE' }>;
  if (body.shuffles.length !== step.epochs.length) return err('ERR_SHAPE');
  const cards = [...state.cards];
  for (const [g, index] of step.epochs.entries()) {
    const epoch = state.epochs[index]!;
    const { rows, proof } = body.shuffles[g]!;
    const input = epoch.cards.map((id) => [readEncoding(cards[id]!.c)]);
    if (rows.length !== input.length || rows.some((row) => row.length !== 1))
      return err('ERR_SHAPE');
    const key = epoch.keys[author]!;
    const ctx = shuffleContext(state, author, epoch);
    if (!checks(shuffleCheck(ctx, readEncoding(key), input, rows, proof))) return err('ERR_PROOF');
    epoch.cards.forEach((id, i) => {
      const card = cards[id]!;
      cards[id] = {
        c: writeEncoding(rows[i]![0]!),
        layers: [...card.layers, { seat: author, key }],
        epoch: index,
      };
    });
  }
  const done = step.next + 1 >= step.order.length;
  const next: Step = done ? { type: 'PLAY' } : { ...step, next: step.next + 1 };
  return ok({ state: nextStep({ ...state, cards }, next), done });
}
