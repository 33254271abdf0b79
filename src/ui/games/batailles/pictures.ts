/** Batailles et piques' pictures on the rules screen: situations of the game, each beside the rule it shows. */
import type { Face } from '../../../engine/cards.ts';
import UnitCard from './UnitCard.svelte';
import type { GamePictures } from '../../rules/pictures.ts';

/** A unit's face from its label: its strength (1 to 13), `K` the King, `M` a Mine. */
const unit = (label: string): Face => (label === 'K' ? 13 : label === 'M' ? 14 : +label - 1);

export const pictures: GamePictures = {
  pictures: [
    {
      rule: 0,
      rows: { 'An army': '1 2 4 8 K M' },
      caption: 'Special cards: the Spies 1 and 2, the Minesweepers 4 and 8, the King and a Mine.',
    },
    {
      rule: 3,
      rows: { 'You and Ann see': '9 5', 'The others see': '? 5' },
      caption:
        'Your 9 attacks Ann’s 5: you and Ann see both cards. The others see two cards fight and one die: the dead 5 is turned faceup for all, your 9 stays hidden.',
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
  // Units, not standard cards: read from their strength and drawn as the board draws them.
  face: unit,
  card: UnitCard,
};
