/** War's pictures on the rules screen: situations of the game, each beside the rule it shows. */
import type { GamePictures } from '../../rules/pictures.ts';

export const pictures: GamePictures = {
  pictures: [
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
    {
      rule: 2,
      rows: { You: '9♠', Opponent: '9♥', 'Opponent’s stack': '? ?' },
      caption:
        'Two 9s: war, but your opponent has only 2 cards left, not the 4 a war needs: you win the game.',
    },
  ],
};
