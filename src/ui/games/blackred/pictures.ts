/** Black & Red's pictures on the rules screen: situations of the game, each beside the rule it shows. */
import type { GamePictures } from '../../rules/pictures.ts';

export const pictures: GamePictures = {
  pictures: [
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
      rule: 4,
      rows: { 'This round': '10♥ 9♦ 8♥', 'Your hand': '5♥ 6♦ 7♠ 9♣ J♠ Q♣ K♠' },
      caption:
        'A red round at 27: your red 5 and 6 would take it past 31, so you say go and draw nothing.',
    },
    {
      rule: 5,
      rows: { 'Your hand': 'A♥ 4♦ 6♥ 9♦ J♥ Q♦ K♥' },
      caption: 'Seven red cards after a draw: you go out, with 3 points if red is your colour.',
    },
  ],
};
