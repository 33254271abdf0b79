/**
 * The tests StrykerJS runs against each mutant of crypto/, the log and the
 * table (`npm run mutate`): the unit tests of those modules and the adversary
 * suite, with the same seeded randomness as `npm test`. Game rules, the UI and
 * the network have their own tests and no mutants here.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/crypto/**/*.test.ts',
      'test/engine/{events,log,table,table-steps,table-decks,void,hostile,transcript}.test.ts',
      'test/engine/adversary/*.test.ts',
    ],
    setupFiles: ['test/setup/seeded-random.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
