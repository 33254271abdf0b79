/**
 * A table that plays on when a seat leaves for good (protocol 6, a table that
 * shares its layers: sharing.ts). When a seat resigns, or a claim that it is
 * absent is applied, once the first shuffle is done and while nobody else has
 * left, the table does not end: the game is told `LEFT` (its rules say what
 * becomes of the leaver's cards), and every other seat owes a RECOVER, its
 * share of the leaver's layer on every card still under one of the leaver's
 * shared keys (the undrawn cards of the other armies). Holder `j` publishes
 * `s_j·C` for each card with a proof under its share's public image
 * (crypto/recover.ts), and once every holder's shares are in, the layer comes
 * off by interpolation in the exponent: each card is then as if the leaver
 * had taken its layer off itself. Then play goes on.
 *
 * The combination is the one place the fold does arithmetic on points: every
 * point it adds up was checked first, by the proof of the RECOVER it came in.
 *
 * A show under way when a seat leaves starts again from its cards as they
 * were before its fresh keys (`beforeShow`): a member's show key on another
 * member's card is a key nobody shares, and the show is called off or asked
 * for again anyway. A second seat that leaves ends the table as before: the
 * others share again nothing, so its layer could not come off.
 *
 * A seat that has left acts no more: every event of its later than its leaving
 * is void where it lands (`hasLeft`, sweep.ts), so a leaver that comes back can
 * neither move nor stall the table.
 */
import {
  combineRecovery,
  decodeDealing,
  encodeUnlockProof,
  fromBase64,
  proveRecovery,
  shareImage,
  toBase64,
} from '../../../crypto/index.ts';
import type { Json } from '../encoding.ts';
import type { AnyGame, CardId, Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { recoveryCheck } from './checks.ts';
import { proofContext } from './context.ts';
import type { Keyring } from './keyring.ts';
import { readEncoding, readPoint, writeEncoding, writePoint, writePoints } from './points.ts';
import type { Parser } from './parse.ts';
import { miscount, proofFailed, type Folded } from './refusal.ts';
import { readShares, unlockGroups } from './shares.ts';
import { layerKey } from './sharing.ts';
import {
  dutyOf,
  nextStep,
  noActs,
  type Applied,
  type Owed,
  type StepKind,
  type StepOf,
  type Turn,
} from './step.ts';
import type { Departure, Dealt, TableState } from './types.ts';

/** The steps before the game starts: a seat that leaves during them ends the table. */
const SETUP = ['KEYS', 'SHARE', 'SHUFFLE'];

/** True when `seat` has left the table and the table played on without it. */
export const hasLeft = (state: TableState<unknown>, seat: Seat): boolean =>
  // Stryker disable next-line MethodExpression: one seat at most has left (a second leaver ends the table), so some and every agree
  state.left?.some((d) => d.seat === seat) ?? false;

/**
 * True when the table plays on without a seat that leaves now: it shares its layers,
 * its first shuffle is done, its game still goes on, and nobody has left before.
 */
export const playsOn = (state: TableState<unknown>): boolean =>
  state.dealings !== undefined &&
  state.left === undefined &&
  !SETUP.includes(state.step.type) &&
  state.step.type !== 'AUDIT' &&
  state.step.type !== 'DONE';

/**
 * The table once `departure`'s seat left (given `playsOn`): a show under way starts
 * again from its cards as they were, the game is told `LEFT`, and the other seats owe
 * their recovery shares of every card still under the leaver's shared keys; with none,
 * or once the game is over, play goes on at once (`PLAY`, which the fold settles).
 */
export function leaveTable<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  departure: Departure,
): TableState<S> {
  const { seat } = departure;
  const told = game.fact(state.game, { type: 'LEFT', seat });
  // Stryker disable next-line ConditionalExpression,StringLiteral: a game that names its decks' owners takes LEFT before its outcome (Game.deckOwner): a refusal is its bug, as a need it cannot meet is (fold.ts `started`)
  if (!told.ok) throw new Error(`the game refused a seat's leaving: ${told.error}`);
  const left = { ...restoreShow(state), game: told.value, left: [departure] };
  const cards = sharedCards(left, seat);
  if (cards.length === 0 || game.outcome(told.value) !== null)
    return nextStep(left, { type: 'PLAY' });
  const given = state.genesis.identities.map(() => null);
  return nextStep(left, { type: 'RECOVER', seat, cards, given });
}

/** `state` with the show under way, if any, back where it started, its copies dropped. */
function restoreShow<S>(state: TableState<S>): TableState<S> {
  const { beforeShow, ...rest } = state;
  if (beforeShow === undefined) return state;
  const cards = [...state.cards];
  beforeShow.cards.forEach((id, i) => (cards[id] = beforeShow.snapshot[i]!));
  const copies = state.copies.filter((copy) => !beforeShow.cards.includes(copy.card));
  return { ...rest, cards, copies };
}

/** The dealings of `seat`'s keys, by the layer key each shares. */
function dealtKeys(state: TableState<unknown>, seat: Seat): Map<string, Dealt> {
  const keys = new Map<string, Dealt>();
  for (const dealt of state.dealings!)
    if (dealt.dealer === seat) keys.set(state.epochs[dealt.epoch]!.keys[seat]!, dealt);
  return keys;
}

/** Every card under one of `seat`'s shared layer keys (a key is one seat's alone), in card order. */
function sharedCards(state: TableState<unknown>, seat: Seat): CardId[] {
  const shared = dealtKeys(state, seat);
  return state.cards.flatMap((card, id) =>
    card.layers.some((l) => shared.has(l.key)) ? [id] : [],
  );
}

