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
