/**
 * CPU time spent by the bench's browser, read from Linux's /proc: what a run cost
 * the machine, whatever else ran beside it. A table of several pages on two cores
 * can finish no sooner than its CPU time divided by the cores, so this says whether
 * a slow Start waited on work or on something else.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The kinds of thread a Chromium run's CPU time is told apart by. */
export const CPU_KINDS = ['pages', 'workers', 'renderer pool', 'other'] as const;
export type CpuKind = (typeof CPU_KINDS)[number];

/** CPU seconds by kind of thread: the pages' main threads, their crypto workers, the rest. */
export type CpuTimes = Record<CpuKind, number>;

const byKind = (value: (kind: CpuKind) => number): CpuTimes =>
  Object.fromEntries(CPU_KINDS.map((kind) => [kind, value(kind)])) as CpuTimes;

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS = 100;

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process or thread ended while we looked
  }
};

/** `/proc/<id>/stat`'s name and fields after it (the name may hold spaces). */
function stat(path: string): { name: string; fields: string[] } | null {
  const text = read(path);
  if (text === null) return null;
  const close = text.lastIndexOf(')');
  return {
    name: text.slice(text.indexOf('(') + 1, close),
    fields: text.slice(close + 2).split(' '),
  };
}

/** The processes descending from this one: the bench's Chromium and its children. */
function descendants(): string[] {
  const parent = new Map<string, string>();
  for (const id of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const s = stat(`/proc/${id}/stat`);
    if (s) parent.set(id, s.fields[1]!);
  }
  const isOurs = (id: string): boolean => {
    for (let at: string | undefined = id; at !== undefined && at !== '0'; at = parent.get(at))
      if (at === String(process.pid)) return true;
    return false;
  };
  return [...parent.keys()].filter((id) => id !== String(process.pid) && isOurs(id));
}

/** The kind of a Chromium thread, from its process's `--type` and the thread's name. */
function kindOf(processType: string | null, thread: string): CpuKind {
  if (processType !== 'renderer') return 'other';
  if (thread.startsWith('DedicatedWorker')) return 'workers';
  if (thread.startsWith('ThreadPoolFore') || thread.startsWith('ThreadPoolBack'))
    return 'renderer pool';
  // A renderer's main thread keeps the process's name.
  return thread === 'chromium' || thread === 'chrome' ? 'pages' : 'other';
}

/**
 * The CPU seconds (user and system) every thread of every process this one started
 * has used so far, by kind; null where there is no /proc (not Linux).
 */
export function cpuTimes(): CpuTimes | null {
  if (read('/proc/self/stat') === null) return null;
  const times = byKind(() => 0);
  for (const id of descendants()) {
    const type = /--type=([a-z-]+)/.exec(read(`/proc/${id}/cmdline`) ?? '')?.[1] ?? null;
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${id}/task`);
    } catch {
      continue;
    }
    for (const thread of threads) {
      const s = stat(`/proc/${id}/task/${thread}/stat`);
      if (s === null) continue;
      times[kindOf(type, s.name)] += (Number(s.fields[11]) + Number(s.fields[12])) / TICKS;
    }
  }
  return times;
}

/** `after - before`, kind by kind: both read while the pages are open (an ended thread's time is gone). */
export const cpuSince = (before: CpuTimes, after: CpuTimes): CpuTimes =>
  byKind((kind) => after[kind] - before[kind]);

/** The total of every kind. */
export const cpuTotal = (t: CpuTimes): number => CPU_KINDS.reduce((sum, kind) => sum + t[kind], 0);

/** One page's CPU seconds: its renderer process's main thread, its workers, and every other thread of it. */
export interface PageCpu {
  main: number;
  workers: number;
  rest: number;
}

/**
 * The CPU seconds `pid` (one page's renderer: a browser context never shares its
 * process) has used so far, by thread; null once the process is gone.
 */
export function pageCpu(pid: number): PageCpu | null {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  const cpu: PageCpu = { main: 0, workers: 0, rest: 0 };
  for (const thread of threads) {
    const s = stat(`/proc/${pid}/task/${thread}/stat`);
    if (s === null) continue;
    const seconds = (Number(s.fields[11]) + Number(s.fields[12])) / TICKS;
    if (thread === String(pid)) cpu.main += seconds;
    else if (s.name.startsWith('DedicatedWorker')) cpu.workers += seconds;
    else cpu.rest += seconds;
  }
  return cpu;
}

/** `after - before`, thread by thread. */
export const pageCpuSince = (before: PageCpu, after: PageCpu): PageCpu => ({
  main: after.main - before.main,
  workers: after.workers - before.workers,
  rest: after.rest - before.rest,
});

/** A page's CPU seconds in all. */
export const pageCpuTotal = (c: PageCpu): number => c.main + c.workers + c.rest;
