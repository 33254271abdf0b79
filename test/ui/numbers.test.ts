import { expect, test } from 'vitest';
import { thousands } from '../../src/ui/numbers.ts';

test.each([
  [0, '0'],
  [7, '7'],
  [999, '999'],
  [1000, '1,000'],
  [5000, '5,000'],
  [12345, '12,345'],
  [999999, '999,999'],
  [1234567, '1,234,567'],
])('%i is written %s, as toLocaleString("en") writes it', (n, words) => {
  expect(thousands(n)).toBe(words);
  expect(thousands(n)).toBe(n.toLocaleString('en'));
});
