/**
 * `npm test`: lint and typecheck side by side, then every Vitest project (unit, then the
 * browser files). Arguments go on to Vitest (`npm test -- test/engine`). The run ends
 * with its phase times and its slowest files (test/setup/times.ts); this script times
 * the first phase, which Vitest cannot see, and hands that on.
 */
import { spawnSync } from 'node:child_process';

const started = Date.now();
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;

const checked = run('npx', ['run-p', '--aggregate-output', 'lint', 'typecheck']);
if (checked !== 0) process.exit(checked);

process.exit(
  run('npx', ['vitest', 'run', ...process.argv.slice(2)], {
    ...process.env,
    FAIRDEAL_TEST_STARTED: String(started),
    FAIRDEAL_CHECKED: String(Date.now() - started),
  }),
);
