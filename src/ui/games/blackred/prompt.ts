/** Black & Red's prompt: the line above the board's controls. */
import {
  LIMIT,
  type BlackRedMove,
  type BlackRedView,
} from '../../../engine/games/blackred/index.ts';
import { describeLastHand } from './describe.ts';

/** What the board says above its controls: what this player is asked to do, or what the table waits for. */
export function blackRedPrompt(
  view: BlackRedView,
  names: readonly string[],
  legal: readonly BlackRedMove[],
  autoplay: boolean,
): string {
  const me = view.seat;
  const them = 1 - view.seat;
  const name = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;
  const canGo = legal.some((a) => a.type === 'GO');
  const { round } = view;
  switch (view.phase) {
    case 'COIN':
      return 'Tossing a fair coin for the first dealer…';
    case 'DEAL':
      return 'Dealing 7 cards each, privately…';
    case 'UPCARD':
      return 'Turning up the upcard…';
    case 'WORD':
      // Going out or not is no choice: the page says it for its player, at once.
      return view.word === me
        ? 'Looking for 7 cards of one colour in your hand…'
        : `${name(them)} says whether they hold 7 cards of one colour…`;
    case 'DISCARD':
      return `${view.pending?.seat === me ? 'Your discard' : `${name(view.pending?.seat ?? them)}'s discard`} is being turned faceup…`;
    case 'DRAW':
      // The drawer is the last discarder.
      return view.round.last === me
        ? 'You draw from the stock, privately…'
        : `${name(them)} draws from the stock, privately…`;
    case 'RESHUFFLE':
      return 'The stock is empty: reshuffling the discards into a new stock…';
    case 'SHOWDOWN':
      return 'The hand is over: both hands are being shown…';
    case 'NEXT':
      return describeLastHand(view.history, names) ?? 'The next hand is being shuffled…';
    case 'OVER':
      return view.result?.winner === me
        ? 'You win the match.'
        : `${name(view.result?.winner ?? them)} wins the match.`;
    case 'PLAY':
      if (view.turn !== me) return `Waiting for ${name(them)} to move…`;
      if (autoplay) return 'The computer plays for you…';
      if (legal.length === 0) return 'Reading your cards…';
      if (canGo) return `No ${round.colour} card fits under ${LIMIT}: say go.`;
      return round.colour === null
        ? 'Your turn: discard any card to open a round; its colour is the round’s.'
        : `Your turn: discard a ${round.colour} card worth ${LIMIT - round.total} or less.`;
  }
}
