import { describe, expect, it } from 'vitest';
import { GAME_IDS, GAMES, isGameId } from '../../src/engine/catalog.ts';
import { hasLevels } from '../../src/engine/game.ts';
import { everyGame } from '../../src/engine/games/registry.ts';

describe('the catalog, read before any game loads', () => {
  it('lists the games of the registry, in its order', () => {
    expect(GAME_IDS).toEqual(everyGame().map((game) => game.id));
  });

  it('says of each game what its module says: name, summary, seats, and whether it has levels', () => {
    for (const game of everyGame()) {
      expect(GAMES[game.id]).toEqual({
        id: game.id,
        name: game.name,
        summary: game.summary,
        minSeats: game.minSeats,
        maxSeats: game.maxSeats,
        levels: hasLevels(game),
      });
    }
  });

  it('knows a game id from any other value', () => {
    expect(GAME_IDS.every(isGameId)).toBe(true);
    expect(isGameId('poker')).toBe(false);
    expect(isGameId('toString')).toBe(false);
    expect(isGameId(1)).toBe(false);
  });
});
