/**
 * `npm run bench`: every figure of Fair Deal's speed from one run, on one
 * machine, at one time. In order:
 *
 * 1. the mental-poker proofs in Node and in headless Chromium, each as a
 *    multiple of one scalar multiplication timed in the same run (`core.ts`);
 * 2. every game's table in memory in Node: Start to the first move, and the
 *    messages and bytes each seat sends for the setup and a whole game
 *    (`tables.ts`);
 * 3. the same two-player 52-card setup by the proof-less `mental-poker`
 *    package, beside Fair Deal's (`lee.ts`);
 * 4. Start to the first move in headless Chromium, over real PeerJS on
 *    loopback (`start.ts`), each page's own CPU time, and what it is spent
 *    on, from traced runs (`work.ts`, `trace.ts`);
 * 5. the longest task of a page's main thread while a table of each game is
 *    set up in Chromium (`longtasks.ts`);
 * 6. a reload's restore of a whole stored game, every proof checked again
 *    beside the kept checks trusted, in Node (`restore.ts`);
 * 7. what a player's own device does and waits for: each table's setup
 *    recorded in Chromium, replayed on one single-core device per seat 50 ms
 *    apart, checked against the two-page run, and its growth with seats and
 *    cards (`devices.ts`);
 * 8. every chunk of the build, gzip, and the JavaScript a page fetches in
 *    Chromium before a game is chosen (`bundle.ts`);
 * 9. batch verification: proofs checked one by one beside one batch, and the
 *    War and six-seat Batailles setups in memory with and without batching
 *    (`batch.ts`);
 * 10. what naming the events one saw by hash costs: every table of section 2
 *    under protocol 3 (counts alone) and protocol 4 (`heads`), in turn, the
 *    bytes each seat sends and Start to the first move (`heads.ts`).
 *
 * Progress lines come first, the report at the end. Medians only; it asserts
 * no timing, it says which targets the figures meet. Flags: `--runs N` (runs
 * per in-memory table and per mental-poker backend, 5), `--games N` (whole
 * games per table, 1), `--browser-runs N` (3), `--restore-runs N` (restores of
 * each stored game each way, 3), `--model-repeats N` (recordings of each table for the
 * devices model, 3), `--node-only` (no Chromium), `--only 2,7` (those sections
 * alone, and the targets they give).
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp, startStack } from '../scripts/stack.ts';
import { formatResult, runBench, type BenchResult } from './core.ts';
import { benchBundle, bundleTargets, formatBundle, type BundleFigures } from './bundle.ts';
import { runChromium } from './crypto.ts';
import { benchLee, formatLee, type Contender } from './lee.ts';
import {
  benchLongTasks,
  formatLongTasks,
  LONG_TASK_TARGET_MS,
  type LongTasks,
} from './longtasks.ts';
import {
  benchStarts,
  formatBrowserCpu,
  formatBrowserStarts,
  formatPageCpu,
  type BrowserStart,
} from './start.ts';
import { benchWork, formatWork, type TableWork } from './work.ts';
import {
  benchDevices,
  formatDevices,
  formatGrowth,
  formatValidation,
  LATENCY_MS,
  MODEL_TARGET_MS,
  percent,
  SHARING_TARGET,
  sharingExtra,
  type Devices,
} from './devices.ts';
import {
  benchTable,
  formatTableStarts,
  formatTraffic,
  TABLES,
  type TableFigure,
} from './tables.ts';
import { benchRestore, formatRestores, RESTORED, type RestoreFigure } from './restore.ts';
import { benchHeads, headsTable, type HeadsFigure } from './heads.ts';
import {
  BATCH_TABLES,
  benchBatchChecks,
  benchBatchTable,
  formatBatch,
  type BatchFigure,
} from './batch.ts';
import { pageCpuTotal } from './cpu.ts';
import { median, ms } from './text.ts';
import { loadEveryGame } from '../src/engine/games/registry.ts';

// The table and the verifier read each game by its id.
await loadEveryGame();

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    games: { type: 'string', default: '1' },
    'browser-runs': { type: 'string', default: '3' },
    'restore-runs': { type: 'string', default: '3' },
    'model-repeats': { type: 'string', default: '3' },
    'node-only': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const count = (name: string, text: string, least: number): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < least) throw new Error(`--${name} takes an integer ≥ ${least}`);
  return n;
};
const runs = count('runs', values.runs, 1);
const games = count('games', values.games, 0);
const browserRuns = count('browser-runs', values['browser-runs'], 1);
const restoreRuns = count('restore-runs', values['restore-runs'], 1);
const modelRepeats = count('model-repeats', values['model-repeats'], 1);
const browser = !values['node-only'];
const only = values.only === undefined ? null : new Set(values.only.split(',').map(Number));
if (only && [...only].some((n) => !Number.isInteger(n) || n < 1 || n > 10))
  throw new Error('--only takes section numbers 1 to 10, comma-separated');
/** Runs of each set of proofs each way in section 9. */
const BATCH_CHECK_RUNS = 9;
const wants = (section: number) => only === null || only.has(section);

