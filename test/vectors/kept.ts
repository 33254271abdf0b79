/**
 * The whole games' transcripts kept here, which the replay tests open rather than each
 * simulating a game of its own. `test/cli.test.ts` checks that `npm run simulate`, with
 * the arguments of its test for that game, still writes exactly these bytes: regenerate
 * one with those arguments when the events change shape.
 */
import { join } from 'node:path';

/** The games a transcript is kept for. */
export type KeptGame = 'war' | 'redblack' | 'batailles';

/** The path, from the repository's root, of the transcript kept for `game`. */
export const keptTranscript = (game: KeptGame) =>
  join('test', 'vectors', `${game}-transcript.json`);
