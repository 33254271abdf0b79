/**
 * The rules a player reads before sitting down and beside the table are written for a
 * player who never heard of the protocol: none of its words, and the situations that
 * need one drawn as a picture beside their rule.
 */
import { expect, test } from 'vitest';
import { GAME_IDS } from '../../src/engine/catalog.ts';
import { gameById } from '../../src/engine/games/registry.ts';
import { picturesOf } from '../../src/ui/rules/pictures.ts';

/** Words of the protocol and its cryptography, which a player at a card table never needs. */
const PROTOCOL = [
  'basis',
  'state',
  'hash',
  'seq',
  'seal',
  'sealed',
  'unseal',
  'protocol',
  'void',
  'event',
  'events',
  'replica',
  'peer',
  'signed',
  'signature',
  'acknowledgement',
  'key',
  'keys',
  're-mask',
  'remask',
  'masked',
  'unlock',
  'proof',
  'layer',
  'encrypted',
  'commitment',
  'transcript',
  'genesis',
];

const protocolWords = (text: string): string[] =>
  PROTOCOL.filter((word) => new RegExp(`\\b${word}\\b`, 'i').test(text));

test.each(GAME_IDS)('%s: its rules use none of the protocol’s words', (game) => {
  const rules = gameById(game)!.rules;
  expect(rules.map(protocolWords)).toEqual(rules.map(() => []));
  // Nor do the captions of its pictures.
  expect(picturesOf(game).pictures.flatMap((p) => protocolWords(p.caption))).toEqual([]);
});

/** The rules of `game` each picture is drawn beside, by their index. */
const pictured = (game: (typeof GAME_IDS)[number]) =>
  new Set(picturesOf(game).pictures.map((picture) => picture.rule));

/** The index of the one rule of `game` that says `words`. */
function ruleSaying(game: (typeof GAME_IDS)[number], words: RegExp): number {
  const found = gameById(game)!.rules.flatMap((rule, i) => (words.test(rule) ? [i] : []));
  expect(found).toHaveLength(1);
  return found[0]!;
}

test.each([
  ['redblack', /^Swap/],
  ['redblack', /^You both acted at once/],
  ['blackred', /say go/],
  ['war', /cannot finish a war/],
  ['town', /^Then draw/],
  ['batailles', /^Only the two fighters see/],
] as const)('%s: the rule that says %s has its picture', (game, words) => {
  expect(pictured(game).has(ruleSaying(game, words))).toBe(true);
});
