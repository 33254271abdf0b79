/**
 * Red & Black as a game module: the `redblack` object the table layer
 * drives, the deck helpers, the computer player and the rules screen.
 *
 * How the table layer plays it: build a deck of `deckSize(options)` faces
 * and shuffle it jointly; then answer `needs` (the first non-`ACT` need):
 * `COIN` -> `{ type: 'COIN', bit }`; `SHUFFLE` (every card of the deck) -> a fresh joint shuffle, then
 * `{ type: 'SHUFFLED' }`; `DEAL` -> unlock for `to` alone, then
 * `{ type: 'DEALT', cards, to }`; `REVEAL` -> unlock for everyone, then one
 * `{ type: 'REVEAL', card, face }` per card; `REMASK` -> the seat re-masks and
 * permutes its hand, then `{ type: 'REMASKED', seat, cards }`, each through
 * `fact`. Fold each signed player action through `move` as
 * `{ ...action, seat: author, seen }`. The turn player's move is sealed until the other has
 * seen that it was made (the table's `optional` seat, see table/seal.ts). A
 * match ends when a player has won `target` games (default 3).
 */
import { defineGame } from '../../game.ts';
import { redblackAbout } from './info.ts';
import { chooseAction, chooseEasy } from './bot.ts';
import { fact, legalActions, move, needs, outcome } from './rules.ts';
import { redblackTerms } from './setup.ts';
import { view } from './view.ts';

/** The Red & Black game module (a match of several games). */
export const redblack = defineGame({
  ...redblackAbout,
  rules: [
    'Goal: name exactly how many red and black cards your opponent holds.',
    'Each player gets 5 cards that only they can see; a river of 3 cards lies between you. Two river cards are turned faceup.',
    'Before the third river card is turned, the non-dealer guesses its colour: right, the non-dealer starts; wrong, the dealer starts.',
    'On your turn, swap or attack.',
    'Swap a faceup river card: take it and put one of your cards facedown in its place. Swap a facedown card: peek at it, then swap it the same way or leave it. Your opponent sees which slot and whether you swapped, never which of your cards went down, not even one they saw in an attack. A facedown card you put down or peeked at stays known to you.',
    'Attack (not on the very first turn): show any number of your cards of one colour. The defender shows any number of one colour. If the colours differ, the whole river is turned faceup and each river card adds 1 to the side of its colour.',
    'If the attack is stronger, the defender discards the difference faceup, cards of their choice (their whole hand if they hold fewer), out of the game for good; shown cards they keep go back into their hand. The attacker never discards.',
    'Call at any time the game is on and your opponent is not in the middle of a swap, an attack or a discard, even on their turn: "3 red, 2 black". Their hand is shown: exact, you win the game; wrong, you lose it.',
    'You both acted at once: if you call while your opponent makes a move that has not reached you yet, your call counts, on their hand as it was, and their move is taken back. If you both call at once, the call of the player who was waiting (whose turn it is not) counts, and the other call is taken back. Once a move has reached you, you call on the hand as it is after it: nobody can undo a move they have seen by calling.',
    'A match is several games; the dealer alternates (the first by a fair coin). The first to win the target number of games (3 unless the table says otherwise) wins the match.',
    'Decks: 26 red and 26 black by default; a table may use 9 to 52 of each colour. Only colour counts; ranks are just for show.',
  ],
  ...redblackTerms,
  legalActions,
  move,
  fact,
  view,
  outcome,
  needs,
  bot: chooseAction,
  easyBot: chooseEasy,
});

export {
  chooseAction,
  estimate,
  handBounds,
  LAST_CALL,
  LIKELY,
  PATIENCE,
  SURE_ENOUGH,
  type HandEstimate,
} from './bot.ts';
export { attackStep, canCall, defenderOf, powers, subsets } from './rules.ts';
export {
  deckOf,
  deckSize,
  faceColour,
  faceLabel,
  isDeckFace,
  newRound,
  standardFace,
} from './setup.ts';
export {
  COLOUR_COUNTS,
  COLOURS,
  HAND_SIZE,
  SEATS,
  TARGETS,
  RIVER_SIZE,
  type AttackView,
  type Call,
  type Colour,
  type Deck,
  type Discarded,
  type GameResult,
  type MatchResult,
  type PerSeat,
  type Phase,
  type RedBlackError,
  type RedBlackEvent,
  type RedBlackFact,
  type RedBlackMove,
  type RedBlackOptions,
  type RedBlackPlay,
  type RedBlackSetupError,
  type RedBlackState,
  type RedBlackView,
  type RiverView,
  type Round,
  type SeenCard,
  type Showing,
  type Slot,
  type Stage,
} from './types.ts';
