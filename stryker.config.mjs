/**
 * `npm run mutate` (scripts/mutate.ts) runs StrykerJS once per part, each part
 * mutating one layer and running only that layer's tests: a mutant of the log
 * must be killed by the log's tests, not by a whole game that happens to use
 * the log, and each part stays small enough to finish on two cores.
 * MUTATE_PART picks the part; see test/MUTATION.md for scores and survivors.
 */
const PARTS = {
  // The group's arithmetic (crypto/group/, a file per topic) against its own property
  // tests: every other crypto test multiplies too, so against them each surviving or
  // looping mutant of the group cost a run of every proof's tests.
  group: {
    mutate: ['crypto/group/*.ts'],
    tests: ['test/crypto/group.test.ts'],
  },
  crypto: {
    mutate: ['crypto/*.ts', '!crypto/index.ts'],
    // protocol.test.ts plays whole games of proofs: an integration test, not a unit's;
    // batch-tamper.test.ts changes every element of a round of proofs, a case each.
    tests: [
      'test/crypto/{batch,cards,dleq,encoding,group,key,shuffle,split,transcript,unlock,vectors,vss}.test.ts',
    ],
  },
  log: {
    mutate: ['src/engine/log*.ts'],
    tests: ['test/engine/{log,events}.test.ts', 'test/engine/adversary/checks-log.test.ts'],
  },
  table: {
    mutate: [
      'src/engine/table/**/*.ts',
      '!src/engine/table/{replica,sweep,absence,confirmations,turn-time,seen,checks,judge}.ts',
    ],
    // Whole matches (keys.test.ts), full-deck Wars (audit-zero.test.ts) and whole games
    // opened by the audit (report-games.test.ts) are left to npm test: scripted hands on
    // small decks reach the same checks in a fraction of the time.
    tests: [
      'test/engine/{table,table-steps,table-decks,table-exhibits,void,judge,leave,duties,keyring,report,seal,time-control,table-rounds,check-id}.test.ts',
      'test/engine/adversary/{checks-fold,bodies,context,audit-void,remask,evidence,sharing,recovery}.test.ts',
    ],
  },
  // The replica and the door into the fold, against the tests of verdicts, concurrent events and
  // checks done elsewhere: a mutant that loops or survives costs their few seconds, not
  // every table test's.
  replica: {
    mutate: [
      'src/engine/table/{replica,sweep,absence,confirmations,turn-time,seen,checks,judge}.ts',
    ],
    // forged-ending.test.ts: the confirmations of the ending (a short War, about a second).
    // turn-time.test.ts: the timed table's turns on a bare log; clock.test.ts and
    // finality.test.ts the timed table's claims, answers and confirmations on real tables
    // (without them the part's timed branches had no test at all).
    tests: [
      'test/engine/{replica,concurrent,checks,judge,void,leave,turn-time}.test.ts',
      'test/engine/adversary/{forged-ending,clock,finality,sharing,recovery}.test.ts',
    ],
  },
};

const name = process.env.MUTATE_PART ?? 'log';
const part = PARTS[name];
if (!part) throw new Error(`MUTATE_PART must be one of ${Object.keys(PARTS).join(', ')}`);
process.env.MUTATE_TESTS = JSON.stringify(part.tests);

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  mutate: part.mutate,
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: 2,
  // A mutant that loops runs out at 1.5 times its tests' time plus 2 s, not plus 5: the
  // parts' tests take seconds, and a runaway costs a worker that long.
  timeoutMS: 2000,
  incremental: true,
  incrementalFile: `reports/mutation/${name}-incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  tempDirName: '.stryker-tmp',
};
