/** Town for Two's pictures on the rules screen: situations of the game, each beside the rule it shows. */
import type { GamePictures } from '../../rules/pictures.ts';

export const pictures: GamePictures = {
  pictures: [
    {
      rule: 2,
      rows: { Pile: '10♠', 'Your run': '9♥ 8♦ 7♥' },
      caption:
        'A run of 9, 8, 7 goes onto a pile topped by a 10: the run’s first card is 1 away from the top.',
    },
    {
      rule: 3,
      rows: { 'Your deck': '?', 'You play': '4♥ 5♦' },
      caption:
        'One card left in your deck: play one card and you draw back up to 5, the game goes on. Play two, as here, and you cannot: the game ends at once.',
    },
    {
      rule: 4,
      rows: { 'Pile, bottom to top': '5♥ 6♠ 7♦' },
      caption:
        'A pile with a red card on top goes to red, who scores 2: one point for each red card in it.',
    },
  ],
};
