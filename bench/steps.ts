/**
 * Every step of a table's setup, from Start to the first legal move each seat is
 * offered, with what each step rests on and what it cost each seat: the input of
 * the six-devices model (`model.ts`). Runtime-agnostic: the bench runs it in
 * headless Chromium (`steps-browser.ts`, bundled by `devices.ts`), so every cost is
 * Chromium's.
 *
 * The seats sit in one thread over the in-memory network, as `localTable` seats them,
 * its messages delivered in rounds (see `recordSetup`), each seat with a crypto pool of
 * its own: no check is shared, every seat checks every proof itself as a device does. Each seat's session already times, for each event,
 * how long its duty took to make (`proveMs`: keys, shuffles, unlock shares and their
 * proofs) and to take in (`verifyMs`: signing and folding its own; the log, the
 * signature, every proof check and the fold for another's). Those are the step costs.
 * No computer player plays: the table stops at the first move, owed only duties before.
 */
import { GAMES, type GameId } from '../src/engine/catalog.ts';
import type { Json, JsonObject } from '../src/engine/encoding.ts';
import { gameById, totalDeckSize, type Playable } from '../src/engine/games/registry.ts';
import { createIdentity } from '../src/engine/identity.ts';
import { timeFields } from '../src/engine/table/clock.ts';
import { PROTOCOL_VERSION, type Genesis } from '../src/engine/table/types.ts';
import { parseWireMessage } from '../src/net/messages.ts';
import { Messenger } from '../src/net/messenger.ts';
import { InThreadPool } from '../src/net/pool.ts';
import { TableSession } from '../src/net/table.ts';
import { work } from '../src/net/work.ts';
import { fillFrom, seededBytes } from '../scripts/seeded-bytes.ts';
import { benchDeal } from './deal.ts';
import { CountingNetwork } from './tables.ts';
import { median } from './text.ts';

/**
 * A table to record: a game of the catalog (at `protocol`, an older version to measure
 * against, or this code's), or the bench's deal of `cards` cards.
 */
export type Shape =
  | { game: GameId; seats: number; protocol?: number }
  | { game: 'deal'; seats: number; cards: number };

/** One event of the setup. */
export interface Step {
  author: number;
  seq: number;
  /** The body's type (KEY, SHUFFLE, ...). */
  type: string;
  /** What its author held when making it: `basis[s]` events of seat `s`. */
  basis: number[];
  /** Its encoded size. */
  bytes: number;
  /** Each seat's cost for it, ms: making it (duty, signing, folding) for the author, taking it in for the others. */
  cost: number[];
}

/** A table's setup, recorded. */
export interface Recording {
  label: string;
  seats: number;
  cards: number;
  /** In the order the first seat's log holds them (a causal order). */
  steps: Step[];
  /**
   * What each seat must have taken in to see its first move, as a version vector: what its
   * log held when it was offered one, or, for a seat offered none (the dealer of Red & Black),
   * what the first seat offered one held.
   */
  first: number[][];
  /** Per seat, whether it was offered a move there (Red & Black offers the first to one seat). */
  offered: boolean[];
  /** Each seat's own events and messages and UTF-8 bytes it handed the network, up to there. */
  sent: { messages: number; bytes: number }[];
  /** Each seat's setup CPU outside the steps: its deck's face points hashed to the curve, ms. */
  open: number[];
}

/** "Batailles et piques, 6 seats", "deal, 4 seats, 104 cards". */
export const shapeLabel = (s: Shape): string =>
  s.game === 'deal'
    ? `deal, ${s.seats} seats, ${s.cards} cards`
    : `${GAMES[s.game].name}, ${s.seats} seats${s.protocol ? ` (protocol ${s.protocol})` : ''}`;

/**
 * A pool of this thread that times the face points it hashes (`faces`, once per table):
 * hashed at once, as timing them in a task of their own would count the wait for it.
 */
class OpenTimingPool extends InThreadPool {
  openMs = 0;
  override faces(decks: readonly { id: string; size: number }[]): Promise<Uint8Array[][]> {
    const started = performance.now();
    const faces = work.faces(decks);
    this.openMs += performance.now() - started;
    return Promise.resolve(faces);
  }
}

/** Far longer than any round of a setup takes, even on a loaded machine. */
const QUIET_LIMIT_MS = 300_000;

/** Far more rounds of messages than any setup takes. */
const MOST_ROUNDS = 1000;

/**
 * Resolves once every seat has done all it can: nothing under check, and no new message
 * for a while. Each seat's work is a chain of tasks queued at once, which run before a
 * timer that is due later, so a quiet look means the chains have ended.
 */
async function quiet(network: CountingNetwork, sessions: readonly TableSession<Json>[]) {
  let calm = 0;
  let last = -1;
  // A seat whose pool failed waits on its checks for ever: the bench says so, and stops.
  const limit = performance.now() + QUIET_LIMIT_MS;
  while (calm < 3) {
    if (performance.now() > limit) throw new Error('bench: a seat waits on its checks for ever');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = network.pending.length;
    calm = now === last && sessions.every((s) => !s.replica.waiting) ? calm + 1 : 0;
    last = now;
  }
  await Promise.all(sessions.map((s) => s.whenSent()));
}

const covers = (held: readonly number[], wanted: readonly number[]) =>
  wanted.every((n, s) => held[s]! >= n);

