/**
 * War as a game module: the `war` object the table layer drives, and the
 * types and helpers around it.
 *
 * How the table layer plays it: fold each signed `FLIP` event into
 * `move(state, { type: 'FLIP', seat: author })`. Whenever `needs(state)`
 * holds a `REVEAL` need, reveal those cards to everyone (every player
 * publishes its unlock shares with proofs), map each fully unlocked point to
 * its face (`cardIndex` in crypto/) and tell `fact` `{ type: 'REVEAL', card, face }`
 * for each. Card ids are positions in the jointly shuffled deck.
 */
import { defineGame } from '../../game.ts';
import { warAbout } from './info.ts';
import { chooseAction } from './bot.ts';
import { fact, legalActions, move, needs, outcome } from './rules.ts';
import { warTerms } from './setup.ts';
import { view } from './view.ts';

/** The War game module. */
export const war = defineGame({
  ...warAbout,
  rules: [
    'Both players turn their top card together; the higher rank takes both (Ace high, suits do not count).',
    'Equal ranks mean war: each puts 3 cards facedown and 1 faceup; the higher faceup card takes them all.',
    'A player who cannot finish a war (3 cards facedown and 1 faceup) loses; if neither can, the one holding more cards wins. A player with no cards loses.',
    'After 5,000 battles, or fewer where the table says so, the player holding more cards wins. Equal cards make a draw.',
    'Nobody, not even the shufflers, knows any card before it is turned.',
  ],
  ...warTerms,
  legalActions,
  move,
  fact,
  view,
  outcome,
  needs,
  bot: chooseAction,
});

export { chooseAction } from './bot.ts';
export { faceupCards, pendingReveals } from './rules.ts';
export { standardStacks } from './setup.ts';
export {
  BATTLE_LIMIT,
  BATTLE_LIMITS,
  battleLimitOf,
  WAR_FACEDOWN,
  SEATS,
  type BattleSummary,
  type PerSeat,
  type TableCard,
  type WarError,
  type WarFact,
  type WarMove,
  type WarPlay,
  type WarOptions,
  type WarResult,
  type WarSetupError,
  type WarState,
  type WarView,
} from './types.ts';
