/**
 * When the protocol panel starts open: on this browser's first game (and its reloads),
 * hidden in later games, and as the player last chose once they chose. The storage is
 * a plain map with localStorage's two methods (the browser tests use the real one).
 */
import { expect, test } from 'vitest';
import { memoryStorage } from './storage.ts';
import { keepPanelChoice, panelStartsOpen } from '../../src/ui/panels/panel.ts';

test('open on the first game and its reloads, hidden on the next game', () => {
  const page = memoryStorage();
  expect(panelStartsOpen(page, 'first')).toBe(true);
  expect(panelStartsOpen(page, 'first')).toBe(true);
  expect(panelStartsOpen(page, 'second')).toBe(false);
  expect(panelStartsOpen(page, 'first')).toBe(true);
});

test('hidden once the player hides it, on the first game too; open again once opened', () => {
  const page = memoryStorage();
  expect(panelStartsOpen(page, 'first')).toBe(true);
  keepPanelChoice(page, false);
  expect(panelStartsOpen(page, 'first')).toBe(false);
  expect(panelStartsOpen(page, 'second')).toBe(false);
  keepPanelChoice(page, true);
  expect(panelStartsOpen(page, 'third')).toBe(true);
});

test('a replay starts with it open unless the player hid it, and is no first game', () => {
  const page = memoryStorage();
  expect(panelStartsOpen(page, null)).toBe(true);
  expect(panelStartsOpen(page, 'first')).toBe(true);
  keepPanelChoice(page, false);
  expect(panelStartsOpen(page, null)).toBe(false);
});

test('a stored value that is not a choice counts as none', () => {
  const page = memoryStorage();
  page.setItem('fairdeal.protocolPanel', 'sideways');
  expect(panelStartsOpen(page, 'first')).toBe(true);
  expect(panelStartsOpen(page, 'second')).toBe(false);
});
