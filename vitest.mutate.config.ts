/**
 * The tests StrykerJS runs against the mutants of one part (`MUTATE_TESTS`,
 * set by stryker.config.mjs), with the same seeded randomness as `npm test`.
 *
 * Sized for thousands of runs: the files that failed last run first, then
 * the quickest, so a mutant is usually killed (Stryker stops at the first
 * failure) before a slow file starts. Files stay isolated: with shared
 * modules, Stryker's per-test coverage missed the tests that kill three
 * mutants of `createLog`, which then "survived".
 */
import { relative } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

class KillersFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const results = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`,
      );
    const rank = (file: TestSpecification): [number, number] => {
      const last = results(file);
      return [last?.failed ? 0 : 1, last?.duration ?? Number.POSITIVE_INFINITY];
    };
    return Promise.resolve(
      [...files].sort((a, b) => {
        const [failedA, durationA] = rank(a);
        const [failedB, durationB] = rank(b);
        return failedA - failedB || durationA - durationB;
      }),
    );
  }
}

export default defineConfig({
  // leave.test.ts words the log with the UI's words (src/ui/words/), which reach the
  // games' Svelte boards: without the plugin the file fails to load and its tests are lost.
  plugins: [svelte()],
  test: {
    include: JSON.parse(process.env.MUTATE_TESTS ?? '[]') as string[],
    setupFiles: ['test/setup/seeded-random.ts', 'test/setup/games.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    sequence: { sequencer: KillersFirst },
  },
});
