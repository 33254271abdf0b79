/**
 * Issue 8, item 5: one event must not wedge every honest replica. A cheater
 * publishes an AUDIT whose secret is 0; folding it once meant `0·G`,
 * which throws. An honest replica must refuse it like any other bad event,
 * name the cheater and keep its state, and `npm run verify` must say which
 * event is bad instead of crashing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import type { EventBody, SignedEvent } from '../../../src/engine/events.ts';
import type { CardId } from '../../../src/engine/game.ts';
import { war, type WarState } from '../../../src/engine/games/war/index.ts';
import { composeEvent } from '../../../src/engine/log.ts';
import { makeAct } from '../../../src/engine/table/author.ts';
import { TRANSCRIPT_FORMAT, verifyTranscript } from '../../../src/engine/transcript.ts';
import { Table, makeGenesis, makePlayers, setupOrThrow, tableGame } from '../helpers/table.ts';

const players = makePlayers(2);
const cheater = players[1]!;
const ZERO_AUDIT: EventBody = { type: 'AUDIT', secrets: ['00'.repeat(32)] };

/** A War with real cryptography, played out until the audit is owed. */
function warToAudit(deckSize: number, stacks: [CardId[], CardId[]]): Table<WarState> {
  const genesis = makeGenesis(players, war, { stacks });
  const table = new Table(players, genesis, tableGame(war), setupOrThrow(war, { stacks }));
  for (let next = table.replicas[0]!.owed()[0]; next?.kind !== 'AUDIT';) {
    if (next === undefined) throw new Error('the game stopped before its audit');
    if (next.kind === 'ACT') table.play(next.seat, makeAct({ type: 'FLIP' }));
    else table.duty(next.seat);
    next = table.replicas[0]!.owed()[0];
  }
  return table;
}

/** The cheater's zero-secret AUDIT, signed as its next event on `table`. */
function zeroAudit(table: Table<WarState>): SignedEvent {
  const signed = composeEvent(
    table.replicas[cheater.seat]!.log,
    cheater.seat,
    ZERO_AUDIT,
    cheater.identity.secretKey,
  );
  if (!signed.ok) throw new Error(signed.error);
  return signed.value;
}

test('an honest replica refuses a zero audit secret, names the cheater and keeps its state', () => {
  const table = warToAudit(8, [
    [0, 2, 4, 6],
    [1, 3, 5, 7],
  ]);
  const honest = table.replicas[0]!;
  const before = honest.stateHash;
  const bad = zeroAudit(table);

  const received = honest.receive(bad.bytes);

  expect(received.ok).toBe(true);
  expect(honest.entryVerdicts.at(-1)).toEqual({ rejected: expect.stringMatching(/^ERR_/) });
  const [offence, ...others] = honest.offences();
  expect(others).toEqual([]);
  expect(offence).toMatchObject({ seat: cheater.seat, event: bad.hash });
  // Refused when the body is parsed, not caught as a crash of the fold.
  expect(offence!.reason).not.toBe('ERR_EXCEPTION');
  expect(honest.stateHash).toBe(before);
});

test('npm run verify names the zero-secret audit as the bad event', async () => {
  // The verifier checks a War genesis holds the full deck: one battle keeps it short.
  const table = warToAudit(52, [[0], [1]]);
  table.duty(0);
  const bad = zeroAudit(table);
  const text = new TextDecoder();
  const events = [...table.events, bad].map((e) => text.decode(e.bytes));
  const transcript = { format: TRANSCRIPT_FORMAT, genesis: table.genesis, events };

  const index = events.length - 1;
  expect(verifyTranscript(transcript)).toEqual({
    ok: false,
    fault: { index, author: cheater.seat, reason: expect.stringMatching(/^ERR_/) },
  });

  const file = join(mkdtempSync(join(tmpdir(), 'fairdeal-audit-zero-')), 'game.json');
  writeFileSync(file, JSON.stringify(transcript));
  // tsx found by module resolution, not under ./node_modules: a mutation sandbox has none.
  const verify = ['--import', 'tsx', 'scripts/verify.ts', file];
  const failure = await promisify(execFile)(process.execPath, verify).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toMatch(
    new RegExp(`^event ${index} by player 1 \\(seat 1\\) is bad: ERR_\\w+$`, 'm'),
  );
});
