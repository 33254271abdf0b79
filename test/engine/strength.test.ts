/**
 * The good computer player beats the easy one in every game where players
 * choose: over a fixed sample of seeded games played by the rules alone
 * (src/bots/duel.ts), the good player's share of the points lies above an
 * even player's share with 95 % confidence. Every move of either level is
 * honest along the way: the referee throws on a move the rules refuse or a
 * claim the audit denies. `npm run strength` measures the same over many
 * more games.
 */
import { describe, expect, it } from 'vitest';
import { measure } from '../../src/bots/duel.ts';
import { GAMES, GAME_IDS } from '../../src/engine/catalog.ts';

/** Games per sample: as many as keep each game's test near a second. */
const SAMPLES = { redblack: 30, blackred: 16, town: 40, batailles: 9 } as const;

describe('computer levels', () => {
  it('War alone has one level: nobody makes a choice in it', () => {
    expect(GAME_IDS.filter((id) => !GAMES[id].levels)).toEqual(['war']);
  });

  for (const [game, games] of Object.entries(SAMPLES) as [keyof typeof SAMPLES, number][])
    it(`${GAMES[game].name}: good beats easy over ${games} seeded games, swapping seats`, () => {
      const strength = measure(game, games);
      expect(strength.low).toBeGreaterThan(1 / strength.seats);
    });
});
