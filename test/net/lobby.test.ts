import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { hostPeerId } from '../../src/net/ids.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { sendingThrough } from './helpers/transport.ts';
import { createIdentity } from '../../src/engine/identity.ts';
import { MAX_MESSAGE_BYTES } from '../../src/net/messenger.ts';
import { HOST_ANSWER_LIMIT_MS, LobbySession } from '../../src/net/lobby.ts';
import { CHAT_KEPT } from '../../src/net/chat.ts';
import type { Player, TableInfo } from '../../src/net/messages.ts';
import { TABLE, guest } from './helpers/lobby-table.ts';
import { GAME_IDS } from '../../src/engine/catalog.ts';
import { loadTerms } from '../../src/engine/games/playable.ts';
import { until } from './helpers/seats.ts';

const player = (name: string): Player => ({ name, identity: createIdentity().publicKey });

// A lobby checks a table's options with its game's rules, which a page loads on first
// use: loaded here first, so that a roster is taken as it comes (`settle`). The wait for
// them has tests of its own (`rules loaded for the table's game alone`).
beforeAll(() => Promise.all(GAME_IDS.map(loadTerms)));

/** Lets queued microtasks (loopback deliveries) run until the network is quiet. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** Ann (her identity key `ann`) hosts a three-seat table; Ben, then Cat, sit. */
async function table(ann = createIdentity()) {
  const net = new LoopbackNetwork();
  const host = LobbySession.create(net.join(hostPeerId(TABLE.id)), TABLE, 'Ann', ann);
  const ben = LobbySession.join(net.join(guest('bbbb')), TABLE.id, 'Ben', createIdentity());
  await settle();
  const cat = LobbySession.join(net.join(guest('cccc')), TABLE.id, 'Cat', createIdentity());
  await settle();
  return { net, host, ben, cat };
}

