/**
 * The one door from the network into the fold: an event body from a peer is
 * parsed, then applied, and whatever goes wrong on the way (a malformed
 * field, a point that does not decode, an exception deep in a proof check)
 * comes back as an error code, never as an exception. A fold that threw
 * would wedge every honest replica on one bad event and never name its author.
 * The one exception let through is `Unchecked`: no verdict yet, the answer to
 * a proof check is still to come (see checks.ts).
 */
import type { Json, JsonObject } from '../encoding.ts';
import type { Seat } from '../game.ts';
import { err, type Result } from '../result.ts';
import { parseBody, type BodyError, type Decoded } from './bodies.ts';
import { checkNow, Unchecked, type Checks } from './checks.ts';
import { applyEvent, type AnyGame } from './fold.ts';
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
  try {
    let decoded = parsed.get(body);
    if (decoded === undefined) {
      decoded = parseBody(body);
      parsed.set(body, decoded);
    }
    if (!decoded.ok) return decoded;
    return applyEvent(state, game, author, decoded.value, checks);
  } catch (e) {
    if (e instanceof Unchecked) throw e;
    return err('ERR_EXCEPTION');
  }
}
