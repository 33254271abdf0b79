/**
 * The tests StrykerJS runs against the mutants of one part (`MUTATE_TESTS`,
 * set by stryker.config.mjs), with the same seeded randomness as `npm test`.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: JSON.parse(process.env.MUTATE_TESTS ?? '[]') as string[],
    setupFiles: ['test/setup/seeded-random.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
