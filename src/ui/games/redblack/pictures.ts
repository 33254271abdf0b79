/** Red & Black's pictures on the rules screen: situations of the game, each beside the rule it shows. */
import type { GamePictures } from '../../rules/pictures.ts';

export const pictures: GamePictures = {
  pictures: [
    {
      rule: 1,
      rows: { Opponent: '? ? ? ? ?', River: '4♠ J♦ ?', 'Your hand': '7♥ K♠ 2♦ 9♣ Q♥' },
      caption:
        'After the deal: you read your own five cards, the opponent’s are backs to you, two river cards are faceup and the third is still facedown.',
    },
    {
      rule: 4,
      rows: { River: '4♠ J♦ 10♣', 'Your hand': '7♥ K♠ 2♦ 9♣ Q♥', 'River after': '4♠ J♦ ?' },
      caption:
        'You swap the faceup 10♣: it goes into your hand and your 7♥ goes facedown in its slot. Your opponent sees you take the 10♣ and put a card down, never which; you still know it is the 7♥.',
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
    {
      rule: 8,
      rows: { 'Their hand': '3♥ 8♦ Q♥ 5♠ A♣', 'They take': '10♣' },
      caption:
        'You both acted at once: you called “3 red, 2 black” as your opponent swapped the 10♣ into their hand, before their swap reached you. Your call counts on their hand as it was, 3 red and 2 black: you win, and the swap is taken back.',
    },
  ],
};
