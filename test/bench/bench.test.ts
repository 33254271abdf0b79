/**
 * The benchmark's own arithmetic: the counting network counts what each peer
 * sends (messages, UTF-8 bytes) and nothing it could not send; a table's
 * setup counts carry every event its seats signed, the last seat's last duty
 * too, and come out the same for a seed; medians and text tables.
 */
import { expect, test } from 'vitest';
import { CountingNetwork, runTable } from '../../bench/tables.ts';
import { median, textTable } from '../../bench/text.ts';

test('the counting network counts each sender’s messages and UTF-8 bytes, not what never left', () => {
  const network = new CountingNetwork();
  const [a, b, c] = ['a', 'b', 'c'].map((id) => network.join(id));
  for (const t of [a, b, c]) t!.listen({ message: () => {}, link: () => {} });
  a!.connect('b');
  expect(a!.send('b', 'hé')).toBe(true); // é is two bytes
  expect(a!.send('b', '{}')).toBe(true);
  expect(b!.send('a', '🂡')).toBe(true); // four bytes
  expect(a!.send('c', 'not linked')).toBe(false);
  expect(network.sent('a')).toEqual({ messages: 2, bytes: 5 });
  expect(network.sent('b')).toEqual({ messages: 1, bytes: 4 });
  expect(network.sent('c')).toEqual({ messages: 0, bytes: 0 });
});

test('a table’s setup counts carry every event each seat signed before the first move', async () => {
  const run = await runTable('war', 2, 3, false);
  expect(run.signed.map((s) => s.events)).toEqual([2, 2]); // a KEY and a SHUFFLE each
  run.signed.forEach((signed, seat) => {
    expect(run.setup[seat]!.messages).toBeGreaterThanOrEqual(signed.events);
    expect(run.setup[seat]!.bytes).toBeGreaterThanOrEqual(signed.bytes);
  });
});

test('a seed gives the same setup counts every run', async () => {
  const [first, again] = [await runTable('war', 2, 7, false), await runTable('war', 2, 7, false)];
  expect(first.setup.every((s) => s.messages > 0 && s.bytes > 0)).toBe(true);
  expect(again.setup).toEqual(first.setup);
});

test.each([
  [[3], 3],
  [[5, 1, 3], 3],
  [[4, 1, 3, 2], 2.5],
])('median of %j is %d', (xs, m) => expect(median(xs)).toBe(m));

test('the median of nothing is refused', () => {
  expect(() => median([])).toThrow('the median of no figures');
});

test('a text table pads labels left and figures right', () => {
  expect(
    textTable(
      ['game', 'ms'],
      [
        ['War', '12'],
        ['Town', '7'],
      ],
    ),
  ).toBe(['  game  ms', '  ----  --', '  War   12', '  Town   7'].join('\n'));
});
