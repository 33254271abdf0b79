/**
 * Issue 24, part 7: a seat named for an offence floods the table. Three seats
 * over the in-memory network: 0 and 2 are honest `TableSession`s, each with
 * its own store; seat 1 cheats, linked to seat 0 only, so seat 2 hears it only
 * in seat 0's answers to its pulls. Seat 1 plays honestly up to its move, makes an
 * illegal one (named for it on every replica), and in the same breath signs
 * a long chain of large events after it: each validly signed and chained, as
 * big as an event may be. What follows an offence is void wherever it lands,
 * so an honest page keeps none of it: neither in its store nor in its log,
 * nor does it pass any on to seat 2. The offence itself, its chain and basis,
 * is all the evidence any peer needs, and a peer that starts from what seat 0
 * holds names seat 1 all the same.
 */
import { afterEach, expect, test } from 'vitest';
import type { Json } from '../../../src/engine/encoding.ts';
import {
  MAX_EVENT_BYTES,
  signEvent,
  type EventBody,
  type SignedEvent,
} from '../../../src/engine/events.ts';
import type { Need } from '../../../src/engine/game.ts';
import { makeAct, makeDuty } from '../../../src/engine/table/author.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { parseWireMessage, type WireMessage } from '../../../src/net/messages.ts';
import { LoopbackNetwork } from '../../../src/net/loopback.ts';
import { Messenger } from '../../../src/net/messenger.ts';
import { SeatLinks } from '../../../src/net/seats.ts';
import { MemoryStore } from '../../../src/net/store.ts';
import { TableSession } from '../../../src/net/table.ts';
import type { RemaskBody, TableBody } from '../../../src/engine/table/bodies.ts';
import {
  badDleqProof,
  expectOffence,
  scriptPlayable,
  scriptTable,
  signNext,
} from '../helpers/cheats.ts';
import { authorOn } from '../helpers/table.ts';
import { listenAsCheater } from '../../net/helpers/seats.ts';

const SCRIPT: Need[] = [
  { type: 'DEAL', cards: [0, 1, 2], to: 1 },
  { type: 'REMASK', seat: 1, cards: [0, 1, 2] },
  { type: 'ACT', seats: [1] },
];
const PEERS = ['seat-0', 'seat-1', 'seat-2'];
const CHEATER = 1;
/** Events in the flood: 200 of about 60 KiB, 12 MB, inside every peer's burst allowance. */
const FLOOD = 200;
/** About 60 KiB of body: strings in an event are at most 32 KiB each. */
const PADDING = Array.from({ length: 15 }, () => 'x'.repeat(4150));

const open: { close(): void }[] = [];
afterEach(() => {
  for (const thing of open.splice(0)) thing.close();
});

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 3000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!done()) throw new Error('the table never got there');
}

/** A store that counts what it is given to keep. */
class CountingStore extends MemoryStore {
  events = 0;
  bytes = 0;

  override async saveEvent(id: string, event: string): Promise<void> {
    this.events++;
    this.bytes += event.length;
    return super.saveEvent(id, event);
  }
}

