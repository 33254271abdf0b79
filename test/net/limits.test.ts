/**
 * The engine's event limit and the messenger's message limit fit together: any event
 * the engine accepts, wrapped as `{type: 'event', event}`, is one message a peer sends
 * and every other peer takes, whatever its characters cost once escaped. A peer that
 * sends more than that, or faster than any honest peer does, is disconnected and the
 * table says so; an honest peer's largest burst, the whole log of a game sent to a seat
 * that asks for it holding nothing, stays far inside the allowance.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import {
  MAX_EVENT_BYTES,
  MAX_STRING_LENGTH,
  ZERO_HASH,
  makeEvent,
  signEvent,
  type UnsignedEvent,
} from '../../src/engine/events.ts';
import { war } from '../../src/engine/games/war/index.ts';
import { parseWireMessage, type WireMessage } from '../../src/net/messages.ts';
import type { TableSession } from '../../src/net/table.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import {
  MAX_MESSAGE_BYTES,
  Messenger,
  PEER_LIMITS,
  type PeerLimits,
} from '../../src/net/messenger.ts';
import { localTable } from '../../src/bots/table.ts';
import { TableController } from '../../src/ui/controllers/table.svelte.ts';
import { testIdentity } from '../engine/helpers.ts';
import { Table, makePlayers } from '../engine/helpers/table.ts';

const utf8 = new TextEncoder();
const text = new TextDecoder();

/**
 * A legal event of exactly `MAX_EVENT_BYTES`: its body is `pad` repeated in strings
 * short enough for the string limit, and ASCII to make up the last bytes.
 */
function largestEvent(pad: string): string {
  const unsigned = (strings: string[]): UnsignedEvent => ({
    table: 'table-1',
    author: 0,
    seq: 0,
    prev: ZERO_HASH,
    basis: [0, 0],
    body: { type: 'PAD', strings },
  });
  const size = (strings: string[]) =>
    makeEvent({ ...unsigned(strings), sig: '0'.repeat(128) }).length;
  const pieces = 8;
  const room = MAX_EVENT_BYTES - size(Array<string>(pieces + 1).fill(''));
  // Every copy of `pad` costs the same bytes wherever it sits, escapes included.
  const cost = size([pad]) - size(['']);
  const copies = Math.floor(room / cost);
  const each = Math.ceil(copies / pieces);
  expect(each).toBeLessThanOrEqual(MAX_STRING_LENGTH);
  const strings = Array.from({ length: pieces }, (_, i) =>
    pad.repeat(Math.max(0, Math.min(each, copies - i * each))),
  );
  strings.push('x'.repeat(room - copies * cost));
  const signed = signEvent(unsigned(strings), testIdentity(0).secretKey);
  if (!signed.ok) throw new Error(signed.error);
  expect(signed.value.bytes.length).toBe(MAX_EVENT_BYTES);
  return text.decode(signed.value.bytes);
}

/** Sends `event` from one messenger to another; returns what arrived and what was dropped. */
function carry(event: string): { received: string[]; dropped: string[] } {
  const net = new LoopbackNetwork({ manual: true });
  const sender = new Messenger<WireMessage>(net.join('a'), parseWireMessage);
  const receiver = new Messenger<WireMessage>(net.join('b'), parseWireMessage);
  const received: string[] = [];
  const dropped: string[] = [];
  receiver.on({
    message: (_, m) => m.type === 'event' && received.push(m.event),
    dropped: (_, reason) => dropped.push(reason),
  });
  sender.connect('b');
  expect(sender.send('b', { type: 'event', event })).toBe(true);
  net.deliverAll();
  return { received, dropped };
}

