/**
 * Tables for the storage, resume and absence tests: each seat a real
 * `TableSession` with its own store over the in-memory network, played by a
 * computer player, with real cryptography.
 */
import { afterEach, expect, vi } from 'vitest';
import { ComputerPlayer, seededRandom } from '../../../src/bots/computer.ts';
import type { GameId } from '../../../src/engine/catalog.ts';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import type { Event } from '../../../src/engine/events.ts';
import type { Identity } from '../../../src/engine/identity.ts';
import { gameById, totalDeckSize, type Playable } from '../../../src/engine/games/registry.ts';
import { PROTOCOL_VERSION, type Genesis } from '../../../src/engine/table/types.ts';
import { parseWireMessage, type WireMessage } from '../../../src/net/messages.ts';
import { LoopbackNetwork } from '../../../src/net/loopback.ts';
import { Messenger } from '../../../src/net/messenger.ts';
import { LogExchange } from '../../../src/net/exchange.ts';
import { MemoryStore, type SavedTable, type TableStore } from '../../../src/net/store.ts';
import { TableSession } from '../../../src/net/table.ts';
import type { SeatLinks } from '../../../src/net/seats.ts';
import type { Replica } from '../../../src/engine/table/replica.ts';
import { testIdentity } from '../../engine/helpers.ts';
import { DEFAULT_CLOCK, timeFields } from '../../../src/engine/table/clock.ts';
import { SeatStreamsPool } from './seat-streams.ts';

/** Where each seat of a table of `seats` listens. */
const peersOf = (seats: number) => Array.from({ length: seats }, (_, seat) => `peer-${seat}`);

export const PEERS = peersOf(2);
const NAMES = ['Ada', 'Babbage', 'Carroll', 'Dodgson', 'Euler', 'Fermat'];

/**
 * A War deal of five cards each: a few battles, the full deck still shuffled and audited.
 * About one such deal in 27 repeats forever; the limit ends it after 100 battles, not 5,000
 * (a deal that ends does so within 60).
 */
export const SHORT_WAR: JsonObject = {
  stacks: [
    [0, 2, 4, 6, 8],
    [1, 3, 5, 7, 9],
  ],
  battleLimit: 100,
};

/** The smallest Red & Black deck, one game to win: re-masks, coins, locks, a few dozen turns. */
export const SHORT_REDBLACK: JsonObject = { red: 9, black: 9, target: 1 };

/** A table of `game` (two seats unless said): what each seat's store keeps as its record. */
export interface TestTable {
  readonly id: string;
  readonly genesis: Genesis;
  readonly playable: Playable;
  /** Where each seat listens. */
  readonly peers: readonly string[];
  /** Each seat's identity: its secret key signs its events. */
  readonly identities: readonly Identity[];
  record(seat: number): SavedTable;
}

/** A table of `game` for `seats` named `id`, under `protocol` (this code's unless told). */
export function testTable(
  id: string,
  game: GameId,
  given: JsonObject,
  seats = 2,
  protocol = PROTOCOL_VERSION,
): TestTable {
  const entry = gameById(game)!;
  const options = entry.withSeats?.(given, seats) ?? given;
  const peers = peersOf(seats);
  const identities = peers.map((_, seat) => testIdentity(seat));
  const names = NAMES.slice(0, seats);
  const genesis: Genesis = {
    table: id,
    game,
    names,
    identities: identities.map((i) => i.publicKey),
    deckSize: totalDeckSize(entry, options),
    options,
    ...timeFields(protocol),
    protocol,
  };
  return {
    id,
    genesis,
    playable: entry,
    peers,
    identities,
    record: (seat) => ({
      id,
      info: { id, game, seats, options, clock: genesis.clock ?? DEFAULT_CLOCK },
      name: names[seat]!,
      identity: identities[seat]!,
      host: seat === 0,
      play: { genesis, seat, peers: [...peers] },
    }),
  };
}

/** One seat in play: its links, session and computer player, and every event message it heard. */
export interface Seated {
  readonly messenger: Messenger<WireMessage>;
  readonly session: TableSession<Json>;
  readonly heard: { from: string; event: string }[];
  /** Kills the seat as a crash would: no more events made, stored or sent, links dropped. */
  kill(): void;
}

function seated(messenger: Messenger<WireMessage>, session: TableSession<Json>, seat: number) {
  const bot = new ComputerPlayer(session, seededRandom(seat + 1));
  return {
    messenger,
    session,
    kill() {
      bot.stop();
      session.close();
      messenger.close();
    },
  };
}

function listen(net: LoopbackNetwork, peer: string) {
  const messenger = new Messenger(net.join(peer), parseWireMessage);
  const heard: { from: string; event: string }[] = [];
  messenger.on({
    message: (from, m) => m.type === 'event' && heard.push({ from, event: m.event }),
  });
  return { messenger, heard };
}

