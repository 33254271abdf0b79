/**
 * The computer player of Black & Red. It sees what a human would: its view
 * (with the faces it reads on its own hand), its legal moves, the faceup
 * discards, and nothing of the opponent's hand but the count.
 *
 * Its word on its hand after a deal or draw is no choice (out with 7 of one
 * colour, else no seven): it takes the one legal move, as it says go when it
 * must; at a table its session says the word before the bot is asked. It
 * collects its own colour, unless its hand holds 5 of the other (`SWITCH`):
 * 1 point soon beats 3 points far off. Otherwise it values each discard: a card of the colour it
 * does not collect is worth getting rid of, one it collects worth keeping
 * (`COLOUR`); so it opens a round in the other colour, which forces the
 * opponent to follow with its own. Reaching exactly 31 ends the round and
 * lets it open the next (`LIMIT_BONUS`); leaving a gap to 31 that the
 * opponent may close costs the chance that the opponent holds a card of that
 * value in that colour (`RISK`). Among cards alike, the other colour's high
 * cards go first and its own low ones (`PACE`): measured against a random
 * player, that wins more hands than the other way round.
 */
import type { Face } from '../../cards.ts';
import { DECK_SIZE } from '../../cards.ts';
import { colourOf, otherColour, valueOf } from './setup.ts';
import { HAND_SIZE, LIMIT, type BlackRedPlay, type BlackRedView, type Colour } from './types.ts';

/** The worth of discarding a card of the other colour (negated for one's own). */
export const COLOUR = 10;
/** The worth of reaching 31 exactly: the round ends and the bot opens the next one. */
export const LIMIT_BONUS = 6;
/** The cost of the opponent certainly closing the gap to 31. */
export const RISK = 4;
/** Per point of value: the other colour's high cards go first, one's own low ones. */
export const PACE = 0.2;
/** How far the other colour must lead in the hand (5 to 2) for the bot to collect it instead. */
export const SWITCH = 3;

/** The move to make now, or null when the bot owes nothing. */
export function chooseAction(
  view: BlackRedView,
  legal: readonly BlackRedPlay[],
  random: () => number,
): BlackRedPlay | null {
  if (legal.length === 0) return null;
  const discards = legal.filter((play) => play.type === 'DISCARD');
  if (discards.length === 0) return legal[0]!;
  const mine = goalColour(view);
  let best: BlackRedPlay[] = [];
  let bestValue = -Infinity;
  for (const play of discards) {
    const value = worth(view, play.face, mine);
    if (value > bestValue + 1e-9) {
      best = [play];
      bestValue = value;
    } else if (Math.abs(value - bestValue) <= 1e-9) best.push(play);
  }
  return best[Math.floor(random() * best.length)]!;
}

/** The colour the bot collects: its own, unless the other leads its hand by `SWITCH` or more. */
export function goalColour(view: BlackRedView): Colour | null {
  const mine = view.colours?.[view.seat] ?? null;
  if (mine === null) return null;
  const own = view.hand.filter((c) => c.face !== null && colourOf(c.face) === mine).length;
  return view.hand.length - own - own >= SWITCH ? otherColour(mine) : mine;
}

/** The bot's value of discarding `face` now, collecting `mine`: see the module comment. */
export function worth(view: BlackRedView, face: Face, mine: Colour | null): number {
  const colour = colourOf(face);
  const value = valueOf(face);
  const own = colour === mine;
  const total = view.round.total + value;
  let worth = (own ? -COLOUR : COLOUR) + (own ? -value : value) * PACE;
  if (total === LIMIT) return worth + LIMIT_BONUS;
  const gap = LIMIT - total;
  if (gap <= 10) worth -= RISK * closeOdds(view, colour, gap, face);
  return worth;
}

/**
 * The chance that the opponent's hand holds a card of `colour` worth `gap`,
 * its hand being any of the cards the bot has not seen (the faceup discards
 * and its own hand, less the card it is about to discard, are seen).
 */
export function closeOdds(view: BlackRedView, colour: Colour, gap: number, leaving: Face): number {
  const seen = [...view.older, ...view.roundCards, ...view.hand, ...view.opponent].flatMap((c) =>
    c.face === null || c.face === leaving ? [] : [c.face],
  );
  const matches = (face: Face) => colourOf(face) === colour && valueOf(face) === gap;
  const inDeck = gap === 10 ? 8 : 2;
  const left = inDeck - seen.filter(matches).length;
  const unseen = DECK_SIZE - seen.length - 1;
  const held = Math.min(HAND_SIZE, unseen);
  let none = 1;
  for (let i = 0; i < held; i++) none *= Math.max(0, unseen - left - i) / (unseen - i);
  return 1 - none;
}
