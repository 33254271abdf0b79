/** Every game's UI module, one line a game, beside the engine's list (engine/games/registry.ts). */
import type { GameId } from '../../engine/catalog.ts';
import { bataillesUi } from './batailles/index.ts';
import { blackredUi } from './blackred/index.ts';
import type { AnyGameUi } from './game.ts';
import { redblackUi } from './redblack/index.ts';
import { townUi } from './town/index.ts';
import { warUi } from './war/index.ts';

export const GAME_UIS: Readonly<Record<GameId, AnyGameUi>> = {
  redblack: redblackUi,
  blackred: blackredUi,
  war: warUi,
  town: townUi,
  batailles: bataillesUi,
};

/** The UI module of the game `id` names (a table's genesis says it), or null for an id no game has. */
export function gameUi(id: string): AnyGameUi | null {
  return Object.hasOwn(GAME_UIS, id) ? GAME_UIS[id as GameId] : null;
}
