/**
 * The rules screen's pictures: each follows a rule its game has, and every card it draws
 * is a face of that game's decks (a standard card, or a Batailles unit), read from labels.
 */
import { expect, test } from 'vitest';
import { isFace } from '../../src/engine/cards.ts';
import { GAME_IDS } from '../../src/engine/catalog.ts';
import { isFace as isUnit } from '../../src/engine/games/batailles/index.ts';
import { gameById } from '../../src/engine/games/registry.ts';
import { facesOf, picturesOf } from '../../src/ui/rules/pictures.ts';

test.each(GAME_IDS)('%s: every picture follows one of its rules and draws its cards', (game) => {
  const rules = gameById(game)!.rules;
  const real = game === 'batailles' ? isUnit : isFace;
  const { pictures } = picturesOf(game);
  expect(pictures.length).toBeGreaterThan(0);
  for (const picture of pictures) {
    expect(picture.rule).toBeLessThan(rules.length);
    for (const labels of Object.values(picture.rows))
      for (const face of facesOf(game, labels)) expect(face === null || real(face)).toBe(true);
  }
});

test.each([
  ['redblack', '10♥ K♠ ?', [34, 50, null]],
  ['war', 'A♣ 2♦', [12, 13]],
  ['batailles', '1 13 K M ?', [0, 12, 13, 14, null]],
] as const)('%s reads %s', (game, labels, faces) => {
  expect(facesOf(game, labels)).toEqual(faces);
});

test('a label that names no card is refused', () => {
  expect(() => facesOf('war', '11♥')).toThrow('no card 11♥');
});
