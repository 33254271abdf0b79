import { expect, test, vi } from 'vitest';
import { LoopbackNetwork } from '../../src/net/loopback.ts';

test.each([
  ['in the task that sent them, by default', {}, ['first', 'second', 'end of the task']],
  [
    'each in a task of its own, as over a data channel',
    { eachInATask: true },
    ['first', 'end of the task', 'second'],
  ],
])('two messages sent at once arrive %s', async (_, options, order) => {
  const net = new LoopbackNetwork(options);
  const a = net.join('a');
  const b = net.join('b');
  const heard: string[] = [];
  a.listen({
    link: () => {},
    message: (_, data) => {
      heard.push(data);
      // Runs as the task that delivered `first` ends: before `second` only if it is a task of its own.
      if (data === 'first') queueMicrotask(() => heard.push('end of the task'));
    },
  });
  b.connect('a');
  b.send('a', 'first');
  b.send('a', 'second');
  await vi.waitFor(() => expect(heard).toHaveLength(3));
  expect(heard).toEqual(order);
});

test('each end of a link sees its own certificate and the other’s; through a man in the middle, his', async () => {
  const net = new LoopbackNetwork();
  const a = net.join('a');
  const b = net.join('b');
  expect(a.channel('b')).toBeNull();
  a.connect('b');
  const [atA, atB] = [a.channel('b')!, b.channel('a')!];
  expect(atB).toEqual({ local: atA.remote, remote: atA.local });
  expect(atA.local).not.toBe(atA.remote);

  // Mallory splices herself in: the link is cut, and the next one runs through her.
  const seen: string[] = [];
  net.intercept('a', 'b', (envelope, forward) => {
    seen.push(envelope.data);
    if (envelope.data !== 'dropped') forward();
  });
  expect(a.channel('b')).toBeNull();
  a.connect('b');
  const [midA, midB] = [a.channel('b')!, b.channel('a')!];
  expect([midB.local, midB.remote]).not.toContain(midA.local);
  expect([midB.local, midB.remote]).not.toContain(midA.remote);
  const heard: string[] = [];
  b.listen({ link: () => {}, message: (_, data) => heard.push(data) });
  a.send('b', 'dropped');
  a.send('b', 'passed on');
  await vi.waitFor(() => expect(heard).toEqual(['passed on']));
  expect(seen).toEqual(['dropped', 'passed on']);
});
