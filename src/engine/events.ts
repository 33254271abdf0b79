/**
 * Signed, chained table events and their one canonical encoding.
 *
 * An event is `{ table, author, seq, prev, basis, body, sig }`:
 *
 * - `table`: what the event belongs to, so it cannot be replayed elsewhere: at
 *   a table, the hash of its genesis (`table/replica.ts`), which names the
 *   table id, the game, its options and every seat's name and key, so an
 *   event of another table or an earlier game is refused even under the same keys;
 * - `author`: the author's seat index (0-based). A seat, not a key, because
 *   the log, the ordering rule and the rules all speak in seats; the table's
 *   roster maps each seat to its ed25519 identity key (see `log.ts`);
 * - `seq`: 0, 1, 2, ... per author;
 * - `prev`: the hash of the author's previous event, `ZERO_HASH` for seq 0;
 * - `basis`: what the author had seen when making the event, as a version
 *   vector: `basis[s]` is the number of seat `s`'s events it held (so its
 *   own entry is `seq`). The log only accepts events whose dependencies it
 *   holds, so an author's knowledge is always whole prefixes of every seat's
 *   chain, and this vector names it exactly: the fold judges an event in
 *   the state its author saw, and settles races between events that did not
 *   see each other;
 * - `heads` (protocol 4 on): which events `basis` counts, by hash: `heads[s]` is
 *   the hash of seat `s`'s event `basis[s] - 1`, null where `basis[s]` is 0 and at
 *   the author's own seat (`prev` names that one). Counts alone name a history only
 *   by its length: a seat could swap an event of its own after others signed over it
 *   and keep their signatures. Hashes pin every event the author had seen, since each
 *   of those names its own predecessors the same way;
 * - `at` (protocol 5 on): when the author signed it, in milliseconds since 1970 by its own
 *   clock. Never earlier than an event it names (`log.ts`): a table's clock only runs
 *   forward. What the table's time control reads (`table/clock.ts`);
 * - `body`: the action, a JSON object tagged by `type` (`"FLIP"`, ...).
 *   Binary payloads (points, proofs) travel as hex or base64 strings;
 * - `sig`: ed25519 signature by the author's identity key over the domain
 *   tag `fair-deal/event/v1\n` followed by the canonical encoding of the
 *   other fields.
 *
 * The wire form is canonical JSON (`encoding.ts`) within `EVENT_LIMITS`;
 * `makeEvent` writes it and `parseEvent` is its strict inverse. The event
 * hash, used by `prev` and evidence, is SHA-256 of those bytes,
 * signature included.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import {
  encodeCanonical,
  encodeCanonicalBytes,
  isHex,
  parseCanonical,
  sha256Hex,
  type JsonError,
  type JsonLimits,
  type JsonObject,
} from './encoding.ts';
import type { Seat } from './game.ts';
import { SIGNATURE_BYTES, signMessage, verifyMessage } from './identity.ts';
import { err, ok, type Result } from './result.ts';

/** Most seats at one table (Batailles et piques seats six). */
export const MAX_SEATS = 6;
/** Largest `seq`; far beyond any game (a War capped at 5,000 battles needs tens of thousands). */
export const MAX_SEQ = 2 ** 32 - 1;
/**
 * Most bytes in one encoded event. A 52-card shuffle with its proof is a few
 * hundred group elements, under 20 KiB in hex; 64 KiB leaves room for that and
 * for an envelope around it within one WebRTC data channel message (src/net
 * caps a message at 80,000 characters).
 */
export const MAX_EVENT_BYTES = 64 * 1024;
/** Deepest nesting in an event (the event object itself is depth 1, its body 2). */
export const MAX_DEPTH = 16;
/** Most UTF-16 units in one string: a whole deck of points in hex is 3,328. */
export const MAX_STRING_LENGTH = 32 * 1024;
/** Most elements in one array: a deck, a proof's vectors, a batch of shares. */
export const MAX_ARRAY_LENGTH = 1024;
/** Most keys in one object. */
export const MAX_OBJECT_KEYS = 64;

/** The limits `parseEvent` enforces, gathered for `parseCanonical`. */
export const EVENT_LIMITS: JsonLimits = {
  maxBytes: MAX_EVENT_BYTES,
  maxDepth: MAX_DEPTH,
  maxStringLength: MAX_STRING_LENGTH,
  maxArrayLength: MAX_ARRAY_LENGTH,
  maxObjectKeys: MAX_OBJECT_KEYS,
};

/** `prev` of a seq-0 event and `basis` of an event made on an empty log. */
export const ZERO_HASH = '0'.repeat(64);