/**
 * Seats `shape` in this thread, each seat with its own pool, and records its setup up
 * to every seat's first move. `seed` fixes every key and shuffle.
 */
export async function recordSetup(shape: Shape, seed: number): Promise<Recording> {
  const game: Playable =
    shape.game === 'deal'
      ? benchDeal
      : (gameById(shape.game) ?? fail(`${shape.game} cannot be played`));
  const given: JsonObject = shape.game === 'deal' ? { cards: shape.cards } : {};
  const options = game.withSeats?.(given, shape.seats) ?? given;
  const random = crypto.getRandomValues;
  const draw = seededBytes(`steps|${shapeLabel(shape)}|${seed}`);
  crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => fillFrom(draw, array);
  const network = new CountingNetwork({ manual: true });
  const identities = Array.from({ length: shape.seats }, () => createIdentity());
  const peers = identities.map((_, seat) => `local-${seat}`);
  const genesis: Genesis = {
    table: `steps-${shape.game}-${shape.seats}-${seed}`,
    game: game.id,
    names: peers,
    identities: identities.map((i) => i.publicKey),
    deckSize: totalDeckSize(game, options),
    options,
    ...timeFields((shape.game !== 'deal' && shape.protocol) || PROTOCOL_VERSION),
    protocol: (shape.game !== 'deal' && shape.protocol) || PROTOCOL_VERSION,
  };
  const pools = peers.map(() => new OpenTimingPool());
  const messengers = peers.map((peer) => new Messenger(network.join(peer), parseWireMessage));
  const sessions = messengers.map(
    (messenger, seat) =>
      new TableSession<Json>(
        messenger,
        genesis,
        game,
        seat,
        identities[seat]!.secretKey,
        peers,
        undefined,
        pools[seat],
      ),
  );
  const first: (number[] | null)[] = sessions.map(() => null);
  try {
    const look = () => {
      sessions.forEach((s, seat) => {
        if (first[seat] === null && s.legalActions().length > 0) first[seat] = s.replica.log.seen();
      });
    };
    for (const session of sessions) session.subscribe(look);
    // In rounds: every seat does all it can with what it holds, then every message sent
    // meanwhile is delivered. So an event's basis holds what its author needed and what
    // reached it before, never an event made in the same round: the model's dependencies.
    for (let round = 0; ; round++) {
      await quiet(network, sessions);
      if (sessions.some((s) => s.replica.stopped))
        throw new Error(`bench: ${shapeLabel(shape)} stopped before its first move`);
      const offered = first.filter((f) => f !== null);
      if (
        offered.length > 0 &&
        sessions.every((s) => offered.every((f) => covers(s.replica.log.seen(), f)))
      )
        break;
      if (network.pending.length === 0 || round > MOST_ROUNDS)
        throw new Error(`bench: ${shapeLabel(shape)} stands still before its first move`);
      network.deliverAll();
    }
    await Promise.all(sessions.map((s) => s.whenSent()));
    const firstOffered = first.find((f) => f !== null)!;
    const entries = sessions[0]!.replica.log.entries();
    const text = new TextDecoder();
    const steps = entries.map(({ event, hash, bytes }): Step => {
      const cost = sessions.map((s) => {
        const t = s.timings.get(hash);
        if (t === undefined) throw new Error(`bench: seat ${s.seat} has no time for an event`);
        return (t.proveMs ?? 0) + t.verifyMs;
      });
      const body = JSON.parse(text.decode(bytes)) as { body: { type: string } };
      return {
        author: event.author,
        seq: event.seq,
        type: body.body.type,
        basis: [...event.basis],
        bytes: bytes.length,
        cost,
      };
    });
    return {
      label: shapeLabel(shape),
      seats: shape.seats,
      cards: genesis.deckSize,
      steps,
      first: first.map((f) => f ?? firstOffered),
      offered: first.map((f) => f !== null),
      sent: peers.map((peer) => network.sent(peer)),
      open: pools.map((p) => p.openMs),
    };
  } finally {
    for (const s of sessions) s.close();
    for (const m of messengers) m.close();
    for (const p of pools) p.close();
    crypto.getRandomValues = random;
  }
}

/**
 * One recording of a table recorded several times (the same seed, so the same keys and
 * shuffles): the first's steps, each seat's cost of each the median over every recording
 * that has that step (author and seq), as are its opening costs. A sync job timed on a
 * shared machine is slowed by whatever preempts it; the median of a few shrugs that off.
 */
export function medianCosts(recordings: readonly Recording[]): Recording {
  const [first] = recordings;
  if (first === undefined) throw new Error('bench: no recording');
  const costs = new Map<string, number[][]>();
  for (const r of recordings)
    for (const step of r.steps) {
      const key = `${step.author}/${step.seq}`;
      costs.set(key, [...(costs.get(key) ?? []), step.cost]);
    }
  const mid = (rows: readonly (readonly number[])[], seat: number) =>
    median(rows.map((row) => row[seat]!));
  return {
    ...first,
    steps: first.steps.map((step) => {
      const rows = costs.get(`${step.author}/${step.seq}`)!;
      return { ...step, cost: step.cost.map((_, seat) => mid(rows, seat)) };
    }),
    open: first.open.map((_, seat) =>
      mid(
        recordings.map((r) => r.open),
        seat,
      ),
    ),
  };
}

function fail(message: string): never {
  throw new Error(`bench: ${message}`);
}
