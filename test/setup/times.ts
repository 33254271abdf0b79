/**
 * What the run cost, printed at its end so that a suite creeping back past its budget is
 * seen by whoever runs it: the ten slowest tests (each has 60 s, `testTimeout` in
 * vite.config.ts), then each phase's wall time against its budget, then the ten slowest
 * files. `npm test` (scripts/test.ts) passes on when it started in `FAIRDEAL_TEST_STARTED`,
 * and reports its lint and typecheck itself: they run beside the tests, at low priority.
 *
 * The budgets add up to 11 minutes, one under the 12 that `npm test` may take on an idle
 * two-core machine (CONTRIBUTING.md, "Tests"). Over budget is a warning, never a failure:
 * the machines are shared, and speed is measured, not asserted.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

/** Each phase's budget in seconds, in the order the run goes through them. */
const PHASE_BUDGETS = {
  'start and build of the app': 15,
  'unit tests': 195,
  'browser files, two at once': 270,
  'browser files, one at a time': 180,
} as const;

type Phase = keyof typeof PHASE_BUDGETS;

/** The phase each Vitest project (vite.config.ts) runs in: 'unit' and 'unit-long' run together. */
const PHASE_OF: Record<string, Phase> = {
  unit: 'unit tests',
  'unit-long': 'unit tests',
  browser: 'browser files, two at once',
  'browser-alone': 'browser files, one at a time',
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(0).padStart(5)} s`;

export default class RunTimes implements Reporter {
  private readonly started = Date.now();
  private readonly spans = new Map<Phase, { from: number; to: number }>();

  onTestModuleStart(module: TestModule): void {
    const phase = PHASE_OF[module.project.name];
    if (phase !== undefined && !this.spans.has(phase))
      this.spans.set(phase, { from: Date.now(), to: 0 });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(PHASE_OF[module.project.name]!);
    if (span !== undefined) span.to = Math.max(span.to, Date.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (testModules.length === 0) return;
    const name = (module: TestModule) => relative(process.cwd(), module.moduleId);
    const tests = testModules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        ms: test.diagnostic()?.duration ?? 0,
        name: `${name(module)} > ${test.fullName}`,
      })),
    );
    const files = testModules.map((module) => ({
      ms: module.diagnostic().duration,
      name: `${name(module)} (${module.project.name})`,
    }));
    console.log(
      [
        `\nThe ${Math.min(SHOWN, tests.length)} slowest tests:`,
        ...slowest(tests),
        '\nPhases, wall time against budget:',
        ...this.phases(),
        `\nThe ${Math.min(SHOWN, files.length)} slowest files:`,
        ...slowest(files),
        '',
      ].join('\n'),
    );
  }

  private phases(): string[] {
    const runStarted = Number(process.env.FAIRDEAL_TEST_STARTED ?? this.started);
    const firstModule = Math.min(...[...this.spans.values()].map((span) => span.from));
    const measured: [Phase, number][] = [];
    measured.push(['start and build of the app', firstModule - this.started]);
    for (const [phase, span] of this.spans) measured.push([phase, span.to - span.from]);
    const lines = measured.map(([phase, ms]) => {
      const budget = PHASE_BUDGETS[phase];
      const over = ms > budget * 1000 ? `  OVER BUDGET by ${seconds(ms - budget * 1000)}` : '';
      return `${seconds(ms)}  ${phase} (budget ${budget} s)${over}`;
    });
    return [...lines, `${seconds(Date.now() - runStarted)}  in all`];
  }
}

const slowest = (timed: { ms: number; name: string }[]) =>
  [...timed]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SHOWN)
    .map(({ ms, name }) => `${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
