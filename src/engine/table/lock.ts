/**
 * The LOCK a deal may need first: a card under its placer's layer alone
 * would be bare for everyone once the others' layers came off, so the seat
 * it is dealt to adds its own layer (a share, see shares.ts) before the deal.
 */
import type { Json } from '../encoding.ts';
import type { CardId, Need, Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { Keyring } from './keyring.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { proofContext } from './context.ts';
import type { Parser } from './parse.ts';
import type { Folded } from './refusal.ts';
import { checkShares, makeShares, readShares, withShares, type Batch } from './shares.ts';
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
import type { Step, TableState } from './types.ts';

/** The seat a deal goes to owes its LOCK. */
export const owesLock = (step: StepOf<'LOCK'>): Owed[] => [{ seat: step.seat, kind: 'LOCK' }];

/**
 * A deal to a seat that has no layer on a card (a card under its placer's
 * layer alone) would leave it bare for everyone once the others' layers come
 * off: the recipient first locks it with its own layer. (A show needs no
 * lock: its REKEY adds a fresh layer of every member.)
 */
export function lockFor(
  state: TableState<unknown>,
  need: Exclude<Need, { type: 'ACT' }>,
): Step | null {
  if (need.type !== 'DEAL') return null;
  const cards = need.cards.filter((id) => !state.cards[id]!.layers.some((l) => l.seat === need.to));
  return cards.length > 0 ? { type: 'LOCK', seat: need.to, cards } : null;
}

/** The batches of a LOCK by `seat`, in the order its body lists them: one per key of its shuffle rounds. */
function lockBatches(state: TableState<unknown>, step: StepOf<'LOCK'>, seat: Seat): Batch[] {
  const groups = new Map<string, CardId[]>();
  for (const id of step.cards) {
    const key = state.epochs[state.cards[id]!.epoch]!.keys[seat]!;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups.entries()].map(([key, ids]) => ({
    ids,
    key,
    from: ids.map((id) => state.cards[id]!.c),
    context: proofContext(state, 'LOCK', seat, { purpose: 'lock', cards: ids }),
  }));
}

/**
 * The LOCK body: this seat's layer added to the step's cards, with its key of
 * each card's shuffle round, proven as the unlock share that would take the
 * locked points back to the current ones.
 */
export const makeLock = (
  state: TableState<unknown>,
  step: StepOf<'LOCK'>,
  seat: Seat,
  keyring: Keyring,
): TableBody => ({
  type: 'LOCK',
  shares: makeShares(lockBatches(state, step, seat), keyring, true),
});

/**
 * A LOCK: `C' = e·C` for each card, with `e` the locker's key of the card's
 * shuffle round, proven as the unlock share that takes `C'` back to `C`.
 */
export function applyLock<S extends Json>(
  { state, step, author, checks }: Turn<S, 'LOCK'>,
  body: Extract<Decoded, { type: 'LOCK' }>,
): Folded<Applied<S>> {
  const batches = lockBatches(state, step, author);
  const shares = checkShares('lock', batches, body.shares, checks);
  if (!shares.ok) return shares;
  const cards = withShares(state.cards, batches, shares.value, author, true);
  return ok({ state: nextStep({ ...state, cards }, { type: 'PLAY' }) });
}

/** LOCK: the seat a deal goes to adds its layer to the cards that lack it. */
export const LOCK: StepKind<'LOCK'> = {
  owes: (_, step) => owesLock(step),
  acts: gameActs,
  events: { LOCK: applyLock },
  duty: (state, step, seat) =>
    dutyOf(owesLock(step), seat, (keyring) => makeLock(state, step, seat, keyring)),
};

/** A LOCK body. */
export const parseLock: Parser<'LOCK'> = (body) => ({ type: 'LOCK', shares: readShares(body) });
