/**
 * Every replica reaches the same log, the same state hash and the same
 * outcome after the same events, whatever order the network delivered them
 * in (docs/design.md, Replicated engine). A short War with a war in it, played with
 * real cryptography over the in-memory transport.
 *
 * Faces come from the joint shuffle, which nobody controls, so a test that
 * wants a war must see the faces before it deals: the deck (keys and both
 * shuffles) is made first, the test opens it with both players' keyrings and then
 * builds the stacks. The deck events do not depend on the game's state (their
 * proofs bind the genesis and the step number), so the same signed deck
 * events start the game proper.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { faceOf, type Face } from '../../src/engine/cards.ts';
import type { SignedEvent } from '../../src/engine/events.ts';
import type { CardId } from '../../src/engine/game.ts';
import { war, type WarState } from '../../src/engine/games/war/index.ts';
import type { LogEntry } from '../../src/engine/log.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import { LoopbackNetwork, type LoopbackTransport } from '../../src/net/loopback.ts';
import { seeded, shuffled } from './helpers.ts';
import {
  Table,
  authorOn,
  dutyOf,
  feed,
  makeGenesis,
  makePlayers,
  openCards,
  setupOrThrow,
  tableGame,
  withDeck,
  type Player,
} from './helpers/table.ts';

/** Fourteen cards: the clubs 2 to Ace and the 2 of diamonds, the one pair that can make a war. */
const DECK = 14;
const players = makePlayers(2);
const genesis = makeGenesis(players, withDeck(war, DECK), {});
const game = tableGame(withDeck(war, DECK));

/**
 * The deal, by face, top card first. A beats 4; then 2 meets 2: war, three
 * cards facedown each, and K beats 3. Seat 1 has no card left: seat 0 wins
 * after two battles and one war.
 */
const DEAL: readonly (readonly Face[])[] = [
  [14, 2, 5, 6, 7, 13].map((rank) => faceOf(rank, 'clubs')),
  [faceOf(4, 'clubs'), faceOf(2, 'diamonds'), ...[8, 9, 10, 3].map((r) => faceOf(r, 'clubs'))],
];
const OUTCOME = { result: 'win', winners: [0], reason: 'EMPTY' };
const STATS = { battles: 2, wars: 1, won: [2, 0] };

/** The keys and both shuffles, and the War stacks (card ids) that deal `DEAL`. */
function makeDeck(): { deck: SignedEvent[]; stacks: [CardId[], CardId[]] } {
  // Any stacks will do here: the deck events do not depend on them.
  const table = new Table(players, genesis, game, setupOrThrow(war, { stacks: [[0], [1]] }));
  table.dutiesUntil((s) => s.step.type === 'PLAY');
  const faces = openCards(table.replicas[0]!.state, players);
  const idOf = (face: Face) => faces.indexOf(face);
  return { deck: table.events, stacks: [DEAL[0]!.map(idOf), DEAL[1]!.map(idOf)] };
}

/** One peer on the network: its replica, and its seat unless it only watches. */
interface Node {
  readonly id: string;
  readonly player: Player | null;
  readonly replica: Replica<WarState>;
  readonly transport: LoopbackTransport;
}

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/**
 * Plays the game after `deck` over a manual loopback network. Seats 0 and 1
 * are linked; a spectator is linked to seat 1 only, so it learns seat 0's
 * events through seat 1's gossip. Every peer sends what it authors to all its
 * links and forwards every fresh event to all links but the one it came on.
 * After each delivery (chosen at random among the deliverable messages) every
 * seat makes whatever it owes: its flip, its unlock shares, its audit.
 */
function playOverNetwork(
  seed: number,
  deck: readonly SignedEvent[],
  stacks: [CardId[], CardId[]],
): Node[] {
  const net = new LoopbackNetwork({ manual: true });
  const initial = setupOrThrow(war, { stacks });
  const nodes: Node[] = [
    ...players.map((player) => ({ id: `seat-${player.seat}`, player })),
    { id: 'spectator', player: null },
  ].map(({ id, player }) => ({
    id,
    player,
    replica: new Replica(genesis, game, initial),
    transport: net.join(id),
  }));
  const [seat0, seat1, spectator] = nodes as [Node, Node, Node];
  seat0.transport.connect(seat1.id);
  seat1.transport.connect(spectator.id);

  const send = (node: Node, data: string, except?: string) => {
    for (const peer of node.transport.connectedPeers())
      if (peer !== except) node.transport.send(peer, data);
  };
  for (const node of nodes) {
    for (const event of deck) feed(node.replica, event.bytes);
    node.transport.listen({
      message(from, data) {
        const received = node.replica.receive(data);
        if (!received.ok) throw new Error(`${node.id} refused an honest event: ${received.error}`);
        if (received.value.fresh) send(node, data, from);
      },
      link() {},
    });
  }
  const authorOwed = () => {
    for (const node of nodes) {
      const { player, replica } = node;
      if (player === null) continue;
      for (let o = mine(replica, player); o !== undefined; o = mine(replica, player)) {
        const body = o.kind === 'ACT' ? makeAct({ type: 'FLIP' }) : dutyOf(replica, player);
        send(node, text(authorOn(replica, player, body).bytes));
      }
    }
  };
  const random = seeded(seed);
  authorOwed();
  for (let delivered = 0; net.pending.length > 0; delivered++) {
    if (delivered === 100_000) throw new Error('the network never went quiet');
    const choices = net.deliverable();
    net.deliver(choices[Math.floor(random() * choices.length)]!);
    authorOwed();
  }
  return nodes;
}

