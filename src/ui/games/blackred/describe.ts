/**
 * Black & Red in words: a card ("7♥"), the game log's lines, the last hand
 * and the score between hands, and why the match ended.
 */
import { faceLabel } from '../../../engine/cards.ts';
import type { Outcome } from '../../../engine/game.ts';
import {
  colourFor,
  type BlackRedEvent,
  type BlackRedState,
  type ClaimKind,
  type HandRecord,
  type HandReason,
} from '../../../engine/games/blackred/index.ts';
import { plural } from '../../text.ts';

/** A card as its picture shows it: "7♥", "K♠", "A♦". */
export const cardWords = (face: number): string => faceLabel(face);

const list = (faces: readonly number[]) => faces.map(cardWords).join(' ');

/** Why a hand scored what it did, for the log and the summary between hands. */
const REASONS: Record<HandReason, string> = {
  DEALT: 'dealt 7 of one colour',
  BOTH_DEALT: 'both were dealt 7 of one colour',
  OWN: 'out on their own colour',
  OTHER: 'out on the other colour',
  STOCK: 'nothing could be reshuffled: a draw',
};

/** What a false claim was, in words. */
const CLAIMS: Record<ClaimKind, string> = {
  GO: 'said go while holding a card that fitted',
  NO_SEVEN: 'said they held no 7 cards of one colour while they did',
  OUT: 'went out without 7 cards of one colour',
};

/** One line of the game log for one event. */
export function describeBlackRedEvent(
  event: BlackRedEvent,
  names: readonly string[],
  colours: readonly [string, string] | null,
): string {
  const who = (seat: number) => names[seat] ?? `seat ${seat + 1}`;
  switch (event.type) {
    case 'HAND':
      return event.number === 1
        ? `Hand 1 begins; the joint coin made ${who(event.dealer)} the dealer.`
        : `Hand ${event.number} begins; ${who(event.dealer)} deals.`;
    case 'DEAL':
      return `${who(event.seat)} was dealt ${plural(event.count, 'card')}, privately.`;
    case 'UPCARD':
      return colours === null
        ? `The upcard is ${cardWords(event.face)}.`
        : `The upcard is ${cardWords(event.face)}: ${who(0)} collects ${colours[0]}, ${who(1)} ${colours[1]}.`;
    case 'DISCARD':
      return event.opens
        ? `${who(event.seat)} discarded ${cardWords(event.face)}, opening a round: total ${event.total}.`
        : `${who(event.seat)} discarded ${cardWords(event.face)}: total ${event.total}.`;
    case 'TAKE':
      return `${who(event.seat)} took the upcard ${cardWords(event.face)}.`;
    case 'DRAW':
      return `${who(event.seat)} drew from the stock, privately.`;
    case 'GO':
      return `${who(event.seat)} says go at ${event.total}.`;
    case 'ROUND':
      return event.reason === 'LIMIT'
        ? `31: the round ends; ${who(event.starter)} opens the next.`
        : `Both said go: the round ends; ${who(event.starter)} opens the next.`;
    case 'RESHUFFLE':
      return `The stock ran out: ${plural(event.cards, 'discard')} ${event.cards === 1 ? 'was' : 'were'} shuffled again into a new stock, under fresh keys${event.kept > 0 ? ` (the round's ${event.kept} ${event.kept === 1 ? 'stays' : 'stay'} on the pile)` : ''}.`;
    case 'OUT':
      return `${who(event.seat)} goes out!`;
    case 'STOCK':
      return `The stock ran out and nothing can be reshuffled: the hand is a draw.`;
    case 'SHOW':
      return `${who(event.seat)} shows ${list(event.faces)}.`;
    case 'SCORE':
      return event.seat === null
        ? `Nobody scores: ${REASONS[event.reason]}.`
        : `${scoreLine(event.points, names)} (${REASONS[event.reason]}).`;
    case 'CHEAT':
      return `${who(event.seat)} ${CLAIMS[event.claim]} (${list(event.faces)}): ${who(event.seat)} loses the match.`;
  }
}

/** Who scored how much in one hand: "Alice scores 3", "Alice and Bob score 5 each". */
function scoreLine(points: readonly number[], names: readonly string[]): string {
  const [a, b] = points;
  if (a! > 0 && b! > 0) return `${names[0]} and ${names[1]} score ${a} each`;
  const seat = a! > 0 ? 0 : 1;
  return `${names[seat]} scores ${points[seat]}`;
}

/** The match score in words: "Alice 3 – 1 Bob, first to 11". */
export const matchScore = (state: BlackRedState, names: readonly string[]): string =>
  `Score: ${names[0]} ${state.score[0]} – ${state.score[1]} ${names[1]}, first to ${state.target}.`;

/** Each seat's colour, once the upcard is turned. */
const coloursOf = (state: BlackRedState): [string, string] | null => {
  const [a, b] = [colourFor(state.hand, 0), colourFor(state.hand, 1)];
  return a === null || b === null ? null : [a, b];
};

/** Log lines for what one table event changed in a match: the new entries of the hand's log. */
export function describeBlackRed(
  before: BlackRedState,
  after: BlackRedState,
  names: readonly string[],
): string[] {
  const sameHand = before.hand.number === after.hand.number && before.hand.dealer !== null;
  const fresh = after.hand.log.slice(sameHand ? before.hand.log.length : 0);
  const colours = coloursOf(after);
  const lines = fresh.map((event) => describeBlackRedEvent(event, names, colours));
  if (after.result?.reason === 'TARGET' && !before.result)
    lines.push(`${names[after.result.winner]} wins the match ${after.score[0]}–${after.score[1]}.`);
  return lines;
}

/** The last finished hand in words, or null before the first ends. */
export function describeLastHand(
  history: readonly HandRecord[],
  names: readonly string[],
): string | null {
  const last = history.at(-1);
  if (!last) return null;
  const reason = REASONS[last.reason];
  const scored =
    last.seat === null
      ? `nobody scores (${reason})`
      : `${scoreLine(last.points, names)}: ${reason}`;
  const stock =
    last.reshuffles > 0
      ? ` The stock was rebuilt from the discards ${times(last.reshuffles)}.`
      : '';
  return `Hand ${last.number}: ${scored}.${stock}`;
}

/** How a hand ended, short, for the table of hands: "Bob out, own colour · restocked 1×". */
export function handWords(hand: HandRecord, names: readonly string[]): string {
  const who = hand.seat === null ? '' : `${names[hand.seat]} `;
  const how: Record<HandReason, string> = {
    DEALT: 'dealt one colour',
    BOTH_DEALT: 'both dealt one colour',
    OWN: 'out, own colour',
    OTHER: 'out, other colour',
    STOCK: 'a draw',
  };
  const restocked = hand.reshuffles > 0 ? ` · restocked ${hand.reshuffles}×` : '';
  return `${hand.reason === 'BOTH_DEALT' || hand.seat === null ? '' : who}${how[hand.reason]}${restocked}`;
}

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/** Between two hands, and at the end: the last hand and the score. */
export function blackRedStanding(state: BlackRedState, names: readonly string[]): string {
  return `${describeLastHand(state.history, names) ?? ''} ${matchScore(state, names)}`.trim();
}

/** Why the match ended as it did. */
export function blackRedReason(
  _outcome: Outcome,
  state: BlackRedState,
  names: readonly string[],
): string {
  const { result } = state;
  if (result?.reason === 'FALSE_CLAIM')
    return `${names[result.cheat]} ${CLAIMS[result.claim]}, which the cards showed when they were turned: ${names[result.cheat]} loses the match. ${matchScore(state, names)}`;
  return blackRedStanding(state, names);
}
