/**
 * Where a page's CPU time goes, from a Chromium trace of the whole browser: the
 * V8 sampling profiler of every page's main thread and of its workers
 * (`disabled-by-default-v8.cpu_profiler`), Blink's style, layout and paint
 * events, and the page's own marks. Each sample is put down to one kind of work
 * by the source files on its stack, read through the build's source maps, so the
 * app is built with them for this (`buildApp({ sourceMaps: true })`). The trace
 * also says which renderer process draws which page, which the bench needs to
 * read each page's CPU time from `/proc`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

/** One event of a Chromium trace, as far as this file reads it. */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

const parse = (buffer: Buffer): TraceEvent[] => {
  const json = JSON.parse(buffer.toString('utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(json) ? json : json.traceEvents;
};

/** The id the trace gives `page`'s main frame. */
async function frameId(page: Page): Promise<string> {
  const session = await page.context().newCDPSession(page);
  try {
    const { frameTree } = await session.send('Page.getFrameTree');
    return frameTree.frame.id;
  } finally {
    await session.detach();
  }
}

/** The renderer process of each of `pages`, read from the timer events of a short trace. */
export async function rendererPids(browser: Browser, pages: readonly Page[]): Promise<number[]> {
  const frames = await Promise.all(pages.map(frameId));
  await browser.startTracing(undefined, { categories: ['devtools.timeline'] });
  for (const page of pages) await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
  const events = parse(await browser.stopTracing());
  return frames.map((frame) => {
    const event = events.find((e) => e.args?.data?.['frame'] === frame);
    if (!event) throw new Error(`bench: no trace event names the frame ${frame}`);
    return event.pid;
  });
}

/** The kinds of work a page's CPU time is told apart by, in the order the bench prints them. */
export const WORK_KINDS = [
  'proofs (crypto/)',
  'signatures (ed25519)',
  'hashing (sha256)',
  'encoding (JSON, canonical)',
  'style, layout, paint',
  'storage (IndexedDB)',
  'transport, messages',
  'garbage collection',
  'engine (fold, judge)',
  'session (src/net)',
  'ui (svelte)',
  'other (native: tasks, IPC, compiling)',
] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

/** ms of sampled work by kind. */
export type Work = Record<WorkKind, number>;
export const noWork = (): Work => Object.fromEntries(WORK_KINDS.map((kind) => [kind, 0])) as Work;

/** Blink's own rendering work on a main thread: a sample inside one of these is rendering. */
const RENDERING = new Set([
  'UpdateLayoutTree',
  'RecalculateStyles',
  'Layout',
  'PrePaint',
  'Paint',
  'PaintImage',
  'Layerize',
  'UpdateLayer',
  'Commit',
  'HitTest',
  'ParseAuthorStyleSheet',
  'IntersectionObserverController::computeIntersections',
]);

/**
 * A source map of the build, read as far as this needs: for each generated line,
 * its segments' columns and sources, to name the source file of a position.
 */
class SourceMap {
  private lines: { columns: number[]; sources: number[] }[] = [];
  constructor(
    private readonly sources: string[],
    mappings: string,
  ) {
    const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let source = 0;
    for (const line of mappings.split(';')) {
      const columns: number[] = [];
      const sourcesOf: number[] = [];
      let column = 0;
      for (const segment of line.split(',')) {
        if (segment === '') continue;
        const fields: number[] = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = DIGITS.indexOf(char);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += fields[0]!;
        if (fields.length < 4) continue;
        source += fields[1]!;
        columns.push(column);
        sourcesOf.push(source);
      }
      this.lines.push({ columns, sources: sourcesOf });
    }
  }

  /** The source file of the generated position (0-based), or null. */
  sourceAt(line: number, column: number): string | null {
    const at = this.lines[line];
    if (!at || at.columns.length === 0) return null;
    let lo = 0;
    let hi = at.columns.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (at.columns[mid]! <= column) lo = mid;
      else hi = mid - 1;
    }
    return this.sources[at.sources[lo]!] ?? null;
  }
}

/** The source maps of the app built into `outDir`, by the file name of each script. */
export function readSourceMaps(outDir: string): Map<string, SourceMap> {
  const maps = new Map<string, SourceMap>();
  const assets = join(outDir, 'assets');
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js.map'))) {
    const map = JSON.parse(readFileSync(join(assets, file), 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    maps.set(file.slice(0, -'.map'.length), new SourceMap(map.sources, map.mappings));
  }
  return maps;
}

interface Frame {
  functionName: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}

/** What kind of work one frame of a stack is, if the frame says (null: look further up). */
function frameKind(source: string | null, frame: Frame): WorkKind | null {
  const name = frame.functionName;
  if (source === null) {
    if (frame.url) return null;
    // Natives and builtins have no script: a few name their work.
    if (name === 'parse' || name === 'stringify') return 'encoding (JSON, canonical)';
    if (name === 'postMessage' || name === 'send' || name === 'structuredClone')
      return 'transport, messages';
    return null;
  }
  if (source.includes('node_modules/@noble/hashes')) return 'hashing (sha256)';
  if (source.includes('node_modules/@noble/curves')) return 'signatures (ed25519)';
  if (source.includes('node_modules/idb') || source.endsWith('src/net/store.ts'))
    return 'storage (IndexedDB)';
  if (
    source.includes('node_modules/peerjs') ||
    source.includes('node_modules/comlink') ||
    /src\/net\/(peerjs|pool|links|transport|direct)\.ts$/.test(source)
  )
    return 'transport, messages';
  if (source.endsWith('src/engine/encoding.ts')) return 'encoding (JSON, canonical)';
  if (source.includes('node_modules/svelte') || source.includes('/src/ui/')) return 'ui (svelte)';
  if (source.includes('/src/engine/')) return 'engine (fold, judge)';
  if (source.includes('/src/net/')) return 'session (src/net)';
  return null;
}

/** A page's work from Start to its first move, by kind, on its main thread and in its workers (ms). */
export interface PageWork {
  main: Work;
  workers: Work;
}

/**
 * `work` in proportion to `ms`, the thread's CPU time: a sample's interval is wall time,
 * and a thread that waits for a core on a busy machine is sampled all the while.
 */
export function scaled(work: Work, ms: number): Work {
  const sampled = WORK_KINDS.reduce((sum, kind) => sum + work[kind], 0);
  return Object.fromEntries(
    WORK_KINDS.map((kind) => [kind, sampled === 0 ? 0 : (work[kind] * ms) / sampled]),
  ) as Work;
}

/** A traced run: what to read of it. */
export interface Trace {
  events: TraceEvent[];
}

/**
 * What `traced` records by default: the profiler's samples, Blink's rendering, the marks.
 * Not every task (`TASKS`): the attribution needs none, and each would cost a trace event.
 */
export const PROFILED = [
  '__metadata',
  'disabled-by-default-v8.cpu_profiler',
  'devtools.timeline',
  'blink.user_timing',
];

/** Every task of every thread (RunTask) with its CPU time (tdur), and the marks: no profiler. */
export const TASKS = ['__metadata', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/**
 * The most CPU time (ms) one task of the main thread of renderer `pid` took, of those that
 * started from `from` to `to` (trace clock, µs): unlike a long task's duration, what a busy
 * machine's other work adds while the thread waits for a core is not in it.
 */
export function longestTaskCpu(trace: Trace, pid: number, from: number, to: number): number {
  const main = trace.events.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  )?.tid;
  let longest = 0;
  for (const e of trace.events as (TraceEvent & { tdur?: number })[])
    if (e.pid === pid && e.tid === main && e.name === 'RunTask' && e.ts >= from && e.ts <= to)
      longest = Math.max(longest, (e.tdur ?? 0) / 1000);
  return longest;
}

/** Traces the whole browser while `run` runs, by default with the profiler on every thread of JavaScript. */
export async function traced<T>(
  browser: Browser,
  run: () => Promise<T>,
  categories: readonly string[] = PROFILED,
): Promise<{ result: T; trace: Trace }> {
  await browser.startTracing(undefined, { categories: [...categories] });
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  return { result, trace: { events: parse(await browser.stopTracing()) } };
}

/** The time (trace clock, µs) of the page mark `name` in process `pid`, if any. */
export function markAt(trace: Trace, pid: number, name: string): number | null {
  const mark = trace.events.find((e) => e.pid === pid && e.name === name);
  return mark ? mark.ts : null;
}

/**
 * The sampled work of the renderer `pid` from `from` to `to` (trace clock, µs),
 * by kind, on its main thread and in its workers: a sample with a file of crypto/
 * on its stack is proof work, whatever library runs under it, one with
 * `@noble/curves` (outside crypto/: ed25519) signature work, SHA-512 included;
 * any other is put down to the nearest frame, from the top of the stack, that
 * names its kind.
 */
export function pageWork(
  trace: Trace,
  maps: Map<string, SourceMap>,
  pid: number,
  from: number,
  to: number,
): PageWork {
  const work: PageWork = { main: noWork(), workers: noWork() };
  const threadName = new Map<number, string>();
  const rendering = new Map<number, [number, number][]>();
  const profiles = new Map<string, { tid: number; time: number; nodes: Map<number, Node> }>();
  interface Node {
    frame: Frame;
    parent?: number;
    kind?: WorkKind;
  }
  for (const e of trace.events) {
    if (e.pid !== pid) continue;
    if (e.name === 'thread_name' && e.args?.name) threadName.set(e.tid, e.args.name);
    else if (RENDERING.has(e.name) && e.ph === 'X' && e.dur !== undefined) {
      const spans = rendering.get(e.tid) ?? [];
      spans.push([e.ts, e.ts + e.dur]);
      rendering.set(e.tid, spans);
    }
  }
  // Spans of one thread nest or follow each other: sorted by start, a sample lies in one
  // if it lies in the last span starting before it or in one that encloses that span.
  for (const spans of rendering.values()) spans.sort((a, b) => a[0] - b[0]);
  const inRendering = (tid: number, ts: number) => {
    const spans = rendering.get(tid) ?? [];
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]![0] <= ts) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0 && i >= lo - 8; i--) if (spans[i]![1] >= ts) return true;
    return false;
  };
  const sourceOf = (frame: Frame): string | null => {
    if (!frame.url || frame.lineNumber === undefined) return null;
    const map = maps.get(frame.url.slice(frame.url.lastIndexOf('/') + 1));
    return map?.sourceAt(frame.lineNumber, frame.columnNumber ?? 0) ?? null;
  };
  const kindOf = (nodes: Map<number, Node>, leaf: number): WorkKind | null => {
    const cached = nodes.get(leaf)?.kind;
    if (cached) return cached;
    let found: WorkKind | null = null;
    let proofs = false;
    let curves = false;
    for (let id: number | undefined = leaf; id !== undefined; id = nodes.get(id)?.parent) {
      const node = nodes.get(id);
      if (!node) break;
      const source = sourceOf(node.frame);
      if (source !== null && /(^|\/)crypto\//.test(source) && !source.includes('node_modules'))
        proofs = true;
      if (source?.includes('node_modules/@noble/curves')) curves = true;
      found ??= frameKind(source, node.frame);
    }
    // ed25519 hashes with SHA-512 inside: that is the signature's work, not hashing's.
    const kind = proofs
      ? 'proofs (crypto/)'
      : curves
        ? 'signatures (ed25519)'
        : (found ?? 'other (native: tasks, IPC, compiling)');
    nodes.get(leaf)!.kind = kind;
    return kind;
  };
  for (const e of trace.events) {
    if (e.pid !== pid || e.id === undefined) continue;
    const key = e.id;
    if (e.name === 'Profile') {
      const data = e.args!.data as { startTime: number };
      profiles.set(key, { tid: e.tid, time: data.startTime, nodes: new Map() });
      continue;
    }
    if (e.name !== 'ProfileChunk') continue;
    const profile = profiles.get(key);
    if (!profile) continue;
    const data = e.args!.data as {
      cpuProfile?: {
        nodes?: { id: number; parent?: number; callFrame: Frame }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? [])
      profile.nodes.set(n.id, { frame: n.callFrame, parent: n.parent });
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    const thread = threadName.get(profile.tid) ?? '';
    const into =
      thread === 'CrRendererMain'
        ? work.main
        : thread.startsWith('DedicatedWorker')
          ? work.workers
          : null;
    for (const [i, sample] of samples.entries()) {
      const delta = deltas[i] ?? 0;
      profile.time += delta;
      if (into === null || profile.time < from || profile.time > to) continue;
      const name = profile.nodes.get(sample)?.frame.functionName;
      if (name === '(idle)') continue;
      const kind: WorkKind =
        name === '(garbage collector)'
          ? 'garbage collection'
          : inRendering(profile.tid, profile.time)
            ? 'style, layout, paint'
            : (kindOf(profile.nodes, sample) ?? 'other (native: tasks, IPC, compiling)');
      into[kind] += delta / 1000;
    }
  }
  return work;
}