const mine = (replica: Replica<WarState>, player: Player) =>
  replica.owed().find((o) => o.seat === player.seat);

/** Pairs of player actions whose authors had not seen each other: concurrent by docs/design.md. */
function concurrentActs(entries: readonly LogEntry[]): [LogEntry, LogEntry][] {
  const acts = entries.filter((e) => e.event.body.type === 'ACT');
  const unseen = (by: LogEntry, other: LogEntry) =>
    other.event.seq >= by.event.basis[other.event.author]!;
  return acts.flatMap((a, i) =>
    acts.slice(i + 1).flatMap((b) => (unseen(a, b) && unseen(b, a) ? [[a, b] as const] : [])),
  ) as [LogEntry, LogEntry][];
}

/** Everything two replicas must agree on. */
function summary(replica: Replica<WarState>) {
  const { battles, wars, won } = replica.state.game;
  return {
    digest: replica.log.digest(),
    stateHash: replica.stateHash,
    outcome: replica.outcome(),
    stats: { battles, wars, won },
    step: replica.state.step,
    verdicts: new Set(replica.entryVerdicts),
    evidence: replica.log.evidence.length,
    offences: replica.offences(),
    pending: replica.log.pendingCount,
  };
}

let deck: SignedEvent[] = [];
let stacks: [CardId[], CardId[]] = [[], []];
beforeAll(() => {
  ({ deck, stacks } = makeDeck());
});

describe('War over the network, messages delivered in a random order', () => {
  test.each([1, 2, 3, 4, 5])('seed %i: both players and the spectator agree', (seed) => {
    const nodes = playOverNetwork(seed, deck, stacks);
    const [first, ...others] = nodes.map((n) => summary(n.replica));
    expect(first).toMatchObject({
      outcome: OUTCOME,
      stats: STATS,
      step: { type: 'DONE' },
      verdicts: new Set(['applied']),
      evidence: 0,
      offences: [],
      pending: 0,
    });
    for (const other of others) expect(other).toEqual(first);
    // Both flips of every step were made against one head, and both applied.
    expect(concurrentActs(nodes[0]!.replica.log.entries())).toHaveLength(3);
  });
});

describe('the events of one game fed in any order, gossip copies included', () => {
  // Proofs are slow: one game is played and its signed events are reused.
  let reference: Replica<WarState>;
  let events: Uint8Array[] = [];
  beforeAll(() => {
    reference = playOverNetwork(0, deck, stacks)[0]!.replica;
    events = reference.log.entries().map((entry) => entry.bytes);
  });
  const SEEDS = Array.from({ length: 30 }, (_, i) => i + 1);

  /** The events in a seeded order, with some sent twice (as gossip does). */
  function orderFor(seed: number): Uint8Array[] {
    const random = seeded(seed);
    const copies = events.filter(() => random() < 0.3);
    return shuffled([...events, ...copies], random);
  }

  test.each(SEEDS)('seed %i: same digest, state hash and outcome as the game itself', (seed) => {
    const replica = new Replica(genesis, game, setupOrThrow(war, { stacks }));
    for (const bytes of orderFor(seed)) expect(replica.receive(bytes).ok).toBe(true);
    expect(summary(replica)).toEqual(summary(reference));
  });

  test('some of those orders deliver concurrent flips against the log order', () => {
    // The log puts the lower seat first whatever the arrival; a later seat's
    // flip arriving first makes the replica place the other before it and refold.
    const pairs = concurrentActs(reference.log.entries());
    const reversed = SEEDS.filter((seed) => {
      const order = orderFor(seed);
      return pairs.some(([a, b]) => order.indexOf(b.bytes) < order.indexOf(a.bytes));
    });
    expect(pairs).toHaveLength(3);
    expect(pairs.every(([a, b]) => a.event.author === 0 && b.event.author === 1)).toBe(true);
    expect(reversed.length).toBeGreaterThan(0);
  });
});
