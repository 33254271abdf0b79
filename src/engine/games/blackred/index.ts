/**
 * Black & Red as a game module: the `blackred` object the table layer
 * drives, its helpers, the computer player and the rules screen.
 *
 * How the table layer plays it: one standard deck of 52, shuffled jointly
 * at the table's first shuffle; then answer `needs` (the first one):
 * `COIN` -> `{ type: 'COIN', bit }`; `SHUFFLE` -> a fresh joint shuffle under
 * fresh keys, then `{ type: 'SHUFFLED' }` (every card of the deck for the
 * next hand, or the faceup discards turned into a new stock mid-hand);
 * `DEAL` -> unlock for `to` alone, then `{ type: 'DEALT', cards, to }`;
 * `REVEAL` -> unlock for everyone, then one `{ type: 'REVEAL', card, face }`
 * per card; `ACT` -> the seat's move, or with `auto` its word on its hand
 * (the one legal action, made by its session). Facts go through `fact`;
 * fold each signed move through `move` as `{ ...action, seat: author, seen }`.
 * `legalActions` and `view` take the faces the seat reads on its own hand
 * (`known`), since the rules never see a hand.
 */
import { defineGame } from '../../game.ts';
import { blackredAbout } from './info.ts';
import { randomMove } from '../common.ts';
import { chooseAction } from './bot.ts';
import { fact, legalActions, move, needs, outcome } from './rules.ts';
import { blackredTerms } from './setup.ts';
import { recap } from './recap.ts';
import { view } from './view.ts';

/** The Black & Red game module (a match of several hands). */
export const blackred = defineGame({
  ...blackredAbout,
  rules: [
    'Goal: hold 7 cards of one colour. A match goes to 11 points; the dealer alternates (the first by a fair coin).',
    'Each player is dealt 7 private cards. The next card is turned up: the non-dealer (player one) collects its colour, the dealer the other.',
    'Player one starts. Discard one card, then draw one: player one’s first draw is the upcard, every later draw is the top of the facedown stock, seen by you alone.',
    'Discards go in rounds. The first discard of a round chooses its colour; every discard of the round must be of that colour and keep the running total at 31 or under (Ace 1, 2 to 10 as marked, J, Q, K 10).',
    'If you cannot discard (no card of the round’s colour that fits), you say go and draw nothing. The round ends at exactly 31, or when both players say go in a row; the total goes back to 0 and the last player who discarded starts the next round.',
    'As soon as you hold 7 cards of one colour, dealt or after a draw, you go out, before your opponent can move (the game does it for you): 3 points for your own colour, 1 for the other. Dealt 7 of one colour: 5 points (both players dealt so: 5 each).',
    'Stock empty: the discards but the current round’s are shuffled again by both players into a new stock: nobody knows its order, nor which of the old discards is which. If nothing can be reshuffled the hand is a draw.',
    'Nobody sees your hand, so after the deal and every draw the game says for you whether you hold 7 of one colour; every card you held is shown at the latest when the hand ends: a go while a card fitted, or playing on while holding 7 of one colour, loses the match at once.',
    'First to 11 points wins the match; if both pass 11 in the same hand, the higher score wins, and on equal scores the match goes on.',
  ],
  ...blackredTerms,
  legalActions,
  move,
  fact,
  view,
  outcome,
  needs,
  bot: chooseAction,
  easyBot: (_view, legal, random) => randomMove(legal, random),
  recap,
});

export {
  chooseAction,
  closeOdds,
  COLOUR,
  goalColour,
  LIMIT_BONUS,
  PACE,
  RISK,
  SWITCH,
  worth,
} from './bot.ts';
export { claimBroken, fits, readHand, reshuffleCards } from './rules.ts';
export {
  BLACKRED_DECKS,
  colourFor,
  colourOf,
  isDeckFace,
  oneColour,
  other,
  otherColour,
  UPCARD,
  valueOf,
} from './setup.ts';
export {
  SEATS,
  DEALT_POINTS,
  HAND_SIZE,
  LIMIT,
  OTHER_POINTS,
  OWN_POINTS,
  TARGET,
  type BlackRedError,
  type BlackRedEvent,
  type BlackRedFact,
  type BlackRedMove,
  type BlackRedOptions,
  type BlackRedPlay,
  type BlackRedSetupError,
  type BlackRedState,
  type BlackRedView,
  type Claim,
  type ClaimKind,
  type Colour,
  type Ending,
  type Hand,
  type HandReason,
  type HandRecord,
  type MatchResult,
  type PerSeat,
  type Pending,
  type Phase,
  type Round,
  type SeenCard,
} from './types.ts';