describe('LobbySession', () => {
  test('seats players in joining order and links every pair', async () => {
    const { host, ben, cat } = await table();
    for (const session of [host, ben, cat]) {
      const snap = session.snapshot();
      expect(snap.players.map((p) => p.name)).toEqual(['Ann', 'Ben', 'Cat']);
      expect(snap.phase).toBe('full');
      const others = snap.players.filter((p) => p.peer !== session.id);
      expect(others.map((p) => snap.links[p.peer])).toEqual(['connected', 'connected']);
    }
    // Once every seat is taken the host may start; a guest never does.
    expect(host.canStart()).toBe(true);
    expect(ben.canStart()).toBe(false);
  });

  test('a fourth player is refused a seat', async () => {
    const { net } = await table();
    const dan = LobbySession.join(net.join(guest('dddd')), TABLE.id, 'Dan', createIdentity());
    await settle();
    expect(dan.snapshot().refused).toBe(true);
    expect(dan.snapshot().players.map((p) => p.name)).toEqual(['Ann', 'Ben', 'Cat']);
  });

  test('chat reaches every other player with the sender’s name', async () => {
    const { host, ben, cat } = await table();
    cat.say('hi all');
    await settle();
    for (const session of [host, ben])
      expect(session.snapshot().chat).toEqual([{ from: cat.id, name: 'Cat', text: 'hi all' }]);
  });

  test('the lobby keeps the last lines of its chat, and says nothing the check refuses', async () => {
    const { host } = await table();
    for (let i = 0; i <= CHAT_KEPT; i++) host.say(`line ${i}`);
    host.say('a\u202eb');
    host.say('   ');
    const chat = host.snapshot().chat.map((line) => line.text);
    expect(chat).toHaveLength(CHAT_KEPT);
    expect([chat[0], chat.at(-1)]).toEqual(['line 1', `line ${CHAT_KEPT}`]);
  });

  test('only the host starts, and only when full', async () => {
    const net = new LoopbackNetwork();
    const war: TableInfo = { ...TABLE, game: 'war', seats: 2 };
    const host = LobbySession.create(net.join(hostPeerId(war.id)), war, 'Ann', createIdentity());
    expect(() => host.start()).toThrow();
    const ben = LobbySession.join(net.join(guest('bbbb')), war.id, 'Ben', createIdentity());
    await settle();
    expect(() => ben.start()).toThrow();
    host.start();
    await settle();
    for (const session of [host, ben]) expect(session.snapshot().phase).toBe('started');
    expect(host.tableStart()?.genesis).toEqual(ben.tableStart()?.genesis);
    expect([host.tableStart()?.seat, ben.tableStart()?.seat]).toEqual([0, 1]);
  });

  test('a lost player shows as lost; the host may free the seat', async () => {
    const { host, cat } = await table();
    cat.close();
    await settle();
    expect(host.snapshot().links[cat.id]).toBe('lost');
    expect(host.canStart()).toBe(false);
    expect(host['board']['reports'].has(cat.id)).toBe(true);
    host.freeSeat(cat.id);
    await settle();
    expect(host.snapshot().players.map((p) => p.name)).toEqual(['Ann', 'Ben']);
    // Nothing of a freed seat is kept: what a peer can make the host store ends with its seat.
    expect(host['board']['reports'].has(cat.id)).toBe(false);
  });

  test('every lobby shows each pair’s link; a pair with no path between them holds Start, until it is found', async () => {
    vi.useFakeTimers();
    const net = new LoopbackNetwork();
    const host = LobbySession.create(
      net.join(hostPeerId(TABLE.id)),
      TABLE,
      'Ann',
      createIdentity(),
    );
    const ben = LobbySession.join(net.join(guest('bbbb')), TABLE.id, 'Ben', createIdentity());
    await settle();
    // Ben's and Cat's networks need a relay: Cat's dial to Ben finds no path.
    net.partition(ben.id, guest('cccc'));
    const cat = LobbySession.join(net.join(guest('cccc')), TABLE.id, 'Cat', createIdentity());
    await settle();
    const pairs = (session: LobbySession) =>
      session.snapshot().pairs.map(({ a, b, state }) => `${a}-${b} ${state}`);
    for (const session of [host, cat])
      expect(pairs(session)).toEqual(['0-1 connected', '0-2 connected', '1-2 unreachable']);
    // Ben never heard of Cat's dial, nor from Cat: all he can say of that pair is that it opens.
    expect(pairs(ben)).toEqual(['0-1 connected', '0-2 connected', '1-2 connecting']);
    expect(host.snapshot().phase).toBe('full');
    expect(host.canStart()).toBe(false);

    // Cat dials again after a second, then less and less often; once a path is found, Start.
    await vi.advanceTimersByTimeAsync(1000);
    expect(pairs(host)[2]).toBe('1-2 unreachable');
    net.heal(ben.id, cat.id);
    await vi.advanceTimersByTimeAsync(2000);
    for (const session of [host, ben, cat])
      expect(pairs(session)).toEqual(['0-1 connected', '0-2 connected', '1-2 connected']);
    expect(host.canStart()).toBe(true);
  });

  test('a report of links from a peer without a seat is dropped, and changes no pair', async () => {
    const { net, host, ben } = await table();
    const eve = net.join(guest('eeee'));
    eve.connect(host.id);
    await settle();
    eve.send(host.id, JSON.stringify({ type: 'links', links: { [ben.id]: 'unreachable' } }));
    await settle();
    expect(host.snapshot().dropped.at(-1)).toBe(`${eve.id}: links from a peer without a seat`);
    expect(host.snapshot().pairs.map((pair) => pair.state)).toEqual([
      'connected',
      'connected',
      'connected',
    ]);
  });

  test('a roster from a peer that is not the host changes nothing', async () => {
    const net = new LoopbackNetwork();
    const host = LobbySession.create(
      net.join(hostPeerId(TABLE.id)),
      TABLE,
      'Ann',
      createIdentity(),
    );
    const ben = LobbySession.join(net.join(guest('bbbb')), TABLE.id, 'Ben', createIdentity());
    await settle();
    const mallory = net.join(guest('mmmm'));
    mallory.connect(ben.id);
    const before = ben.snapshot().players;
    mallory.send(
      ben.id,
      JSON.stringify({
        type: 'roster',
        table: TABLE,
        players: [{ peer: hostPeerId(TABLE.id), ...player('Evil'), runByHost: false }],
      }),
    );
    await settle();
    expect(ben.snapshot().players).toEqual(before);
    expect(ben.snapshot().dropped.at(-1)).toMatch(/not the host/);
    expect(host.snapshot().players).toHaveLength(2);
  });
});

