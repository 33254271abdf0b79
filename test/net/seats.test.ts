/**
 * Seats are proven by key, never by peer id (issue 10), with real keys and signatures
 * over the in-memory network. A seat whose page died comes back under a new peer id,
 * proves itself, and the game goes on; knowing only its table, it finds every seat
 * through the host. Impostors never get a seat: a peer that took the seat's old id
 * without its key, one that replays an old hello under that id, one that relays the
 * real seat's answer over its own link, one that sits in the middle of a link and passes
 * each end's hello to the other. Link states per seat, the redial backoff and a
 * signaling outage run on fake timers.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { JsonObject } from '../../src/engine/encoding.ts';
import { createIdentity } from '../../src/engine/identity.ts';
import { hostPeerId, isPeerIdOf } from '../../src/net/ids.ts';
import { parseWireMessage, type SeatMessage, type WireMessage } from '../../src/net/messages.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { Messenger } from '../../src/net/messenger.ts';
import { rejoinTable } from '../../src/net/rejoin.ts';
import { SeatLinks } from '../../src/net/seats.ts';
import { TableSession } from '../../src/net/table.ts';
import { scriptPlayable, scriptTable } from '../engine/helpers/cheats.ts';

const { players, genesis } = scriptTable(
  3,
  [
    { type: 'ACT', seats: [0] },
    { type: 'ACT', seats: [2] },
  ],
  4,
);
const TABLE = genesis.table;
const PEERS = [hostPeerId(TABLE), `fairdeal-${TABLE}-bbbb`, `fairdeal-${TABLE}-cccc`];
const DONE: JsonObject = { type: 'DONE' };
const NOT_SIGNED = 'a seat hello for seat 2 not signed by its key';

let open: { close(): void }[] = [];
afterEach(() => {
  for (const thing of open) thing.close();
  open = [];
  vi.useRealTimers();
});

const until = (what: string, condition: () => boolean) =>
  vi.waitFor(() => expect(condition(), what).toBe(true), { timeout: 60_000, interval: 5 });

const joinAs = (net: LoopbackNetwork, id: string) => {
  const messenger = new Messenger<WireMessage>(net.join(id), parseWireMessage);
  open.push(messenger);
  return messenger;
};

const connectedAll = (links: { states(): string[] }[]) =>
  links.every((l) => l.states().every((state) => state === 'connected'));

const keyOf = (seat: number) => players[seat]!.identity.secretKey;

/** The seat links alone of every seat, with real keys, on `net` (a fresh network). */
function linkSeats(net = new LoopbackNetwork()) {
  const messengers = PEERS.map((peer) => joinAs(net, peer));
  const links = messengers.map((messenger, seat) => {
    const seatLinks = new SeatLinks(messenger, genesis, seat, keyOf(seat), PEERS);
    open.push(seatLinks);
    return seatLinks;
  });
  return { net, messengers, links };
}

/** Every replica reaches the end with the same log, and nobody was refused or named. */
async function finishedAlike(table: TableSession[]): Promise<void> {
  await until('every replica is done', () =>
    table.every((s) => s.replica.state.step.type === 'DONE'),
  );
  expect(new Set(table.map((s) => s.replica.log.digest())).size).toBe(1);
  for (const session of table) {
    expect(session.refusals).toEqual([]);
    expect(session.links.refusals).toEqual([]);
    expect(session.replica.offences()).toEqual([]);
  }
}

