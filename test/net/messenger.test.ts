import { describe, expect, test } from 'vitest';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { MAX_MESSAGE_CHARS, Messenger, type MessageParser } from '../../src/net/messenger.ts';

type Ping = { type: 'ping'; n: number };
const parsePing: MessageParser<Ping> = (raw) =>
  typeof raw === 'object' &&
  raw !== null &&
  (raw as Ping).type === 'ping' &&
  Number.isInteger((raw as Ping).n)
    ? { ok: true, value: { type: 'ping', n: (raw as Ping).n } }
    : { ok: false, error: 'not a ping' };

function pair() {
  const net = new LoopbackNetwork({ manual: true });
  const a = new Messenger(net.join('a'), parsePing);
  const rawB = net.join('b');
  const received: Ping[] = [];
  const dropped: string[] = [];
  a.on({ message: (_, m) => received.push(m), dropped: (_, reason) => dropped.push(reason) });
  rawB.connect('a');
  return { net, a, rawB, received, dropped };
}

describe('Messenger', () => {
  test('delivers checked messages in order', () => {
    const { net, rawB, received } = pair();
    rawB.send('a', JSON.stringify({ type: 'ping', n: 1 }));
    rawB.send('a', JSON.stringify({ type: 'ping', n: 2 }));
    net.deliverAll();
    expect(received).toEqual([
      { type: 'ping', n: 1 },
      { type: 'ping', n: 2 },
    ]);
  });

  test.each([
    ['not JSON', '{"type":', /not JSON/],
    ['wrong shape', JSON.stringify({ type: 'ping', n: 'one' }), /not a ping/],
    [
      'oversized',
      JSON.stringify({ type: 'ping', n: 1, pad: 'x'.repeat(MAX_MESSAGE_CHARS) }),
      /oversized/,
    ],
  ])('drops a message that is %s, with a reason, and keeps going', (_, data, reason) => {
    const { net, rawB, received, dropped } = pair();
    rawB.send('a', data);
    rawB.send('a', JSON.stringify({ type: 'ping', n: 7 }));
    net.deliverAll();
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatch(reason);
    expect(received).toEqual([{ type: 'ping', n: 7 }]);
  });

  test('refuses to send a message over the size limit', () => {
    const { a } = pair();
    expect(() =>
      a.send('b', { type: 'ping', n: 1, pad: 'x'.repeat(MAX_MESSAGE_CHARS) } as Ping),
    ).toThrow(/limit/);
  });

  test('reports joined and lost peers', () => {
    const net = new LoopbackNetwork();
    const a = new Messenger(net.join('a'), parsePing);
    const events: string[] = [];
    a.on({ joined: (p) => events.push(`joined ${p}`), lost: (p) => events.push(`lost ${p}`) });
    const b = net.join('b');
    b.connect('a');
    b.close();
    expect(events).toEqual(['joined b', 'lost b']);
    expect(a.send('b', { type: 'ping', n: 1 })).toBe(false);
  });
});
