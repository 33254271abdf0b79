/**
 * The pictures of the rules screen: situations of each game drawn with the cards the
 * boards draw, each beside the rule it shows. The rules themselves are the engine's
 * (`rules` of each game), so the words a player reads before sitting down are the ones
 * beside the table.
 */
import { faceOf, SUITS, type Face } from '../../engine/cards.ts';
import type { GameId } from '../../engine/catalog.ts';

export interface Picture {
  /** The rule (its index in the game's `rules`) the picture follows. */
  readonly rule: number;
  /** Each row's label and its cards, as `facesOf` reads them. */
  readonly rows: Readonly<Record<string, string>>;
  readonly caption: string;
}

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SYMBOLS = ['♣', '♦', '♥', '♠'];

/** A standard card's face from its label (`10♥`, `K♠`). */
function standard(label: string): Face {
  const rank = RANKS.indexOf(label.slice(0, -1));
  const suit = SYMBOLS.indexOf(label.slice(-1));
  if (rank < 0 || suit < 0) throw new Error(`no card ${label}`);
  return faceOf(rank + 2, SUITS[suit]!);
}

/** A Batailles unit's face from its label: its strength (1 to 13), `K` the King, `M` a Mine. */
const unit = (label: string): Face => (label === 'K' ? 13 : label === 'M' ? 14 : +label - 1);

/**
 * The faces `labels` name, a card's labels apart by spaces, `?` a card's back: units in
 * Batailles (drawn by `UnitCard`), standard cards in the other games (drawn by `Card`).
 */
export function facesOf(game: GameId, labels: string): (Face | null)[] {
  const face = game === 'batailles' ? unit : standard;
  return labels.split(' ').map((label) => (label === '?' ? null : face(label)));
}

export const PICTURES: Readonly<Record<GameId, readonly Picture[]>> = {
  redblack: [
    {
      rule: 1,
      rows: { Opponent: '? ? ? ? ?', River: '4♠ J♦ ?', 'Your hand': '7♥ K♠ 2♦ 9♣ Q♥' },
      caption:
        'After the deal: you read your own five cards, the opponent’s are backs to you, two river cards are faceup and the third is still facedown.',
    },
    {
      rule: 5,
      rows: { 'Your attack': 'K♠ 9♣', Defence: '7♦', River: '4♠ J♦ 10♣' },
      caption:
        'You attack with 2 black cards; the defender shows 1 red. The colours differ, so the river turns faceup: two black cards add 2 to you, one red card 1 to the defender. 4 against 2: the defender discards 2 cards.',
    },
    {
      rule: 7,
      rows: { 'Their hand': '3♥ 8♦ Q♥ 5♠ A♣' },
      caption:
        'You call “3 red, 2 black” and the hand is shown: exactly that, so you win the game.',
    },
  ],
  blackred: [
    {
      rule: 1,
      rows: { Upcard: '8♦' },
      caption: 'The upcard is red: player one collects red, the dealer black.',
    },
    {
      rule: 3,
      rows: { 'This round': '9♠ K♣ 10♠' },
      caption:
        'A black round at 29 (9 + 10 + 10): only a black Ace or 2 still fits. Any red card has to wait for the next round.',
    },
    {
      rule: 5,
      rows: { 'Your hand': 'A♥ 4♦ 6♥ 9♦ J♥ Q♦ K♥' },
      caption: 'Seven red cards after a draw: you go out, with 3 points if red is your colour.',
    },
  ],
  war: [
    {
      rule: 0,
      rows: { You: '8♣', Opponent: 'Q♥' },
      caption: 'A Queen beats an 8: the Queen’s player takes both cards.',
    },
    {
      rule: 1,
      rows: { You: '7♠ ? ? ? J♣', Opponent: '7♦ ? ? ? 4♥' },
      caption:
        'Two 7s: war. Three cards facedown each, then one faceup: the Jack beats the 4 and takes all ten cards.',
    },
  ],
  town: [
    {
      rule: 2,
      rows: { Pile: '10♠', 'Your run': '9♥ 8♦ 7♥' },
      caption:
        'A run of 9, 8, 7 goes onto a pile topped by a 10: the run’s first card is 1 away from the top.',
    },
    {
      rule: 4,
      rows: { 'Pile, bottom to top': '5♥ 6♠ 7♦' },
      caption:
        'A pile with a red card on top goes to red, who scores 2: one point for each red card in it.',
    },
  ],
  batailles: [
    {
      rule: 0,
      rows: { 'An army': '1 2 4 8 K M' },
      caption: 'Special cards: the Spies 1 and 2, the Minesweepers 4 and 8, the King and a Mine.',
    },
    {
      rule: 4,
      rows: { 'Minesweeper against Mine': '4 M', 'Spy against King': '1 K', '9 against 6': '9 6' },
      caption:
        'One against one, attacker first: the Minesweeper defuses the Mine, the Spy kills the King, the 9 kills the 6.',
    },
    {
      rule: 5,
      rows: { Attack: '5 7', Defence: '10' },
      caption:
        '5 and 7 against 10: together they deal 12, so the 10 dies, and it kills the 5 or the 7.',
    },
  ],
};