/** Table ids: 1 to 64 of `A-Z a-z 0-9 _ -` (they travel in invite links). */
const TABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Body tags: upper-case identifiers of at most 32 characters. */
const BODY_TYPE = /^[A-Z][A-Z0-9_]{0,31}$/;
/**
 * The fields of an event, in canonical order: without `heads` (protocols 1 to 3), with
 * (protocol 4), and with `heads` and `at` (protocol 5 on).
 */
const FIELDS = ['author', 'basis', 'body', 'prev', 'seq', 'sig', 'table'];
const FIELDS_WITH_HEADS = ['author', 'basis', 'body', 'heads', 'prev', 'seq', 'sig', 'table'];
const FIELDS_WITH_TIME = ['at', ...FIELDS_WITH_HEADS];
/** Latest `at`: the year 6429, far past any clock, and within a double's exact integers. */
export const MAX_AT = 2 ** 47;
const SIGN_DOMAIN = utf8ToBytes('fair-deal/event/v1\n');

/** An event body: a JSON object tagged by an upper-case `type`. */
export type EventBody = JsonObject & { readonly type: string };

/** Everything an event says, before it is signed. */
export type UnsignedEvent = {
  readonly table: string;
  readonly author: Seat;
  readonly seq: number;
  readonly prev: string;
  /** `basis[s]`: how many of seat `s`'s events the author had seen; `basis[author] === seq`. */
  readonly basis: readonly number[];
  /**
   * `heads[s]`: the hash of seat `s`'s event `basis[s] - 1`, null where `basis[s]` is 0
   * and at `author`. Absent from events of tables before protocol 4.
   */
  readonly heads?: readonly (string | null)[];
  /** When the author signed it (ms since 1970, its clock). Absent before protocol 5. */
  readonly at?: number;
  readonly body: EventBody;
};

/** A signed event; `sig` is 128 lowercase hex characters. */
export type Event = UnsignedEvent & { readonly sig: string };

/** An event together with its canonical bytes and its hash. */
export interface SignedEvent {
  readonly event: Event;
  readonly bytes: Uint8Array;
  readonly hash: string;
}

/** Why bytes are not a well-formed event (the signature is checked separately). */
export type EventError =
  | JsonError
  | 'ERR_FIELDS'
  | 'ERR_TABLE_ID'
  | 'ERR_AUTHOR'
  | 'ERR_SEQ'
  | 'ERR_PREV'
  | 'ERR_BASIS'
  | 'ERR_HEADS'
  | 'ERR_TIME'
  | 'ERR_BODY'
  | 'ERR_SIG_FORMAT';

/**
 * Decodes untrusted bytes (or text) into an event. Never throws.
 *
 * Checks canonical JSON within `EVENT_LIMITS`, then every field: exactly the
 * seven fields, eight with `heads`, or nine with `heads` and `at`; `table` a table id; `author` a seat below `MAX_SEATS`; `seq`
 * an integer in `0..MAX_SEQ`; `prev` 32-byte lowercase hex, `ZERO_HASH`
 * exactly when `seq` is 0; `basis` 1 to `MAX_SEATS` counts in
 * `0..MAX_SEQ`, long enough to hold the author's own, which is `seq`
 * (the roster's size is checked by the log); `heads`, if there, one entry per
 * `basis` count, null exactly where the count is 0 and at `author`, else 32-byte
 * lowercase hex (whether a table's events carry it is the log's to check); `at`, if there, an
 * integer in `0..MAX_AT`; `body` an object with a
 * `BODY_TYPE` tag; `sig` 64-byte lowercase hex. It does not check the
 * signature (that needs the roster: `verifyEvent`) or the chain (`log.ts`).
 */
