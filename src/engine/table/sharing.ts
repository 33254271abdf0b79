/**
 * The SHARE step: every seat shares its layers among the others at setup, so
 * that at a table of three seats or more all the other seats together hold what
 * it takes to lift a seat's layer off the cards without it, should it leave
 * (protocol 6, a game that names its decks' owners; lifting it is not built yet).
 *
 * Each seat's first KEY carries a share key besides its shuffle keys. Once
 * every key is in, and before the shuffle, each seat owes a SHARE: one
 * dealing (crypto/vss.ts, Feldman's sharing of the layer's unlock exponent,
 * each share encrypted to its holder's share key) per epoch whose key it
 * shares, among every other seat, all of them needed. A seat shares its key
 * of every deck but its own: its own deck becomes its hand, which no group of
 * the others can then open, as before. Every replica checks each dealing's
 * public part (its commitments bound to the layer's key). Only a holder can
 * tell whether its share is right, so once every dealing is in, each seat owes
 * a HELD: a complaint against each share it could not open, none when all
 * open. A complaint that proves its share false ends the table against the
 * dealer; one that does not is refused, and names its author.
 */
import {
  dealShares,
  decodeDealing,
  decodePoint,
  encodeComplaint,
  encodeDealing,
  fromBase64,
  openShare,
  proveComplaint,
  shareImage,
  toBase64,
} from '../../../crypto/index.ts';
import type { Json } from '../encoding.ts';
import type { AnyGame, Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { complaintCheck, dealingCheck } from './checks.ts';
import { proofContext } from './context.ts';
import type { Keyring } from './keyring.ts';
import { falseShare } from './leave.ts';
import { b64, FieldError, fields, index, list, type Parser } from './parse.ts';
import { readEncoding } from './points.ts';
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
import {
  protocolOf,
  SHARING_PROTOCOL,
  type Dealt,
  type Genesis,
  type TableState,
} from './types.ts';

/** True for a table that shares its layers: protocol 6 on, a game that names its decks' owners, three seats or more. */
export const sharesLayers = (genesis: Genesis, game: Pick<AnyGame<Json>, 'deckOwner'>): boolean =>
  protocolOf(genesis) >= SHARING_PROTOCOL &&
  game.deckOwner !== undefined &&
  genesis.identities.length >= 3;

/** The SHARE step after the table's first round of keys: each seat shares its key of every epoch but its own deck's. */
export function shareStep(
  state: TableState<unknown>,
  game: Pick<AnyGame<Json>, 'deckOwner'>,
  shuffle: StepOf<'SHUFFLE'>,
): StepOf<'SHARE'> {
  const seats = state.genesis.identities.map((_, seat) => seat);
  return {
    type: 'SHARE',
    epochs: seats.map((seat) =>
      // A table shares its locks only for a game that names its decks' owners (`sharesLayers`).
      state.epochs.flatMap((epoch, e) => (game.deckOwner!(epoch.deck) === seat ? [] : [e])),
    ),
    dealt: seats.map(() => false),
    held: seats.map(() => false),
    shuffle,
  };
}

/** Every seat that has not dealt owes its SHARE; once all have, every seat that has not said so owes its HELD. */
export function owesShare(step: StepOf<'SHARE'>): Owed[] {
  const dealing = step.dealt.flatMap((done, seat) => (done ? [] : [{ seat, kind: 'SHARE' }]));
  if (dealing.length > 0) return dealing;
  return step.held.flatMap((done, seat) => (done ? [] : [{ seat, kind: 'HELD' }]));
}

/** The other seats, in seat order: the holders of `dealer`'s shares. */
const holdersOf = (state: TableState<unknown>, dealer: Seat): Seat[] =>
  state.genesis.identities.flatMap((_, seat) => (seat === dealer ? [] : [seat]));

/** The share keys of `seats`, as encodings. */
const shareKeys = (state: TableState<unknown>, seats: readonly Seat[]): Uint8Array[] =>
  seats.map((seat) => readEncoding(state.shareKeys![seat]!));

/** The context of `dealer`'s dealing of its key of `epoch`: bound to the epoch's cards. */
const dealingContext = (state: TableState<unknown>, dealer: Seat, epoch: number): Uint8Array =>
  proofContext(state, 'SHARE', dealer, {
    purpose: 'share',
    cards: state.epochs[epoch]!.cards,
  });

/** The public key of the layer `dealer` shares of `epoch`: its key of that epoch, as an encoding. */
export const layerKey = (state: TableState<unknown>, dealer: Seat, epoch: number): Uint8Array =>
  readEncoding(state.epochs[epoch]!.keys[dealer]!);

/** A SHARE: one dealing per epoch the author shares, each checked against the author's key of it. */
export function applyShare<S extends Json>(
  { state, step, author, checks }: Turn<S, 'SHARE'>,
  { dealings }: Extract<Decoded, { type: 'SHARE' }>,
): Folded<Applied<S>> {
  const epochs = step.epochs[author]!;
  const wrong = miscount('dealings', dealings.length, epochs.length);
  if (wrong) return wrong;
  const holders = holdersOf(state, author);
  const keys = shareKeys(state, holders);
  const dealt: Dealt[] = [];
  for (const [i, epoch] of epochs.entries()) {
    const key = layerKey(state, author, epoch);
    const ctx = dealingContext(state, author, epoch);
    if (!checks(dealingCheck(ctx, key, keys, dealings[i]!)))
      return proofFailed('dealing', i, epochs.length, state.epochs[epoch]!.cards, key);
    dealt.push({ dealer: author, epoch, holders, dealing: toBase64(dealings[i]!) });
  }
  const done = step.dealt.map((d, seat) => d || seat === author);
  return ok({
    state: {
      ...state,
      dealings: [...state.dealings!, ...dealt],
      step: { ...step, dealt: done },
    },
  });
}

/**
 * A HELD: the author's complaints, each against a dealing it holds a share of.
 * The first decides: if it proves its share false, the table ends against that
 * dealer; if not, the HELD is refused. Once every seat has said it holds its
 * shares, the shuffle starts.
 */
export function applyHeld<S extends Json>(
  { state, step, author, checks }: Turn<S, 'SHARE'>,
  { complaints }: Extract<Decoded, { type: 'HELD' }>,
): Folded<Applied<S>> {
  const named = new Set(complaints.map((c) => c.dealing));
  const held = state.dealings!;
  if (named.size < complaints.length || [...named].some((d) => !held[d]?.holders.includes(author)))
    return refuse('ERR_SHAPE');
  const [first] = complaints;
  if (first) {
    const dealt = held[first.dealing]!;
    const key = layerKey(state, dealt.dealer, dealt.epoch);
    const job = complaintCheck(
      dealingContext(state, dealt.dealer, dealt.epoch),
      key,
      shareKeys(state, dealt.holders),
      dealt.holders.indexOf(author),
      fromBase64(dealt.dealing),
      first.complaint,
    );
    if (checks(job)) return ok({ state: falseShare(state, dealt.dealer, author) });
    return proofFailed('complaint', 0, complaints.length, state.epochs[dealt.epoch]!.cards, key);
  }
  const done = step.held.map((h, seat) => h || seat === author);
  if (done.some((h) => !h)) return ok({ state: { ...state, step: { ...step, held: done } } });
  return ok({ state: nextStep(state, step.shuffle) });
}

/** This seat's SHARE: a dealing of its key of each epoch it shares, among every other seat. */
export function makeShare(
  state: TableState<unknown>,
  step: StepOf<'SHARE'>,
  seat: Seat,
  keyring: Keyring,
): TableBody {
  const holders = shareKeys(state, holdersOf(state, seat)).map((key) => decodePoint(key));
  const dealings = step.epochs[seat]!.map((epoch) => {
    const secret = keyring.scalarFor(state.epochs[epoch]!.keys[seat]!);
    const dealing = dealShares(dealingContext(state, seat, epoch), secret, holders, holders.length);
    return toBase64(encodeDealing(dealing));
  });
  return { type: 'SHARE', dealings };
}

/**
 * This seat's HELD: it opens its share of every dealing with its share key's
 * secret and keeps each under its public image (what a recovery proves
 * against), and complains against each that does not open.
 */
export function makeHeld(state: TableState<unknown>, seat: Seat, keyring: Keyring): TableBody {
  const secret = keyring.scalarFor(state.shareKeys![seat]!);
  // Every seat's share key decoded once: each is a holder of every dealing but its own.
  const seats = state.genesis.identities.map((_, s) => s);
  const keys = shareKeys(state, seats).map((key) => decodePoint(key));
  const complaints: { dealing: number; complaint: string }[] = [];
  state.dealings!.forEach((dealt, d) => {
    const j = dealt.holders.indexOf(seat);
    if (j < 0) return;
    const ctx = dealingContext(state, dealt.dealer, dealt.epoch);
    const E = decodePoint(layerKey(state, dealt.dealer, dealt.epoch));
    const holders = dealt.holders.map((s) => keys[s]!);
    const dealing = decodeDealing(fromBase64(dealt.dealing));
    const share = openShare(ctx, E, holders, j, secret, dealing);
    if (share !== null) keyring.remember(shareImage(dealing.commitments, j + 1), share);
    else {
      const complaint = proveComplaint(ctx, E, holders, j, secret, dealing);
      complaints.push({ dealing: d, complaint: toBase64(encodeComplaint(complaint)) });
    }
  });
  return { type: 'HELD', complaints };
}

/** SHARE: every seat's dealings, then every seat's word on its shares. */
export const SHARE: StepKind<'SHARE'> = {
  owes: (_, step) => owesShare(step),
  acts: noActs,
  events: { SHARE: applyShare, HELD: applyHeld },
  duty: (state, step, seat) => {
    const owed = owesShare(step);
    return dutyOf(owed, seat, (keyring) =>
      owed[0]!.kind === 'SHARE'
        ? makeShare(state, step, seat, keyring)
        : makeHeld(state, seat, keyring),
    );
  },
};

/** A SHARE body: one dealing per epoch the author shares. */
export const parseShare: Parser<'SHARE'> = (body) => {
  fields(body, 'dealings');
  if (!Array.isArray(body.dealings)) throw new FieldError();
  return { type: 'SHARE', dealings: body.dealings.map((d) => b64(d)) };
};

/** A HELD body: the author's complaints, each naming a dealing by its place at the table. */
export const parseHeld: Parser<'HELD'> = (body) => {
  fields(body, 'complaints');
  return {
    type: 'HELD',
    complaints: list(body.complaints, ['complaint', 'dealing'], (c) => ({
      dealing: index(c.dealing),
      complaint: b64(c.complaint),
    })),
  };
};