const WAR: TableInfo = { ...TABLE, game: 'war', seats: 2 };

/** Ann hosts a two-seat War table and Ben sits: the table is full. */
async function fullWar() {
  const net = new LoopbackNetwork();
  const host = LobbySession.create(net.join(hostPeerId(WAR.id)), WAR, 'Ann', createIdentity());
  const ben = LobbySession.join(net.join(guest('bbbb')), WAR.id, 'Ben', createIdentity());
  await settle();
  return { net, host, ben };
}

describe('visitors', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a visitor learns the game, who invites and the free seats before asking to sit', async () => {
    const net = new LoopbackNetwork();
    const host = LobbySession.create(
      net.join(hostPeerId(TABLE.id)),
      TABLE,
      'Ann',
      createIdentity(),
    );
    const ben = LobbySession.visit(net.join(guest('bbbb')), TABLE.id, createIdentity());
    expect(ben.snapshot().phase).toBe('joining');
    await settle();
    const seen = ben.snapshot();
    expect(seen.table).toEqual(TABLE);
    expect(seen.players.map((p) => p.name)).toEqual(['Ann']);
    expect([seen.phase, seen.seated, seen.refused]).toEqual(['open', false, false]);
    // Looking is not sitting: the host's seats are as they were.
    expect(host.snapshot().players.map((p) => p.name)).toEqual(['Ann']);
    ben.sit('Ben');
    await settle();
    expect(ben.snapshot().seated).toBe(true);
    expect(host.snapshot().players.map((p) => p.name)).toEqual(['Ann', 'Ben']);
  });

  test('a link where no table answers says so at once', async () => {
    const net = new LoopbackNetwork();
    const ben = LobbySession.visit(net.join(guest('bbbb')), TABLE.id, createIdentity());
    await settle();
    expect(ben.snapshot().phase).toBe('unanswered');
    expect(ben.snapshot().table).toBeNull();
  });

  test('a host that is there but never answers: unanswered in time, and a late answer still counts', async () => {
    vi.useFakeTimers();
    const net = new LoopbackNetwork();
    // Something listens under the host's id but says nothing, like a page that died.
    const silent = net.join(hostPeerId(TABLE.id));
    const ben = LobbySession.visit(net.join(guest('bbbb')), TABLE.id, createIdentity());
    await vi.advanceTimersByTimeAsync(HOST_ANSWER_LIMIT_MS - 1);
    expect(ben.snapshot().phase).toBe('joining');
    await vi.advanceTimersByTimeAsync(1);
    expect(ben.snapshot().phase).toBe('unanswered');
    expect(HOST_ANSWER_LIMIT_MS).toBeLessThan(10_000);
    const players = [{ peer: hostPeerId(TABLE.id), ...player('Ann'), runByHost: false }];
    silent.send(ben.id, JSON.stringify({ type: 'roster', table: TABLE, players }));
    await vi.advanceTimersByTimeAsync(0);
    expect(ben.snapshot().phase).toBe('open');
  });

  test('a visitor whose link to the host fails or drops dials again, and the table answers', async () => {
    vi.useFakeTimers();
    const net = new LoopbackNetwork();
    const hostId = hostPeerId(TABLE.id);
    const host = LobbySession.create(net.join(hostId), TABLE, 'Ann', createIdentity());
    // The first dial finds no path: the host is there, so the page says so, not "no table".
    net.partition(guest('bbbb'), hostId);
    const ben = LobbySession.visit(net.join(guest('bbbb')), TABLE.id, createIdentity());
    await vi.advanceTimersByTimeAsync(0);
    expect(ben.snapshot().phase).toBe('unreachable');
    net.heal(guest('bbbb'), hostId);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ben.snapshot().phase).toBe('open');
    expect(ben.snapshot().players.map((p) => p.name)).toEqual(['Ann']);

    // The link drops once the table is known: dialled again after a second, then it sits.
    net.cut(guest('bbbb'), hostId);
    await vi.advanceTimersByTimeAsync(0);
    expect(ben.snapshot().links[hostId]).toBe('lost');
    await vi.advanceTimersByTimeAsync(999);
    expect(ben.snapshot().links[hostId]).toBe('lost');
    await vi.advanceTimersByTimeAsync(1);
    expect(ben.snapshot().links[hostId]).toBe('connected');
    ben.sit('Ben');
    await vi.advanceTimersByTimeAsync(0);
    expect(host.snapshot().players.map((p) => p.name)).toEqual(['Ann', 'Ben']);
    expect(ben.snapshot().seated).toBe(true);
  });

  test('a visitor to a full table is told so, hears no chat and no Start, and never enters the game', async () => {
    const { net, host, ben } = await fullWar();
    const dan = LobbySession.visit(net.join(guest('dddd')), WAR.id, createIdentity());
    await settle();
    expect([dan.snapshot().phase, dan.snapshot().refused]).toEqual(['full', true]);
    dan.sit('Dan');
    host.say('shall we?');
    await settle();
    expect(dan.snapshot().refused).toBe(true);
    expect(dan.snapshot().chat).toEqual([]);
    host.start();
    await settle();
    expect([host.snapshot().phase, ben.snapshot().phase]).toEqual(['started', 'started']);
    expect(host.tableStart()?.peers).toEqual([host.id, ben.id]);
    const after = dan.snapshot();
    expect([after.phase, after.seated, after.refused]).toEqual(['full', false, true]);
    expect(dan.tableStart()).toBeNull();
    expect(after.dropped).toEqual([]);
    // Someone who opens the link after Start is told the same.
    const eve = LobbySession.visit(net.join(guest('eeee')), WAR.id, createIdentity());
    await settle();
    expect([eve.snapshot().phase, eve.snapshot().refused]).toEqual(['full', true]);
  });

  test('a player who leaves shows as left; a link that drops shows as lost', async () => {
    vi.useFakeTimers();
    const { host, ben, cat } = await table();
    ben.leave();
    cat.close();
    await vi.advanceTimersByTimeAsync(1000);
    const snap = host.snapshot();
    expect(snap.left).toEqual([ben.id]);
    expect([snap.links[ben.id], snap.links[cat.id]]).toEqual(['lost', 'lost']);
    host.freeSeat(ben.id);
    await vi.advanceTimersByTimeAsync(0);
    expect(host.snapshot().players.map((p) => p.name)).toEqual(['Ann', 'Cat']);
  });

  test('a player who is leaving cannot be started with, though the link is still up', async () => {
    vi.useFakeTimers();
    const { host, ben } = await fullWar();
    expect(host.canStart()).toBe(true);
    ben.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(host.snapshot().links[ben.id]).toBe('connected');
    expect(host.snapshot().left).toEqual([ben.id]);
    expect(host.canStart()).toBe(false);
  });

  test('a player who floods the lobby is disconnected, and the lobby says who and why', async () => {
    const { net, host } = await fullWar();
    const mallory = net.join(guest('mmmm'));
    LobbySession.join(mallory, TABLE.id, 'Mal', createIdentity());
    await settle();
    mallory.send(host.id, JSON.stringify({ type: 'chat', text: 'x'.repeat(MAX_MESSAGE_BYTES) }));
    await settle();
    expect(host.snapshot().disconnected).toEqual([
      {
        peer: mallory.id,
        name: 'Mal',
        reason: `sent a message over the limit of ${MAX_MESSAGE_BYTES} bytes`,
      },
    ]);
    expect(host.snapshot().links[mallory.id]).toBe('lost');
  });
});

