import { describe, expect, test, vi } from 'vitest';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { MAX_MESSAGE_BYTES, Messenger, type MessageParser } from '../../src/net/messenger.ts';

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
  const cut: string[] = [];
  a.on({
    message: (_, m) => received.push(m),
    dropped: (_, reason) => dropped.push(reason),
    cut: (_, reason) => cut.push(reason),
  });
  rawB.connect('a');
  return { net, a, rawB, received, dropped, cut };
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
  ])('drops a message that is %s, with a reason, and keeps going', (_, data, reason) => {
    const { net, rawB, received, dropped } = pair();
    rawB.send('a', data);
    rawB.send('a', JSON.stringify({ type: 'ping', n: 7 }));
    net.deliverAll();
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatch(reason);
    expect(received).toEqual([{ type: 'ping', n: 7 }]);
  });

  const ping = (pad: string) => JSON.stringify({ type: 'ping', n: 1, pad });
  /** A ping padded with ASCII to exactly `bytes` bytes. */
  const pingOf = (bytes: number) => ping('x'.repeat(bytes - ping('').length));

  test('accepts a message of exactly the size limit; one byte more cuts the sender off, unused', () => {
    const { net, a, rawB, received, cut } = pair();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    rawB.send('a', pingOf(MAX_MESSAGE_BYTES));
    rawB.send('a', pingOf(MAX_MESSAGE_BYTES + 1));
    rawB.send('a', pingOf(100));
    net.deliverAll();
    expect(received).toEqual([{ type: 'ping', n: 1 }]);
    const reason = `sent a message over the limit of ${MAX_MESSAGE_BYTES} bytes`;
    expect(cut).toEqual([reason]);
    expect(a.transport.connectedPeers()).toEqual([]);
    expect(warn).toHaveBeenCalledWith(`fairdeal: disconnected b: ${reason}`);
    warn.mockRestore();
  });

  test('counts the limit in UTF-8 bytes, as the data channel does, not in characters', () => {
    const { net, rawB, received, cut: dropped } = pair();
    // Three bytes per '€': half as many characters as the limit, a few bytes too many.
    const data = ping('€'.repeat(Math.floor((MAX_MESSAGE_BYTES - ping('').length) / 3) + 1));
    expect(new TextEncoder().encode(data).length).toBeGreaterThan(MAX_MESSAGE_BYTES);
    expect(data.length).toBeLessThan(MAX_MESSAGE_BYTES / 2);
    rawB.send('a', data);
    net.deliverAll();
    expect(received).toEqual([]);
    expect(dropped).toHaveLength(1);
  });

  test('sends a message of exactly the size limit and refuses one byte more', () => {
    const { a } = pair();
    expect(a.send('b', JSON.parse(pingOf(MAX_MESSAGE_BYTES)) as Ping)).toBe(true);
    expect(() => a.send('b', JSON.parse(pingOf(MAX_MESSAGE_BYTES + 1)) as Ping)).toThrow(/limit/);
  });

  test('refuses to send a message over the size limit', () => {
    const { a } = pair();
    expect(() =>
      a.send('b', { type: 'ping', n: 1, pad: 'x'.repeat(MAX_MESSAGE_BYTES) } as Ping),
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

  test('a peer that left joins again under its id, as after a reload; its old transport is gone for good', () => {
    const net = new LoopbackNetwork({ manual: true });
    const a = new Messenger(net.join('a'), parsePing);
    const events: string[] = [];
    const received: Ping[] = [];
    a.on({
      joined: (p) => events.push(`joined ${p}`),
      lost: (p) => events.push(`lost ${p}`),
      message: (_, m) => received.push(m),
    });
    const old = net.join('b');
    old.connect('a');
    old.close();
    expect(() => net.join('a')).toThrow(/taken/);
    const again = net.join('b');
    again.connect('a');
    // Closing the old transport again must not take the new one off the network.
    old.close();
    expect(old.send('a', JSON.stringify({ type: 'ping', n: 1 }))).toBe(false);
    expect(again.send('a', JSON.stringify({ type: 'ping', n: 2 }))).toBe(true);
    net.deliverAll();
    expect(events).toEqual(['joined b', 'lost b', 'joined b']);
    expect(received).toEqual([{ type: 'ping', n: 2 }]);
  });
});