describe('the largest legal event still fits once wrapped for the wire', () => {
  test.each([
    ['ASCII', 'x'],
    ['quotes, which gain a backslash twice', '"'],
    ['backslashes, likewise', '\\'],
    ['control characters, escaped as \\u00XX', '\u0001'],
    ['three-byte characters', '€'],
    ['four-byte characters', '🂡'],
  ])('a body of %s', (_, pad) => {
    const event = largestEvent(pad);
    const wire = utf8.encode(JSON.stringify({ type: 'event', event })).length;
    expect(wire).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    expect(carry(event)).toEqual({ received: [event], dropped: [] });
  });

  test('the worst case is twice the event, and the limit stays below the 256 KiB a data channel carries', () => {
    const wire = JSON.stringify({ type: 'event', event: largestEvent('"') }).length;
    expect(wire).toBeGreaterThan(2 * MAX_EVENT_BYTES - 1024);
    expect(MAX_MESSAGE_BYTES).toBeLessThan(256 * 1024);
  });
});

describe('a real 52-card shuffle', () => {
  let shuffle = '';
  beforeAll(() => {
    const players = makePlayers(2);
    const table = Table.of(players, war, {});
    const found = () => table.events.find((e) => e.event.body.type === 'SHUFFLE');
    table.dutiesUntil(() => found() !== undefined);
    shuffle = text.decode(found()!.bytes);
  });

  test('is a legal event that travels as one message', () => {
    expect(utf8.encode(shuffle).length).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    expect(carry(shuffle)).toEqual({ received: [shuffle], dropped: [] });
  });
});

/** Small allowances, so a test floods them quickly; the mechanism is the same at any size. */
const SMALL: PeerLimits = {
  burstMessages: 50,
  messagesPerSecond: 10,
  burstBytes: 4000,
  bytesPerSecond: 500,
};

/** A messenger at 'a' with a clock the test moves, and a raw peer 'b' linked to it. */
function flooded() {
  const net = new LoopbackNetwork({ manual: true });
  let clock = 1_000_000;
  const messenger = new Messenger<WireMessage>(net.join('a'), parseWireMessage, {
    limits: SMALL,
    now: () => clock,
  });
  const sender = net.join('b');
  const heard: string[] = [];
  const cut: string[] = [];
  const links: string[] = [];
  messenger.on({
    message: (_, m) => m.type === 'chat' && heard.push(m.text),
    cut: (peer, reason) => cut.push(`${peer}: ${reason}`),
    link: (peer, state) => links.push(`${peer} ${state}`),
  });
  sender.connect('a');
  const chat = (text: string) => sender.send('a', JSON.stringify({ type: 'chat', text }));
  return {
    net,
    messenger,
    sender,
    heard,
    cut,
    links,
    chat,
    advance: (ms: number) => (clock += ms),
  };
}

describe('a peer that sends too much is disconnected, and only that peer', () => {
  test('one message more than the burst allows cuts the peer off for good', () => {
    const { net, messenger, sender, heard, cut, links, chat } = flooded();
    for (let i = 0; i <= SMALL.burstMessages; i++) chat(`m${i}`);
    net.deliverAll();
    expect(heard).toHaveLength(SMALL.burstMessages);
    expect(cut).toEqual([
      `b: sent more than ${SMALL.burstMessages} messages at once or ${SMALL.messagesPerSecond} a second`,
    ]);
    expect(links.at(-1)).toBe('b lost');
    expect(sender.connectedPeers()).toEqual([]);
    // Coming back changes nothing: the link is closed again as soon as it opens.
    sender.connect('a');
    expect(chat('back again')).toBe(false);
    net.deliverAll();
    expect(heard).toHaveLength(SMALL.burstMessages);
    expect(messenger.disconnected.get('b')).toMatch(/messages at once/);
  });

  test('the allowance refills at its rate, and a steady sender over the rate is cut off', () => {
    const { net, heard, cut, chat, advance } = flooded();
    for (let i = 0; i < SMALL.burstMessages; i++) chat('burst');
    net.deliverAll();
    // One second later there is room for exactly one second's worth again.
    advance(1000);
    for (let i = 0; i < SMALL.messagesPerSecond; i++) chat('steady');
    net.deliverAll();
    expect(cut).toEqual([]);
    chat('one too many');
    net.deliverAll();
    expect(heard.at(-1)).toBe('steady');
    expect(cut).toHaveLength(1);
  });

  test('the byte allowance holds as well as the message count', () => {
    const { net, heard, cut, chat } = flooded();
    const text = 'x'.repeat(480);
    const size = JSON.stringify({ type: 'chat', text }).length;
    const fits = Math.floor(SMALL.burstBytes / size);
    for (let i = 0; i <= fits; i++) chat(text);
    net.deliverAll();
    expect(heard).toHaveLength(fits);
    expect(cut).toEqual([
      `b: sent more than ${SMALL.burstBytes} bytes at once or ${SMALL.bytesPerSecond} a second`,
    ]);
  });

  test('a message over the size limit cuts its sender off; nothing of it is used', () => {
    const { net, heard, cut, chat, sender } = flooded();
    sender.send('a', JSON.stringify({ type: 'chat', text: 'x'.repeat(MAX_MESSAGE_BYTES) }));
    chat('after');
    net.deliverAll();
    expect(heard).toEqual([]);
    expect(cut).toEqual([`b: sent a message over the limit of ${MAX_MESSAGE_BYTES} bytes`]);
  });

  test('the other peers keep their links and their allowances', () => {
    const { net, messenger, heard, cut, chat } = flooded();
    const honest = net.join('c');
    honest.connect('a');
    for (let i = 0; i <= SMALL.burstMessages; i++) chat('flood');
    honest.send('a', JSON.stringify({ type: 'chat', text: 'still here' }));
    net.deliverAll();
    expect(cut).toHaveLength(1);
    expect(heard.at(-1)).toBe('still here');
    expect(messenger.transport.connectedPeers()).toEqual(['c']);
  });
});

