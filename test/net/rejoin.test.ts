/**
 * A seat registering again after a reload (`rejoinTable`), on fake timers, against the
 * in-memory network's model of PeerServer: a crashed page's id stays taken until it
 * expires (peerjs issue 224). A seat whose id is still held, the host's too, takes a
 * fresh id at once; a lobby's host waits for its rendezvous with backoff; failures that
 * will not pass end it at once.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createIdentity } from '../../src/engine/identity.ts';
import type { Genesis } from '../../src/engine/table/types.ts';
import { hostPeerId, isPeerIdOf } from '../../src/net/ids.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { registerAgain, rejoinTable, type OpenTransport } from '../../src/net/rejoin.ts';
import { DEFAULT_CLOCK } from '../../src/engine/table/clock.ts';
import { SignalingError } from '../../src/net/transport.ts';

const TABLE = 'rejoin2345';
const genesis: Genesis = {
  table: TABLE,
  game: 'war',
  names: ['Ann', 'Ben', 'Cat'],
  identities: [createIdentity(), createIdentity(), createIdentity()].map((i) => i.publicKey),
  deckSize: 52,
  options: {},
  clock: DEFAULT_CLOCK,
};
const HOST = hostPeerId(TABLE);
const BEN = `fairdeal-${TABLE}-bbbb`;
const CAT = `fairdeal-${TABLE}-cccc`;

let net: LoopbackNetwork;
/** Every id tried, and when. */
let tries: [number, string][];
let openOnNet: OpenTransport;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  net = new LoopbackNetwork();
  tries = [];
  openOnNet = async (id) => {
    tries.push([Date.now(), id]);
    return net.join(id);
  };
});

afterEach(() => {
  vi.useRealTimers();
});

/** `id` is held by a page that died without a goodbye. */
const held = (id: string) => {
  net.join(id);
  net.crash(id);
};

test('a host whose rendezvous is still held takes a fresh id at once and dials the others', async () => {
  held(HOST);
  const { messenger, peers } = await rejoinTable(openOnNet, genesis, 0, [HOST, BEN, CAT]);
  const fresh = messenger.id;
  expect(tries).toEqual([
    [0, HOST],
    [0, fresh],
  ]);
  expect(isPeerIdOf(TABLE, fresh)).toBe(true);
  expect(fresh).not.toBe(HOST);
  expect(peers).toEqual([fresh, BEN, CAT]);
});

test('a guest dials the host where it last knew it, the rendezvous being dialled anyway', async () => {
  const hostElsewhere = `fairdeal-${TABLE}-aaaa`;
  const { peers } = await rejoinTable(openOnNet, genesis, 1, [hostElsewhere, BEN, CAT]);
  expect(peers).toEqual([hostElsewhere, BEN, CAT]);
});

test("a lobby's host waits for its rendezvous id with backoff, and takes it once the server lets go", async () => {
  held(HOST);
  const registered = registerAgain(openOnNet, TABLE, HOST, false);
  await vi.advanceTimersByTimeAsync(8_000);
  net.expire(HOST);
  await vi.advanceTimersByTimeAsync(7_000);
  expect((await registered).id).toBe(HOST);
  expect(tries).toEqual([
    [0, HOST],
    [1_000, HOST],
    [3_000, HOST],
    [7_000, HOST],
    [15_000, HOST],
  ]);
});

test('a guest whose last id is still held takes a fresh one at once', async () => {
  held(CAT);
  const { messenger, peers } = await rejoinTable(openOnNet, genesis, 2, [HOST, BEN, CAT]);
  const fresh = messenger.id;
  expect(tries).toEqual([
    [0, CAT],
    [0, fresh],
  ]);
  expect(fresh).not.toBe(CAT);
  expect(isPeerIdOf(TABLE, fresh)).toBe(true);
  expect(peers).toEqual([HOST, BEN, fresh]);
});

test('a guest that kept nothing gets a fresh id and dials the host only', async () => {
  const { messenger, peers } = await rejoinTable(openOnNet, genesis, 1);
  expect(tries).toEqual([[0, messenger.id]]);
  expect(peers).toEqual([HOST, messenger.id, null]);
});

test('it gives up after the last try while the id stays held', async () => {
  held(HOST);
  const outcome = registerAgain(
    openOnNet,
    TABLE,
    HOST,
    false,
    { firstMs: 500, maxMs: 500 },
    3,
  ).catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(10_000);
  const error = await outcome;
  expect(error).toBeInstanceOf(SignalingError);
  expect((error as SignalingError).type).toBe('unavailable-id');
  expect(tries.map(([at]) => at)).toEqual([0, 500, 1_000]);
});

test('a server that refuses for good ends it at the first try', async () => {
  const refusing: OpenTransport = async (id) => {
    tries.push([Date.now(), id]);
    throw new SignalingError('invalid-key', 'API KEY "x" is invalid');
  };
  const outcome = rejoinTable(refusing, genesis, 0).catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(((await outcome) as SignalingError).type).toBe('invalid-key');
  expect(tries).toEqual([[0, HOST]]);
});

test('a server out of reach is tried again with backoff, under the same id', async () => {
  let down = true;
  const flaky: OpenTransport = async (id) => {
    tries.push([Date.now(), id]);
    if (down) throw new SignalingError('network', 'Lost connection to server.');
    return net.join(id);
  };
  const rejoined = rejoinTable(flaky, genesis, 1, [HOST, BEN, CAT]);
  await vi.advanceTimersByTimeAsync(3_000);
  down = false;
  await vi.advanceTimersByTimeAsync(4_000);
  expect((await rejoined).messenger.id).toBe(BEN);
  expect(tries).toEqual([
    [0, BEN],
    [1_000, BEN],
    [3_000, BEN],
    [7_000, BEN],
  ]);
});
