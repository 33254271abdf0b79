/**
 * The SHUFFLE step of a shuffle round (keys.ts opens it): the seats shuffle in
 * turn, each epoch of the round permuted and encrypted under the shuffler's
 * key for it, with its proof; from protocol 3 the epochs of a round of
 * several are shuffled on chains of their own, at once (pipelined).
 */
import {
  encodeRows,
  encodeShuffleProof,
  proveShuffle,
  splitRows,
  toBase64,
} from '../../../crypto/index.ts';
import type { Json } from '../encoding.ts';
import type { Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { Keyring } from './keyring.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { shuffleCheck } from './checks.ts';
import { proofContext } from './context.ts';
import { b64, fields, index, listOf, type Parser } from './parse.ts';
import { readEncoding, readPoint, writeEncoding } from './points.ts';
import { miscount, proofFailed, refuse, type Folded } from './refusal.ts';
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
import type { Epoch, TableState } from './types.ts';

/**
 * The epochs of the round `seat` owes a shuffle of now: in turn, every one when the seat
 * is next; pipelined, those whose chain it is next on (epoch `i`'s chain is `order`
 * turned to start at `order[i]`).
 */
export function epochsOwed(step: StepOf<'SHUFFLE'>, seat: Seat): number[] {
  const { order, shuffled } = step;
  if (shuffled === undefined) return order[step.next] === seat ? [...step.epochs] : [];
  return step.epochs.filter(
    (_, i) => shuffled[i]! < order.length && order[(i + shuffled[i]!) % order.length] === seat,
  );
}

/** How many epochs of a pipelined round `seat` has shuffled: those whose chain has passed it. */
export function epochsShuffledBy(step: StepOf<'SHUFFLE'>, seat: Seat): number {
  const n = step.order.length;
  const place = step.order.indexOf(seat);
  // Stryker disable next-line ArrayDeclaration: no counts or a string for one: `n < 'a string'` is false, so none is counted
  return (step.shuffled ?? []).filter((count, i) => (place - i + n) % n < count).length;
}

/** Every seat next on a chain of the round owes its SHUFFLE: one at a time, or all at once if pipelined. */
export const owesShuffle = (step: StepOf<'SHUFFLE'>): Owed[] =>
  step.order
    .filter((seat) => epochsOwed(step, seat).length > 0)
    .map((seat) => ({ seat, kind: 'SHUFFLE' }));

/** The context of a seat's shuffle of `epoch`. */
export const shuffleContext = (state: TableState<unknown>, seat: Seat, epoch: Epoch): Uint8Array =>
  proofContext(state, 'SHUFFLE', seat, { purpose: 'shuffle', cards: epoch.cards });

/**
 * A SHUFFLE: each epoch of the round it names (pipelined) or every epoch (in turn)
 * permuted and encrypted under the author's key for it, each with its proof. `done` once
 * every seat has shuffled every epoch. A pipelined shuffle leaves the step number as it
 * was: the seats shuffle at once, and each proof's context must not depend on which of
 * the others' shuffles a replica folded first.
 */
export function applyShuffle<S extends Json>(
  { state, step, author, checks }: Turn<S, 'SHUFFLE'>,
  body: Extract<Decoded, { type: 'SHUFFLE' }>,
): Folded<Applied<S>> {
  const owed = epochsOwed(step, author);
  const named = body.shuffles.map((s) => s.epoch);
  const pipelined = step.shuffled !== undefined;
  if (named.some((epoch) => (epoch === undefined) === pipelined))
    return refuse('ERR_SHAPE', { kind: 'other', code: 'ERR_SHAPE' });
  const epochs = pipelined ? (named as number[]) : owed;
  if (pipelined && epochs.slice(1).some((epoch, i) => epoch <= epochs[i]!))
    return refuse('ERR_SHAPE', { kind: 'other', code: 'ERR_SHAPE' });
  // An epoch the author is not next on is no shuffle it owes: another seat's, or done.
  if (epochs.some((epoch) => !owed.includes(epoch)))
    return refuse('ERR_NOT_OWED', { kind: 'not-owed', owed: owesShuffle(step) });
  const parts = epochs.length;
  const wrong = miscount('shuffles', body.shuffles.length, pipelined ? Math.max(parts, 1) : parts);
  if (wrong) return wrong;
  const cards = [...state.cards];
  for (const [g, index] of epochs.entries()) {
    const epoch = state.epochs[index]!;
    const { rows, proof } = body.shuffles[g]!;
    const input = epoch.cards.map((id) => [readEncoding(cards[id]!.c)]);
    // Rows decode to one width, so any row's is every row's.
    const shape =
      miscount('rows', rows.length, input.length, g) ??
      miscount('points in a row', rows.find((row) => row.length !== 1)?.length ?? 1, 1, g);
    if (shape) return shape;
    const key = readEncoding(epoch.keys[author]!);
    const ctx = shuffleContext(state, author, epoch);
    if (!checks(shuffleCheck(ctx, key, input, rows, proof)))
      return proofFailed('shuffle', g, parts, epoch.cards, key);
    epoch.cards.forEach((id, i) => {
      const card = cards[id]!;
      cards[id] = {
        c: writeEncoding(rows[i]![0]!),
        layers: [...card.layers, { seat: author, key: epoch.keys[author]! }],
        epoch: index,
      };
    });
  }
  const shuffled = step.shuffled?.map((n, i) => (epochs.includes(step.epochs[i]!) ? n + 1 : n));
  if (shuffled ? shuffled.some((n) => n < step.order.length) : step.next + 1 < step.order.length)
    return ok({
      state: shuffled
        ? { ...state, cards, step: { ...step, shuffled } }
        : nextStep({ ...state, cards }, { ...step, next: step.next + 1 }),
    });
  const played = nextStep({ ...state, cards }, { type: 'PLAY' });
  // A shuffle the game asked for is told to it; the table's first is the game's start.
  return ok(step.fresh ? { state: played, fact: { type: 'SHUFFLED' } } : { state: played });
}

/** The SHUFFLE body: each epoch this seat owes permuted and encrypted under its key for it, pipelined ones named. */
export function makeShuffle(
  state: TableState<unknown>,
  step: StepOf<'SHUFFLE'>,
  seat: Seat,
  keyring: Keyring,
): TableBody {
  const shuffles = epochsOwed(step, seat).map((index) => {
    const epoch = state.epochs[index]!;
    const input = epoch.cards.map((id) => [readPoint(state.cards[id]!.c)]);
    const secret = keyring.scalarFor(epoch.keys[seat]!);
    const { rows, proof } = proveShuffle(shuffleContext(state, seat, epoch), secret, input);
    return {
      ...(step.shuffled ? { epoch: index } : {}),
      rows: toBase64(encodeRows(rows)),
      proof: toBase64(encodeShuffleProof(proof)),
    };
  });
  return { type: 'SHUFFLE', shuffles };
}

/** SHUFFLE: the seats shuffle each epoch of the round in turn, or pipelined at once. */
export const SHUFFLE: StepKind<'SHUFFLE'> = {
  owes: (_, step) => owesShuffle(step),
  acts: noActs,
  events: { SHUFFLE: applyShuffle },
  duty: (state, step, seat) =>
    dutyOf(owesShuffle(step), seat, (keyring) => makeShuffle(state, step, seat, keyring)),
};

/** A SHUFFLE body: each shuffle's rows and proof, naming its epoch in a pipelined round. */
export const parseShuffle: Parser<'SHUFFLE'> = (body) => {
  fields(body, 'shuffles');
  return {
    type: 'SHUFFLE',
    shuffles: listOf(
      body.shuffles,
      [
        ['rows', 'proof'],
        ['epoch', 'rows', 'proof'],
      ],
      (s) => ({
        ...('epoch' in s ? { epoch: index(s.epoch) } : {}),
        rows: splitRows(b64(s.rows)),
        proof: b64(s.proof),
      }),
    ),
  };
};
