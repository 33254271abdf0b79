/**
 * The event bodies of the table protocol, and the table of their parsers:
 * each kind's parser is in the module of the step that takes it, and frames
 * its fields with parse.ts.
 *
 * Every body arrives from a peer, so `parseBody` checks each field's type and
 * every encoding's framing before anything else looks at it. Points, rows and
 * proofs travel as base64 of `crypto/`'s encodings. Points stay encodings
 * (the identity refused): decoding one costs a square root, so they are
 * decoded only by the proof checks they are part of, which answer false for
 * a point that is no canonical encoding, and which may run in a worker.
 */
import type { Json, JsonObject } from '../encoding.ts';
import { err, ok, type Result } from '../result.ts';
import { parseAudit } from './audit.ts';
import { parseSeen } from './turn-time.ts';
import { parseCommit, parseOpen } from './coin.ts';
import { parseKey } from './keys.ts';
import { parseAbsent, parseConfirm, parsePresent, parseResign } from './leave.ts';
import { parseLock } from './lock.ts';
import { FieldError, type Parser } from './parse.ts';
import { parseAct } from './play.ts';
import { parseRemask } from './remask.ts';
import { parseAck, parseSeal, parseUnseal } from './seal.ts';
import { parseRecover } from './recovery.ts';
import { parseRekey } from './show-keys.ts';
import { parseHeld, parseShare } from './sharing.ts';
import { parseShuffle } from './shuffle.ts';
import { parseUnlock } from './unlock.ts';

/** One proof over a list of points, as it travels (base64 of crypto/'s encodings). */
export type Share = { points: string; proof: string };

/** The wire form of each body (what is signed and hashed). */
/** `shareKey`: the key the author's shares are encrypted to, in the first KEY at a table that shares its layers. */
export type KeyBody = {
  type: 'KEY';
  genesis: string;
  keys: { pub: string; proof: string }[];
  shareKey?: { pub: string; proof: string };
};
/** One dealing per epoch whose key the author shares (base64 of crypto/'s encoding). */
export type ShareBody = { type: 'SHARE'; dealings: string[] };
/** The author's complaints against shares it could not open, each naming its dealing's place. */
export type HeldBody = { type: 'HELD'; complaints: { dealing: number; complaint: string }[] };
/** `epoch`: which epoch each shuffle is of, in a pipelined round (protocol 3) only. */
export type ShuffleBody = {
  type: 'SHUFFLE';
  shuffles: { epoch?: number; rows: string; proof: string }[];
};
export type UnlockBody = { type: 'UNLOCK'; shares: Share[] };
/** The author's shares of a leaver's layer: per batch of cards, its points and their proof. */
export type RecoverBody = { type: 'RECOVER'; shares: Share[] };
export type LockBody = { type: 'LOCK'; shares: Share[] };
/**
 * A re-mask: every card re-keyed to the fresh `key` (`rekeyed` in the step's
 * card order, one DLEQ proof each in `rekeys`), then the rows `(C', key)`
 * shuffled with the factor behind `pub`.
 */
export type RemaskBody = {
  type: 'REMASK';
  key: string;
  rekeyed: string;
  rekeys: string[];
  pub: string;
  rows: string;
  proof: string;
};
/**
 * A show's fresh key: the author's layer on every card of the show moved to
 * the fresh `key` (`rekeyed` in the step's card order, one DLEQ proof each in
 * `rekeys`).
 */
export type RekeyBody = { type: 'REKEY'; key: string; rekeyed: string; rekeys: string[] };
export type ActBody = { type: 'ACT'; action: JsonObject };
export type CommitBody = { type: 'COMMIT'; hash: string };
export type OpenBody = { type: 'OPEN'; bit: number; salt: string };
/** A move kept hidden until the seats that may cross it have seen that it was made (seal.ts). */
export type SealBody = { type: 'SEAL'; hash: string };
/** The author has seen the sealed move: it gives up acting against the state before it. */
export type AckBody = { type: 'ACK' };
/** The sealed move, and the salt that opens its commitment. */
export type UnsealBody = { type: 'UNSEAL'; action: JsonObject; salt: string };
/** The secret of each public key the author introduced, in order (hex, little-endian). */
export type AuditBody = { type: 'AUDIT'; secrets: string[] };
/** The author leaves the game under way and loses it. */
export type ResignBody = { type: 'RESIGN' };
/** The author declares `seat`, which owes an event and stays unreachable, absent: it loses. */
export type AbsentBody = { type: 'ABSENT'; seat: number };
/** The author answers a claim that it is absent: it is here, and the claim is void. */
export type PresentBody = { type: 'PRESENT' };
/**
 * The author's turn came with an event stamped long before it arrived: its time runs from
 * this event instead (protocol 5 on, once a turn; see `clock.ts`).
 */
