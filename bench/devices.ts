/**
 * What a player's own device does and waits for: every table's setup recorded in
 * headless Chromium (`steps.ts`, each seat checking every proof itself) and replayed
 * on one single-core device per seat, 50 ms apart (`model.ts`); the model checked
 * against the two-page Red & Black run measured over PeerJS on loopback; and how the
 * setup's cost grows with seats and cards (`growth.ts`). It measures, never asserts.
 */
import type { Page } from 'playwright-core';
import type { Stack } from '../scripts/stack.ts';
import { bundle, inFreshChromium } from './crypto.ts';
import { fit, formatFit, LAWS, project, type Fit, type Point } from './growth.ts';
import { simulate, type Modeled, type Opening } from './model.ts';
import { pipelined } from './pipeline.ts';
import { choose } from './start.ts';
import { medianCosts, type Recording, type Shape } from './steps.ts';
import { median, ms, textTable } from './text.ts';

/** One-way latency of a link between two players' devices in the model. */
export const LATENCY_MS = 50;

/** The model's target: six-seat Batailles, Start to the first move on every device. */
export const MODEL_TARGET_MS = 2500;

/** The most sharing the locks at setup may add to six-seat Batailles' setup (issue 46): 30 %. */
export const SHARING_TARGET = 0.3;

/** The tables the model replays, and the growth table's. */
const MODELED: Shape[] = [
  { game: 'redblack', seats: 2 },
  { game: 'batailles', seats: 6 },
  // Side by side: the armies shuffled in turn, as before pipelined shuffles.
  { game: 'batailles', seats: 6, protocol: 2 },
  // Side by side: no locks shared at setup, as before a table survived a player leaving.
  { game: 'batailles', seats: 6, protocol: 5 },
];
const GROWTH: Shape[] = [
  ...[3, 4, 5].map((seats): Shape => ({ game: 'batailles', seats })),
  ...[52, 104].flatMap((cards) =>
    [2, 3, 4, 5, 6].map((seats): Shape => ({ game: 'deal', seats, cards })),
  ),
];

/** Records `shapes` in a fresh headless Chromium, in that order; `log` hears the page's lines. */
async function recordInChromium(
  shapes: Shape[],
  seed: number,
  log: (line: string) => void,
): Promise<Recording[]> {
  const code = await bundle(new URL('./steps-browser.ts', import.meta.url));
  return inFreshChromium(code, log, (page) =>
    page.evaluate(
      ([shapes, seed]) => {
        const record = globalThis.fairDealSteps;
        if (record === undefined) throw new Error('steps bundle did not load');
        return record(shapes, seed);
      },
      [shapes, seed] as const,
    ),
  );
}

/** A recorded table and what the model made of it. */
export interface DeviceFigure {
  recording: Recording;
  /** At `LATENCY_MS`, every device opening as `Devices.opening` says. */
  modeled: Modeled;
}

/** Everything this section reports. */
export interface Devices {
  /** The two-page Red & Black runs over PeerJS on loopback, measured. */
  measured: TwoPages[];
  /**
   * How each device opens its table at `LATENCY_MS`: what a page did on loopback from Start
   * to its table screen (median of every page measured), after the two one-way trips that
   * agree the genesis (Start to every seat, then each seat's signed genesis to the others);
   * then its links prove their seats (a challenge and its answer) before its events leave.
   */
  opening: Required<Opening>;
  /** Red & Black recorded first in a fresh page (cold), as a page over PeerJS runs it. */
  cold: DeviceFigure;
  tables: DeviceFigure[];
  growth: DeviceFigure[];
  /** The model of the measured runs: Red & Black at 0 ms, each page opening when it did. */
  loopback: { steps: Modeled; opened: Modeled; warm: Modeled };
  /** Per measured run, the model of that run: its pages' own step costs, each page opening when it did. */
  perRun: Modeled[];
  /** Six-seat Batailles projected with its deal round pipelined too (`pipeline.ts`), at `LATENCY_MS`. */
  dealPipelined: Modeled;
}

/**
 * Records every table of the section in a fresh Chromium, then times Red & Black on two
 * pages over PeerJS `runs` times on `stack`, and models them all. `log` hears progress.
 */
