/** Red & Black's prompt: the line above the board's controls. */
import type { RedBlackMove, RedBlackView } from '../../../engine/games/redblack/types.ts';

const offered = (legal: readonly RedBlackMove[], type: RedBlackMove['type']) =>
  legal.some((a) => a.type === type);

/** "a, b or c": the moves named, in the order given. */
function either(moves: readonly string[]): string {
  return moves.length < 2 ? moves.join('') : `${moves.slice(0, -1).join(', ')} or ${moves.at(-1)}`;
}

/**
 * What the board says above its controls: what this player is asked to do, offering
 * only the moves `legal` holds, or whom and what the table waits for.
 */
export function redBlackPrompt(
  view: RedBlackView,
  legal: readonly RedBlackMove[],
  names: readonly string[],
): string {
  const me = view.seat;
  const them = names[view.opponent.seat] ?? 'The other player';
  const calling = offered(legal, 'CALL') ? ` You may call ${them}'s hand instead.` : '';
  if (view.result) return `${names[view.result.winner]} wins the match.`;
  switch (view.phase) {
    case 'COIN':
      return 'Tossing a fair coin for the first dealer…';
    case 'SHUFFLE':
      return 'Next game: the deck is shuffled afresh once both players are ready.';
    case 'DEAL':
      return view.guess === null
        ? 'Dealing the hands and turning up the river…'
        : 'Turning up the third river card…';
    case 'GUESS':
      return offered(legal, 'GUESS')
        ? 'Guess the colour of the third river card: right, and you move first.'
        : `${them} is guessing the colour of the third river card…`;
    case 'PLAY': {
      if (view.turn !== me) return `${them} is choosing a move…${calling}`;
      const moves = [
        ...(offered(legal, 'SWAP') ? ['choose a river card to swap'] : []),
        ...(offered(legal, 'ATTACK') ? ['attack with cards of one colour'] : []),
        ...(offered(legal, 'CALL') ? [`call ${them}'s hand`] : []),
      ];
      return `Your turn: ${either(moves)}.`;
    }
    case 'SWAP': {
      const swap = view.swap!;
      const slot = `river slot ${swap.slot + 1}`;
      if (offered(legal, 'PLACE'))
        return offered(legal, 'LEAVE')
          ? `Pick a hand card to put in ${slot}, or leave it as it is.`
          : `Pick a hand card to put in ${slot}.`;
      if (swap.seat !== me)
        return !swap.peeked
          ? `${them} is swapping with ${slot}…`
          : view.river[swap.slot]?.faceup
            ? `${them} is choosing a hand card to put in ${slot}…`
            : `${them} is deciding whether to swap with ${slot}…`;
      return swap.peeked ? 'Re-masking your hand…' : `Showing you ${slot}…`;
    }
    case 'ATTACK': {
      const attack = view.attack!;
      const attacker = attack.attacker === me ? 'your' : `${them}'s`;
      if (offered(legal, 'DEFEND'))
        return `${them} attacks with ${attack.colour}: pick your defence.`;
      if (offered(legal, 'DISCARD'))
        return `Discard ${attack.owed} card${attack.owed === 1 ? '' : 's'} of your choice.`;
      if (attack.cards.some((c) => c.face === null)) return `Turning up ${attacker} attack…`;
      if (!attack.defence) return `${them} is defending…`;
      if (attack.defence.cards.some((c) => c.face === null))
        return `Turning up ${attack.defender === me ? 'your' : `${them}'s`} defence…`;
      if (!attack.power) return 'Flipping the river…';
      if (attack.chosen === null && (attack.owed ?? 0) > 0)
        return `${them} is choosing ${attack.owed} card${attack.owed === 1 ? '' : 's'} to discard…`;
      return 'Turning up the discards…';
    }
    case 'CALL': {
      const call = view.call!;
      const caller = call.seat === me ? 'You call' : `${them} calls`;
      const hand = call.seat === me ? `${them}'s hand` : 'your hand';
      return `${caller} ${call.red} red, ${call.black} black: turning up ${hand}…`;
    }
    case 'OVER':
      return 'The match is over.';
  }
}
