/**
 * Red & Black's coach, for a guided first game: what the situation this seat is in means
 * and what its choices do, read from its view and the moves `legalActions` offers it.
 */
import type {
  RedBlackMove,
  RedBlackView,
  RiverView,
} from '../../../engine/games/redblack/types.ts';
import { offers, type AnyGuided, type Hint } from '../game.ts';

/**
 * The tips for `view`'s seat now, most useful first: the goal of the game while it is on,
 * until the player has read it, then what the situation asks of them.
 */
export function redBlackCoach(
  view: RedBlackView,
  legal: readonly RedBlackMove[],
  names: readonly string[],
): Hint[] {
  const them = names[view.opponent.seat] ?? 'your opponent';
  const goal: Hint = {
    id: 'goal',
    text: `Your goal: name exactly how many red and black cards ${them} holds. Both of you lock every card and shuffle the deck in turn, so nobody knows its order; then each holds 5 cards only they can read, with a river of 3 between you.`,
  };
  return [...(view.result ? [] : [goal]), ...situation(view, legal, them)];
}

/** The tips for what the situation asks of `view`'s seat. */
function situation(view: RedBlackView, legal: readonly RedBlackMove[], them: string): Hint[] {
  if (view.result)
    return [
      {
        id: 'over',
        text: 'The match is over, and every card of it can be opened now: See the audit shows each one, with who saw it and when. Play again, or invite a friend to a table of your own.',
      },
    ];
  switch (view.phase) {
    case 'GUESS':
      return offers(legal, 'GUESS')
        ? [
            {
              id: 'guess',
              text: 'Nobody can read the third river card yet, not even the dealer. Guess its colour: if you are right, you move first.',
            },
          ]
        : [
            {
              id: 'guess-other',
              text: `You deal this game, so ${them} guesses the colour of the third river card: right, and ${them} moves first.`,
            },
          ];
    case 'PLAY':
      if (view.turn === view.seat) return yourTurn(view, legal, them);
      return offers(legal, 'CALL')
        ? [
            {
              id: 'their-turn',
              text: `${them} is choosing a move. You may call ${them}'s hand even now, on ${them}'s turn.`,
            },
          ]
        : [];
    case 'SWAP':
      if (offers(legal, 'LEAVE')) return [{ id: 'peeked', text: peekedWords(view, them) }];
      return offers(legal, 'PLACE')
        ? [
            {
              id: 'place',
              text: `Pick the card to put facedown in the river. ${them} sees the slot, never the card: not even a card ${them} saw in an attack can be followed into the river.`,
            },
          ]
        : [];
    case 'ATTACK':
      if (offers(legal, 'DEFEND')) return [{ id: 'defend', text: defendWords(view, them) }];
      return offers(legal, 'DISCARD')
        ? [
            {
              id: 'discard',
              text: `Pick the cards you give up. They are turned faceup and leave the game, so ${them} learns them: keep the colours you want ${them} to misjudge.`,
            },
          ]
        : [];
    default:
      return [];
  }
}

function yourTurn(view: RedBlackView, legal: readonly RedBlackMove[], them: string): Hint[] {
  const swap: Hint = {
    id: 'swap',
    text: [
      'Your turn.',
      swapWords(view, legal),
      ...(offers(legal, 'ATTACK') ? [] : ['No attack on the very first turn.']),
      // With no card to put down, a swap is a look: the hand stays as it is.
      ...(view.hand.length > 0
        ? [`Every swap changes what ${them} has to guess about your hand.`]
        : []),
    ].join(' '),
  };
  const attack: Hint = {
    id: 'attack',
    text: `Your turn. Besides swapping, you may attack: show cards of one colour. ${them} defends the same way; if your side is stronger, ${them} discards the difference faceup. Each card shown tells you more about the hand you must call.`,
  };
  const call: Hint = {
    id: 'call',
    text: `When you think you know ${them}'s hand, pick the numbers of red and black cards under “Call ${them}'s hand” and press Call. Exact, you win the game; wrong, you lose it. ${them} holds ${view.opponent.cards.length} card${view.opponent.cards.length === 1 ? '' : 's'} now.`,
  };
  return [
    swap,
    ...(offers(legal, 'ATTACK') ? [attack] : []),
    ...(offers(legal, 'CALL') ? [call] : []),
  ];
}

/**
 * How to swap, told from the river cards on offer: only the kinds there are (a faceup card
 * to take, a facedown one to peek at), and the facedown cards the player already knows.
 */
function swapWords(view: RedBlackView, legal: readonly RedBlackMove[]): string {
  const offered = legal.flatMap((move) => (move.type === 'SWAP' ? [view.river[move.slot]!] : []));
  const faceup = offered.some((slot) => slot.faceup);
  const unseen = offered.some((slot) => !slot.faceup && !slot.readable);
  const known = offered.filter((slot) => !slot.faceup && slot.readable);
  const how =
    view.hand.length === 0
      ? 'Swap: with no card left to put down, you may only look at a facedown river card and leave it.'
      : faceup && unseen
        ? 'Swap: pick a faceup river card to take it, putting one of yours facedown in its place, or a facedown one to peek at it first.'
        : faceup
          ? 'Swap: pick a faceup river card to take it, putting one of yours facedown in its place.'
          : unseen
            ? 'Swap: pick a facedown river card to peek at it, then take it by putting one of yours facedown in its place, or leave it.'
            : 'Swap: pick a river card to take it, putting one of yours facedown in its place, or leave it.';
  return known.length === 0 ? how : `${how} ${knownWords(view, known)}`;
}

/** The facedown river cards the player already knows, and why. */
function knownWords(view: RedBlackView, known: readonly RiverView[]): string {
  const slots = known.map((slot) => slot.slot + 1);
  if (slots.length > 1)
    return `You already know the facedown cards in slots ${slots.slice(0, -1).join(', ')} and ${slots.at(-1)}.`;
  const why = known[0]!.placedBy === view.seat ? 'you put it there' : 'you peeked at it';
  return `You already know the facedown card in slot ${slots[0]}: ${why}.`;
}

/** The attack the player defends against, and what each defence does with the river as it lies. */
function defendWords(view: RedBlackView, them: string): string {
  const { colour, cards } = view.attack!;
  const shown = `${cards.length} ${colour} card${cards.length === 1 ? '' : 's'}`;
  const river = view.river.some((slot) => !slot.faceup)
    ? 'turns the river faceup, each river card adding 1 to its colour’s side'
    : 'brings in the river, each river card adding 1 to its colour’s side';
  return `${them} attacks with ${shown}. Defend by showing cards of one colour, or none. A different colour ${river}; the same colour leaves the river out. If ${them} is still stronger, you discard the difference.`;
}

/** The river card the player is looking at, whoever put it there, and what may follow. */
function peekedWords(view: RedBlackView, them: string): string {
  const slot = view.river[view.swap!.slot]!;
  const whose =
    slot.placedBy === view.seat
      ? 'You put that river card there yourself.'
      : `${them} put that river card there, so you both know it now.`;
  return `${whose} Take it by putting one of your cards in its place, or leave it: either way ${them} learns only which slot you looked at.`;
}

/** Red & Black's guided game: one game, not a match, with this coach. */
export const guided: AnyGuided = { coach: redBlackCoach, options: { target: 1 } };
