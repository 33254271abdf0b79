/**
 * The pictures of the rules screen: situations of each game drawn with the cards the
 * boards draw, each beside the rule it shows. The rules themselves are the engine's
 * (`rules` of each game), so the words a player reads before sitting down are the ones
 * beside the table.
 */
import { faceOf, SUITS, type Face } from '../../engine/cards.ts';
import type { GameId } from '../../engine/catalog.ts';

/** A row of cards: a standard card's face, a Batailles unit's face (`unit`), or null for a back. */
export interface PictureRow {
  readonly label: string;
  readonly cards: readonly (Face | null)[];
}

export interface Picture {
  /** The rule (its index in the game's `rules`) the picture follows. */
  readonly rule: number;
  readonly caption: string;
  /** Standard cards (`Card`) or Batailles units (`UnitCard`). */
  readonly kind: 'card' | 'unit';
  readonly rows: readonly PictureRow[];
}

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SYMBOLS = ['♣', '♦', '♥', '♠'];

/** The standard faces of `labels` such as `10♥ K♠`, or a back for `?`. */
export function cards(labels: string): (Face | null)[] {
  return labels.split(' ').map((label) => {
    if (label === '?') return null;
    const rank = RANKS.indexOf(label.slice(0, -1));
    const suit = SYMBOLS.indexOf(label.slice(-1));
    if (rank < 0 || suit < 0) throw new Error(`no card ${label}`);
    return faceOf(rank + 2, SUITS[suit]!);
  });
}

/** A Batailles unit's face by its strength (1 to 13), 'K' the King, 'M' a Mine, '?' a back. */
export function units(labels: string): (Face | null)[] {
  return labels
    .split(' ')
    .map((label) => (label === '?' ? null : label === 'K' ? 13 : label === 'M' ? 14 : +label - 1));
}

const row = (label: string, faces: (Face | null)[]): PictureRow => ({ label, cards: faces });

export const PICTURES: Readonly<Record<GameId, readonly Picture[]>> = {
  redblack: [
    {
      rule: 1,
      caption:
        'After the deal: you read your own five cards, the opponent’s are backs to you, two river cards are faceup and the third is still facedown.',
      kind: 'card',
      rows: [
        row('Opponent', cards('? ? ? ? ?')),
        row('River', cards('4♠ J♦ ?')),
        row('Your hand', cards('7♥ K♠ 2♦ 9♣ Q♥')),
      ],
    },
    {
      rule: 5,
      caption:
        'You attack with 2 black cards; the defender shows 1 red. The colours differ, so the river turns faceup: two black cards add 2 to you, one red card 1 to the defender. 4 against 2: the defender discards 2 cards.',
      kind: 'card',
      rows: [
        row('Your attack', cards('K♠ 9♣')),
        row('Defence', cards('7♦')),
        row('River', cards('4♠ J♦ 10♣')),
      ],
    },
    {
      rule: 7,
      caption:
        'You call “3 red, 2 black” and the hand is shown: exactly that, so you win the game.',
      kind: 'card',
      rows: [row('Their hand', cards('3♥ 8♦ Q♥ 5♠ A♣'))],
    },
  ],
  blackred: [
    {
      rule: 1,
      caption: 'The upcard is red: player one collects red, the dealer black.',
      kind: 'card',
      rows: [row('Upcard', cards('8♦'))],
    },
    {
      rule: 3,
      caption:
        'A black round at 29 (9 + 10 + 10): only a black Ace or 2 still fits. Any red card has to wait for the next round.',
      kind: 'card',
      rows: [row('This round', cards('9♠ K♣ 10♠'))],
    },
    {
      rule: 5,
      caption: 'Seven red cards after a draw: you go out, with 3 points if red is your colour.',
      kind: 'card',
      rows: [row('Your hand', cards('A♥ 4♦ 6♥ 9♦ J♥ Q♦ K♥'))],
    },
  ],
  war: [
    {
      rule: 0,
      caption: 'A Queen beats an 8: the Queen’s player takes both cards.',
      kind: 'card',
      rows: [row('You', cards('8♣')), row('Opponent', cards('Q♥'))],
    },
    {
      rule: 1,
      caption:
        'Two 7s: war. Three cards facedown each, then one faceup: the Jack beats the 4 and takes all ten cards.',
      kind: 'card',
      rows: [row('You', cards('7♠ ? ? ? J♣')), row('Opponent', cards('7♦ ? ? ? 4♥'))],
    },
  ],
  town: [
    {
      rule: 2,
      caption:
        'A run of 9, 8, 7 goes onto a pile topped by a 10: the run’s first card is 1 away from the top.',
      kind: 'card',
      rows: [row('Pile', cards('10♠')), row('Your run', cards('9♥ 8♦ 7♥'))],
    },
    {
      rule: 4,
      caption:
        'A pile with a red card on top goes to red, who scores 2: one point for each red card in it.',
      kind: 'card',
      rows: [row('Pile, bottom to top', cards('5♥ 6♠ 7♦'))],
    },
  ],
  batailles: [
    {
      rule: 0,
      caption: 'Special cards: the Spies 1 and 2, the Minesweepers 4 and 8, the King and a Mine.',
      kind: 'unit',
      rows: [row('An army', units('1 2 4 8 K M'))],
    },
    {
      rule: 4,
      caption:
        'One against one, attacker first: the Minesweeper defuses the Mine, the Spy kills the King, the 9 kills the 6.',
      kind: 'unit',
      rows: [
        row('Minesweeper against Mine', units('4 M')),
        row('Spy against King', units('1 K')),
        row('9 against 6', units('9 6')),
      ],
    },
    {
      rule: 5,
      caption:
        '5 and 7 against 10: together they deal 12, so the 10 dies, and it kills the 5 or the 7.',
      kind: 'unit',
      rows: [row('Attack', units('5 7')), row('Defence', units('10'))],
    },
  ],
};