test.each<{ name: string; kind: string; cheat: (honest: TableBody) => TableBody; reason: string }>([
  {
    name: 'a move the game does not allow',
    kind: 'ACT',
    cheat: () => makeAct({ type: 'WIN' }),
    reason: 'ERR_RULES',
  },
  {
    // Found only once a worker has checked the proof: the flood is in by then.
    name: 'a re-mask with a bad re-key proof',
    kind: 'REMASK',
    cheat: (honest) => {
      const body = honest as RemaskBody;
      return { ...body, rekeys: [badDleqProof(body.rekeys[0]!), ...body.rekeys.slice(1)] };
    },
    reason: 'ERR_PROOF',
  },
])(
  'a seat named for $name that floods chained events after it costs an honest page nothing',
  async ({ kind, cheat, reason }) => {
    const { players, genesis, initial } = scriptTable(3, SCRIPT);
    const net = new LoopbackNetwork();
    const messengers = PEERS.map(
      (id) => new Messenger<WireMessage>(net.join(id), parseWireMessage),
    );
    open.push(...messengers);
    net.partition(PEERS[1]!, PEERS[2]!);
    // What seat 2 is sent: it hears seat 1's events only as seat 0 answers its pulls.
    const relayed = { events: 0, bytes: 0 };
    messengers[2]!.on({
      message: (_, message) => {
        if (message.type !== 'event') return;
        relayed.events++;
        relayed.bytes += message.event.length;
      },
    });

    const player = players[CHEATER]!;
    const own = new Replica(genesis, scriptPlayable, initial);
    const links = new SeatLinks(messengers[1]!, genesis, CHEATER, player.identity.secretKey, PEERS);
    open.push(links);
    const send = (signed: { bytes: Uint8Array }) =>
      links.send(0, { type: 'event', event: new TextDecoder().decode(signed.bytes) });
    const flood: string[] = [];
    let offence: SignedEvent | null = null;
    let sent = 0;
    const move = () => {
      while (flood.length === 0) {
        const owed = own.owed().find((o) => o.seat === CHEATER);
        if (owed === undefined) return;
        const honest =
          owed.kind === 'ACT'
            ? makeAct({ type: 'DONE' })
            : makeDuty(own.state, CHEATER, player.keyring, own.game)!;
        if (owed.kind !== kind) {
          send(authorOn(own, player, honest));
          continue;
        }
        const bad = signNext(own.log, player, cheat(honest));
        send(bad);
        offence = bad;
        flood.push(bad.hash);
        // Each next event of seat 1 follows the last: valid signature, chain and basis.
        let last = bad.event;
        for (let i = 0; i < FLOOD; i++) {
          const next = signEvent(
            {
              ...last,
              seq: last.seq + 1,
              prev: flood.at(-1)!,
              basis: last.basis.map((n, seat) => (seat === CHEATER ? last.seq + 1 : n)),
              body: makeAct({ type: 'DONE', padding: PADDING }) as unknown as EventBody,
            },
            player.identity.secretKey,
          );
          if (!next.ok) throw new Error(next.error);
          sent += next.value.bytes.length;
          send(next.value);
          flood.push(next.value.hash);
          last = next.value.event;
        }
        return;
      }
    };
    listenAsCheater(links, own, move);

    const stores = [new CountingStore(), new CountingStore()];
    const sessions = [0, 2].map(
      (seat, i) =>
        new TableSession(
          messengers[seat]!,
          genesis,
          scriptPlayable,
          seat,
          players[seat]!.identity.secretKey,
          PEERS,
          stores[i],
        ),
    );
    open.push(...sessions);
    const [zero, two] = sessions as [TableSession<Json>, TableSession<Json>];
    await until(() => flood.length > 0);
    const bad = flood[0]!;
    expect(sent).toBeGreaterThan(FLOOD * 60 * 1024);
    const named = () =>
      sessions.every((s) => s.replica.log.entry(bad) !== undefined && s.replica.stopped);
    await until(named);
    // Everything sent is delivered by now: the loopback network delivers in order.
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(sessions.map((s) => s.whenSent()));

    for (const session of sessions) {
      expect(session.replica.offences()).toEqual([{ seat: CHEATER, reason, event: bad }]);
      const held = session.replica.log.entries().filter((e) => flood.slice(1).includes(e.hash));
      expect.soft(held.length, 'flood events in the log').toBe(0);
      expect.soft(session.replica.log.pendingCount).toBe(0);
    }
    // Neither page keeps more than the game up to the offence: a few events, none of the flood.
    for (const store of stores) {
      expect.soft(store.events).toBeLessThanOrEqual(zero.replica.log.size);
      expect.soft(store.bytes).toBeLessThan(2 * MAX_EVENT_BYTES);
    }
    // Seat 2 was sent the offence (its evidence) and nothing of what followed it.
    expect.soft(relayed.bytes).toBeLessThan(2 * MAX_EVENT_BYTES);
    expect(two.replica.log.entry(bad)).toBeDefined();

    // A peer that starts from what seat 0 holds, as a late peer is synced, names seat 1 too.
    const late = new Replica(genesis, scriptPlayable, initial);
    for (const entry of zero.replica.log.entries()) late.receive(entry.bytes);
    expectOffence(late, offence!, CHEATER, reason);
  },
);
