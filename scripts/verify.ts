/**
 * `npm run verify -- game.json`: rebuilds a game from its transcript alone and
 * checks every signature, chain link, proof and rule. Prints the outcome, and
 * for a game with hidden claims (Batailles' fights) what its audit found.
 * Exits 1 naming the first bad event, or whom the audit caught.
 */
import { readFileSync } from 'node:fs';
import type { GameId } from '../src/engine/catalog.ts';
import { playable } from '../src/engine/games/registry.ts';
import { verifyTranscript } from '../src/engine/transcript.ts';
import { describeOutcome } from './outcome.ts';

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
  const { index, author, reason } = result.fault;
  const names = (raw as { genesis?: { names?: string[] } }).genesis?.names ?? [];
  const who = author === null ? '' : ` by ${names[author] ?? `seat ${author}`} (seat ${author})`;
  console.error(
    index === null ? `invalid transcript: ${reason}` : `event ${index}${who} is bad: ${reason}`,
  );
  process.exit(1);
}
console.log(`verified ${result.events} events: every signature, chain link, proof and rule holds`);
const { findings, genesis } = result;
if (playable(genesis.game as GameId)?.game.audit) {
  // A game with hidden claims (a fight only two saw) is judged again once every key is open.
  console.log(
    findings.length === 0
      ? 'audit: every hidden claim checked against the opened cards; nobody caught'
      : `audit caught ${findings.map((f) => `${genesis.names[f.seat]} (${f.reason})`).join(', ')}`,
  );
}
console.log(describeOutcome(result.outcome, genesis.names));
if (findings.length > 0) process.exit(1);
