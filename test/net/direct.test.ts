/**
 * Tables paired by codes (`direct.ts`) whole, in node: real lobby sessions and real keys
 * over `DirectTransport`, its WebRTC an in-memory stand-in (helpers/rtc.ts). The pages pair
 * with the host by hand; every other link is signaled through links already open.
 */
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { createIdentity } from '../../src/engine/identity.ts';
import { loadTerms } from '../../src/engine/games/playable.ts';
import { DirectTransport } from '../../src/net/direct.ts';
import { hostPeerId, randomId } from '../../src/net/ids.ts';
import { CONNECT_LIMIT_MS } from '../../src/net/links.ts';
import { LobbySession } from '../../src/net/lobby.ts';
import type { TableInfo } from '../../src/net/messages.ts';
import { decodePairing, encodePairing, fromSdp, toSdp } from '../../src/net/pairing.ts';
import type { LinkState } from '../../src/net/transport.ts';
import { guest, TABLE } from './helpers/lobby-table.ts';
import { MemoryPeerConnection } from './helpers/rtc.ts';
import { until } from './helpers/seats.ts';

const FOUR: TableInfo = { ...TABLE, seats: 4, options: { players: 4 } };

beforeAll(() => loadTerms('batailles'));
beforeEach(() => {
  vi.stubGlobal('RTCPeerConnection', MemoryPeerConnection);
});
const opened: { close(): void }[] = [];
afterEach(() => {
  for (const closing of opened.splice(0)) closing.close();
  vi.unstubAllGlobals();
});

function transport(id: string): DirectTransport {
  const made = new DirectTransport(id, {});
  opened.push(made);
  return made;
}

/** `guest` answers an offer code of `host`'s, and `host` takes the answer: their link opens. */
async function pairByHand(host: DirectTransport, guest: DirectTransport): Promise<void> {
  const answer = await guest.answer(await host.offer());
  if (!answer.ok) throw new Error(answer.error);
  const taken = await host.complete(answer.value);
  if (!taken.ok) throw new Error(taken.error);
}

/** Ann hosts `table`; each guest pairs with her by hand and sits, one after the other. */
async function pairedTable(table: TableInfo, ...names: string[]) {
  const hostT = transport(hostPeerId(table.id));
  const host = LobbySession.create(hostT, table, 'Ann', createIdentity());
  opened.push(host);
  const guests: { t: DirectTransport; lobby: LobbySession }[] = [];
  for (const name of names) guests.push(await sit(hostT, host, table, name));
  return { hostT, host, guests };
}

/**
 * `name` pairs with Ann by hand and sits; the lobby opens as the page's does, once the
 * link to the host is up (`LobbyController.afterHost`).
 */
async function sit(
  hostT: DirectTransport,
  host: LobbySession,
  table: TableInfo,
  name: string,
  within = 50_000,
) {
  const t = transport(guest(name.toLowerCase().padEnd(4, 'z')));
  const joined = new Promise<LobbySession>((resolve) => {
    const stop = t.watch((peer, state) => {
      if (peer !== hostT.id || state !== 'connected') return;
      stop();
      resolve(LobbySession.join(t, table.id, name, createIdentity()));
    });
  });
  await pairByHand(hostT, t);
  const lobby = await joined;
  opened.push(lobby);
  await vi.waitFor(
    () => {
      const snap = lobby.snapshot();
      const linked = snap.players.every(
        (p) => p.peer === t.id || snap.links[p.peer] === 'connected',
      );
      expect(snap.seated && linked, `${name} is seated and linked to every player`).toBe(true);
    },
    { timeout: within, interval: 5 },
  );
  expect(host.snapshot().players.map((p) => p.name)).toContain(name);
  return { t, lobby };
}

/** An offer code as a page makes one, claiming to come from `peer`: a page nobody runs. */
const forgedOffer = (peer: string) =>
  encodePairing({
    kind: 'offer',
    table: TABLE.id,
    peer,
    nonce: randomId(8),
    ufrag: randomId(8),
    pwd: randomId(24),
    fingerprint: randomId(32)
      .replace(/./g, (c) => (c.charCodeAt(0) % 16).toString(16))
      .repeat(2),
    setup: 'actpass',
    candidates: [{ type: 'host', address: '192.0.2.9', port: 40000 }],
  });

/** The peers `t` takes a link on (answers an offer for, or dials), as they come. */
function linksTaken(t: DirectTransport): string[] {
  const peers: string[] = [];
  t.watch((peer: string, state: LinkState) => {
    if (state === 'connecting') peers.push(peer);
  });
  return peers;
}

test('three pages paired by codes: the guests’ link is signaled through the host, and every pair is proven', async () => {
  const { host, guests } = await pairedTable(TABLE, 'Ben', 'Cat');
  await until('Ann can start', () => host.canStart());
  for (const { lobby } of guests) expect(lobby.snapshot().middle).toEqual([]);
  expect(host.snapshot().dropped).toEqual([]);
});

/** The links `t` holds at once, with peers among `fakes`, at most, from now on. */
function mostHeldOf(t: DirectTransport, peers: readonly string[]): () => number {
  const fakes = new Set(peers);
  const held = new Set<string>();
  let most = 0;
  t.watch((peer, state) => {
    if (!fakes.has(peer)) return;
    if (state === 'connecting') held.add(peer);
    else if (state !== 'connected') held.delete(peer);
    most = Math.max(most, held.size);
  });
  return () => most;
}

