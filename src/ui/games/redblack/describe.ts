import type {
  AttackView,
  Colour,
  RedBlackEvent,
  RedBlackState,
} from '../../../engine/games/redblack/types.ts';
import { plural } from '../../text.ts';

/** A face's words for the log ("red 7♥"), given how the deck labels it. */
export type FaceWords = (face: number) => string;

/** One line of the game log for one public event of a Red & Black match. */
export function describeRedBlackEvent(
  event: RedBlackEvent,
  names: readonly string[],
  words: FaceWords,
): string {
  const who = (seat: number) => names[seat] ?? `seat ${seat}`;
  const count = (n: number) => `${n} card${n === 1 ? '' : 's'}`;
  switch (event.type) {
    case 'GAME':
      return event.game === 1
        ? `Game 1 begins; the joint coin made ${who(event.dealer)} the dealer.`
        : `Game ${event.game} begins; ${who(event.dealer)} deals.`;
    case 'DEAL':
      return `${who(event.seat)} was dealt ${count(event.cards.length)}, privately.`;
    case 'RIVER':
      return `River slot ${event.slot + 1} turned up ${words(event.face)}.`;
    case 'GUESS':
      return `${who(event.seat)} guessed the third river card is ${event.colour}.`;
    case 'FIRST':
      return `The third card is ${words(event.face)}: the guess was ${event.right ? 'right' : 'wrong'}, ${who(event.seat)} moves first.`;
    case 'SWAP':
      return `${who(event.seat)} chose river slot ${event.slot + 1} to swap.`;
    case 'PEEK':
      return `${who(event.seat)} peeked at river slot ${event.slot + 1}.`;
    case 'REMASK':
      return `${who(event.seat)} re-masked their hand (shuffle proof checked).`;
    case 'PLACE':
      return event.tookFace === null
        ? `${who(event.seat)} swapped with river slot ${event.slot + 1}; a hand card went in facedown.`
        : `${who(event.seat)} took ${words(event.tookFace)} from river slot ${event.slot + 1} and put a hand card in facedown.`;
    case 'LEAVE':
      return `${who(event.seat)} left river slot ${event.slot + 1} as it was.`;
    case 'ATTACK':
      return `${who(event.seat)} attacks with ${event.colour}, showing ${count(event.cards.length)}.`;
    case 'DEFEND':
      return `${who(event.seat)} defends with ${event.colour}, showing ${count(event.cards.length)}.`;
    case 'SHOWN':
      return `${who(event.seat)} showed ${words(event.face)}.`;
    case 'FLIP':
      return `River slot ${event.slot + 1} flipped: ${words(event.face)}.`;
    case 'POWER':
      return `Attack ${event.attack} against defence ${event.defence}${event.discard > 0 ? `: ${count(event.discard)} to discard` : ': nothing to discard'}.`;
    case 'DISCARD':
      return `${who(event.seat)} discarded ${count(event.cards.length)}, faceup.`;
    case 'CALL':
      return `${who(event.seat)} calls: ${event.red} red, ${event.black} black!`;
    case 'RESULT':
      return `${who(event.caller)} was ${event.right ? 'right' : 'wrong'} (the hand held ${event.red} red, ${event.black} black): ${who(event.winner)} wins the game.`;
  }
}

/** Log lines for what one table event changed in a match: the new entries of the game's log. */
export function describeRedBlack(
  before: RedBlackState,
  after: RedBlackState,
  names: readonly string[],
  words: FaceWords,
): string[] {
  const sameGame = before.round.game === after.round.game;
  const fresh = after.round.log.slice(sameGame ? before.round.log.length : 0);
  const lines = fresh.map((event) => describeRedBlackEvent(event, names, words));
  if (after.result && !before.result)
    lines.push(`${names[after.result.winner]} wins the match ${after.score[0]}–${after.score[1]}.`);
  return lines;
}

/** The last finished game of a match in words, or null before the first one ends. */
export function describeLastGame(state: RedBlackState, names: readonly string[]): string | null {
  const last = state.games.at(-1);
  if (!last) return null;
  const { call, hand } = last;
  const right = last.winner === last.caller;
  return `Game ${last.game}: ${names[last.caller]} called ${names[1 - last.caller]}'s hand ${call.red} red, ${call.black} black; it held ${hand.red} red, ${hand.black} black. ${right ? 'Right' : 'Wrong'}: ${names[last.winner]} wins the game.`;
}

/** The match score in words, with the number of games that wins it. */
export function describeScore(state: RedBlackState, names: readonly string[]): string {
  return `Score: ${names[0]} ${state.score[0]} – ${state.score[1]} ${names[1]}; the first to win ${plural(state.target, 'game')} wins the match.`;
}

/**
 * Where each point of an attack's power came from: the cards each side showed and,
 * when the colours differ, the river cards of each side's colour (the engine's power
 * less the cards shown).
 */
export function powerWords(attack: AttackView, names: readonly string[]): string | null {
  const { power, defence } = attack;
  if (!power || !defence) return null;
  const same = attack.colour === defence.colour;
  const cards = (n: number, what: string) => `${n} ${what} card${n === 1 ? '' : 's'}`;
  const side = (seat: number, colour: Colour, shown: number, total: number) => {
    const river = same ? '' : ` + ${cards(total - shown, `${colour} river`)}`;
    return `${names[seat]} ${total} (${cards(shown, colour)} shown${river})`;
  };
  // Same colour: the river stays out of it, and saying so answers "why not the river?".
  const note = same ? '; same colour, so the river does not count' : '';
  const owed = attack.owed ? `: ${names[attack.defender]} discards ${attack.owed}` : '';
  return `Power ${power.attack} against ${power.defence}: ${side(attack.attacker, attack.colour, attack.cards.length, power.attack)}, ${side(attack.defender, defence.colour, defence.cards.length, power.defence)}${note}${owed}.`;
}

/**
 * What the picked hand cards (their colours, in pick order) would do as an attack or
 * defence in `colour`: the button's label, or why nothing can be played.
 */
export function showingWords(
  type: 'ATTACK' | 'DEFEND',
  colour: Colour,
  picked: readonly Colour[],
): { label: string } | { why: string } {
  const move = type === 'ATTACK' ? 'an attack' : 'a defence';
  if (picked.includes('red') && picked.includes('black'))
    return { why: `You picked red and black cards: ${move} shows cards of one colour only.` };
  if (picked.length > 0 && picked[0] !== colour)
    return {
      why: `Your cards are ${picked[0]} but ${move} in ${colour} was chosen: choose ${picked[0]}, or pick ${colour} cards.`,
    };
  const verb = type === 'ATTACK' ? 'Attack' : 'Defend';
  // Legal, but rarely meant: the board offers it as a lesser button, never the main one.
  if (picked.length === 0) return { label: `${verb} in ${colour}, showing no cards` };
  return { label: `${verb} with ${picked.length} ${colour}` };
}
