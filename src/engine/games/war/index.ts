/**
 * War as a game module: the `war` object the table layer drives, and the
 * types and helpers around it.
 *
 * How the table layer plays it: fold each signed `FLIP` event into
 * `apply(state, { type: 'FLIP', seat: author })`. Whenever `needs(state)`
 * holds a `REVEAL` need, reveal those cards to everyone (every player
 * publishes its unlock shares with proofs), map each fully unlocked point to
 * its face (`cardIndex` in crypto/) and apply `{ type: 'REVEAL', card, face }`
 * for each. Card ids are positions in the jointly shuffled deck.
 */
import { DECK_SIZE } from '../../cards.ts';
import type { Game } from '../../game.ts';
import { apply, legalActions, needs, outcome } from './rules.ts';
import { setup } from './setup.ts';
import type { WarAction, WarOptions, WarState, WarView } from './types.ts';
import { view } from './view.ts';

/** The War game module. */
export const war: Game<WarState, WarAction, WarView, WarOptions> = {
  id: 'war',
  minSeats: 2,
  maxSeats: 2,
  setup,
  decks: () => [{ name: 'deck', size: DECK_SIZE }],
  legalActions,
  apply,
  view,
  outcome,
  needs,
};

export { chooseAction } from './bot.ts';
export { faceupCards, pendingReveals } from './rules.ts';
export { standardStacks } from './setup.ts';
export {
  BATTLE_LIMIT,
  WAR_FACEDOWN,
  WAR_SEATS,
  type BattleSummary,
  type PerSeat,
  type TableCard,
  type WarAction,
  type WarError,
  type WarOptions,
  type WarResult,
  type WarSetupError,
  type WarState,
  type WarView,
} from './types.ts';
