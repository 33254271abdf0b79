/**
 * Every game's UI module: the `index.ts` of its folder, `src/ui/games/<id>/`, named by the
 * game's id in the manifest (`engine/games/manifest.ts`) and exporting its `GameUi` as
 * `<id>Ui`. Its folder holds the rest of what the screens show of it too: its rules
 * pictures (`pictures.ts`), its options form (`Options.svelte`) and its guided game's
 * coach (`coach.ts`), where it has them.
 */
import { GAME_IDS, type GameId } from '../../engine/catalog.ts';
import type { AnyGameUi } from './game.ts';

const MODULES = import.meta.glob<Readonly<Record<string, AnyGameUi>>>('./*/index.ts', {
  eager: true,
});

/** The UI module in game `id`'s folder. */
function uiOf(id: GameId): AnyGameUi {
  const ui = MODULES[`./${id}/index.ts`]?.[`${id}Ui`];
  if (!ui) throw new Error(`src/ui/games/${id}/index.ts exports no ${id}Ui`);
  return ui;
}

export const GAME_UIS = Object.fromEntries(GAME_IDS.map((id) => [id, uiOf(id)])) as Readonly<
  Record<GameId, AnyGameUi>
>;

/** The UI module of the game `id` names (a table's genesis says it), or null for an id no game has. */
export function gameUi(id: string): AnyGameUi | null {
  return Object.hasOwn(GAME_UIS, id) ? GAME_UIS[id as GameId] : null;
}