export function parseEvent(input: Uint8Array | string): Result<Event, EventError> {
  const parsed = parseCanonical(input, EVENT_LIMITS);
  if (!parsed.ok) return parsed;
  const raw = parsed.value;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return err('ERR_FIELDS');
  const fields = raw as JsonObject;
  const keys = Object.keys(fields).sort();
  const expected =
    'at' in fields ? FIELDS_WITH_TIME : 'heads' in fields ? FIELDS_WITH_HEADS : FIELDS;
  if (keys.length !== expected.length || keys.some((key, i) => key !== expected[i])) {
    return err('ERR_FIELDS');
  }
  const { table, author, seq, prev, basis, heads, at, body, sig } = fields;
  if (typeof table !== 'string' || !TABLE_ID.test(table)) return err('ERR_TABLE_ID');
  if (!isSeat(author)) return err('ERR_AUTHOR');
  if (typeof seq !== 'number' || seq < 0 || seq > MAX_SEQ) return err('ERR_SEQ');
  if (!isHex(prev, 32) || (seq === 0) !== (prev === ZERO_HASH)) return err('ERR_PREV');
  if (!isBasis(basis) || basis[author] !== seq) return err('ERR_BASIS');
  if (heads !== undefined && !isHeads(heads, basis, author)) return err('ERR_HEADS');
  if (at !== undefined && !isTime(at)) return err('ERR_TIME');
  if (!isBody(body)) return err('ERR_BODY');
  if (!isHex(sig, SIGNATURE_BYTES)) return err('ERR_SIG_FORMAT');
  const common = { table, author, seq, prev, basis: [...basis] };
  return ok({
    ...common,
    ...(heads === undefined ? {} : { heads: [...heads] }),
    ...(at === undefined ? {} : { at }),
    body,
    sig,
  });
}

/**
 * Writes an event's canonical bytes, the inverse of `parseEvent`.
 * Throws a `TypeError` if the event holds a non-JSON value (a bug in the caller).
 */
export function makeEvent(event: Event): Uint8Array {
  // Pick the fields by name: extra properties on the object never reach the wire.
  return encodeCanonicalBytes({ ...unsignedFields(event), sig: event.sig });
}

/** The exact bytes an author signs: domain tag, then the canonical unsigned event. */
export function signingBytes(event: UnsignedEvent): Uint8Array {
  const payload = utf8ToBytes(encodeCanonical(unsignedFields(event)));
  const message = new Uint8Array(SIGN_DOMAIN.length + payload.length);
  message.set(SIGN_DOMAIN, 0);
  message.set(payload, SIGN_DOMAIN.length);
  return message;
}

/**
 * Signs an event and encodes it. The bytes are run back through `parseEvent`,
 * so an event we sign is exactly one every peer will decode; a body over the
 * limits comes back as that peer's error code instead.
 */
export function signEvent(
  event: UnsignedEvent,
  secretKey: Uint8Array,
): Result<SignedEvent, EventError> {
  const sig = signMessage(secretKey, signingBytes(event));
  const bytes = makeEvent({ ...event, sig });
  const parsed = parseEvent(bytes);
  if (!parsed.ok) return parsed;
  return ok({ event: parsed.value, bytes, hash: eventHash(bytes) });
}

/** True when `event.sig` is the strict ed25519 signature of `publicKey` on the event. */
export function verifyEvent(event: Event, publicKey: string): boolean {
  const message = signingBytes(event);
  // The replicas of one process (a page with computer players) check each event once.
  const key = `${publicKey}${event.sig}${sha256Hex(message)}`;
  const known = checked.get(key);
  if (known !== undefined) return known;
  const valid = verifyMessage(publicKey, message, event.sig);
  checked.set(key, valid);
  if (checked.size > CHECKS_KEPT) checked.delete(checked.keys().next().value!);
  return valid;
}

/** Signature checks kept, by key, signature and signed bytes: a few hundred events' worth. */
const checked = new Map<string, boolean>();
const CHECKS_KEPT = 1024;

/** The event hash: SHA-256 of its canonical bytes (signature included), lowercase hex. */
export function eventHash(bytes: Uint8Array): string {
  return sha256Hex(bytes);
}

/** True for an integer seat index below `MAX_SEATS`. */
export function isSeat(value: unknown): value is Seat {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < MAX_SEATS;
}

function isBasis(value: unknown): value is number[] {
  return (
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= MAX_SEATS &&
    value.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_SEQ)
  );
}

/** The signed fields of `event`, `heads` and `at` only where it has them. */
function unsignedFields(event: UnsignedEvent): JsonObject {
  const { table, author, seq, prev, basis, heads, at, body } = event;
  return {
    table,
    author,
    seq,
    prev,
    basis,
    body,
    ...(heads === undefined ? {} : { heads }),
    ...(at === undefined ? {} : { at }),
  };
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_AT;

function isHeads(
  value: unknown,
  basis: readonly number[],
  author: Seat,
): value is (string | null)[] {
  return (
    Array.isArray(value) &&
    value.length === basis.length &&
    value.every((head, seat) =>
      basis[seat] === 0 || seat === author ? head === null : isHex(head, 32),
    )
  );
}

function isBody(value: unknown): value is EventBody {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const type = (value as Record<string, unknown>).type;
  return typeof type === 'string' && BODY_TYPE.test(type);
}