describe('a seat back under a new peer id', () => {
  type Session = TableSession;

  function seatTable() {
    const net = new LoopbackNetwork();
    const sessions = PEERS.map(
      (peer, seat) =>
        new TableSession(joinAs(net, peer), genesis, scriptPlayable, seat, keyOf(seat), PEERS),
    );
    open.push(...sessions);
    return { net, sessions: sessions as [Session, Session, Session] };
  }

  /**
   * The page of `old`'s seat reloads: it registers again (`rejoinTable`), and gets back
   * from its storage (issue 10's persistence) its secrets and its log, before the first
   * duty of the new session runs.
   */
  async function reload(net: LoopbackNetwork, old: Session, lastPeers: (string | null)[]) {
    const rejoined = await rejoinTable(async (id) => net.join(id), genesis, old.seat, lastPeers);
    open.push(rejoined.messenger);
    const { messenger, peers } = rejoined;
    const session = new TableSession(
      messenger,
      genesis,
      scriptPlayable,
      old.seat,
      keyOf(old.seat),
      peers,
    );
    open.push(session);
    Object.assign(session.keyring, old.keyring);
    for (const entry of old.replica.log.entries()) session.replica.receive(entry.bytes);
    return { ...rejoined, session };
  }

  const mayAct = (session: Session) => session.legalActions().length > 0;

  /** Seat 2's page dies once seat 0 may act; seats 0 and 1 see it go. */
  async function crashSeat2(net: LoopbackNetwork, sessions: Session[]) {
    await until(
      'seat 0 may act, every seat proven',
      () => mayAct(sessions[0]!) && connectedAll(sessions.map((s) => s.links)),
    );
    const addresses = sessions[2]!.links.addresses();
    net.crash(PEERS[2]!);
    sessions[2]!.close();
    await until('seats 0 and 1 see seat 2 reconnecting', () =>
      sessions.slice(0, 2).every((s) => s.links.states()[2] === 'reconnecting'),
    );
    return addresses;
  }

  test('proves itself with its key, is sent what it missed, and the game goes on', async () => {
    const { net, sessions } = seatTable();
    const [zero, one, two] = sessions;
    const addresses = await crashSeat2(net, sessions);
    expect(addresses).toEqual(PEERS);
    expect(zero.act(DONE).ok).toBe(true);

    // Its old id is still registered, so it comes back under another.
    const back = await reload(net, two, addresses);
    const id = back.messenger.id;
    expect(id).not.toBe(PEERS[2]);
    expect(isPeerIdOf(TABLE, id)).toBe(true);
    await until('seats 0 and 1 route seat 2 to its new id', () =>
      [zero, one].every((s) => s.links.seatOf(id) === 2 && s.links.states()[2] === 'connected'),
    );
    expect(zero.links.seatOf(PEERS[2]!)).toBeNull();
    expect(zero.links.addresses()).toEqual([PEERS[0], PEERS[1], id]);

    // Seat 0's move, made while seat 2 was away, reached it in the sync.
    await until('seat 2 may act', () => mayAct(back.session));
    expect(back.session.act(DONE).ok).toBe(true);
    await finishedAlike([zero, one, back.session]);
  });

  test('the host, its rendezvous still held, comes back under a fresh id and finds every seat', async () => {
    const { net, sessions } = seatTable();
    const [zero, one, two] = sessions;
    await until(
      'seat 0 may act, every seat proven',
      () => mayAct(zero) && connectedAll(sessions.map((s) => s.links)),
    );
    const addresses = zero.links.addresses();
    net.crash(PEERS[0]!);
    zero.close();
    await until('seats 1 and 2 see the host reconnecting', () =>
      [one, two].every((s) => s.links.states()[0] === 'reconnecting'),
    );

    const back = await reload(net, zero, addresses);
    const id = back.messenger.id;
    expect(id).not.toBe(PEERS[0]);
    expect(back.peers).toEqual([id, PEERS[1], PEERS[2]]);
    await until('seats 1 and 2 route the host to its new id', () =>
      [one, two].every((s) => s.links.seatOf(id) === 0 && s.links.states()[0] === 'connected'),
    );

    await until('the host may act again', () => mayAct(back.session));
    expect(back.session.act(DONE).ok).toBe(true);
    await until('seat 2 may act', () => mayAct(two));
    expect(two.act(DONE).ok).toBe(true);
    await finishedAlike([back.session, one, two]);
  });

  test('knowing only its table and seat, it finds every seat through the host', async () => {
    const { net, sessions } = seatTable();
    const [zero, one, two] = sessions;
    await crashSeat2(net, sessions);

    const back = await reload(net, two, []);
    // Where to dial: the host's rendezvous, nothing else.
    expect(back.peers).toEqual([PEERS[0], null, back.messenger.id]);
    await until('seat 1 proved seat 2, dialled at the id the host gave it', () =>
      [zero, one, back.session].every((s) => connectedAll([s.links])),
    );
    expect(one.links.seatOf(back.messenger.id)).toBe(2);
    expect(back.session.links.seatOf(PEERS[1]!)).toBe(1);
  });
});

