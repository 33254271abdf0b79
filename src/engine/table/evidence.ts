/**
 * The evidence against a refused event, for a person who wants to see the
 * cheat: the fold answers with one code for a whole event, and its check that
 * failed built the diagnosis beside it (refusal.ts). `diagnose` folds the
 * event again where its author stood and hands that diagnosis over. Only
 * refused events are diagnosed, so folding one again costs nothing in play.
 */
import type { Json, JsonObject } from '../encoding.ts';
import type { AnyGame, Seat } from '../game.ts';
import { parseBody } from './bodies.ts';
import { checkNow } from './checks.ts';
import { applyEvent } from './fold.ts';
import type { Diagnosis } from './refusal.ts';
import type { TableState } from './types.ts';

export type { Diagnosis, ProofKind } from './refusal.ts';

/**
 * Why `author`'s event `body` does not hold on `state` (the state its author
 * saw), given the code it was refused with: the diagnosis of the check that
 * refuses it, or the code alone where that check has nothing more to say
 * (and for an event that holds there). Pure; never throws.
 */
export function diagnose<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: JsonObject,
  code: string,
): Diagnosis {
  try {
    const decoded = parseBody(body);
    if (!decoded.ok) return { kind: 'body', code: decoded.error };
    const folded = applyEvent(state, game, author, decoded.value, checkNow);
    return (!folded.ok && folded.diagnosis) || { kind: 'other', code };
  } catch {
    return { kind: 'other', code };
  }
}