describe('coming back to the lobby', () => {
  const seatsOf = (session: LobbySession) => session.snapshot().players.map((p) => p.peer);

  test('an impostor who knows Ben’s public key cannot take his seat; Ben, reloaded, proves it and has it back', async () => {
    const net = new LoopbackNetwork();
    const ids = { ann: createIdentity(), ben: createIdentity(), mal: createIdentity() };
    const host = LobbySession.create(net.join(hostPeerId(WAR.id)), WAR, 'Ann', ids.ann);
    const benSent: string[] = [];
    const benLink = net.join(guest('bbbb'));
    const ben = LobbySession.join(
      sendingThrough(benLink, (peer, data) => {
        benSent.push(data);
        return benLink.send(peer, data);
      }),
      WAR.id,
      'Ben',
      ids.ben,
    );
    await settle();
    expect(seatsOf(host)).toEqual([host.id, ben.id]);
    const benHello = benSent.find((text) => text.startsWith('{"type":"hello"'))!;
    expect(benHello).toBeDefined();

    // Ben's page goes away; every roster has shown his public key to anyone with the link.
    ben.close();
    await settle();
    expect(host.snapshot().links[ben.id]).toBe('lost');

    // Mallory states Ben's key and signs with her own.
    const mallory = LobbySession.join(net.join(guest('mmmm')), WAR.id, 'Ben', {
      publicKey: ids.ben.publicKey,
      secretKey: ids.mal.secretKey,
    });
    await settle();
    expect(host.snapshot().dropped.at(-1)).toBe(
      `${mallory.id}: a hello claiming Ben's seat, not signed by that seat's key`,
    );
    expect(seatsOf(host)).toEqual([host.id, ben.id]);
    expect([mallory.snapshot().seated, mallory.snapshot().refused]).toEqual([false, true]);

    // Ben's own hello, replayed, answers no challenge of the host's; a hello that signs nothing is malformed.
    const raw = net.join(guest('rrrr'));
    raw.connect(host.id);
    await settle();
    raw.send(host.id, benHello);
    raw.send(host.id, JSON.stringify({ type: 'hello', name: 'Ben', identity: ids.ben.publicKey }));
    await settle();
    expect(host.snapshot().dropped.slice(-2)).toEqual([
      `${raw.id}: a hello that answers no open challenge of ours`,
      `${raw.id}: malformed message (bad hello nonce)`,
    ]);
    expect(seatsOf(host)).toEqual([host.id, ben.id]);
    expect(host.canStart()).toBe(false);

    // Ben's page, reloaded under a new peer id, proves his key: the seat is his again.
    const back = LobbySession.join(net.join(guest('bbb2')), WAR.id, 'Ben', ids.ben);
    await settle();
    expect(seatsOf(host)).toEqual([host.id, back.id]);
    expect(back.snapshot().seated).toBe(true);
    expect(mallory.snapshot().seated).toBe(false);
    expect(host.canStart()).toBe(true);
    host.start();
    await settle();
    expect([host.snapshot().phase, back.snapshot().phase]).toEqual(['started', 'started']);
    expect(back.tableStart()?.genesis.identities).toEqual([ids.ann.publicKey, ids.ben.publicKey]);
    expect(back.tableStart()?.seat).toBe(1);
  });

  test('a reloaded guest has its seat back even before the host has seen its old page go', async () => {
    const net = new LoopbackNetwork();
    const benKey = createIdentity();
    const host = LobbySession.create(net.join(hostPeerId(WAR.id)), WAR, 'Ann', createIdentity());
    const old = LobbySession.join(net.join(guest('bbbb')), WAR.id, 'Ben', benKey);
    await settle();
    // The old page's link still counts as up when the new page says hello.
    const back = LobbySession.join(net.join(guest('bbb2')), WAR.id, 'Ben', benKey);
    await settle();
    expect(host.snapshot().links[old.id]).toBe('connected');
    expect(seatsOf(host)).toEqual([host.id, back.id]);
    expect(back.snapshot().seated).toBe(true);
    // The old page, if it lingers, holds no seat: it cannot be started with.
    expect(old.snapshot().seated).toBe(false);
    expect(host.canStart()).toBe(true);
  });

  test('a host back from a reload keeps every seat for its player; a newcomer finds the table full', async () => {
    const annKey = createIdentity();
    const { net, host, ben, cat } = await table(annKey);
    const roster = host.snapshot().players;
    host.close();
    await settle();
    const again = LobbySession.create(net.join(hostPeerId(TABLE.id)), TABLE, 'Ann', annKey, roster);
    expect(again.snapshot().players).toEqual(roster);
    const dan = LobbySession.visit(net.join(guest('dddd')), TABLE.id, createIdentity());
    await settle();
    expect([dan.snapshot().phase, dan.snapshot().refused]).toEqual(['full', true]);
    // Ben and Cat dial the host again, in Cat's case first, and each proves its seat.
    for (const session of [cat, ben]) session.channel.connect(again.id);
    await settle();
    expect(again.snapshot().players).toEqual(roster);
    expect(again.snapshot().links).toMatchObject({ [ben.id]: 'connected', [cat.id]: 'connected' });
    for (const session of [ben, cat]) {
      expect(session.snapshot().players.map((p) => p.name)).toEqual(['Ann', 'Ben', 'Cat']);
      expect(session.snapshot().dropped).toEqual([]);
    }
    expect(again.snapshot().dropped).toEqual([]);
  });
});