/** One batch of a RECOVER: the cards under one shared key, its dealing, and the holder's point. */
interface RecoveryBatch {
  readonly ids: readonly CardId[];
  readonly dealt: Dealt;
  readonly x: number;
  readonly context: Uint8Array;
}

/** The batches of `holder`'s RECOVER, one per key of the leaver's on the step's cards. */
function recoveryBatches(
  state: TableState<unknown>,
  step: StepOf<'RECOVER'>,
  holder: Seat,
): RecoveryBatch[] {
  const keys = dealtKeys(state, step.seat);
  return unlockGroups(state.cards, step.cards, step.seat).map((ids) => {
    const key = state.cards[ids[0]!]!.layers.find((l) => l.seat === step.seat)!.key;
    const dealt = keys.get(key)!;
    return {
      ids,
      dealt,
      x: dealt.holders.indexOf(holder) + 1,
      // Stryker disable next-line StringLiteral: prover and verifier derive the same context, apart from every other step's by its kind
      context: proofContext(state, 'RECOVER', holder, {
        // Stryker disable next-line StringLiteral: as above: the same purpose on both sides
        purpose: `recover ${step.seat}`,
        cards: ids,
      }),
    };
  });
}

/** Every seat but the leaver that has not given its shares owes its RECOVER. */
export const owesRecover = (step: StepOf<'RECOVER'>): Owed[] =>
  step.given.flatMap((given, seat) =>
    given !== null || seat === step.seat ? [] : [{ seat, kind: 'RECOVER' }],
  );

/**
 * A RECOVER: one share per batch, each proven against the author's share of the
 * leaver's key. The last one takes the leaver's layer off every card of the step.
 */
export function applyRecover<S extends Json>(
  { state, step, author, checks }: Turn<S, 'RECOVER'>,
  { shares }: Extract<Decoded, { type: 'RECOVER' }>,
): Folded<Applied<S>> {
  const batches = recoveryBatches(state, step, author);
  const wrong = miscount('shares', shares.length, batches.length);
  if (wrong) return wrong;
  for (const [g, { ids, dealt, x, context }] of batches.entries()) {
    const { points, proof } = shares[g]!;
    const counted = miscount('points', points.length, ids.length, g);
    if (counted) return counted;
    const cards = ids.map((id) => readEncoding(state.cards[id]!.c));
    const job = recoveryCheck(context, fromBase64(dealt.dealing), x, points, cards, proof);
    if (!checks(job)) {
      const key = layerKey(state, dealt.dealer, dealt.epoch);
      return proofFailed('recovery', g, batches.length, ids, key);
    }
  }
  const mine = shares.map((share) => share.points.map(writeEncoding));
  const given = step.given.map((g, seat) => (seat === author ? mine : g));
  const next = { ...step, given };
  if (owesRecover(next).length > 0) return ok({ state: { ...state, step: next } });
  return ok({ state: nextStep(recovered(state, next, batches), { type: 'PLAY' }) });
}

/**
 * `state` with the leaver's layer off every card of `step`: per batch, each holder's
 * points interpolated at 0 (crypto/recover.ts `combineRecovery`), every holder of the
 * dealing counted, as its threshold asks.
 */
function recovered<S>(
  state: TableState<S>,
  step: StepOf<'RECOVER'>,
  batches: readonly RecoveryBatch[],
): TableState<S> {
  const cards = [...state.cards];
  batches.forEach(({ ids, dealt }, g) => {
    const xs = dealt.holders.map((_, k) => k + 1);
    const points = dealt.holders.map((holder) => step.given[holder]![g]!.map(readPoint));
    combineRecovery(xs, points).forEach((point, i) => {
      const card = cards[ids[i]!]!;
      const layers = card.layers.filter((l) => l.seat !== step.seat);
      cards[ids[i]!] = { ...card, c: writePoint(point), layers };
    });
  });
  return { ...state, cards };
}

/**
 * This seat's RECOVER: for each batch, its share of the leaver's key (kept under its
 * public image when it opened it, sharing.ts `makeHeld`) times every card, proven.
 */
export function makeRecover(
  state: TableState<unknown>,
  step: StepOf<'RECOVER'>,
  seat: Seat,
  keyring: Keyring,
): TableBody {
  const shares = recoveryBatches(state, step, seat).map(({ ids, dealt, x, context }) => {
    const { commitments } = decodeDealing(fromBase64(dealt.dealing));
    const share = keyring.scalarFor(writePoint(shareImage(commitments, x)));
    const cards = ids.map((id) => readPoint(state.cards[id]!.c));
    const { points, proof } = proveRecovery(context, share, cards);
    return { points: writePoints(points), proof: toBase64(encodeUnlockProof(proof)) };
  });
  return { type: 'RECOVER', shares };
}

/** RECOVER: every seat but the leaver gives its shares of the leaver's layer, in any order. */
export const RECOVER: StepKind<'RECOVER'> = {
  owes: (_, step) => owesRecover(step),
  acts: noActs,
  events: { RECOVER: applyRecover },
  duty: (state, step, seat) =>
    dutyOf(owesRecover(step), seat, (keyring) => makeRecover(state, step, seat, keyring)),
};

/** A RECOVER body: one share per batch of the step's cards, as an UNLOCK's. */
export const parseRecover: Parser<'RECOVER'> = (body) => ({
  type: 'RECOVER',
  shares: readShares(body),
});
