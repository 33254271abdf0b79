/**
 * The computer player of Town for Two. It sees what a human would: its view,
 * its legal plays (with the faces it reads on its hand) and nothing of the
 * opponent's hand but the count.
 *
 * One look ahead: each legal play is worth the score difference it leaves,
 * less the opponent's best expected reply, plus a little for every card it
 * gets down (long runs put more of its colour under its tops). The reply:
 * for each pile, what the opponent gains by topping it with one card (the
 * cards of both colours it takes over, or one more on a pile of its own),
 * times the chance that its hand holds a card 1 away from that top, from the
 * opponent's cards not yet faceup (its hand is 5 of them, any 5 alike). A
 * play that ends the game (its deck cannot refill the hand) is judged by the
 * final score alone: taken when it wins, avoided when it loses.
 */
import type { Seat } from '../../game.ts';
import { other, rankOf } from './setup.ts';
import { TOP_RANK, TOWN_DECK, type TownPlay, type TownView } from './types.ts';

/** Weight of each card a play gets down, beside the score. */
export const CARD_BONUS = 0.3;
/** What winning or losing on the spot is worth against any score difference. */
const DECISIVE = 1000;

type Card = { readonly seat: Seat; readonly rank: number };

/** The play to make now, or null when the bot owes nothing. */
export function chooseAction(
  view: TownView,
  legal: readonly TownPlay[],
  random: () => number,
): TownPlay | null {
  if (legal.length === 0) return null;
  const odds = replyOdds(view);
  let best: TownPlay[] = [];
  let bestValue = -Infinity;
  for (const play of legal) {
    const value = worth(view, play, odds);
    if (value > bestValue + 1e-9) {
      best = [play];
      bestValue = value;
    } else if (Math.abs(value - bestValue) <= 1e-9) best.push(play);
  }
  return best[Math.floor(random() * best.length)]!;
}

/** The bot's value of `play`: see the module comment. */
export function worth(view: TownView, play: TownPlay, odds: readonly number[]): number {
  const me = view.seat;
  const piles: Card[][] = view.piles.map((p) =>
    p.cards.map((c) => ({ seat: c.seat, rank: c.rank })),
  );
  const run = play.faces.map((face) => ({ seat: me, rank: rankOf(face) }));
  if (play.pile === null) piles.push(run);
  else piles[play.pile] = [...piles[play.pile]!, ...run];
  const diff = difference(piles, me);
  if (play.cards.length > view.decks[me]!)
    return diff === 0 ? 0 : Math.sign(diff) * DECISIVE + diff;
  const threat = Math.max(
    0,
    ...piles.map((pile) => gain(pile, other(me)) * odds[pile.at(-1)!.rank]!),
  );
  return diff - threat + CARD_BONUS * play.cards.length;
}

/** `seat`'s points less its opponent's, scored as at the end. */
function difference(piles: readonly (readonly Card[])[], seat: Seat): number {
  let diff = 0;
  for (const pile of piles) {
    if (pile.length < 2) continue;
    const owner = pile.at(-1)!.seat;
    const points = pile.filter((card) => card.seat === owner).length;
    diff += owner === seat ? points : -points;
  }
  return diff;
}

/** What `seat` gains over its opponent by putting one card of its own on `pile`. */
function gain(pile: Card[], seat: Seat): number {
  const before = difference([pile], seat);
  return difference([[...pile, { seat, rank: 0 }]], seat) - before;
}

/**
 * For each top rank 1..10 (index = rank), the chance that the opponent's
 * hand holds a card 1 away from it, its hand being any 5 of its cards not
 * yet faceup.
 */
export function replyOdds(view: TownView): number[] {
  const them = other(view.seat);
  const unseen = Array<number>(TOP_RANK + 2).fill(2);
  let hidden = TOWN_DECK;
  const faceup = [
    ...view.piles.flatMap((p) => p.cards.filter((c) => c.seat === them).map((c) => c.rank)),
    ...(view.pending?.seat === them ? view.pending.faces.map(rankOf) : []),
  ];
  for (const rank of faceup) {
    unseen[rank]!--;
    hidden--;
  }
  const held = Math.min(view.opponentHand, hidden);
  return Array.from({ length: TOP_RANK + 1 }, (_, top) => {
    if (top === 0) return 0;
    const near = [top - 1, top + 1].filter((r) => r >= 1 && r <= TOP_RANK);
    const count = near.reduce((sum, r) => sum + unseen[r]!, 0);
    return 1 - choose(hidden - count, held) / choose(hidden, held);
  });
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1);
  return result;
}
