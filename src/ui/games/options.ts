/**
 * Each game's options form on the home screen: the `Options.svelte` of its UI folder,
 * where it has options a table creator picks. The home screen loads these before any
 * game's UI module (`index.ts`: its board, words and coach).
 */
import type { GameId } from '../../engine/catalog.ts';
import type { OptionsForm } from './game.ts';

const FORMS = import.meta.glob<OptionsForm>('./*/Options.svelte', {
  eager: true,
  import: 'default',
});

/** Game `id`'s options form, or null where it has no options to pick. */
export const optionsForm = (id: GameId): OptionsForm | null =>
  FORMS[`./${id}/Options.svelte`] ?? null;
