/** Town for Two's prompt: the line above the board's controls. */
import type { CardId } from '../../../engine/game.ts';
import { HAND_SIZE, type Targets, type TownView } from '../../../engine/games/town/index.ts';
import { plural } from '../../text.ts';
import { scoreWords } from './describe.ts';

/**
 * What the board says above its controls: what this player is asked to do, with the
 * run picked so far (`run`, named by `words`) and where it may go (`targets`), or what
 * the table waits for.
 */
export function townPrompt(
  view: TownView,
  names: readonly string[],
  myTurn: boolean,
  run: readonly CardId[],
  targets: Targets,
  words: (card: CardId) => string,
): string {
  const me = view.seat;
  const them = 1 - view.seat;
  const you = (seat: number) => (seat === me ? 'You' : (names[seat] ?? `Seat ${seat + 1}`));
  const runWords = run.map(words).join(' → ');
  if (view.result) {
    const { winner, score } = view.result;
    return `${winner === null ? 'A draw' : winner === me ? 'You win' : `${names[winner]} wins`}: ${scoreWords(score, names)}.`;
  }
  if (view.phase === 'OPENING') return 'Turning the first cards: the higher one goes first…';
  if (view.pending)
    return `${you(view.pending.seat)} ${view.pending.seat === me ? 'play' : 'plays'} ${plural(view.pending.cards.length, 'card')}: turning ${view.pending.cards.length === 1 ? 'it' : 'them'} faceup…`;
  if (view.phase === 'DRAW') return 'Dealing: drawing back up to 5 cards…';
  if (view.turn !== me) return `Waiting for ${names[them]} to play a run…`;
  if (!myTurn) return 'Reading your cards…';
  if (run.length === 0)
    return `Your turn: pick a run of 1 to ${HAND_SIZE} cards, each exactly 1 above or below the one before.`;
  return targets.piles.length > 0
    ? `Your run: ${runWords}. Play it on a lit pile or as a new pile, or pick more.`
    : `Your run: ${runWords}. No pile's top is 1 away from ${words(run[0]!)}: play it as a new pile, or pick more.`;
}
