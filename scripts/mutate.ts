/**
 * `npm run mutate [part...]`: StrykerJS over each part in turn (log, table,
 * replica, group, crypto; all by default), each mutating one layer against that layer's own
 * tests (stryker.config.mjs). Reports land in reports/mutation/; a second run
 * retests only what changed (incremental mode).
 */
import { spawnSync } from 'node:child_process';

const ALL = ['log', 'table', 'replica', 'group', 'crypto'];
const parts = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ALL;
for (const part of parts) {
  if (!ALL.includes(part)) throw new Error(`unknown part ${part}: one of ${ALL.join(', ')}`);
  console.log(`\n== mutating ${part} ==`);
  const run = spawnSync('npx', ['stryker', 'run'], {
    stdio: 'inherit',
    env: { ...process.env, MUTATE_PART: part },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
