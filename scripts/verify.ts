/**
 * `npm run verify -- game.json`: rebuilds a game from its transcript alone and
 * checks every signature, chain link, proof and rule. Prints the outcome, and
 * for a game with hidden claims (Batailles' fights) what its audit found, and
 * whether every seat confirmed that the game ended so. An ending that is not
 * final (see `Replica.finality`) is told as such, with no winner.
 * Exits 1 naming the first bad event, or whom the audit caught.
 */
import { readFileSync } from 'node:fs';
import {
  describeAudit,
  describeEnding,
  describeFault,
  verifyTranscript,
} from '../src/engine/transcript.ts';
import { describeGame, describeOutcome } from './outcome.ts';
import { loadEveryGame } from '../src/engine/games/registry.ts';

// The table and the verifier read each game by its id.
await loadEveryGame();

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run verify -- <transcript.json>');
  process.exit(2);
}
let raw: unknown;
try {
  raw = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  console.error(`cannot read ${file}: ${(e as Error).message}`);
  process.exit(1);
}
const result = verifyTranscript(raw);
if (!result.ok) {
  const names = (raw as { genesis?: { names?: string[] } }).genesis?.names ?? [];
  console.error(describeFault(result.fault, names));
  process.exit(1);
}
console.log(`verified ${result.events} events: every signature, chain link, proof and rule holds`);
// The genesis records a seat run by another player's page (a computer the host added).
const { names, runBy } = result.genesis;
runBy?.forEach((runner, seat) => {
  if (runner !== seat) console.log(`${names[seat]} was run by ${names[runner]}'s page`);
});
const audit = describeAudit(result);
if (audit) console.log(audit);
// An ending not final (unconfirmed, or disputed) may be undone by events this file lacks:
// it names no winner, and the ending's line says why.
if (result.finality.kind === 'final')
  console.log(describeOutcome(result.outcome, result.genesis.names));
console.log(describeEnding(result));
const summary = describeGame(result.genesis.game, result.game, result.genesis.names);
if (summary) console.log(summary);
if (result.findings.length > 0) process.exit(1);
