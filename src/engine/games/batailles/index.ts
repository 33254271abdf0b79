/**
 * Batailles et piques as a game module: the `batailles` object the table
 * layer drives, its helpers, the computer player and the rules screen.
 *
 * How the table layer plays it: one army of 16 per player (`army-1`, ...,
 * seat 0's first), all shuffled jointly by every seat at the table's first
 * shuffle, so no owner knows its own army's order. Then answer `needs`:
 * `DEAL` -> unlock for `to` alone, then `{ type: 'DEALT', cards, to }`;
 * `SHOW` -> unlock for the seats `to` alone, then `{ type: 'SHOWN', cards,
 * to }`; `REVEAL` -> unlock for everyone, one `{ type: 'REVEAL', card, face }`
 * per card; `REMASK` -> `{ type: 'REMASKED', seat, cards }`; `COIN` ->
 * `{ type: 'COIN', bit }`; `RECORD` -> keep the cards as an exhibit, then
 * `{ type: 'RECORDED', cards }`. When a seat leaves for good, whatever the
 * game needs then, tell `{ type: 'LEFT', seat }` and ask `needs` afresh: the
 * game goes on without it, and never names it or its cards again. Once every
 * key is open, `audit` judges every claim on the exhibits' faces.
 * `legalActions` and `view` take the faces the seat reads (`known`), since
 * the rules never see a hidden face.
 */
import { defineGame } from '../../game.ts';
import { bataillesAbout } from './info.ts';
import { randomMove } from '../common.ts';
import { chooseAction } from './bot.ts';
import { audit } from './fight.ts';
import { fact, legalActions, move, needs, outcome } from './rules.ts';
import { bataillesTerms } from './setup.ts';
import { recap } from './recap.ts';
import { view } from './view.ts';

/** The Batailles et piques game module. */
export const batailles = defineGame({
  ...bataillesAbout,
  rules: [
    'Each player has an army of 16: units 1 to 13, the King (strength 16) and two Mines. 1 and 2 are Spies, 4 and 8 Minesweepers. Every player shuffles every army, so nobody knows the order of any army, not even its owner.',
    'Draw 6 cards, lay 2 of them facedown in front of you (never two Mines), then draw 2. Whenever your hand is below 6 and your army has cards, you draw. You also have 2 Teamwork and 2 Slacker cards, faceup.',
    'On your turn: attack one or two cards in play of one other player with one of your units (never a Mine); or play a Teamwork: both your units attack one enemy card; or play a Slacker: no attack, swap one of your cards in play with one from your hand. If you can do none of these, you pass.',
    'Only the two fighters see the cards of a fight; everyone else sees which cards fight and which die. A dead card is turned faceup, goes to the trophies of the player who killed it, and its owner replaces it from hand.',
    'One against one: a Minesweeper defuses a Mine, any other unit dies on it; a Spy kills a King, whoever attacks; otherwise the stronger lives, and on equal strength both die.',
    'One against two: first every Mine is defused if a Minesweeper attacks it; if not, the attackers die and the fight ends. Then each side deals its total strength to the other side, split as its owner wishes; a unit dies when its damage reaches its strength. A Spy kills a King outright and a King never harms a Spy. (5+7 against 10: the 10 dies and kills the 5 or the 7; 5+7 against 12: all can die; Spy+5 against the King: the King and the 5 die.)',
    'Both fighters say which cards die; if they disagree, the game stops, and the check at its end names whoever lied. Kill a King and you may look at one card in play of another player.',
    'When every other player can no longer attack (only Mines or nothing left), the last one may go on to destroy Mines, and stop when they wish. 1 point per trophy, 2 per King: the most points win.',
    'A player who leaves, or whose time runs out and who is claimed, loses; the others take their lock off the cards still in the game and play on. Their army, hand and cards in play leave the game unseen; a fight they are in is called off. If a second player leaves, the game ends and the others share the win.',
    'When the game ends, every card is opened for everyone, and the game checks every fight, every pass and every card laid against the cards. A player whose word the cards deny is named and loses, and so does a player who will not let their cards be opened.',
  ],
  ...bataillesTerms,
  legalActions,
  move,
  fact,
  view,
  outcome,
  needs,
  audit,
  // Army p is seat p's: its cards become seat p's hand and cards in play.
  deckOwner: (deck) => deck,
  bot: chooseAction,
  easyBot: (_view, legal, random) => randomMove(legal, random),
  recap,
});

export { chooseAction, worth } from './bot.ts';
export { audit, fightOutcomes } from './fight.ts';
export {
  acting,
  announcerOf,
  firstAnnouncer,
  inPlay,
  isActive,
  legalActions,
  scores,
} from './rules.ts';
export {
  armies,
  isFace,
  isKing,
  isMine,
  isOptions,
  isSpy,
  isSweeper,
  ownerOf,
  strengthOf,
} from './setup.ts';
export * from './types.ts';