describe('a man in the middle', () => {
  test('whoever relays the host’s link to a guest and sits in its middle cannot have the guest seated through it', async () => {
    const net = new LoopbackNetwork();
    // Mallory answered each end of the link herself, and passes on every word.
    net.intercept(hostPeerId(TABLE.id), guest('bbbb'), (_, forward) => forward());
    const host = LobbySession.create(
      net.join(hostPeerId(TABLE.id)),
      TABLE,
      'Ann',
      createIdentity(),
    );
    const ben = LobbySession.join(net.join(guest('bbbb')), TABLE.id, 'Ben', createIdentity());
    await settle();
    const inTheMiddle = (peer: string) =>
      `${peer}: a hello made on another link: someone sits in the middle of this one`;
    expect(host.snapshot().dropped).toEqual([inTheMiddle(ben.id)]);
    expect(ben.snapshot().dropped).toEqual([inTheMiddle(host.id)]);
    expect(host.snapshot().players.map((p) => p.name)).toEqual(['Ann']);
    expect(ben.snapshot().seated).toBe(false);
    // Ben's page says so on screen, of Ann, whom the roster names; Ann's names no visitor.
    expect(ben.snapshot().middle).toEqual([{ peer: host.id, name: 'Ann' }]);
    expect(host.snapshot().middle).toEqual([]);
  });

  test('a host that sits in the middle of two guests’ link: no word of hers shown in their names, the middle said on screen, Start held', async () => {
    const net = new LoopbackNetwork();
    const [benId, catId] = [guest('bbbb'), guest('cccc')];
    // Ann relayed the codes of Ben's and Cat's link and answered each end herself. She passes
    // the challenges and hellos on, and puts her own words in the place of Ben's: a chat line,
    // a report of his links, a goodbye.
    const BEN_WROTE: Record<string, string> = {
      chat: JSON.stringify({ type: 'chat', text: 'I am leaving, Cat please take my cards' }),
      links: JSON.stringify({ type: 'links', links: { [hostPeerId(TABLE.id)]: 'unreachable' } }),
      bye: JSON.stringify({ type: 'bye' }),
    };
    const forgeries = Object.values(BEN_WROTE);
    net.intercept(benId, catId, (envelope, forward) => {
      const type = (JSON.parse(envelope.data) as { type: string }).type;
      if (envelope.from === benId && type === 'chat') envelope.data = forgeries.shift()!;
      forward();
    });
    const host = LobbySession.create(
      net.join(hostPeerId(TABLE.id)),
      TABLE,
      'Ann',
      createIdentity(),
    );
    const ben = LobbySession.join(net.join(benId), TABLE.id, 'Ben', createIdentity());
    await settle();
    const cat = LobbySession.join(net.join(catId), TABLE.id, 'Cat', createIdentity());
    await settle();
    // Each line Ben says to Cat she hears as one of Ann's.
    for (const line of ['hi', 'all set?', 'see you at the table']) ben.say(line);
    await settle();

    // Cat shows none of it: no chat line, no goodbye, no word of Ben's on his link to Ann.
    expect(cat.snapshot().chat).toEqual([]);
    expect(cat.snapshot().left).toEqual([]);
    expect(cat.snapshot().pairs.map((pair) => pair.state)).toEqual([
      'connected',
      'connected',
      'connecting',
    ]);
    // Each says on screen that someone sits in the middle of the link to the other.
    expect(ben.snapshot().middle).toEqual([{ peer: catId, name: 'Cat' }]);
    expect(cat.snapshot().middle).toEqual([{ peer: benId, name: 'Ben' }]);
    expect(ben.snapshot().links[catId]).toBe('connecting');
    expect(cat.snapshot().links[benId]).toBe('connecting');
    // An honest host's page holds Start: the pair Ben and Cat is not proven.
    expect(host.snapshot().pairs.map((pair) => pair.state)).toEqual([
      'connected',
      'connected',
      'connecting',
    ]);
    expect(host.canStart()).toBe(false);
  });
});