export async function benchDevices(
  stack: Stack,
  runs: number,
  repeats: number,
  log: (line: string) => void = () => {},
): Promise<Devices> {
  // Red & Black first: its costs as a fresh page pays them, JIT and tables cold; then every
  // table `repeats` times over, warm, its costs the medians.
  const tablesOf = [...MODELED, ...GROWTH];
  const shapes = [MODELED[0]!, ...tablesOf.flatMap((shape) => Array<Shape>(repeats).fill(shape))];
  const recorded = await recordInChromium(shapes, 1, log);
  const recordings = [
    recorded[0]!,
    ...tablesOf.map((_, i) => medianCosts(recorded.slice(1 + i * repeats, 1 + (i + 1) * repeats))),
  ];
  const measured: TwoPages[] = [];
  for (let i = 0; i < runs; i++) {
    measured.push(await twoPages(stack, recordings[0]!.steps.length));
    const { open, first } = measured.at(-1)!;
    log(
      `Red & Black, 2 pages #${i + 1}: tables open at ${open.join(' and ')} ms, first move ${first} ms`,
    );
  }
  const open = median(measured.flatMap((m) => m.open));
  const opening = {
    start: Array.from({ length: 6 }, () => 2 * LATENCY_MS + open),
    linkHops: 2,
  };
  const figure = (recording: Recording): DeviceFigure => ({
    recording,
    modeled: simulate(recording, LATENCY_MS, opening),
  });
  const [cold, ...rest] = recordings.map(figure);
  const tables = rest.slice(0, MODELED.length);
  // On loopback: each page opens when the median run saw it open, and links take no time.
  const pageOpen = [0, 1].map((page) => median(measured.map((m) => m.open[page]!)));
  return {
    measured,
    opening,
    cold: cold!,
    tables,
    growth: rest.slice(MODELED.length),
    loopback: {
      steps: simulate(cold!.recording, 0),
      opened: simulate(cold!.recording, 0, { start: pageOpen }),
      warm: simulate(tables[0]!.recording, 0, { start: pageOpen }),
    },
    perRun: measured.map((run) =>
      simulate(withPageCosts(cold!.recording, run), 0, { start: run.open }),
    ),
    dealPipelined: projectDeal(tables[1]!.recording, opening),
  };
}

/**
 * Six-seat Batailles with its deal round pipelined too (five hands a seat unlocks, each on
 * a chain of its own), not built: each split step costs its share of the recorded step
 * plus what a seat's KEY cost it, the most an event costs whatever it holds (a KEY holds
 * only six short key proofs).
 */
function projectDeal(recording: Recording, opening: Opening): Modeled {
  const seats = recording.seats;
  const keys = recording.steps.filter((s) => s.type === 'KEY');
  const fixed = Array.from({ length: seats }, (_, seat) => median(keys.map((k) => k.cost[seat]!)));
  return simulate(pipelined(recording, 'UNLOCK', seats - 1, fixed), LATENCY_MS, opening);
}

/**
 * `recording` with each step's costs as the pages of `run` timed them: the same steps
 * (Red & Black's setup is the same twelve events on every run), matched by author and seq.
 */
function withPageCosts(recording: Recording, run: TwoPages): Recording {
  const costs = run.steps.map((page) => {
    const seqs = [0, 0];
    return new Map(page.map((step) => [`${step.author}/${seqs[step.author]!++}`, step.ms]));
  });
  return {
    ...recording,
    steps: recording.steps.map((step) => ({
      ...step,
      cost: costs.map((page, seat) => {
        const cost = page.get(`${step.author}/${step.seq}`);
        if (cost === undefined)
          throw new Error(`bench: page ${seat} timed no step ${step.author}/${step.seq}`);
        return cost;
      }),
    })),
  };
}

/**
 * `recording` with every step free: what the model gives is the opening and the one-way
 * trips on the longest chain of steps alone, the least any device could wait.
 */
const weightless = (recording: Recording): Recording => ({
  ...recording,
  steps: recording.steps.map((step) => ({ ...step, cost: step.cost.map(() => 0) })),
  open: recording.open.map(() => 0),
});

