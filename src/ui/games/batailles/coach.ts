/**
 * Batailles et piques' coach, for a guided first game: what the situation this seat is in
 * means and what its choices do, read from its view and the moves `legalActions` offers it.
 */
import type { BataillesMove, BataillesView } from '../../../engine/games/batailles/index.ts';
import { offers, type AnyGuided, type Hint } from '../game.ts';

/** "1 Teamwork card", "2 Slacker cards". */
const count = (n: number, kind: string) => `${n} ${kind} card${n === 1 ? '' : 's'}`;

/** The goal of Batailles while the game is on (until read), then what the moment asks. */
export function bataillesCoach(
  view: BataillesView,
  legal: readonly BataillesMove[],
  names: readonly string[],
): Hint[] {
  const goal: Hint = {
    id: 'goal',
    text: 'Your goal: kill the most enemy cards, 1 point each and 2 for a King. Every player locks and shuffles every army in turn, so nobody knows the order of any army, not even its owner; the cards you draw from yours only you can read.',
  };
  return [...(view.result ? [] : [goal]), ...situation(view, legal, names)];
}

/** The tips for what the situation asks of `view`'s seat. */
function situation(
  view: BataillesView,
  legal: readonly BataillesMove[],
  names: readonly string[],
): Hint[] {
  const me = view.seat;
  const name = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;
  if (view.result)
    return [
      {
        id: 'over',
        text: 'The game is over. Every player now publishes their keys, and your page opens every card and checks every fight, pass and card laid: See the audit shows what it found.',
      },
    ];
  const fight = view.fight;
  const fighting = fight !== null && (fight.attacker === me || fight.defender === me);
  switch (view.phase) {
    case 'LAY':
      return offers(legal, 'LAY')
        ? [
            {
              id: 'lay',
              text: 'Pick 2 hand cards and lay them: they go facedown in front of you, and only you know them. A Mine kills any attacker but a Minesweeper (4 or 8); never lay both Mines.',
            },
          ]
        : [];
    case 'TURN':
      return offers(legal, 'ATTACK') || offers(legal, 'SLACKER') ? yourTurn(view) : [];
    case 'SHOWING':
    case 'ANNOUNCE':
      return fighting
        ? [
            {
              id: 'fight',
              text: `Only you and ${name(fight!.attacker === me ? fight!.defender : fight!.attacker)} see this fight's cards. The fighter with a choice says first which cards die, the other agrees or disputes: a false word is caught by the audit at the end.`,
            },
          ]
        : [
            {
              id: 'watch',
              text: 'Other players are fighting: only the two of them see the cards. You learn which cards die, and a dead card is turned faceup for everyone.',
            },
          ];
    case 'REPLACE':
      return offers(legal, 'REPLACE')
        ? [
            {
              id: 'replace',
              text: 'You lost a card in play: pick a hand card for each empty place and Lay it, facedown again.',
            },
          ]
        : [];
    case 'PEEK':
      return offers(legal, 'PEEK')
        ? [
            {
              id: 'peek',
              text: 'You killed a King: pick one card in play of another player to look at. Only you see it.',
            },
          ]
        : [];
    default:
      return [];
  }
}

function yourTurn(view: BataillesView): Hint[] {
  const mine = view.seats[view.seat]!;
  return [
    {
      id: 'attack',
      text: 'Your turn. Pick one of your units in play, then one or two cards in play of one other player, and Attack. Only you and that player see the fight. A Spy (1 or 2) kills the King; a Minesweeper (4 or 8) defuses a Mine.',
    },
    {
      id: 'specials',
      text: `Besides attacking: Teamwork sends both your units against one card, and a Slacker swaps a unit in play with a hand card, with no fight. You have ${count(mine.teamwork, 'Teamwork')} and ${count(mine.slacker, 'Slacker')} left.`,
    },
  ];
}

/** Batailles et piques' guided game: a game as chosen on the home screen, with this coach. */
export const guided: AnyGuided = { coach: bataillesCoach };
