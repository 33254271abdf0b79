/**
 * Town for Two in words: a card ("7♥"), the game log's lines, why a run cannot
 * be played, and how the game ended, pile by pile.
 */
import { faceLabel } from '../../../engine/cards.ts';
import { plural } from '../../text.ts';
import { together } from '../../text.ts';
import type { Outcome } from '../../../engine/game.ts';
import {
  ownerOf,
  standardFace,
  type Score,
  type TownEvent,
  type TownState,
} from '../../../engine/games/town/index.ts';

/** A card of `seat`'s deck with face `face`, as its picture shows it: "7♥", "A♠". */
export const cardWords = (seat: number, face: number): string =>
  faceLabel(standardFace(seat, face));

const cards = (n: number) => plural(n, 'card');

/** Under a pile: who would take it if the game ended now, for how much; a lone card scores nothing. */
export function pileWords(
  pile: { readonly owner: number | null; readonly points: number },
  names: readonly string[],
  me: number,
): string {
  if (pile.owner === null) return 'Lone card: no points';
  return `${pile.owner === me ? 'You' : (names[pile.owner] ?? `Seat ${pile.owner + 1}`)}: ${plural(pile.points, 'pt')}`;
}

/** One line of the game log for one event. */
export function describeTownEvent(event: TownEvent, names: readonly string[]): string {
  const who = (seat: number) => names[seat] ?? `seat ${seat + 1}`;
  switch (event.type) {
    case 'FLIP':
      return `${who(event.seat)} turned up ${cardWords(event.seat, event.face)}: pile ${event.pile + 1}.`;
    case 'FIRST':
      return `${who(event.seat)}'s card is higher: ${who(event.seat)} goes first.`;
    case 'DRAW':
      return `${who(event.seat)} drew ${cards(event.cards.length)}, privately.`;
    case 'PLAY': {
      const run = event.cards.map((card, i) => cardWords(ownerOf(card), event.faces[i]!)).join(' ');
      const where = event.fresh ? `as new pile ${event.pile + 1}` : `on pile ${event.pile + 1}`;
      return `${who(event.seat)} played ${run} ${where}.`;
    }
    case 'END':
      return `${who(event.seat)} cannot draw back up to 5 (${cards(event.short)} short): the game ends.`;
  }
}

/** The score in words: "Alice 9 – 7 Bob". */
export const scoreWords = (score: Score, names: readonly string[]): string =>
  `${names[0]} ${score.points[0]} – ${score.points[1]} ${names[1]}`;

/** Log lines for what one table event changed: the new entries of the game's log. */
export function describeTown(
  before: TownState,
  after: TownState,
  names: readonly string[],
): string[] {
  const lines = after.log.slice(before.log.length).map((event) => describeTownEvent(event, names));
  if (after.result && !before.result) {
    const { winner, score } = after.result;
    lines.push(
      `${winner === null ? 'A draw' : `${names[winner]} wins`}: ${scoreWords(score, names)}.`,
    );
  }
  return lines;
}

/** Why the game ended as it did: the short deck, then the score pile by pile. */
export function townReason(_outcome: Outcome, state: TownState, names: readonly string[]): string {
  const { result } = state;
  if (!result) return '';
  const scored = result.score.piles.flatMap((p) =>
    p.owner === null
      ? []
      : [`pile ${p.pile + 1} to ${names[p.owner]} for ${plural(p.points, 'point')}`],
  );
  const lone = result.score.piles.flatMap((p) => (p.owner === null ? [String(p.pile + 1)] : []));
  if (lone.length > 0)
    scored.push(
      lone.length === 1
        ? `pile ${lone[0]}, a lone card, removed`
        : `piles ${together(lone)}, lone cards, removed`,
    );
  const piles = scored.join('; ');
  return `${names[result.seat]} could not draw back up to 5. Score ${scoreWords(result.score, names)}: ${piles}.`;
}

/** Why a pick cannot join the run, in words, from `targetsFor`'s reason code. */
const WHY: Record<string, string> = {
  ERR_NOT_A_RUN: 'each card of a run must be exactly 1 above or below the one before',
  ERR_TOO_MANY_CARDS: 'a run has at most 5 cards',
  ERR_NOT_YOUR_TURN: 'it is not your turn to play',
  ERR_FACES: 'you cannot read that card yet',
  ERR_DUPLICATE_CARD: 'that card is already in the run',
  ERR_NOT_IN_HAND: 'that card is not in your hand',
};

export const whyNot = (code: string): string => WHY[code] ?? code;
