/**
 * The engine's event limit and the messenger's message limit fit together: any event
 * the engine accepts, wrapped as `{type: 'event', event}`, is one message a peer sends
 * and every other peer takes, whatever its characters cost once escaped.
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
import { parseWireMessage, type WireMessage } from '../../src/net/lobby.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { MAX_MESSAGE_BYTES, Messenger } from '../../src/net/messenger.ts';
import { testIdentity } from '../engine/helpers.ts';
import {
  Table,
  makeGenesis,
  makePlayers,
  setupOrThrow,
  tableGame,
} from '../engine/helpers/table.ts';

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
    const table = new Table(
      players,
      makeGenesis(players, war, {}),
      tableGame(war),
      setupOrThrow(war, {}),
    );
    const found = () => table.events.find((e) => e.event.body.type === 'SHUFFLE');
    table.dutiesUntil(() => found() !== undefined);
    shuffle = text.decode(found()!.bytes);
  });

  test('is a legal event that travels as one message', () => {
    expect(utf8.encode(shuffle).length).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    expect(carry(shuffle)).toEqual({ received: [shuffle], dropped: [] });
  });
});
