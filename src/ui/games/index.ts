/**
 * Every game's UI module: the `index.ts` of its folder, `src/ui/games/<id>/`, named by the
 * game's id in the manifest (`engine/games/manifest.ts`) and exporting its `GameUi` as
 * `<id>Ui`. Its folder holds the rest of what the screens show of it too: its rules
 * pictures (`pictures.ts`), its options form (`Options.svelte`) and its guided game's
 * coach (`coach.ts`), where it has them.
 */
import { GAME_IDS, type GameId } from '../../engine/catalog.ts';
import type { AnyGameUi } from './game.ts';

/** Game UI modules by the path of their folder's `index.ts`, as `import.meta.glob` finds them. */
export type UiFolders = Readonly<Record<string, Readonly<Record<string, AnyGameUi>>>>;

/**
 * The UI module of each game of `ids`, from its folder among `folders`: the one whose
 * path ends in `/<id>/index.ts`, exporting `<id>Ui`. Throws for a game with none.
 */
export function uisOf(ids: readonly string[], folders: UiFolders): Record<string, AnyGameUi> {
  return Object.fromEntries(
    ids.map((id) => {
      const folder = Object.entries(folders).find(([path]) => path.endsWith(`/${id}/index.ts`));
      const ui = folder?.[1][`${id}Ui`];
      if (!ui) throw new Error(`the UI folder of ${id} has no index.ts exporting ${id}Ui`);
      return [id, ui];
    }),
  );
}

const FOLDERS: UiFolders = import.meta.glob('./*/index.ts', { eager: true });

export const GAME_UIS = uisOf(GAME_IDS, FOLDERS) as Readonly<Record<GameId, AnyGameUi>>;

/** The UI module of the game `id` names (a table's genesis says it), or null for an id no game has. */
export function gameUi(id: string): AnyGameUi | null {
  return Object.hasOwn(GAME_UIS, id) ? GAME_UIS[id as GameId] : null;
}