/** Start to the first move offered to any seat (what the two-page run times). */
const firstOffered = (f: { recording: Recording }, modeled: Modeled): number =>
  Math.min(...modeled.firstMove.filter((_, seat) => f.recording.offered[seat]));

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Per seat: Start to its first move and its CPU, as the model played the table. */
export function formatDevices(d: Devices): string {
  const extra = sharingExtra(d);
  const rows = d.tables.flatMap(({ recording, modeled }) =>
    modeled.firstMove.map((t, seat) => [
      seat === 0 ? recording.label : '',
      String(seat),
      recording.offered[seat] ? 'offered' : 'sees it',
      ms(t),
      ms(modeled.busy[seat]!),
      ms(sum(recording.steps.map((s) => s.cost[seat]!)) + recording.open[seat]!),
      (recording.sent[seat]!.bytes / 1000).toFixed(1),
    ]),
  );
  const summary = d.tables.map(({ recording, modeled }) => [
    recording.label,
    String(recording.steps.length),
    ms(median(modeled.firstMove)),
    ms(Math.max(...modeled.firstMove)),
    ms(Math.max(...simulate(weightless(recording), LATENCY_MS, d.opening).firstMove)),
    ms(median(modeled.busy)),
    ms(Math.max(...modeled.busy)),
  ]);
  return [
    `  Each device opens its table ${ms(d.opening.start[0]!)} ms after Start (two trips to agree ` +
      `the genesis, then ${ms(d.opening.start[0]! - 2 * LATENCY_MS)} ms: a page's Start to its table ` +
      `screen on loopback, measured below), and its links prove their seats ${d.opening.linkHops} ` +
      `trips later.`,
    '',
    textTable(
      [
        'table',
        'seat',
        'first move',
        'Start → move, ms',
        'CPU to it, ms',
        'CPU, all steps, ms',
        'sent kB',
      ],
      rows,
      3,
    ),
    '',
    textTable(
      [
        'table',
        'events',
        'median seat, ms',
        'worst seat, ms',
        'trips alone, ms',
        'CPU median, ms',
        'CPU worst, ms',
      ],
      summary,
    ),
    '',
    "  Pipelined chains, Batailles et piques, 6 devices: every device's first move",
    textTable(
      ['chains', 'median seat, ms', 'worst seat, ms'],
      (
        [
          ['the armies shuffled in turn (protocol 2)', d.tables[2]!.modeled],
          ["the armies' shuffles pipelined (protocol 3 on)", d.tables[1]!.modeled],
          ['the deal round pipelined too (projected, not built)', d.dealPipelined],
        ] as const
      ).map(([label, m]) => [label, ms(median(m.firstMove)), ms(Math.max(...m.firstMove))]),
    ),
    '',
    '  Sharing the locks at setup, Batailles et piques, 6 devices: what surviving a leaver costs',
    textTable(
      ['setup', 'median seat, ms', 'worst seat, ms', 'CPU median, ms', 'CPU worst, ms'],
      (
        [
          ['no locks shared (protocol 5)', d.tables[3]!],
          ['every lock shared among the others (protocol 6)', d.tables[1]!],
        ] as const
      ).map(([label, { modeled }]) => [
        label,
        ms(median(modeled.firstMove)),
        ms(Math.max(...modeled.firstMove)),
        ms(median(modeled.busy)),
        ms(Math.max(...modeled.busy)),
      ]),
    ),
    `  extra for sharing: ${percent(extra.firstMove)} to every device's first move, ` +
      `${percent(extra.cpu)} of the busiest device's CPU`,
  ].join('\n');
}

/** What sharing the locks adds to six-seat Batailles' setup: worst first move and worst CPU, as fractions. */
export function sharingExtra(d: Devices): { firstMove: number; cpu: number } {
  const [shared, bare] = [d.tables[1]!.modeled, d.tables[3]!.modeled];
  return {
    firstMove: Math.max(...shared.firstMove) / Math.max(...bare.firstMove) - 1,
    cpu: Math.max(...shared.busy) / Math.max(...bare.busy) - 1,
  };
}

/** A fraction as a whole percentage: `0.13` as `13 %`. */
export const percent = (fraction: number) => `${(100 * fraction).toFixed(0)} %`;

