/** Batailles et piques' prompt: the line above the board's controls. */
import type { BataillesView } from '../../../engine/games/batailles/index.ts';
import { fightTitle, scoreWords, seatName } from './describe.ts';

/** What the board says above its controls: what this player is asked to do, or whom the table waits for. */
export function bataillesPrompt(
  view: BataillesView,
  names: readonly string[],
  autoplay: boolean,
): string {
  const me = view.seat;
  const name = (seat: number) => seatName(seat, me, names);
  const list = (seats: readonly number[]) => seats.map(name).join(' and ');
  const acting = view.acting.includes(me) && !autoplay;
  if (view.result) {
    return view.result.reason === 'DISPUTE'
      ? 'A fight was disputed: the game stopped. The audit will name whoever lied.'
      : `Game over. ${scoreWords(view.result.scores, names)}.`;
  }
  const others = view.acting.filter((s) => s !== me);
  // This seat owes a move only while the computer plays for it (else `acting`).
  const computer = 'The computer plays for you…';
  const waiting = others.length > 0 ? `Waiting for ${list(others)}…` : computer;
  const waitingFor = (seat: number, to: string) =>
    seat === me ? computer : `Waiting for ${name(seat)} to ${to}…`;
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
        : waitingFor(view.turn!, 'play');
    case 'SHOWING': {
      const fight = view.fight!;
      return `${fightTitle(fight, me, names)}: the cards are shown to ${list([fight.attacker, fight.defender])} only…`;
    }
    case 'ANNOUNCE':
      if (!acting) return waitingFor(view.fight!.awaiting!, 'say which cards die');
      return view.fight!.announcements.length === 0
        ? 'You saw the fight. Say which cards die (the other fighter must agree):'
        : 'You saw the fight, and the other fighter has had their say. Say which cards die:';
    case 'DEATHS':
      return 'The dead cards are turned faceup for everyone…';
    case 'REPLACE':
      return acting ? 'You lost a card: pick a hand card for each empty place, then Lay.' : waiting;
    case 'PEEK':
      return acting
        ? 'You killed a King: pick a card of another player to look at, or do not look.'
        : view.peeks[0] === me
          ? computer
          : `${name(view.peeks[0]!)} killed a King and picks a card to look at…`;
    case 'SLACKER':
      return 'A Slacker: the card goes back to its owner’s hand, and the hand is re-masked…';
    default:
      return '';
  }
}
