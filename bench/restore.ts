/**
 * A reload's restore, timed (`TableSession.resume`): one whole game played in
 * memory by computer players, its first seat keeping it in a store as a page
 * does; then that seat resumed from what the store kept, again and again,
 * alternately checking every proof again (the store's kept checks left out)
 * and trusting the checks it kept. Each resume runs in a fresh worker thread,
 * as in a reloaded page nothing is known yet (the events' signatures are kept
 * checked per process): alone on a network of its own, its proofs checked in
 * that thread, timed from the store read to the game standing where it was,
 * every event judged.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { localTable } from '../src/bots/table.ts';
import { GAMES, type GameId } from '../src/engine/catalog.ts';
import { loadEveryGame } from '../src/engine/games/registry.ts';
import { DEFAULT_CLOCK } from '../src/engine/table/clock.ts';
import { LoopbackNetwork } from '../src/net/loopback.ts';
import { parseWireMessage } from '../src/net/messages.ts';
import { Messenger } from '../src/net/messenger.ts';
import { InThreadPool } from '../src/net/pool.ts';
import { MemoryStore, type StoredTable } from '../src/net/store.ts';
import { TableSession } from '../src/net/table.ts';
import { fillFrom, seededBytes } from '../scripts/seeded-bytes.ts';
import { median, ms, textTable } from './text.ts';

/** One stored game restored both ways. */
export interface RestoreFigure {
  readonly game: GameId;
  readonly seats: number;
  /** Events the store kept, and checks it kept as holding. */
  readonly events: number;
  readonly checks: number;
  /** Each run's time, ms, checking every proof again and trusting the kept checks. */
  readonly full: number[];
  readonly trusted: number[];
}

/**
 * Plays `game` at `seats` through, every key and shuffle drawn from a seeded stream (as
 * `tables.ts` does), so each bench run restores the same game; returns what seat 0's store kept.
 */
async function playStored(game: GameId, seats: number): Promise<StoredTable> {
  const random = crypto.getRandomValues;
  const draw = seededBytes(`bench-restore|${game}|${seats}`);
  crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => fillFrom(draw, array);
  const store = new MemoryStore();
  const names = Array.from({ length: seats }, (_, seat) => `Seat ${seat + 1}`);
  const table = localTable({
    game,
    names,
    table: `bench-restore-${game}-${seats}`,
    stores: [store],
  });
  try {
    const { genesis } = table;
    const { table: id, options, clock = DEFAULT_CLOCK } = genesis;
    await store.saveTable({
      id,
      info: { id, game, seats, options, clock },
      name: names[0]!,
      identity: table.identities[0]!,
      host: true,
      play: { genesis, seat: 0, peers: names.map((_, seat) => `local-${seat}`) },
    });
    await table.finished();
    await Promise.all(table.sessions.map((s) => s.whenSent()));
    if (table.sessions[0]!.replica.offences().length > 0)
      throw new Error(`bench: an honest ${game} table named someone`);
    return (await store.loadTable(id))!;
  } finally {
    table.close();
    crypto.getRandomValues = random;
  }
}

/** Resumes seat 0 from a store holding `kept`; the time from the read to the game restored. */
async function timeRestore(kept: StoredTable): Promise<number> {
  const store = new MemoryStore();
  const { id } = kept.table;
  await store.saveTable(kept.table);
  for (const secrets of kept.secrets) await store.saveSecrets(id, secrets);
  for (const event of kept.events) await store.saveEvent(id, event);
  await store.saveChecked(id, kept.checked);
  const messenger = new Messenger(new LoopbackNetwork().join('restore-0'), parseWireMessage);
  const started = performance.now();
  const resumed = await TableSession.resume(messenger, store, id, new InThreadPool());
  const took = performance.now() - started;
  if (!resumed.ok) throw new Error(`bench: the restore failed, ${resumed.error}`);
  if (resumed.value.replica.log.size !== kept.events.length)
    throw new Error('bench: the restore lost events');
  resumed.value.close();
  messenger.close();
  return took;
}

/** `timeRestore` in a worker thread of its own, this module run there. */
function restoreInWorker(kept: StoredTable): Promise<number> {
  // A worker does not inherit the bench's TypeScript loader: it registers tsx's first.
  const boot = `import('tsx/esm/api').then((tsx) => (tsx.register(), import(${JSON.stringify(import.meta.url)})))`;
  const worker = new Worker(boot, { eval: true, workerData: { kept } });
  return new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}

// A worker starts with no game loaded: the restore reads the table's game by its id.
if (!isMainThread && (workerData as { kept?: StoredTable } | null)?.kept) {
  await loadEveryGame();
  parentPort!.postMessage(await timeRestore((workerData as { kept: StoredTable }).kept));
}

/** The games restored: War at two seats, and Batailles at three. */
export const RESTORED: readonly { game: GameId; seats: number }[] = [
  { game: 'war', seats: 2 },
  { game: 'batailles', seats: 3 },
];

/** Plays `game` once and restores it `runs` times each way, alternately. */
export async function benchRestore(
  game: GameId,
  seats: number,
  runs: number,
  log: (line: string) => void = () => {},
): Promise<RestoreFigure> {
  const kept = await playStored(game, seats);
  const figure = {
    game,
    seats,
    events: kept.events.length,
    checks: kept.checked.length,
    full: [] as number[],
    trusted: [] as number[],
  };
  for (let run = 1; run <= runs; run++) {
    figure.full.push(await restoreInWorker({ ...kept, checked: [] }));
    figure.trusted.push(await restoreInWorker(kept));
    log(
      `${GAMES[game].name}, ${seats} seats, restore #${run}: every proof checked ` +
        `${ms(figure.full.at(-1)!)} ms, kept checks trusted ${ms(figure.trusted.at(-1)!)} ms`,
    );
  }
  return figure;
}

/** Both ways side by side, one row per stored game. */
export function formatRestores(figures: readonly RestoreFigure[]): string {
  return textTable(
    [
      'stored game',
      'events',
      'checks kept',
      'every proof checked, ms',
      'kept checks trusted, ms',
      '×',
    ],
    figures.map((f) => {
      const [full, trusted] = [median(f.full), median(f.trusted)];
      return [
        `${GAMES[f.game].name}, ${f.seats} seats`,
        String(f.events),
        String(f.checks),
        ms(full),
        ms(trusted),
        (full / trusted).toFixed(1),
      ];
    }),
  );
}