test('a challenge lost before the other end listened: nothing sent once linked arrives ahead of the hello that proves its sender', () => {
  const net = new LoopbackNetwork({ manual: true });
  const [zero, one] = PEERS.slice(0, 2).map((peer) => joinAs(net, peer)) as [
    Messenger<WireMessage>,
    Messenger<WireMessage>,
  ];
  const early = new SeatLinks(zero, genesis, 0, keyOf(0), PEERS);
  open.push(early);
  // Seat 0 dialled seat 1 and challenged it; seat 1's page is not listening yet.
  net.deliverAll();
  const heard: [number, WireMessage][] = [];
  early.listen({ message: (from, message) => heard.push([from, message]) });
  const late = new SeatLinks(one, genesis, 1, keyOf(1), PEERS);
  open.push(late);
  // Seat 1 sends its log the moment it has proven seat 0, as a table session does.
  late.listen({ joined: (seat) => late.send(seat, { type: 'event', event: 'the log' }) });
  net.deliverAll();
  expect([early.states().slice(0, 2), late.states().slice(0, 2)]).toEqual([
    ['connected', 'connected'],
    ['connected', 'connected'],
  ]);
  expect(heard).toEqual([[1, { type: 'event', event: 'the log' }]]);
});

test('four challenges crossing on one link (redials of a link still open) still end with both seats proven', () => {
  const net = new LoopbackNetwork({ manual: true });
  const [zero, one] = PEERS.slice(0, 2).map((peer) => joinAs(net, peer)) as [
    Messenger<WireMessage>,
    Messenger<WireMessage>,
  ];
  const [early, late] = [0, 1].map((seat) => {
    const links = new SeatLinks([zero, one][seat]!, genesis, seat, keyOf(seat), PEERS);
    open.push(links);
    return links;
  }) as [SeatLinks, SeatLinks];
  // The link opens; before anything arrives, seat 1 challenges again three times, as its
  // redials of a seat not yet proven do: four chains of challenge and answer cross.
  for (let i = 0; i < 3; i++) late['challenge'](PEERS[0]!);
  // Every answer to a challenge goes with a challenge back while unproven: a handful of
  // rounds proves both ends, if a hello ever finds its nonce still open.
  for (let i = 0; i < 200 && net.pending.length > 0; i++) net.deliver(0);
  expect([early.states().slice(0, 2), late.states().slice(0, 2)]).toEqual([
    ['connected', 'connected'],
    ['connected', 'connected'],
  ]);
  expect([...early.refusals, ...late.refusals]).toEqual([]);
});