/** The model of the two-page run beside its measurement (medians of the measured runs). */
export function formatValidation(d: Devices): string {
  const m = median(d.measured.map((r) => r.first));
  const row = (label: string, t: number) => [
    label,
    ms(t),
    ms(m),
    `${(((t - m) / m) * 100).toFixed(0)} %`,
    Math.abs(t - m) <= 0.2 * m ? 'within 20 %' : 'NOT within 20 %',
  ];
  const runs = d.measured.map(
    (r, i) =>
      `${ms(r.first)} (tables open at ${r.open.map(ms).join(', ')}; its pages' own step costs ` +
      `modeled: ${ms(firstOffered(d.cold, d.perRun[i]!))})`,
  );
  const ownCosts = median(d.perRun.map((p) => firstOffered(d.cold, p)));
  return [
    `  Measured, ${d.measured.length} runs: ${runs.join('; ')} ms.`,
    '',
    textTable(
      [
        'Red & Black, 2 devices, 0 ms links, Start → first move',
        'model, ms',
        'measured, ms',
        'gap',
        '',
      ],
      [
        row('the steps alone, costs of a fresh page', firstOffered(d.cold, d.loopback.steps)),
        row(
          'each page opening when it did, costs of a fresh page',
          firstOffered(d.cold, d.loopback.opened),
        ),
        row(
          'each page opening when it did, costs of a warm page',
          firstOffered(d.tables[0]!, d.loopback.warm),
        ),
        row('each run opening when it did, its pages’ own step costs', ownCosts),
      ],
    ),
  ].join('\n');
}

/** The growth figures of one recorded table: CPU and bytes of a device, modeled time. */
const growthRow = ({ recording, modeled }: DeviceFigure) => ({
  seats: recording.seats,
  cards: recording.cards,
  cpu: median(modeled.busy),
  bytes: median(recording.sent.map((s) => s.bytes)),
  time: Math.max(...modeled.firstMove),
});

/** The laws fitted to the deal's figures (every seat count at 52 and 104 cards). */
export function growthLaws(d: Devices): { cpu: Fit; bytes: Fit; time: Fit } {
  const deal = d.growth.filter((g) => g.recording.label.startsWith('deal')).map(growthRow);
  const points = (key: 'cpu' | 'bytes' | 'time'): Point[] =>
    deal.map((r) => ({ seats: r.seats, cards: r.cards, value: r[key] }));
  return {
    cpu: fit(points('cpu'), LAWS.cpu),
    bytes: fit(points('bytes'), LAWS.bytes),
    time: fit(points('time'), LAWS.time),
  };
}

/** The growth table, the fitted laws and their projection to 10 seats and 104 cards. */
export function formatGrowth(d: Devices): string {
  const rows = [...d.growth, d.tables[1]!].map(growthRow);
  const laws = growthLaws(d);
  const at = (n: number, c: number) => [
    `projected: deal, ${n} seats, ${c} cards`,
    String(n),
    String(c),
    ms(project(laws.cpu, n, c)),
    (project(laws.bytes, n, c) / 1000).toFixed(1),
    ms(project(laws.time, n, c)),
  ];
  return [
    textTable(
      [
        'table',
        'seats',
        'cards',
        'CPU per device, ms',
        'kB sent per device',
        `modeled at ${LATENCY_MS} ms, ms`,
      ],
      [
        ...d.growth.concat(d.tables[1]!).map((g, i) => {
          const r = rows[i]!;
          return [
            g.recording.label,
            String(r.seats),
            String(r.cards),
            ms(r.cpu),
            (r.bytes / 1000).toFixed(1),
            ms(r.time),
          ];
        }),
        at(6, 104),
        at(10, 104),
      ],
    ),
    '',
    `  Fitted to the deal's ten tables (worst gap to a figure in brackets):`,
    `    CPU per device  = ${formatFit(laws.cpu, 'ms')}  (${(laws.cpu.worst * 100).toFixed(0)} %)`,
    `    bytes per seat  = ${formatFit(laws.bytes, 'B', 0)}  (${(laws.bytes.worst * 100).toFixed(0)} %)`,
    `    modeled time    = ${formatFit(laws.time, 'ms')}  (${(laws.time.worst * 100).toFixed(0)} %)`,
  ].join('\n');
}

