/**
 * The guided first games: a game offers one where its UI folder has a coach
 * (`coach.ts`, exporting its `guided`). The home screen knows which from the file names
 * alone, and a coach is fetched as its guided game starts.
 */
import type { GameId } from '../../engine/catalog.ts';
import type { AnyGuided } from './game.ts';

const COACHES = import.meta.glob<AnyGuided>('./*/coach.ts', { import: 'guided' });

const coachOf = (id: GameId) => COACHES[`./${id}/coach.ts`];

/** True when game `id` offers a guided first game. */
export const isGuided = (id: GameId): boolean => coachOf(id) !== undefined;

/** Game `id`'s guided game (its coach and short options), or null where it has none. */
export async function loadGuided(id: GameId): Promise<AnyGuided | null> {
  return (await coachOf(id)?.()) ?? null;
}