describe('impostors never get a seat', () => {
  /** The seats' links alone, with real keys; `heard[seat]` is every message each took from a seat. */
  async function linkedSeats() {
    const seats = linkSeats();
    const heard = PEERS.map(() => [] as [number, WireMessage][]);
    seats.links.forEach((links, seat) =>
      links.listen({ message: (from, message) => heard[seat]!.push([from, message]) }),
    );
    await until('every seat proven', () => connectedAll(seats.links));
    return { ...seats, heard };
  }

  const GARBAGE = { type: 'event', event: '{"claims":"seat 2"}' } as const;

  test('a peer under the seat’s old id, without its key, is refused and never heard', async () => {
    const { net, links, heard } = await linkedSeats();
    net.crash(PEERS[2]!);
    net.expire(PEERS[2]!);
    // Mallory takes the id and runs the real protocol, for seat 2, with her own key.
    const mallory = joinAs(net, PEERS[2]!);
    open.push(new SeatLinks(mallory, genesis, 2, createIdentity().secretKey, PEERS));
    await until('seats 0 and 1 refused her', () =>
      [0, 1].every((seat) => links[seat]!.refusals.length > 0),
    );
    for (const seat of [0, 1]) {
      const refused = new Set(links[seat]!.refusals.map((r) => `${r.peer}: ${r.reason}`));
      expect([...refused]).toEqual([`${PEERS[2]}: ${NOT_SIGNED}`]);
      expect(links[seat]!.states()[2]).toBe('reconnecting');
      expect(links[seat]!.seatOf(PEERS[2]!)).toBeNull();
    }
    mallory.send(PEERS[0]!, GARBAGE);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard[0]).toEqual([]);
  });

  test('a hello replayed under the seat’s old id is refused, as is one with the new nonce pasted in', async () => {
    const { net, messengers, links } = await linkedSeats();
    const hellos: SeatMessage[] = [];
    messengers[0]!.on({
      message: (from, message) => {
        if (from === PEERS[2] && message.type === 'seat-hello') hellos.push(message);
      },
    });
    // Seat 2 drops and proves itself again: its hello to seat 0 is on record.
    net.cut(PEERS[0]!, PEERS[2]!);
    messengers[2]!.connect(PEERS[0]!);
    await until('seat 2 proven again', () => connectedAll(links) && hellos.length > 0);
    const [recorded] = hellos;

    net.crash(PEERS[2]!);
    net.expire(PEERS[2]!);
    const mallory = joinAs(net, PEERS[2]!);
    mallory.on({
      message: (from, message) => {
        if (message.type !== 'challenge') return;
        mallory.send(from, recorded!);
        mallory.send(from, { ...recorded!, nonce: message.nonce } as WireMessage);
      },
    });
    mallory.connect(PEERS[0]!);
    await until('seat 0 refused both', () => links[0]!.refusals.length >= 2);
    expect(links[0]!.refusals.slice(0, 2)).toEqual([
      { peer: PEERS[2], reason: 'a seat hello that answers no open challenge of ours' },
      { peer: PEERS[2], reason: NOT_SIGNED },
    ]);
    expect(links[0]!.states()[2]).toBe('reconnecting');
    expect(links[0]!.seatOf(PEERS[2]!)).toBeNull();
  });

  test('the real seat’s answer relayed over another link is refused', async () => {
    const { net, links, heard } = await linkedSeats();
    const relayId = `fairdeal-${TABLE}-mmmm`;
    const mallory = joinAs(net, relayId);
    // Seat 0's challenge goes to seat 2 as hers, and seat 2's answer back to seat 0.
    mallory.on({
      message: (from, message) => {
        if (from === PEERS[0] && message.type === 'challenge') mallory.send(PEERS[2]!, message);
        if (from === PEERS[2] && message.type === 'seat-hello') mallory.send(PEERS[0]!, message);
      },
    });
    mallory.connect(PEERS[2]!);
    mallory.connect(PEERS[0]!);
    await until('seat 0 refused the relayed hello', () => links[0]!.refusals.length > 0);
    expect(links[0]!.refusals[0]).toEqual({ peer: relayId, reason: NOT_SIGNED });
    expect(links[0]!.seatOf(relayId)).toBeNull();
    expect(links[0]!.seatOf(PEERS[2]!)).toBe(2);
    mallory.send(PEERS[0]!, GARBAGE);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard[0]).toEqual([]);
  });
});

describe('a man in the middle of a link', () => {
  const IN_THE_MIDDLE = 'a seat hello made on another link: someone sits in the middle of this one';

  test('the hellos he passes on are refused at both ends, each redial once: the seats stay unlinked, and nothing is withheld unseen', async () => {
    vi.useFakeTimers({ now: 0 });
    const net = new LoopbackNetwork();
    // Mallory relayed the signaling of seats 1 and 2 and answered each herself: she has a
    // DTLS session with each, and passes on every word, the challenges and hellos included.
    const passed: string[] = [];
    net.intercept(PEERS[1]!, PEERS[2]!, (envelope, forward) => {
      passed.push((JSON.parse(envelope.data) as WireMessage).type);
      forward();
    });
    const { links } = linkSeats(net);
    await vi.advanceTimersByTimeAsync(0);
    expect(passed).toContain('seat-hello');
    expect(links[0]!.states()).toEqual(['connected', 'connected', 'connected']);
    for (const [seat, other] of [
      [1, 2],
      [2, 1],
    ] as const) {
      const refused = new Set(links[seat]!.refusals.map((r) => `${r.peer}: ${r.reason}`));
      expect([...refused]).toEqual([`${PEERS[other]}: ${IN_THE_MIDDLE}`]);
      expect(links[seat]!.states()[other]).toBe('connecting');
      // The table's page can say why it waits: someone sits in the middle of that link.
      expect(links[seat]!.middled()).toEqual([other]);
      expect(links[seat]!.seatOf(PEERS[other]!)).toBeNull();
      // Nothing goes to the other seat through her: the table knows it is not linked.
      expect(links[seat]!.send(other, { type: 'event', event: 'for your eyes' })).toBe(false);
    }

    // Each end redials at 1, 3, 7, 15, 30, 45 and 60 s, and each time asks once and is
    // answered once: nobody challenges back through her, or the two would ask forever.
    passed.length = 0;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(passed.filter((type) => type === 'challenge')).toHaveLength(14);
    expect(passed.filter((type) => type === 'seat-hello')).toHaveLength(14);
    expect(links[1]!.states()[2]).toBe('connecting');
  });
});