export type SeenBody = { type: 'SEEN' };
/**
 * The author confirms how the table ended: the events its basis names are
 * the whole game as it saw it end (see `Replica.confirmedBy`).
 */
export type ConfirmBody = { type: 'CONFIRM' };
export type TableBody =
  | KeyBody
  | ShareBody
  | HeldBody
  | ShuffleBody
  | UnlockBody
  | RecoverBody
  | RemaskBody
  | LockBody
  | RekeyBody
  | ActBody
  | CommitBody
  | OpenBody
  | SealBody
  | AckBody
  | UnsealBody
  | AuditBody
  | ResignBody
  | AbsentBody
  | PresentBody
  | SeenBody
  | ConfirmBody;

/**
 * A point as its 32-byte encoding, framed and not the identity; decoded (and
 * so checked canonical) by the proof check it is part of.
 */
export type Encoding = Uint8Array;

type DecodedShare = { points: Encoding[]; proof: Uint8Array };

/** A body with every field checked and every encoding framed; proofs stay bytes for their checks. */
export type Decoded =
  | {
      type: 'KEY';
      genesis: string;
      keys: { pub: Encoding; proof: Uint8Array }[];
      shareKey?: { pub: Encoding; proof: Uint8Array };
    }
  | { type: 'SHARE'; dealings: Uint8Array[] }
  | { type: 'HELD'; complaints: { dealing: number; complaint: Uint8Array }[] }
  | { type: 'SHUFFLE'; shuffles: { epoch?: number; rows: Encoding[][]; proof: Uint8Array }[] }
  | { type: 'UNLOCK'; shares: DecodedShare[] }
  | { type: 'RECOVER'; shares: DecodedShare[] }
  | {
      type: 'REMASK';
      key: Encoding;
      rekeyed: Encoding[];
      rekeys: Uint8Array[];
      pub: Encoding;
      rows: Encoding[][];
      proof: Uint8Array;
    }
  | { type: 'ACT'; action: JsonObject }
  | { type: 'LOCK'; shares: DecodedShare[] }
  | { type: 'REKEY'; key: Encoding; rekeyed: Encoding[]; rekeys: Uint8Array[] }
  | { type: 'COMMIT'; hash: string }
  | { type: 'OPEN'; bit: number; salt: string }
  | SealBody
  | AckBody
  | UnsealBody
  | { type: 'AUDIT'; secrets: bigint[] }
  | ResignBody
  | AbsentBody
  | PresentBody
  | SeenBody
  | ConfirmBody;

/** Why a body does not parse: a field of the wrong shape, or an encoding that does not decode. */
export type BodyError = 'ERR_BODY_FIELDS' | 'ERR_BODY_ENCODING';

/** The parser of each kind of body, from the module of the step that takes it. */
const BODY_KINDS: { readonly [K in Decoded['type']]: Parser<K> } = {
  KEY: parseKey,
  SHARE: parseShare,
  HELD: parseHeld,
  SHUFFLE: parseShuffle,
  UNLOCK: parseUnlock,
  RECOVER: parseRecover,
  REMASK: parseRemask,
  ACT: parseAct,
  LOCK: parseLock,
  REKEY: parseRekey,
  COMMIT: parseCommit,
  OPEN: parseOpen,
  SEAL: parseSeal,
  ACK: parseAck,
  UNSEAL: parseUnseal,
  AUDIT: parseAudit,
  RESIGN: parseResign,
  ABSENT: parseAbsent,
  PRESENT: parsePresent,
  SEEN: parseSeen,
  CONFIRM: parseConfirm,
};

/** True for a `type` that names a kind of body: own keys only, so `toString` names none. */
const isKind = (type: Json | undefined): type is Decoded['type'] =>
  typeof type === 'string' && Object.hasOwn(BODY_KINDS, type);

/**
 * Reads a body from a peer. Every list of points and rows is framed (kind,
 * counts, length; no identity) and every secret must lie in [1, ℓ): nothing
 * out of range reaches the fold. Points and proofs are decoded by their
 * checks (a point that is no canonical encoding, a proof scalar out of range:
 * `ERR_PROOF`). A field of the wrong shape is `ERR_BODY_FIELDS`, a bad
 * encoding `ERR_BODY_ENCODING`; never an exception.
 */
export function parseBody(body: JsonObject): Result<Decoded, BodyError> {
  try {
    return isKind(body.type) ? ok(BODY_KINDS[body.type](body)) : err('ERR_BODY_FIELDS');
  } catch (e) {
    return err(e instanceof FieldError ? 'ERR_BODY_FIELDS' : 'ERR_BODY_ENCODING');
  }
}

/**
 * True when `body` has the shape of a table body, as `parseBody` reads it: what may be
 * read field by field. A peer's event is refused for any other, but stays in the log.
 */
export const isTableBody = (body: JsonObject): body is TableBody => parseBody(body).ok;