describe('a seat the host’s page runs', () => {
  test('the host says its page runs a computer’s seat: every roster and the genesis carry it', async () => {
    const net = new LoopbackNetwork();
    const host = LobbySession.create(
      net.join(hostPeerId(TABLE.id)),
      TABLE,
      'Ann',
      createIdentity(),
    );
    const ben = LobbySession.join(net.join(guest('bbbb')), TABLE.id, 'Ben', createIdentity());
    await settle();
    // A guest cannot say it: only the host's roster counts.
    const computer = createIdentity();
    ben.runsHere(computer.publicKey);
    host.runsHere(computer.publicKey);
    const bot = LobbySession.join(net.join(guest('cccc')), TABLE.id, 'Computer 1', computer);
    await settle();
    for (const session of [host, ben, bot])
      expect(session.snapshot().players.map((p) => [p.name, p.runByHost])).toEqual([
        ['Ann', false],
        ['Ben', false],
        ['Computer 1', true],
      ]);
    host.start();
    await settle();
    for (const session of [host, ben, bot]) expect(session.snapshot().phase).toBe('started');
    // Every seat signed a genesis that says seat 3 is run by seat 1's page.
    expect(ben.tableStart()?.genesis.runBy).toEqual([0, 1, 0]);
    expect(host.tableStart()?.genesis).toEqual(ben.tableStart()?.genesis);
  });

  test('a seat taken before the host says so is flagged at once; a table without one is as before', async () => {
    const { host, ben, cat } = await table();
    const catKey = cat.snapshot().players[2]!.identity;
    host.runsHere(catKey);
    await settle();
    expect(ben.snapshot().players.map((p) => p.runByHost)).toEqual([false, false, true]);
    const plain = await table();
    plain.host.start();
    await settle();
    // No seat run by another's page: the genesis has no `runBy`, and hashes as it always did.
    expect(plain.ben.tableStart()?.genesis).not.toHaveProperty('runBy');
    expect(plain.ben.snapshot().players.some((p) => p.runByHost)).toBe(false);
  });

  test('a host back from a reload keeps the flag; a roster kept before the flag existed reads as not', async () => {
    const annKey = createIdentity();
    const { net, host, ben, cat } = await table(annKey);
    host.runsHere(cat.snapshot().players[2]!.identity);
    const roster = host.snapshot().players;
    host.close();
    await settle();
    const again = LobbySession.create(net.join(hostPeerId(TABLE.id)), TABLE, 'Ann', annKey, roster);
    for (const session of [cat, ben]) session.channel.connect(again.id);
    await settle();
    expect(ben.snapshot().players.map((p) => p.runByHost)).toEqual([false, false, true]);
    const older = roster.map(({ runByHost: _, ...p }) => p) as unknown as typeof roster;
    const net2 = new LoopbackNetwork();
    const kept = LobbySession.create(net2.join(hostPeerId(TABLE.id)), TABLE, 'Ann', annKey, older);
    expect(kept.snapshot().players.map((p) => p.runByHost)).toEqual([false, false, false]);
  });
});

