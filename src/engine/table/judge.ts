/**
 * The one door from the network into the fold: an event body from a peer is
 * parsed, then applied, and whatever goes wrong on the way (a malformed
 * field, a point that does not decode, an exception deep in a proof check)
 * comes back as an error code, never as an exception. A fold that threw
 * would wedge every honest replica on one bad event and never name its author.
 */
import type { Json, JsonObject } from '../encoding.ts';
import type { Seat } from '../game.ts';
import { err, type Result } from '../result.ts';
import { parseBody } from './bodies.ts';
import { applyEvent, type AnyGame } from './fold.ts';
import type { TableState } from './types.ts';

/** `ERR_EXCEPTION`: the fold threw on this body; the event is refused like any other bad one. */
export type JudgeError = string;

/** Parses and applies `author`'s event body on `state`; returns the next state or why not. Never throws. */
export function judge<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: JsonObject,
): Result<TableState<S>, JudgeError> {
  try {
    const decoded = parseBody(body);
    if (!decoded.ok) return decoded;
    return applyEvent(state, game, author, decoded.value);
  } catch {
    return err('ERR_EXCEPTION');
  }
}
