/**
 * Tests read games synchronously (`gameById`) as the table and the verifier do, so every
 * game is fetched before a test file runs, as a page fetches them beside such code.
 */
import { loadEveryGame } from '../../src/engine/games/registry.ts';

await loadEveryGame();
