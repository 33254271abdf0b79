/**
 * Transcripts: a whole game as every signed event in log order, with the
 * genesis (names, identity public keys, game, deck). `verifyTranscript`
 * rebuilds the game from it alone and checks every signature, chain link,
 * proof and rule.
 *
 * Format (JSON):
 * ```
 * { "format": "fairdeal-transcript/1",
 *   "genesis": { "table", "game", "names", "identities", "deckSize", "options", "absentAfterMs" },
 *   "events": [ "<canonical event JSON>", ... ] }
 * ```
 * The order must be the log's own deterministic order, each event exactly
 * once, and the game must be over with every seat's audit published.
 */
import { isGameId } from './catalog.ts';
import { isRecord, type Json, type JsonObject } from './encoding.ts';
import type { Finding, Outcome, Seat } from './game.ts';
import { playable, suitsSeats } from './games/registry.ts';
import { isValidPublicKey } from './identity.ts';
import { err, ok, type Result } from './result.ts';
import { isAbsentLimit } from './table/leave.ts';
import { Replica } from './table/replica.ts';
import type { Genesis } from './table/types.ts';

export const TRANSCRIPT_FORMAT = 'fairdeal-transcript/1';

export interface Transcript {
  format: typeof TRANSCRIPT_FORMAT;
  genesis: Genesis;
  events: string[];
}

/** Where and why a transcript fails; `index` is the first bad event (null: the whole file). */
export interface TranscriptFault {
  readonly index: number | null;
  readonly author: Seat | null;
  readonly reason: string;
}

export type Verified =
  | {
      ok: true;
      outcome: Outcome;
      genesis: Genesis;
      events: number;
      /** Whom the game's audit caught once every key was open (see `Game.audit`). */
      findings: readonly Finding[];
    }
  | { ok: false; fault: TranscriptFault };

const fault = (
  reason: string,
  index: number | null = null,
  author: Seat | null = null,
): Verified => ({
  ok: false,
  fault: { index, author, reason },
});

/** Checks the genesis of an untrusted transcript. */
export function parseGenesis(raw: unknown): Result<Genesis, string> {
  if (!isRecord(raw)) return err('genesis missing');
  const { table, game, names, identities, deckSize, options, absentAfterMs } = raw;
  if (typeof table !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(table))
    return err('genesis.table');
  if (!isGameId(game) || !playable(game)) return err('genesis.game');
  if (!Array.isArray(identities) || !identities.every(isValidPublicKey))
    return err('genesis.identities');
  if (
    !Array.isArray(names) ||
    names.length !== identities.length ||
    !names.every((n) => typeof n === 'string')
  )
    return err('genesis.names');
  if (
    !isRecord(options) ||
    !playable(game)!.setup(options as JsonObject).ok ||
    !suitsSeats(playable(game)!, options as JsonObject, names.length)
  )
    return err('genesis.options');
  if (deckSize !== playable(game)!.deckSize(options as JsonObject)) return err('genesis.deckSize');
  if (!isAbsentLimit(absentAfterMs)) return err('genesis.absentAfterMs');
  return ok({
    table,
    game,
    names: names as string[],
    identities: identities as string[],
    deckSize,
    options: options as JsonObject,
    absentAfterMs,
  });
}

/** Writes the transcript of a replica's log. */
export function makeTranscript(replica: Replica<Json>): Transcript {
  const text = new TextDecoder();
  return {
    format: TRANSCRIPT_FORMAT,
    genesis: replica.genesis,
    events: replica.log.entries().map((entry) => text.decode(entry.bytes)),
  };
}

/** Rebuilds and checks a game from its transcript alone; the outcome, or the first fault. */
export function verifyTranscript(raw: unknown): Verified {
  if (!isRecord(raw) || raw.format !== TRANSCRIPT_FORMAT)
    return fault('not a Fair Deal transcript');
  const genesis = parseGenesis(raw.genesis);
  if (!genesis.ok) return fault(`bad ${genesis.error}`);
  if (!Array.isArray(raw.events) || !raw.events.every((e) => typeof e === 'string'))
    return fault('bad events list');
  const game = playable(genesis.value.game as never)!;
  const initial = game.setup(genesis.value.options);
  if (!initial.ok) return fault('bad genesis.options');
  const replica = new Replica(genesis.value, game.game, initial.value);
  for (const [index, event] of (raw.events as string[]).entries()) {
    const author = authorOf(event);
    const appended = replica.receive(event);
    if (!appended.ok) return fault(appended.error, index, author);
    if (
      appended.value.status !== 'accepted' ||
      appended.value.from !== index ||
      replica.log.size !== index + 1
    )
      return fault(
        appended.value.status === 'duplicate'
          ? 'duplicate event'
          : 'event out of order or missing a predecessor',
        index,
        author,
      );
    const verdict = replica.entryVerdicts[index];
    if (typeof verdict === 'object') return fault(verdict.rejected, index, author);
  }
  const outcome = replica.outcome();
  if (!outcome || replica.state.step.type !== 'DONE')
    return fault('the transcript ends before the game is over');
  return {
    ok: true,
    outcome,
    genesis: genesis.value,
    events: replica.log.size,
    findings: replica.state.findings,
  };
}

function authorOf(event: string): Seat | null {
  try {
    const author = (JSON.parse(event) as { author?: unknown }).author;
    return typeof author === 'number' ? author : null;
  } catch {
    return null;
  }
}
