/**
 * `npm run simulate -- --game war --seed 7 --out game.json`: computer peers,
 * each with its own replica, play a whole game over the in-memory network with
 * real cryptography. Prints the winner and writes the transcript. `--options`
 * takes the table's options as JSON (`'{"target":1}'` for a one-game Red & Black
 * match), checked by the game's setup as a table's are.
 *
 * `--seed` fixes the players' choices and the bytes behind every key and
 * shuffle (`crypto.getRandomValues` draws from a stream seeded by the game
 * and the seed), so a seed replays the same game, deal for deal: a seed that
 * reaches a rare moment (a Black & Red hand whose stock runs out) reaches it
 * every run. A simulation, never a real game: its keys follow from its seed,
 * and its clock stands still at `SIMULATED_AT`, so its events' times do not vary either.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { localTable } from '../src/bots/table.ts';
import { GAMES, isGameId } from '../src/engine/catalog.ts';
import type { JsonObject } from '../src/engine/encoding.ts';
import { makeTranscript } from '../src/engine/transcript.ts';
import { describeGame, describeOutcome } from './outcome.ts';
import { fillFrom, seededBytes } from './seeded-bytes.ts';
import { loadEveryGame } from '../src/engine/games/registry.ts';

// The table and the verifier read each game by its id.
await loadEveryGame();

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: 'war' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    players: { type: 'string' },
    options: { type: 'string', default: '{}' },
  },
});
const game = values.game;
if (!isGameId(game))
  throw new Error(`unknown game ${game}; one of ${Object.keys(GAMES).join(', ')}`);
const seed = Number(values.seed);
if (!Number.isInteger(seed)) throw new Error('--seed takes an integer');
const count = Number(values.players ?? GAMES[game].minSeats);
const names = ['Ada', 'Babbage', 'Curie', 'Dijkstra', 'Euler', 'Fermat'].slice(0, count);

/** When every event of a simulation is signed: 2026-01-01, a time its pages never leave. */
const SIMULATED_AT = Date.UTC(2026, 0, 1);

const draw = seededBytes(`simulate|${game}|${seed}`);
crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => fillFrom(draw, array);

const started = Date.now();
const options = JSON.parse(values.options) as unknown;
if (options === null || typeof options !== 'object' || Array.isArray(options))
  throw new Error('--options takes a JSON object');
const table = localTable({
  game,
  names,
  seed,
  table: `sim-${game}-${seed}`,
  options: options as JsonObject,
  now: () => SIMULATED_AT,
});
await table.finished();
const replica = table.sessions[0]!.replica;
table.close();

// Written first: a transcript that names a cheater is evidence worth keeping.
if (values.out) {
  writeFileSync(values.out, JSON.stringify(makeTranscript(replica), null, 1));
  console.log(`transcript written to ${values.out}`);
}
const offences = replica.offences();
if (offences.length > 0) {
  console.error(`stopped: ${offences.map((o) => `${names[o.seat]} (${o.reason})`).join(', ')}`);
  process.exit(1);
}
console.log(describeOutcome(replica.outcome(), names));
const summary = describeGame(game, replica.state.game, names);
if (summary) console.log(summary);
console.log(`${replica.log.size} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