describe('an honest table never comes near the allowance', () => {
  test('a whole game of War, then a reconnect and an ask for the whole log', async () => {
    const table = localTable({ game: 'war', names: ['Ann', 'Ben'], seed: 3, table: 'limits' });
    await table.finished();
    const [ann, ben] = table.sessions as [TableSession, TableSession];
    const entries = ann.replica.log.entries();
    const wire = entries.reduce(
      (sum, e) =>
        sum + utf8.encode(JSON.stringify({ type: 'event', event: text.decode(e.bytes) })).length,
      0,
    );
    // The margin PEER_LIMITS claims: ten such games fit in one burst.
    expect(10 * entries.length).toBeLessThanOrEqual(PEER_LIMITS.burstMessages);
    expect(10 * wire).toBeLessThanOrEqual(PEER_LIMITS.burstBytes);
    // The link drops and comes back: each side proves its seat again; then Ann says she
    // holds nothing (a page whose store was lost), and Ben answers with every event.
    table.network.cut('local-0', 'local-1');
    const size = ann.replica.log.size;
    const messengerOf = (session: TableSession) =>
      (session.links as unknown as { messenger: Messenger<WireMessage> }).messenger;
    const heard = new Promise<void>((resolve) => {
      let count = 0;
      messengerOf(ann).on({
        message: (_, message) => {
          if (message.type === 'event' && ++count === size) resolve();
        },
      });
    });
    messengerOf(ann).connect('local-1');
    for (let i = 0; i < 500 && ann.links.states()[1] !== 'connected'; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(
      ann.links.send(1, { type: 'have', seen: [0, 0], heads: [null, null], want: [], ask: true }),
    ).toBe(true);
    await heard;
    expect(ann.disconnected).toEqual([]);
    expect(ben.disconnected).toEqual([]);
    expect(ben.replica.stateHash).toBe(ann.replica.stateHash);
    table.close();
  });
});

test('the table says in words who was disconnected, and why', async () => {
  const table = localTable({ game: 'war', names: ['Ann', 'Ben'], humans: [0, 1], table: 'flood' });
  const controller = new TableController(table.sessions[0]!);
  const mallory = table.network.join('mallory');
  mallory.connect('local-0');
  mallory.send('local-0', JSON.stringify({ type: 'event', event: 'x'.repeat(MAX_MESSAGE_BYTES) }));
  for (let i = 0; i < 100 && mallory.connectedPeers().length > 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(controller.seen.alarms).toEqual([
    `mallory was disconnected: they sent a message over the limit of ${MAX_MESSAGE_BYTES} bytes.`,
  ]);
  table.close();
});