describe('the terms of the table’s game loaded alone', () => {
  afterEach(() => {
    vi.doUnmock('../../src/engine/games/war/setup.ts');
    vi.resetModules();
  });

  /** A page that has loaded no game's rules yet: a fresh copy of the lobby's modules. */
  async function freshPage() {
    vi.resetModules();
    return (await import('../../src/net/lobby.ts')).LobbySession;
  }

  test.each([
    [
      'options the game refuses',
      { ...TABLE, game: 'war', seats: 2, options: { stacks: 'all mine' } },
    ],
    [
      'options for another number of players',
      { ...TABLE, game: 'batailles', seats: 4, options: { players: 3 } },
    ],
  ] as const)('a roster with %s is dropped: the visitor learns no table', async (reason, table) => {
    const net = new LoopbackNetwork();
    const host = net.join(hostPeerId(TABLE.id));
    const ben = LobbySession.visit(net.join(guest('bbbb')), TABLE.id, createIdentity());
    await settle();
    const players = [{ peer: host.id, ...player('Ann'), runByHost: false }];
    host.send(ben.id, JSON.stringify({ type: 'roster', table, players }));
    await settle();
    expect(ben.snapshot().table).toBeNull();
    expect(ben.snapshot().dropped).toEqual([`${host.id}: a roster with ${reason}`]);
  });

  test('a visitor holds the roster, and what comes after it, until the rules of its game load', async () => {
    const Fresh = await freshPage();
    const net = new LoopbackNetwork();
    const host = net.join(hostPeerId(TABLE.id));
    const ben = Fresh.visit(net.join(guest('bbbb')), TABLE.id, createIdentity());
    await settle();
    const war: TableInfo = { ...TABLE, game: 'war', seats: 2, options: {} };
    const ann = { peer: host.id, ...player('Ann'), runByHost: false };
    host.send(ben.id, JSON.stringify({ type: 'roster', table: war, players: [ann] }));
    // A second roster, after the first: taken after it, once the rules are here.
    const cat = { peer: guest('cccc'), ...player('Cat'), runByHost: false };
    host.send(ben.id, JSON.stringify({ type: 'roster', table: war, players: [ann, cat] }));
    await settle();
    expect(ben.snapshot().rules).toEqual({ game: 'war', error: null });
    expect([ben.snapshot().phase, ben.snapshot().table]).toEqual(['joining', null]);
    await until('the rules of War loaded', () => ben.snapshot().table !== null);
    const seen = ben.snapshot();
    expect([seen.phase, seen.rules, seen.table]).toEqual(['full', null, war]);
    expect(seen.players.map((p) => p.name)).toEqual(['Ann', 'Cat']);
    expect(seen.dropped).toEqual([]);
  });

  test('rules that cannot load leave the visitor waiting, and say why', async () => {
    vi.doMock('../../src/engine/games/war/setup.ts', () => {
      throw new Error('the network is down');
    });
    const Fresh = await freshPage();
    const net = new LoopbackNetwork();
    const host = net.join(hostPeerId(TABLE.id));
    const ben = Fresh.visit(net.join(guest('bbbb')), TABLE.id, createIdentity());
    await settle();
    const war: TableInfo = { ...TABLE, game: 'war', seats: 2, options: {} };
    const players = [{ peer: host.id, ...player('Ann'), runByHost: false }];
    host.send(ben.id, JSON.stringify({ type: 'roster', table: war, players }));
    await until('the rules failed to load', () => ben.snapshot().rules?.error != null);
    // The words are the loader's (vitest wraps the module's own error in its own).
    expect(ben.snapshot().rules).toEqual({ game: 'war', error: expect.any(String) });
    expect([ben.snapshot().phase, ben.snapshot().table]).toEqual(['joining', null]);
  });
});
