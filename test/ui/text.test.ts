import { expect, test } from 'vitest';
import { plural, thousands, together } from '../../src/ui/text.ts';

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

test.each([
  [0, 'signed step', undefined, '0 signed steps'],
  [1, 'signed step', undefined, '1 signed step'],
  [2, 'card', undefined, '2 cards'],
  [1, 'match', 'matches', '1 match'],
  [3, 'match', 'matches', '3 matches'],
])('%i %s is said in words, one or many', (n, one, many, words) => {
  expect(plural(n, one, many)).toBe(words);
});

test.each([
  [[], ''],
  [['Bob'], 'Bob'],
  [['Bob', 'Cat'], 'Bob and Cat'],
  [['Ann', 'Bob', 'Cat'], 'Ann, Bob and Cat'],
])('the names %j are said together as "%s"', (names, words) => {
  expect(together(names)).toBe(words);
});