/** Issue 28's targets for one player's device that no section states itself. */
const DEVICE_CPU_TARGET_MS = 1200;
const YARDSTICK_TARGET = 6;
const GAME_BYTES_TARGET = 1.5e6;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const progress = (line: string) => console.log(`  · ${line}`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
const began = new Date();
const loadBefore = load();

let node: BenchResult | null = null;
let chromium: BenchResult | null = null;
if (wants(1)) {
  console.log('Crypto in Node ...');
  node = runBench(`Node ${process.version}`, progress);
  if (browser) {
    console.log('Crypto in headless Chromium ...');
    chromium = await runChromium(progress);
  }
}

const tables: TableFigure[] = [];
if (wants(2)) {
  console.log('Tables in memory ...');
  for (const spec of TABLES) tables.push(await benchTable(spec, runs, games, progress));
}

let lee: ReturnType<typeof benchLee> | null = null;
if (wants(3)) {
  console.log('mental-poker ...');
  lee = benchLee(runs);
}

const restores: RestoreFigure[] = [];
if (wants(6)) {
  console.log('Restoring a stored game ...');
  for (const { game, seats } of RESTORED)
    restores.push(await benchRestore(game, seats, restoreRuns, progress));
}

const batches: BatchFigure[] = [];
if (wants(9)) {
  console.log('Batch verification ...');
  batches.push(...benchBatchChecks(BATCH_CHECK_RUNS, progress));
  for (const spec of BATCH_TABLES) batches.push(...(await benchBatchTable(spec, runs, progress)));
}

let heads: HeadsFigure[] = [];
if (wants(10)) {
  console.log('Events that name what they saw by hash ...');
  heads = await benchHeads(runs, progress);
}

let starts: BrowserStart[] = [];
let longTasks: LongTasks[] = [];
let work: TableWork[] = [];
let devices: Devices | null = null;
let bundle: BundleFigures | null = null;
if (browser && (wants(4) || wants(5) || wants(7) || wants(8))) {
  progress('building the app, serving it with a PeerServer on loopback');
  // With source maps, for the traced runs to name each function's file; the pages never read them.
  const app = await buildApp({ sourceMaps: true });
  const stack = await startStack(app);
  try {
    if (wants(8)) {
      console.log('The JavaScript of the pages before a game is chosen ...');
      bundle = await benchBundle(stack, app, progress);
    }
    if (wants(4)) {
      console.log('Start to the first move in headless Chromium ...');
      starts = await benchStarts(stack, browserRuns, progress);
      console.log('Where each page spends its CPU, traced runs in headless Chromium ...');
      work = await benchWork(stack, app, browserRuns, progress);
    }
    if (wants(7)) {
      console.log('Every setup recorded in headless Chromium, and Red & Black on two pages ...');
      devices = await benchDevices(stack, browserRuns, modelRepeats, progress);
    }
    if (wants(5)) {
      console.log(
        'Long main-thread tasks during a table setup of each game in headless Chromium ...',
      );
      longTasks = await benchLongTasks(stack, browserRuns, progress);
    }
  } finally {
    await stack.close();
  }
}

const figure = (r: BenchResult, name: string) => {
  const f = r.figures.find((x) => x.name === name);
  if (!f) throw new Error(`bench: no figure ${name}`);
  return f;
};

const heading = (text: string) => console.log(`\n${text}\n`);
heading(
  `Fair Deal bench, ${began.toISOString().slice(0, 16).replace('T', ' ')} UTC: ` +
    `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ` +
    `load average ${loadBefore} at the start, ${load()} at the end. ` +
    'The machine is shared: figures move with what else runs.',
);
if (node) {
  heading('1. Proofs, as multiples of one scalar multiplication (the unit) timed in the same run');
  console.log(formatResult(node));
  if (chromium) console.log(`\n${formatResult(chromium)}`);
}

if (tables.length > 0) {
  heading(
    `2. Tables in memory (Node, every seat in one process, each proof checked once per process; ` +
      `medians of ${plural(runs, 'run')}, seeds 1 to ${runs}; ` +
      `whole games: ${games === 0 ? 'none' : games === 1 ? 'seed 1' : `seeds 1 to ${games}`})`,
  );
  console.log(formatTableStarts(tables));
  console.log('\n  Sent by each seat (messages, and their UTF-8 payload in kB; medians):\n');
  console.log(formatTraffic(tables));
}

if (lee) {
  // Fair Deal's side needs sections 1 and 2 of the same run.
  const war = tables.find((t) => t.game === 'war' && t.seats === 2);
  const contenders: Contender[] = [];
  if (node && war) {
    const shuffles52 =
      2 *
      (['proveShuffle N=52', 'decode output+proof N=52', 'verifyShuffle N=52'] as const)
        .map((name) => figure(node, name).ms)
        .reduce((a, b) => a + b);
    contenders.push(
      { label: 'Fair Deal, a War table in memory', ms: war.startMs, mulMs: node.mulMs },
      { label: 'Fair Deal, its 2 shuffles and checks alone', ms: shuffles52, mulMs: node.mulMs },
    );
  }
  heading(
    `3. The proof-less yardstick: the mental-poker package (Lee's protocol, secp256k1, no proofs), ` +
      `${plural(runs, 'run')}; each unit is its own library's variable-base multiplication`,
  );
  console.log(formatLee(lee, contenders));
}

if (starts.length > 0) {
  heading(
    `4. Start to the first move in headless Chromium (medians of ${plural(browserRuns, 'run')}; ` +
      'the pages of a table share this machine’s cores)',
  );
  console.log(formatBrowserStarts(starts));
  const cpu = formatBrowserCpu(starts);
  if (cpu !== '') {
    console.log(
      "\n  What Chromium spent from Start to the last page's move, all of its threads (Linux /proc):",
    );
    console.log(cpu);
  }
  const pageCpu = formatPageCpu(starts);
  if (pageCpu !== '') {
    console.log(
      "\n  Each page's own CPU time (its renderer process, /proc), Start to its first move " +
        "(or the table's, where one seat moves first):",
    );
    console.log(pageCpu);
  }
  if (work.length > 0) {
    console.log(
      "\n  What that CPU time is spent on: each kind's share of the V8 profiler's samples of " +
        "traced runs, times the thread's CPU time in the same run (tracing slows the pages):\n",
    );
    console.log(formatWork(work));
  }
}
if (longTasks.length > 0) {
  heading(
    `5. The longest task on a page's main thread while a table of each game is set up, ` +
      `Start to the first move (PerformanceObserver long tasks, over 50 ms; 0: none; ` +
      `medians of ${plural(browserRuns, 'run')})`,
  );
  console.log(formatLongTasks(longTasks));
}

if (restores.length > 0) {
  heading(
    `6. A reload's restore of a whole stored game, from the store read to the game where it ` +
      `stood (Node, each restore in a fresh worker thread, proofs checked in that thread; ` +
      `medians of ${plural(restoreRuns, 'run')} each way, alternately)`,
  );
  console.log(formatRestores(restores));
}

if (devices) {
  heading(
    `7. One device per player: each setup recorded in headless Chromium (seed 1, every seat ` +
      `checking every proof itself), replayed on one single-core device per seat, ` +
      `${LATENCY_MS} ms one way per link`,
  );
  console.log(formatDevices(devices));
  console.log(
    '\n  The model against Red & Black on two pages over PeerJS on loopback, measured in this run:\n',
  );
  console.log(formatValidation(devices));
  console.log('\n  Growth: setup up to every seat’s first move, by seats and cards\n');
  console.log(formatGrowth(devices));
}

if (bundle) {
  heading(
    '8. JavaScript chunks of the build (gzip), and what a page fetches in headless Chromium ' +
      'before a game is chosen (its crypto workers apart)',
  );
  console.log(formatBundle(bundle));
}

if (batches.length > 0) {
  heading(
    `9. Batch verification: the same proofs checked one by one and in one batch (Node, ` +
      `medians of ${BATCH_CHECK_RUNS} runs each way, alternately, from the bytes: decoding ` +
      `included), and tables set up in memory with a pool that checks each proof alone and with ` +
      `one that batches (${plural(runs, 'run')} each way, alternately, seeds 1 to ${runs})`,
  );
  console.log(formatBatch(batches));
}

if (heads.length > 0) {
  heading(
    `10. What naming the events one saw by hash costs (protocol 4's heads) against counts ` +
      `alone (protocol 3): each table in memory under each, in turn, seeds 1 to ${runs}, ` +
      `medians; the whole game of seed 1; bytes a seat sends, the mean over the seats`,
  );
  console.log(headsTable(heads));
}

heading('Targets');
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
for (const r of [node, chromium]) {
  if (!r) continue;
  const prove = figure(r, 'proveShuffle N=52').perCard!;
  const verify = figure(r, 'verifyShuffle N=52').perCard!;
  console.log(
    `  ${r.runtime}: proveShuffle ${prove.toFixed(2)} units per card at 52 cards (at most 3: ` +
      `${verdict(prove <= 3)}), verifyShuffle ${verify.toFixed(2)} (at most 1.5: ${verdict(verify <= 1.5)})`,
  );
}
for (const s of starts)
  if (s.targetMs !== undefined) {
    const m = median(s.first);
    console.log(
      `  ${s.label}: ${Math.round(m)} ms to the first move (under ${s.targetMs}: ${verdict(m < s.targetMs)})`,
    );
  }

for (const t of longTasks) {
  const m = median(t.longest);
  console.log(
    `  ${t.label}: longest main-thread task ${Math.round(m)} ms ` +
      `(under ${LONG_TASK_TARGET_MS}: ${verdict(m < LONG_TASK_TARGET_MS)}; ` +
      `the most CPU in one task ${Math.round(median(t.longestCpu))} ms)`,
  );
}
const sixPages = starts.find((s) => s.label.startsWith('Batailles et piques, 6 pages'));
if (sixPages && sixPages.pages.length > 0) {
  const pages = sixPages.pages.flat().map(pageCpuTotal);
  console.log(
    `  ${sixPages.label}: ${ms(median(pages) * 1000)} ms of CPU on the median page, Start to ` +
      `its first move (at most ${ms(DEVICE_CPU_TARGET_MS)}: ` +
      `${verdict(median(pages) * 1000 <= DEVICE_CPU_TARGET_MS)})`,
  );
}
const warSetup = tables.find((t) => t.game === 'war' && t.seats === 2);
const native = lee?.find((f) => f.backend.startsWith('native'));
if (warSetup && native) {
  const times = warSetup.startMs / native.setupMs;
  console.log(
    `  War's setup in memory: ${times.toFixed(1)}× mental-poker's on native secp256k1 ` +
      `(at most ${YARDSTICK_TARGET}×: ${verdict(times <= YARDSTICK_TARGET)})`,
  );
}
const sixSeats = tables.find((t) => t.game === 'batailles' && t.seats === 6);
if (sixSeats?.whole) {
  const most = Math.max(...sixSeats.whole.sent.map((sent) => sent.bytes));
  console.log(
    `  Batailles et piques at 6 seats: ${(most / 1e6).toFixed(2)} MB sent by the seat that sends ` +
      `most in a whole game (at most ${GAME_BYTES_TARGET / 1e6} MB: ${verdict(most <= GAME_BYTES_TARGET)})`,
  );
}
if (devices) {
  const six = devices.tables[1]!.modeled.firstMove;
  console.log(
    `  Batailles et piques, 6 devices at ${LATENCY_MS} ms (model): ${ms(Math.max(...six))} ms to the ` +
      `first move on every device (at most ${ms(MODEL_TARGET_MS)}: ${verdict(Math.max(...six) <= MODEL_TARGET_MS)})`,
  );
  const extra = sharingExtra(devices);
  console.log(
    `  Sharing the locks at setup, 6 devices (model): ${percent(extra.firstMove)} more to ` +
      `the first move on every device, ${percent(extra.cpu)} more CPU on the busiest ` +
      `(at most ${percent(SHARING_TARGET)}: ${verdict(Math.max(extra.firstMove, extra.cpu) <= SHARING_TARGET)})`,
  );
  const before = devices.tables[2]!.modeled.firstMove;
  console.log(
    `    side by side: ${ms(Math.max(...before))} ms with the armies shuffled in turn (protocol 2); ` +
      `projected, not built: ${ms(Math.max(...devices.dealPipelined.firstMove))} ms with the deal round pipelined too`,
  );
}

for (const line of bundle ? bundleTargets(bundle) : []) console.log(`  ${line}`);

// PeerServer keeps timers of its own going after its server closes (the `peer` package has no
// way to stop them): the report is out, so the bench ends here.
process.exit(0);
