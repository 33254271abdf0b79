/**
 * The one door from the network into the fold: an event body from a peer is
 * parsed, then applied, and whatever goes wrong on the way (a malformed
 * field, a point that does not decode, an exception deep in a proof check)
 * comes back as an error code, never as an exception. A fold that threw
 * would wedge every honest replica on one bad event and never name its author.
 * The one exception let through is `Unchecked`: no verdict yet, the answer to
 * a proof check is still to come (see checks.ts).
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeCanonical, sha256Hex, stateHash, type Json, type JsonObject } from '../encoding.ts';
import type { AnyGame, Seat } from '../game.ts';
import { err, type Result } from '../result.ts';
import { parseBody, type BodyError, type Decoded } from './bodies.ts';
import { checkNow, Unchecked, type Checks } from './checks.ts';
import { applyEvent } from './fold.ts';
import type { TableState } from './types.ts';

/** `ERR_EXCEPTION`: the fold threw on this body; the event is refused like any other bad one. */
export type JudgeError = string;

/**
 * Bodies already parsed: a replica judges one body again and again (where it lands, where
 * its author stood, after a race, while waiting on its checks), and decoding every point
 * of a shuffle each time would cost more than the rest of the fold.
 */
const parsed = new WeakMap<JsonObject, Result<Decoded, BodyError>>();

/**
 * Parses and applies `author`'s event body on `state`; returns the next state or why not.
 * Never throws, but `Unchecked` from `checks` (a proof whose answer is still to come).
 */
export function judge<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: JsonObject,
  checks: Checks = checkNow,
): Result<TableState<S>, JudgeError> {
  // Only judgements that checked every proof here are shared: a replica with a book of its
  // own (a session, whose pool shares its proof checks instead) judges for itself.
  const name = checks === checkNow ? names.get(state) : undefined;
  const key = name === undefined ? null : judgementKey(name, game.id, author, body);
  // Stryker disable next-line ConditionalExpression: no judgement is kept under a null key, so looking one up finds none
  const kept = key === null ? undefined : judged.get(key);
  if (kept) return kept as Result<TableState<S>, JudgeError>;
  const result = judgeAfresh(state, game, author, body, checks);
  if (key === null) return result;
  if (result.ok) names.set(result.value, key);
  judged.set(key, result as Result<TableState<Json>, JudgeError>);
  // The oldest judgement goes first: a replica that catches up rarely reaches far back.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: only memory: a judgement forgotten is made afresh, alike
  if (judged.size > KEPT) judged.delete(judged.keys().next().value!);
  return result;
}

function judgeAfresh<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: JsonObject,
  checks: Checks,
): Result<TableState<S>, JudgeError> {
  try {
    let decoded = parsed.get(body);
    // Stryker disable next-line ConditionalExpression: only work: a body parsed again parses alike
    if (decoded === undefined) {
      decoded = parseBody(body);
      parsed.set(body, decoded);
    }
    if (!decoded.ok) return decoded;
    // The diagnosis stays behind: `diagnose` (fold.ts) builds it again for a refused event.
    const folded = applyEvent(state, game, author, decoded.value, checks);
    return folded.ok ? folded : err(folded.error);
  } catch (e) {
    if (e instanceof Unchecked) throw e;
    return err('ERR_EXCEPTION');
  }
}

/*
 * Judgements shared by the replicas of one process that check their proofs at once
 * (transcripts read back, the replay, the tests' replicas of one recorded game): they
 * judge the same events on the same states, and judging is then a pure function of the
 * state, the game, the author and the body, so each proof is checked once per process.
 * Sessions have a book of their own and share their checks through their pool instead
 * (src/net/pool.ts), where the jobs of one check are done once.
 *
 * A state is known by a name: its table's initial state by its genesis and its game's
 * starting state (`nameInitialState`), every state `judge` returns by the hash of the
 * name of the state it was judged on, the game, the author and the body. Two states of
 * one name come from the same judgements of the same start, so they are equal. A state
 * with no name (made any other way) is judged afresh.
 */
const names = new WeakMap<object, string>();
const judged = new Map<string, Result<TableState<Json>, JudgeError>>();
/** Judgements kept: a few hundred events, more than a replica needs to catch up. */
const KEPT = 512;

const judgementKey = (
  name: string,
  game: string,
  author: Seat,
  body: JsonObject,
): string | null => {
  try {
    return sha256Hex(utf8ToBytes(`${name}\n${game}\n${author}\n${encodeCanonical(body)}`));
  } catch {
    // A body the canonical form refuses is judged afresh, and refused there.
    return null;
  }
};

/** Names a table's initial state, so that replicas of one table share their judgements. */
export function nameInitialState(state: TableState<Json>): void {
  names.set(state, `${state.genesisHash}\n${stateHash(state.game)}`);
}
