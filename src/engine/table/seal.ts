/**
 * Sealed moves: a move that another seat could cross is shown only after
 * that seat has signed that it saw the move was made.
 *
 * Where the game lets a seat act while it waits on another (Red & Black: the
 * waiting player may call while the player to move thinks), the two can sign
 * events against the same state. Who saw what first cannot be proven: an
 * author can always name an older basis than it had. A race rule that picked
 * a winner by what the two events are let the favoured side watch the other's
 * event and then claim it had not seen it: the player whose correct call was
 * in front of it escaped by an empty attack, or by a call of its own.
 *
 * So the claim is made useless instead of judged. The seat the table waits on
 * (`seats` of an ACT need that has `optional` seats) signs a SEAL: a
 * commitment to its move, which shows nothing but that a move was made, and it
 * always makes one. Each optional seat then owes an ACK: by signing it, it
 * gives up acting against the state before the move, since its later events
 * can never name an older basis than one it signed (log.ts). Until it acks it
 * may still act as it could before, and its action then stands over the seal
 * wherever the log puts the two. Once all have acked, the mover owes the
 * UNSEAL: the move and the salt that open the commitment, judged like any
 * move. What the move shows is out only once nobody can act against the state
 * before it, and a seat that saw a SEAL learned nothing it could use.
 *
 * The commitment is bound to the table, the seat and the number of moves
 * played: a seal cannot be opened as another seat's, nor at another move.
 */
import { deriveContext } from '../../../crypto/index.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeCanonical, isHex, type Json, type JsonObject } from '../encoding.ts';
import type { Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { FieldError, fields, isObject, type Parser } from './parse.ts';
import { actionName, refuse, type Folded } from './refusal.ts';
import {
  nextStep,
  type Applied,
  type Owed,
  type StepKind,
  type StepOf,
  type Turn,
} from './step.ts';
import type { TableState } from './types.ts';

/** What a seat keeps from its SEAL to its UNSEAL: the move, and the salt (hex, 32 bytes). */
export interface SealSecret {
  /** `acts` when the move was sealed: the seal it belongs to. */
  readonly acts: number;
  readonly action: JsonObject;
  readonly salt: string;
}

/** The commitment to `action` with `salt` (hex) by `seat`, as its move number `state.acts`. */
export function sealCommitment(
  state: TableState<unknown>,
  seat: Seat,
  action: JsonObject,
  salt: string,
): string {
  // Stryker disable next-line StringLiteral: the sealer and every checker derive the same context, still distinct from every other (it is the only one with this shape)
  const context = deriveContext('fairdeal/seal', state.genesisHash, seat, state.acts);
  return bytesToHex(
    sha256(concatBytes(context, utf8ToBytes(encodeCanonical(action)), hexToBytes(salt))),
  );
}

/** Every seat the seal waits for owes its ACK; once none is left, the sealing seat owes the UNSEAL. */
export function owesSeal(step: StepOf<'SEALED'>): Owed[] {
  if (step.waiting.length > 0) return step.waiting.map((seat) => ({ seat, kind: 'ACK' }));
  return [{ seat: step.seat, kind: 'UNSEAL' }];
}

/** A SEAL by `author`: the table waits for every seat in `optional` to ACK. */
export function applySeal<S>(
  state: TableState<S>,
  author: Seat,
  hash: string,
  optional: readonly Seat[],
): TableState<S> {
  return nextStep(state, { type: 'SEALED', seat: author, hash, waiting: [...optional] });
}

/** An ACK by `author`, one of the seats the seal waits for. */
export function applyAck<S extends Json>({
  state,
  step,
  author,
}: Turn<S, 'SEALED'>): Folded<Applied<S>> {
  const waiting = step.waiting.filter((seat) => seat !== author);
  return ok({ state: { ...state, step: { ...step, waiting } } });
}

/** The move an UNSEAL opens, for the fold to play, if it matches the seal: `ERR_PROOF` otherwise. */
export function applyUnseal<S extends Json>(
  { state, step, author }: Turn<S, 'SEALED'>,
  { action, salt }: Extract<Decoded, { type: 'UNSEAL' }>,
): Folded<Applied<S>> {
  return sealCommitment(state, author, action, salt) === step.hash
    ? ok({ state, move: action })
    : refuse('ERR_PROOF', { kind: 'seal', action: actionName(action) });
}

/**
 * What this seat owes of the seal under way: its ACK; or, once every seat has
 * seen the seal, the UNSEAL of its move, made only from the move it kept for
 * this seal (`seal`); else null.
 */
export function sealDuty(
  state: TableState<unknown>,
  step: StepOf<'SEALED'>,
  seat: Seat,
  seal: SealSecret | null,
): TableBody | null {
  const kind = owesSeal(step).find((o) => o.seat === seat)?.kind;
  if (kind === 'ACK') return { type: 'ACK' };
  if (kind !== 'UNSEAL' || seal?.acts !== state.acts) return null;
  return { type: 'UNSEAL', action: seal.action, salt: seal.salt };
}

/**
 * SEALED: the seats the seal waits for ACK it, then its author UNSEALs the
 * move. A seat the seal waits for may still act, as it could before the seal.
 */
export const SEALED: StepKind<'SEALED'> = {
  owes: (_, step) => owesSeal(step),
  acts: (_, step, __, optional) =>
    optional ? step.waiting.map((seat) => ({ seat, kind: 'ACT' })) : [],
  events: { ACK: applyAck, UNSEAL: applyUnseal },
  duty: (state, step, seat, { seal }) => {
    const body = sealDuty(state, step, seat, seal);
    return body === null ? null : () => body;
  },
};

/** A SEAL body: the commitment to a move. */
export const parseSeal: Parser<'SEAL'> = (body) => {
  fields(body, 'hash');
  if (!isHex(body.hash, 32)) throw new FieldError();
  return { type: 'SEAL', hash: body.hash };
};

/** An ACK body: no fields. */
export const parseAck: Parser<'ACK'> = (body) => {
  fields(body);
  return { type: 'ACK' };
};

/** An UNSEAL body: the move and the salt that open its seal. */
export const parseUnseal: Parser<'UNSEAL'> = (body) => {
  fields(body, 'action', 'salt');
  if (!isObject(body.action) || !isHex(body.salt, 32)) throw new FieldError();
  return { type: 'UNSEAL', action: body.action, salt: body.salt };
};
