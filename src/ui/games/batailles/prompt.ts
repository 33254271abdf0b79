/** Batailles et piques' prompt: the line above the board's controls. */
import type { BataillesView } from '../../../engine/games/batailles/index.ts';
import { scoreWords } from './describe.ts';

/** What the board says above its controls: what this player is asked to do, or whom the table waits for. */
export function bataillesPrompt(
  view: BataillesView,
  names: readonly string[],
  autoplay: boolean,
): string {
  const me = view.seat;
  const name = (seat: number) => (seat === me ? 'you' : (names[seat] ?? `Seat ${seat + 1}`));
  const list = (seats: readonly number[]) => seats.map(name).join(' and ');
  const acting = view.acting.includes(me) && !autoplay;
  if (view.result) {
    return view.result.reason === 'DISPUTE'
      ? 'A fight was disputed: the game stopped. The audit will name whoever lied.'
      : `Game over. ${scoreWords(view.result.scores, names)}.`;
  }
  const others = view.acting.filter((s) => s !== me);
  const waiting = `Waiting for ${list(others)}…`;
  switch (view.phase) {
    case 'DEALING':
      return 'Dealing: each player draws from their own army…';
    case 'COIN':
      return 'Drawing who goes first: every player flips a joint coin…';
    case 'LAY':
      return acting
        ? 'Pick 2 cards of your hand to lay facedown in front of you (never two Mines).'
        : waiting;
    case 'TURN':
      return acting
        ? 'Your turn: pick one of your units, then one or two cards of one other player, and Attack. Or Teamwork (both your units against one card), or a Slacker (a unit and a hand card to swap).'
        : `Waiting for ${name(view.turn!)} to play…`;
    case 'SHOWING': {
      const { attacker, defender } = view.fight!;
      return `${name(attacker) === 'you' ? 'You attack' : `${name(attacker)} attacks`} ${name(defender)}: the cards are shown to ${list([attacker, defender])} only…`;
    }
    case 'ANNOUNCE':
      return acting
        ? 'You saw the fight. Say which cards die (the other fighter must agree):'
        : `Waiting for ${name(view.fight!.awaiting!)} to say which cards die…`;
    case 'DEATHS':
      return 'The dead cards are turned faceup for everyone…';
    case 'REPLACE':
      return acting ? 'You lost a card: pick a hand card for each empty place, then Lay.' : waiting;
    case 'PEEK':
      return acting
        ? 'You killed a King: pick a card of another player to look at, or do not look.'
        : `${list(view.peeks.slice(0, 1))} killed a King and picks a card to look at…`;
    case 'SLACKER':
      return 'A Slacker: the card goes back to its owner’s hand, and the hand is re-masked…';
    default:
      return '';
  }
}
