import { faceLabel, faceRank, type Face } from '../../../engine/cards.ts';
import type { Outcome } from '../../../engine/game.ts';
import { battleLimitOf, WAR_FACEDOWN, type WarState } from '../../../engine/games/war/index.ts';
import { plural, thousands, together } from '../../text.ts';

const COURT: Readonly<Record<number, string>> = { 11: 'jack', 12: 'queen', 13: 'king', 14: 'ace' };

/** A face's rank with its article: "a 7", "an 8", "a king", "an ace". */
export function aRank(face: Face): string {
  const rank = faceRank(face);
  const word = COURT[rank] ?? String(rank);
  return `${/^(8|a)/.test(word) ? 'an' : 'a'} ${word}`;
}

/** The rank both players just turned, "a 7", from the faceup card of the battle under way. */
function tiedRank(state: WarState): string {
  const faceup = state.battle[0].at(-1);
  const face = faceup === undefined ? null : state.faces[faceup];
  return face === null || face === undefined ? 'the same rank' : aRank(face);
}

/** Log lines for what one event changed in a game of War. */
export function describeWar(before: WarState, after: WarState, names: readonly string[]): string[] {
  const lines: string[] = [];
  if (after.wars > before.wars) lines.push(`War! Both turned ${tiedRank(after)}.`);
  if (after.battles > before.battles && after.last) {
    const { faces, wars, cards } = after.last;
    const winner = after.last.winner as 0 | 1;
    const loser = (1 - winner) as 0 | 1;
    const war = wars > 0 ? ` after ${wars === 1 ? 'a war' : `${wars} wars`}` : '';
    lines.push(
      `Battle ${after.battles}: ${names[winner]}'s ${faceLabel(faces[winner])} beats ${names[loser]}'s ${faceLabel(faces[loser])}${war}; ${names[winner]} takes ${cards} cards.`,
    );
  }
  if (after.result?.reason === 'WAR_SHORT' && !before.result) {
    // The game ends on a tie nobody can fight out: that last battle is told too.
    const short = names.filter((_, seat) => after.stacks[seat as 0 | 1].length <= WAR_FACEDOWN);
    lines.push(
      `Battle ${after.battles + 1}: both turned ${tiedRank(after)}; war, but ${together(short)} ${short.length > 1 ? 'have' : 'has'} too few cards to finish it.`,
    );
  }
  if (after.result && !before.result) {
    const { winner, reason } = after.result;
    const why = {
      EMPTY: 'holds every card',
      WAR_SHORT: 'wins: the other cannot finish a war',
      BATTLE_LIMIT: `holds more cards after ${thousands(battleLimitOf(after))} battles`,
    }[reason];
    lines.push(winner === null ? 'The game is a draw.' : `${names[winner]} ${why}.`);
  }
  return lines;
}

/** Why a game of War ended, in a sentence, from the engine's outcome and the final state. */
export function warReason(outcome: Outcome, state: WarState, names: readonly string[]): string {
  const [a, b] = [state.stacks[0].length, state.stacks[1].length];
  const winner = outcome.result === 'win' ? (outcome.winners[0] as 0 | 1) : null;
  const cards =
    winner === null
      ? `both hold ${plural(a, 'card')}`
      : `${names[winner]} holds ${plural(winner === 0 ? a : b, 'card')} to ${names[1 - winner]}'s ${winner === 0 ? b : a}`;
  switch (outcome.reason) {
    case 'EMPTY':
      return `${names[winner ?? 0]} holds every card.`;
    case 'WAR_SHORT':
      return winner === null
        ? `Neither player had the four cards a war needs, and ${cards}.`
        : `${names[1 - winner]} had too few cards left to finish a war.`;
    default:
      return `After ${thousands(state.battles)} battles, the most a game may last, ${cards}.`;
  }
}
