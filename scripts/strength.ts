/**
 * `npm run strength`: how much better the good computer player does than the
 * easy one, game by game. Each game is played `--games N` times (200) by the
 * rules alone, without keys or proofs (src/bots/duel.ts), at a table of the
 * game's fewest players: one good, the others easy, the good player in the
 * next seat each time so that no seat's edge counts. Game `i` is seeded
 * `--seed` + `i` (1), so a run repeats exactly. `--game ID` measures one game.
 *
 * Prints the good player's share of the points (a win 1, a win shared by k
 * players 1/k, a draw 1/players) with its 95 % confidence interval, beside
 * the share a player no better than the others would have.
 */
import { parseArgs } from 'node:util';
import { measure } from '../src/bots/duel.ts';
import { GAMES, GAME_IDS, isGameId } from '../src/engine/catalog.ts';
import { loadEveryGame } from '../src/engine/games/registry.ts';

// The table and the verifier read each game by its id.
await loadEveryGame();

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    game: { type: 'string' },
  },
});
const games = Number(values.games);
if (!Number.isInteger(games) || games < 2) throw new Error('--games takes an integer ≥ 2');
const seed = Number(values.seed);
if (!Number.isInteger(seed)) throw new Error('--seed takes an integer');
const chosen = values.game;
if (chosen !== undefined && !isGameId(chosen))
  throw new Error(`unknown game ${chosen}; one of ${GAME_IDS.join(', ')}`);

const percent = (x: number) => `${(100 * x).toFixed(1)} %`;
console.log(`Good against easy, ${games} games each (seeds ${seed} to ${seed + games - 1}):`);
for (const id of chosen ? [chosen] : GAME_IDS) {
  const name = GAMES[id].name.padEnd(20);
  if (!GAMES[id].levels) {
    console.log(`${name} one level: nobody makes a choice in this game`);
    continue;
  }
  const started = Date.now();
  const s = measure(id, games, seed);
  const others = s.seats === 2 ? 'easy' : `${s.seats - 1} easy`;
  console.log(
    `${name} good against ${others}: ${percent(s.rate)} of the points ` +
      `(95 % interval ${percent(s.low)} to ${percent(s.high)}; an even player ${percent(1 / s.seats)}), ` +
      `${s.wins} wins, ${s.draws} draws, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