/**
 * One two-page Red & Black run: Start to each page's table screen and to the first move,
 * and what each page's protocol panel says it spent on each step.
 */
export interface TwoPages {
  /** Per page (host first, seat 0), Start to its table screen (the genesis agreed, its session open), ms. */
  open: number[];
  /** Start to the first move offered on any page, ms. */
  first: number;
  /**
   * Per page, per step of its log in order: its author's seat and what the page spent
   * making it (its own) and taking it in, ms, as its session timed them.
   */
  steps: { author: number; ms: number }[][];
}

/**
 * Run in each page as source text, once its panel lists `count` steps: each step's
 * author (0 for the host, whose name is Host) and the page's times for it, in ms, as
 * the protocol panel words them ("made in 356 ms, checked in 1.2 s here").
 */
const READ_STEPS = `(count) => {
  const items = [...document.querySelectorAll('[data-testid=protocol-step]')];
  if (items.length < count) return null;
  const ms = (words) => words === undefined ? 0 : words.endsWith(' s') ? parseFloat(words) * 1000 : parseFloat(words);
  return items.slice(0, count).map((item) => {
    const text = item.textContent.replace(/\\s+/g, ' ');
    const made = text.match(/made in ([\\d.]+ m?s)/);
    const checked = text.match(/checked in ([\\d.]+ m?s) here/);
    return {
      author: /^\\s*\\d+\\. Host /.test(text) ? 0 : 1,
      ms: ms(made?.[1]) + ms(checked?.[1]),
    };
  });
}`;

/**
 * Run in each page as source text: the wall-clock times (one clock for every page of
 * the machine) at which the table screen (its protocol panel) and the first move appear.
 */
const WATCH = `() => {
  const seen = (selector) => document.querySelector(selector) !== null;
  const when = (selector) => new Promise((resolve) => {
    if (seen(selector)) return resolve(Date.now());
    new MutationObserver((_, observer) => {
      if (!seen(selector)) return;
      observer.disconnect();
      resolve(Date.now());
    }).observe(document.body, { childList: true, subtree: true });
  });
  window.fairDealOpen = when('[data-testid=protocol]');
  window.fairDealFirstMove = when('[data-testid^=guess-]');
}`;

const SLOW = { timeout: 120_000 };

/**
 * Red & Black on two pages over PeerJS, as section 4 runs it, also timing when each page
 * opens its table: what the model takes as each device's start.
 */
export async function twoPages(stack: Stack, count: number): Promise<TwoPages> {
  const pages: Page[] = [await stack.newPlayer(), await stack.newPlayer()];
  try {
    const [host, guest] = pages as [Page, Page];
    await choose(host, stack.url, 'Host', 'redblack', 2);
    await host.getByTestId('create').click();
    await guest.goto(await host.getByTestId('invite').inputValue());
    await guest.getByTestId('name').fill('Guest');
    await guest.getByTestId('join').click();
    await guest.getByTestId('lobby').waitFor(SLOW);
    await host.waitForFunction(
      "document.querySelector('[data-testid=start]:not([disabled])') !== null",
      null,
      SLOW,
    );
    for (const page of pages) {
      await page.waitForFunction(
        "document.querySelectorAll('[data-testid=seat-name]').length === 2",
        null,
        SLOW,
      );
      await page.evaluate(`(${WATCH})()`);
    }
    const clicked = await host.evaluate<number>(
      "(() => { const at = Date.now(); document.querySelector('[data-testid=start]').click(); return at; })()",
    );
    const at = (page: Page, name: string) =>
      page.waitForFunction(name, null, SLOW).then(() => page.evaluate<number>(name));
    // One page, the dealer's opponent, is offered the first move.
    const first = await Promise.race(pages.map((p) => at(p, 'window.fairDealFirstMove')));
    const open = await Promise.all(pages.map((p) => at(p, 'window.fairDealOpen')));
    const steps = await Promise.all(
      pages.map((p) =>
        p
          .waitForFunction(`(${READ_STEPS})(${count})`, null, SLOW)
          .then((handle) => handle.jsonValue() as Promise<TwoPages['steps'][number]>),
      ),
    );
    return { open: open.map((t) => t - clicked), first: first - clicked, steps };
  } finally {
    for (const page of pages) await page.context().close();
  }
}
