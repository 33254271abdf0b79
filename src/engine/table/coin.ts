/**
 * A joint fair coin by commit and open: every seat commits to a random bit
 * (a hash of the bit and a 32-byte salt, bound to the table and the step),
 * then every seat opens it. The coin is the XOR of all bits: fair if any one
 * seat is honest, and nobody can change their bit after seeing another's.
 * A seat that refuses to open can stall the table, not bias the coin.
 */
import { toHex } from '../../../crypto/index.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { isHex, type Json } from '../encoding.ts';
import type { Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { CoinSecret, Keyring } from './keyring.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { proofContext } from './context.ts';
import { FieldError, fields, type Parser } from './parse.ts';
import { hasLeft } from './recovery.ts';
import { refuse, type Folded } from './refusal.ts';
import {
  gameActs,
  nextStep,
  seatsMissing,
  type Applied,
  type Owed,
  type StepKind,
  type StepOf,
  type Turn,
} from './step.ts';
import type { TableState } from './types.ts';

/** The commitment to `bit` with `salt` (hex) for `seat` at this step. */
function coinCommitment(state: TableState<unknown>, seat: Seat, bit: number, salt: string): string {
  return bytesToHex(
    sha256(
      concatBytes(
        proofContext(state, 'COIN', seat, { purpose: 'coin' }),
        new Uint8Array([bit]),
        hexToBytes(salt),
      ),
    ),
  );
}

/**
 * The COIN step a game asks for: nothing committed, nothing opened. A seat that left
 * (recovery.ts) has no say: its place holds an empty commitment and a 0, which the
 * XOR ignores.
 */
export const coinStep = (state: TableState<unknown>): StepOf<'COIN'> => {
  const seats = state.keys.map((_, seat) => seat);
  return {
    type: 'COIN',
    // Stryker disable next-line StringLiteral: any commitment but null owes nothing, and a seat that left opens none
    commits: seats.map((seat) => (hasLeft(state, seat) ? '' : null)),
    opens: seats.map((seat) => (hasLeft(state, seat) ? 0 : null)),
  };
};

/** Who owes what in a coin step: commits first, then opens. */
export function owesCoin(step: StepOf<'COIN'>): Owed[] {
  const commits = seatsMissing(step.commits);
  if (commits.length > 0) return commits.map((seat) => ({ seat, kind: 'COMMIT' }));
  return seatsMissing(step.opens).map((seat) => ({ seat, kind: 'OPEN' }));
}

/** Records a commitment. */
export function applyCommit<S extends Json>(
  { state, step, author }: Turn<S, 'COIN'>,
  { hash }: Extract<Decoded, { type: 'COMMIT' }>,
): Folded<Applied<S>> {
  const commits = step.commits.map((h, i) => (i === author ? hash : h));
  return ok({ state: { ...state, step: { ...step, commits } } });
}

/**
 * Records an opening, which must match the commitment. Once every seat has
 * opened, the coin (the XOR of every bit) is told to the game.
 */
export function applyOpen<S extends Json>(
  { state, step, author }: Turn<S, 'COIN'>,
  { bit, salt }: Extract<Decoded, { type: 'OPEN' }>,
): Folded<Applied<S>> {
  if (coinCommitment(state, author, bit, salt) !== step.commits[author])
    return refuse('ERR_PROOF', { kind: 'commitment', bit });
  const opens = step.opens.map((b, i) => (i === author ? bit : b));
  const opened = { ...state, step: { ...step, opens } };
  if (opens.some((b) => b === null)) return ok({ state: opened });
  const coin = opens.reduce<number>((x, b) => x ^ (b as number), 0);
  return ok({ state: nextStep(opened, { type: 'PLAY' }), fact: { type: 'COIN', bit: coin } });
}

/**
 * What this seat owes of the coin under way: its COMMIT; once every seat has
 * committed, the OPEN of `coin`, answered as that coin (so an OPEN is made
 * only from this step's secret in hand); or neither (null).
 */
export function coinDuty(
  state: TableState<unknown>,
  step: StepOf<'COIN'>,
  seat: Seat,
  coin: CoinSecret | null,
): 'COMMIT' | CoinSecret | null {
  const kind = owesCoin(step).find((o) => o.seat === seat)?.kind;
  if (kind === 'COMMIT') return 'COMMIT';
  return kind === 'OPEN' && coin?.stepNo === state.stepNo ? coin : null;
}

/** This seat's COMMIT to a fresh random bit, or its OPEN once every seat has committed; null if it owes neither. */
export function makeCoin(
  state: TableState<unknown>,
  step: StepOf<'COIN'>,
  seat: Seat,
  keyring: Pick<Keyring, 'coin' | 'keepCoin'>,
): TableBody | null {
  const owes = coinDuty(state, step, seat, keyring.coin);
  if (owes === 'COMMIT') {
    const random = crypto.getRandomValues(new Uint8Array(33));
    const coin = { stepNo: state.stepNo, bit: random[0]! & 1, salt: toHex(random.subarray(1)) };
    keyring.keepCoin(coin);
    return { type: 'COMMIT', hash: coinCommitment(state, seat, coin.bit, coin.salt) };
  }
  return owes === null ? null : { type: 'OPEN', bit: owes.bit, salt: owes.salt };
}

/** COIN: every seat commits to a bit, then opens it. */
export const COIN: StepKind<'COIN'> = {
  owes: (_, step) => owesCoin(step),
  acts: gameActs,
  events: { COMMIT: applyCommit, OPEN: applyOpen },
  duty: (state, step, seat, { coin }) =>
    coinDuty(state, step, seat, coin) === null
      ? null
      : (keyring) => makeCoin(state, step, seat, keyring),
};

/** A COMMIT body: the hash a bit is committed to. */
export const parseCommit: Parser<'COMMIT'> = (body) => {
  fields(body, 'hash');
  if (!isHex(body.hash, 32)) throw new FieldError();
  return { type: 'COMMIT', hash: body.hash };
};

/** An OPEN body: the bit and the salt that open a commitment. */
export const parseOpen: Parser<'OPEN'> = (body) => {
  fields(body, 'bit', 'salt');
  if ((body.bit !== 0 && body.bit !== 1) || !isHex(body.salt, 32)) throw new FieldError();
  return { type: 'OPEN', bit: body.bit, salt: body.salt };
};
