/**
 * A reporter that prints the ten slowest tests at the end of every run, so that what the
 * suite costs stays in view. Every test has 60 s (`testTimeout`, vite.config.ts): the
 * list shows how close the slowest come to it.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

export default class SlowestTests implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        seconds: (test.diagnostic()?.duration ?? 0) / 1000,
        name: `${relative(process.cwd(), module.moduleId)} > ${test.fullName}`,
      })),
    );
    const slowest = timed.sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN);
    if (slowest.length === 0) return;
    const lines = slowest.map(
      ({ seconds, name }) => `${seconds.toFixed(1).padStart(6)} s  ${name}`,
    );
    console.log(`\nThe ${slowest.length} slowest tests:\n${lines.join('\n')}\n`);
  }
}