/** Seats `seat` of `table` on `net` with `store` (its record saved first); it links to the seats before it. */
export async function sit(
  net: LoopbackNetwork,
  table: TestTable,
  seat: number,
  store: TableStore,
): Promise<Seated> {
  const record = table.record(seat);
  await store.saveTable(record);
  const { messenger, heard } = listen(net, table.peers[seat]!);
  const session = new TableSession(
    messenger,
    table.genesis,
    table.playable,
    seat,
    record.identity.secretKey,
    table.peers,
    store,
    new SeatStreamsPool(),
  );
  for (const peer of table.peers.slice(0, seat)) messenger.connect(peer);
  return { ...seated(messenger, session, seat), heard };
}

/** How a page comes back (`comeBack`). */
export interface Return {
  /** Its peer id: the seat's first one unless said. */
  readonly peer?: string;
  /**
   * The others' redial reaches the page while it still reads its store, so the
   * challenges they send as the links open find no session to answer.
   */
  readonly linkedWhileRestoring?: boolean;
}

/** Brings `seat` back from `store` as a reloaded page would, then links it to every other seat. */
export async function comeBack(
  net: LoopbackNetwork,
  table: TestTable,
  seat: number,
  store: TableStore,
  { peer = table.peers[seat]!, linkedWhileRestoring = false }: Return = {},
): Promise<Seated> {
  const { messenger, heard } = listen(net, peer);
  const linkAll = () => {
    for (const peer of table.peers) if (peer !== table.peers[seat]) messenger.connect(peer);
  };
  if (linkedWhileRestoring) linkAll();
  const resumed = await TableSession.resume(messenger, store, table.id, new SeatStreamsPool());
  if (!resumed.ok) throw new Error(resumed.error);
  linkAll();
  return { ...seated(messenger, resumed.value, seat), heard };
}

/**
 * Every seat of a new table of `game` on a network of its own, each on a computer player;
 * `closeLater` kills them once the test is over.
 */
export async function seatAll(
  id: string,
  game: GameId,
  options: JsonObject,
  seats: number,
  closeLater: (...things: { close(): void }[]) => void,
  protocol?: number,
) {
  const table = testTable(id, game, options, seats, protocol);
  const net = new LoopbackNetwork();
  const seated: Seated[] = [];
  for (let seat = 0; seat < seats; seat++)
    seated.push(await sit(net, table, seat, new MemoryStore()));
  closeLater(...seated.map((s) => ({ close: () => s.kill() })));
  return { net, table, seated };
}

/** Registers an after-each hook and returns what hands it things to close once the test is over. */
export function closedAfterEach(): (...things: { close(): void }[]) => void {
  let open: { close(): void }[] = [];
  afterEach(() => {
    for (const thing of open) thing.close();
    open = [];
  });
  return (...things) => open.push(...things);
}

/** Waits (boundedly) until `condition` holds. */
export const until = (what: string, condition: () => boolean) =>
  vi.waitFor(() => expect(condition(), what).toBe(true), { timeout: 50_000, interval: 5 });

/** True once every session has finished its game, audit included, and every seat confirmed the ending. */
export const finished = (sessions: readonly TableSession<Json>[]) =>
  sessions.every((s) => {
    const { state } = s.replica;
    // Every page confirms the ending, but a seat a claim of absence names: it has left.
    const leaving = state.ending?.type === 'ABSENT' ? 1 : 0;
    const seats = state.genesis.identities.length;
    return state.step.type === 'DONE' && s.replica.confirmedBy().length === seats - leaving;
  });

/** Everything replicas must agree on at the end. */
export const summary = (session: TableSession<Json>) => ({
  digest: session.replica.log.digest(),
  stateHash: session.replica.stateHash,
  outcome: session.replica.outcome(),
  refusals: session.refusals,
  offences: session.replica.offences(),
  storeError: session.storeError,
});

/** The header of an event's wire text. */
export const eventOf = (text: string) => JSON.parse(text) as Event;

/**
 * Plays a cheater's seat over `links`: its own replica `own` takes in events as a session
 * does (`LogExchange`: it pulls what it misses, and answers the others' pulls with all
 * `own` holds, its own events included), and after each `move` plays on, sending its own
 * events as it likes. Closing `links` stops the exchange.
 */
export function listenAsCheater(links: SeatLinks, own: Replica<Json>, move: () => void): void {
  const { seat, log } = { seat: links.seat, log: own.log };
  const exchange = new LogExchange({
    log,
    seat,
    released: () => log.nextSeq(seat),
    judged: () => own.entryVerdicts.length,
    send: (to, message) => links.send(to, message),
    linked: () =>
      links.states().flatMap((state, s) => (s !== seat && state === 'connected' ? [s] : [])),
    cutOff: () => links.states().some((state) => state !== 'connected'),
    take: (_from, event) => {
      own.receive(event);
      move();
    },
  });
  const close = links.close.bind(links);
  links.close = () => {
    exchange.close();
    close();
  };
  links.listen({
    message: (from, message) => {
      if (message.type === 'event') exchange.event(from, message.event);
      if (message.type === 'have') exchange.have(from, message);
      move();
    },
    joined: (from) => {
      exchange.joined(from);
      move();
    },
  });
}
