/**
 * The computer's level on the home screen: good until chosen, then as last chosen,
 * for each game apart. The storage is a plain map with localStorage's two methods.
 */
import { expect, test } from 'vitest';
import { memoryStorage } from './storage.ts';
import { chosenLevel, keepLevel } from '../../src/ui/controllers/level.ts';

test('good until chosen, then the last choice, each game apart', () => {
  const page = memoryStorage();
  expect(chosenLevel(page, 'town')).toBe('good');
  keepLevel(page, 'town', 'easy');
  expect(chosenLevel(page, 'town')).toBe('easy');
  expect(chosenLevel(page, 'redblack')).toBe('good');
  keepLevel(page, 'town', 'good');
  expect(chosenLevel(page, 'town')).toBe('good');
});

test('what is kept is read as a level only when it is one', () => {
  const page = memoryStorage();
  page.setItem('fairdeal.level.town', 'grandmaster');
  expect(chosenLevel(page, 'town')).toBe('good');
});