describe('link states and redialling, on fake timers', () => {
  /** Lets every message in flight arrive (the network delivers on microtasks). */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  async function fakeSeats() {
    vi.useFakeTimers({ now: 0 });
    const { net, messengers, links } = linkSeats();
    expect(links[0]!.states()).toEqual(['connected', 'connecting', 'connecting']);
    await settle();
    expect(links.map((l) => l.states())).toEqual(PEERS.map(() => PEERS.map(() => 'connected')));
    /** When seat 0 dialled seat 2. */
    const dials: number[] = [];
    messengers[0]!.on({
      link: (peer, state) => peer === PEERS[2] && state === 'connecting' && dials.push(Date.now()),
    });
    return { net, messengers, links, dials };
  }

  test('a lost seat is redialled after 1, 2, 4, 8, then every 15 s; proven again, the waits start over', async () => {
    const { net, links, dials } = await fakeSeats();
    net.partition(PEERS[0]!, PEERS[2]!);
    expect(links.map((l) => l.states())).toEqual([
      ['connected', 'connected', 'reconnecting'],
      ['connected', 'connected', 'connected'],
      ['reconnecting', 'connected', 'connected'],
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(dials).toEqual([1_000, 3_000, 7_000, 15_000, 30_000, 45_000, 60_000]);

    net.heal(PEERS[0]!, PEERS[2]!);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(links[0]!.states()[2]).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(connectedAll(links)).toBe(true);

    net.partition(PEERS[0]!, PEERS[2]!);
    dials.length = 0;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(dials).toEqual([76_000, 78_000]);
  });

  test('a seat marked gone is not redialled, and stays gone even when it proves itself', async () => {
    const { net, messengers, links, dials } = await fakeSeats();
    net.cut(PEERS[0]!, PEERS[2]!);
    links[0]!.markGone(2);
    expect(links[0]!.states()).toEqual(['connected', 'connected', 'gone']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(dials).toEqual([]);
    // Seat 2 still dials seat 0, and proves itself: routed, yet gone.
    expect(messengers[0]!.transport.connectedPeers()).toContain(PEERS[2]);
    expect(links[0]!.seatOf(PEERS[2]!)).toBe(2);
    expect(links[0]!.states()[2]).toBe('gone');
  });

  test('while the signaling server is away open links carry on; a lost one comes back as soon as it returns', async () => {
    const { net, links, dials } = await fakeSeats();
    const heard: [number, WireMessage][] = [];
    links[1]!.listen({ message: (from, message) => heard.push([from, message]) });
    net.stopSignaling();
    net.cut(PEERS[0]!, PEERS[2]!);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(links[0]!.states()).toEqual(['connected', 'connected', 'reconnecting']);
    expect(dials).toEqual([]);
    expect(links[0]!.send(1, { type: 'event', event: 'still here' })).toBe(true);
    await settle();
    expect(heard).toEqual([[0, { type: 'event', event: 'still here' }]]);

    net.startSignaling();
    await settle();
    expect(dials).toEqual([120_000]);
    expect(connectedAll(links)).toBe(true);
  });
});
