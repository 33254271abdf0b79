/**
 * `npm test`: every Vitest project (unit, then the browser files), with lint and typecheck
 * run beside them at the lowest CPU priority. The unit tests leave about a sixth of two
 * cores idle while they wait on timers and links, and the checks fit in that: run first,
 * they cost 45 s more of the run's wall time; beside at full priority, they would slow the
 * tests that bound their time. Arguments go on to Vitest (`npm test -- test/engine`).
 * Vitest's reporter (test/setup/times.ts) ends with the tests' phases and slowest files;
 * this script then prints the checks' output and how long they and the whole run took.
 */
import { spawn } from 'node:child_process';

const started = Date.now();
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

// `nice` where there is one; elsewhere the checks run at the priority they get.
const lowest = process.platform === 'win32' ? [] : ['nice', '-n', '19'];
const [command, ...args] = [...lowest, 'npx', 'run-p', '--aggregate-output', 'lint', 'typecheck'];
const checks = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
const output: Buffer[] = [];
checks.stdout.on('data', (chunk: Buffer) => output.push(chunk));
checks.stderr.on('data', (chunk: Buffer) => output.push(chunk));
const checked = new Promise<{ status: number; ms: number }>((resolve) =>
  checks.on('close', (code) => resolve({ status: code ?? 1, ms: Date.now() - started })),
);

// Not spawnSync: this process has to see the checks end while the tests run on.
const vitest = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, FAIRDEAL_TEST_STARTED: String(started) },
});
const tested = await new Promise<number>((resolve) =>
  vitest.on('close', (code) => resolve(code ?? 1)),
);

const { status, ms } = await checked;
process.stdout.write(Buffer.concat(output));
console.log(
  `\nLint and typecheck ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(ms)}, beside the tests.` +
    `\nnpm test took ${seconds(Date.now() - started)} in all.`,
);
process.exit(tested !== 0 ? tested : status);
