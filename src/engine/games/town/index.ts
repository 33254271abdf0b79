/**
 * Town for Two as a game module: the `town` object the table layer drives,
 * its helpers, the computer player and the rules screen.
 *
 * How the table layer plays it: the two decks (`red`, seat 0's, then
 * `black`, seat 1's; 20 cards each) are shuffled jointly by both seats at
 * the table's first shuffle, so no owner knows its own deck's order. Then
 * answer `needs`: `REVEAL` -> unlock for everyone, then one
 * `{ type: 'REVEAL', card, face }` per card; `DEAL` -> unlock for `to`
 * alone, then `{ type: 'DEALT', cards, to }`, each through `fact`. Fold each
 * signed play through `move` as `{ ...action, seat: author, seen }`. `legalActions` and `view` take the
 * faces the seat reads on its own hand (`known`), since the rules never see
 * a hand.
 */
import { defineGame } from '../../game.ts';
import { townAbout } from './info.ts';
import { randomMove } from '../common.ts';
import { chooseAction } from './bot.ts';
import { fact, legalActions, move, needs, outcome } from './rules.ts';
import { townTerms } from './setup.ts';
import { view } from './view.ts';

/** The Town for Two game module. */
export const town = defineGame({
  ...townAbout,
  rules: [
    'Each player has a deck of 20 cards of one colour, Ace (1) to 10 of two suits: red for the first seat, black for the second. Both players shuffle both decks together, so nobody knows the order of a deck, not even its owner.',
    'Each player turns the top card of their deck faceup: these are the first two piles. The higher card goes first; on equal cards each turns one more as a new pile, until one is higher. Then each draws 5 cards from their own deck.',
    'On your turn play 1 to 5 cards as one run, each card exactly 1 above or below the one before (9, 8, 7, 8, 7 is fine), either onto one pile whose top card is exactly 1 away from your first card, or as one new pile. Aces are 1 and do not wrap around to 10. Either colour may go on either colour.',
    'Then draw from your own deck back up to 5 cards. The game ends at once when a player cannot: with one card left, playing one card goes on, playing two ends the game.',
    'Scoring: piles of one card are removed. Every other pile goes to the player whose colour is on top, who scores 1 for each card of their own colour in it. More points wins; equal is a draw.',
  ],
  ...townTerms,
  legalActions,
  move,
  fact,
  view,
  outcome,
  needs,
  bot: chooseAction,
  easyBot: (_view, legal, random) => randomMove(legal, random),
});

export { CARD_BONUS, chooseAction, replyOdds, worth } from './bot.ts';
export {
  adjacent,
  checkPlay,
  isRun,
  playsOf,
  runsOf,
  scoreOf,
  topRanks,
  type KnownCard,
} from './rules.ts';
export { deckIds, isTownFace, other, ownerOf, rankOf, standardFace, TOWN_DECKS } from './setup.ts';
export { targetsFor } from './view.ts';
export {
  COLOUR_OF_SEAT,
  HAND_SIZE,
  TOP_RANK,
  TOWN_DECK,
  SEATS,
  type Colour,
  type HandCard,
  type PendingPlay,
  type PerSeat,
  type Phase,
  type PileCard,
  type PileScore,
  type PileView,
  type Score,
  type Targets,
  type TownError,
  type TownEvent,
  type TownFace,
  type TownFact,
  type TownMove,
  type TownOptions,
  type TownPlay,
  type TownResult,
  type TownSetupError,
  type TownState,
  type TownView,
} from './types.ts';