test('a guest that sends another guest codes from peers that do not exist: she answers a bounded few, and a newcomer still links', async () => {
  const { hostT, host, guests } = await pairedTable(FOUR, 'Ben', 'Cat');
  const [ben, cat] = guests as [(typeof guests)[0], (typeof guests)[0]];
  // Ben's modified page sends Cat, over his own link, offers from peers of the table that
  // nobody runs, as if he relayed them: thirty, then ten a second.
  const fakes = Array.from({ length: 200 }, () => guest(randomId(8)));
  const most = mostHeldOf(cat.t, fakes);
  const unsent = [...fakes];
  const jam = async (count: number) => {
    for (const fake of unsent.splice(0, count))
      ben.t.send(
        cat.t.id,
        '\u0001' + JSON.stringify({ from: fake, code: await forgedOffer(fake) }),
      );
  };
  await jam(30);
  const jamming = setInterval(() => void jam(10), 1000);
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Dan pairs with Ann and sits: his link to Cat, signaled through Ann, opens, well before
    // the links Cat answered for nobody would have timed out by themselves.
    const dan = await sit(hostT, host, FOUR, 'Dan', CONNECT_LIMIT_MS / 2);
    expect(dan.lobby.snapshot().links[cat.t.id]).toBe('connected');
    await until('Ann can start', () => host.canStart());
  } finally {
    clearInterval(jamming);
  }
  // Cat never held more links for nobody than a relay may have opening at once.
  expect(most()).toBeLessThanOrEqual(4);
});

test('a guest that completes the links it had another guest answer for nobody: they never fill her slots, and a newcomer still links', async () => {
  const { hostT, host, guests } = await pairedTable(FOUR, 'Ben', 'Cat');
  const [ben, cat] = guests as [(typeof guests)[0], (typeof guests)[0]];
  const fakes = Array.from({ length: 40 }, () => guest(randomId(8)));
  const most = mostHeldOf(cat.t, fakes);
  // Ben's modified page makes a real offer for each fake peer, takes the answers Cat sends
  // out for them, and keeps each link alive with heartbeats, as a page would.
  const mine = new Map<string, MemoryPeerConnection>();
  const benData = ben.t['data'].bind(ben.t);
  ben.t['data'] = (from: string, data: string) => {
    const to = data.startsWith('\u0001') ? (JSON.parse(data.slice(1)) as { to?: string }).to : null;
    const pc = to ? mine.get(to) : undefined;
    if (!pc) return benData(from, data);
    void decodePairing((JSON.parse(data.slice(1)) as { code: string }).code).then((read) => {
      if (read.ok) void pc.setRemoteDescription({ type: 'answer', sdp: toSdp(read.value) });
    });
  };
  const beats: ReturnType<typeof setInterval>[] = [];
  const offerFor = async (fake: string) => {
    const pc = new MemoryPeerConnection();
    const channel = pc.createDataChannel();
    channel.addEventListener('open', () => {
      channel.send('\u0000');
      beats.push(setInterval(() => channel.readyState === 'open' && channel.send('\u0000'), 1000));
    });
    await pc.setLocalDescription();
    const read = fromSdp(pc.localDescription!.sdp!, 'offer', TABLE.id, fake, randomId(8));
    if (!read.ok) throw new Error(read.error);
    mine.set(fake, pc);
    ben.t.send(
      cat.t.id,
      '\u0001' + JSON.stringify({ from: fake, code: await encodePairing(read.value) }),
    );
  };
  const unsent = [...fakes];
  const jamming = setInterval(() => void offerFor(unsent.shift()!), 300);
  try {
    // Twenty offers: enough to fill every link Cat may hold, were nothing kept for players.
    await until('Ben has sent twenty offers', () => unsent.length <= fakes.length - 20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const dan = await sit(hostT, host, FOUR, 'Dan', CONNECT_LIMIT_MS / 2);
    expect(dan.lobby.snapshot().links[cat.t.id]).toBe('connected');
    await until('Ann can start', () => host.canStart());
  } finally {
    clearInterval(jamming);
    for (const beat of beats) clearInterval(beat);
    for (const pc of mine.values()) pc.close();
  }
  // Half of Cat's links stay for players: those brought for nobody never took more.
  expect(most()).toBeLessThanOrEqual(6);
});

test('a page that has proven no key on its link relays nothing: the codes it passes on are not answered', async () => {
  const { hostT } = await pairedTable(TABLE, 'Ben');
  // Eve paired with Ann by hand and never said who she is: her page sends Ann offers as if
  // she relayed them.
  const eve = transport(guest('eeee'));
  eve.listen({ link: () => {}, message: () => {} });
  await pairByHand(hostT, eve);
  await until('Eve is linked to Ann', () => eve.connectedPeers().includes(hostT.id));
  const fakes = Array.from({ length: 5 }, () => guest(randomId(8)));
  const taken = linksTaken(hostT);
  for (const fake of fakes)
    eve.send(hostT.id, '\u0001' + JSON.stringify({ from: fake, code: await forgedOffer(fake) }));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(taken.filter((peer) => fakes.includes(peer))).toEqual([]);
});
