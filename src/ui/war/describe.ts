import { faceLabel } from '../../engine/cards.ts';
import type { Json } from '../../engine/encoding.ts';
import type { WarState } from '../../engine/games/war/index.ts';

/** Log lines for what one event changed in a game of War. */
export function describeWar(beforeJson: Json, afterJson: Json, names: readonly string[]): string[] {
  const before = beforeJson as unknown as WarState;
  const after = afterJson as unknown as WarState;
  const lines: string[] = [];
  if (after.wars > before.wars) {
    const faceup = after.battle[0].at(-1);
    const face = faceup === undefined ? null : after.faces[faceup];
    lines.push(
      `War! Both turned ${face === null || face === undefined ? 'the same rank' : `a ${faceLabel(face).slice(0, -1)}`}.`,
    );
  }
  if (after.battles > before.battles && after.last) {
    const { faces, wars, cards } = after.last;
    const winner = after.last.winner as 0 | 1;
    const loser = (1 - winner) as 0 | 1;
    const war = wars > 0 ? ` after ${wars === 1 ? 'a war' : `${wars} wars`}` : '';
    lines.push(
      `Battle ${after.battles}: ${names[winner]}'s ${faceLabel(faces[winner])} beats ${names[loser]}'s ${faceLabel(faces[loser])}${war}; ${names[winner]} takes ${cards} cards.`,
    );
  }
  if (after.result && !before.result) {
    const { winner, reason } = after.result;
    const why = {
      EMPTY: 'holds every card',
      WAR_SHORT: 'wins: the other cannot finish a war',
      BATTLE_LIMIT: 'holds more cards after 5,000 battles',
    }[reason];
    lines.push(winner === null ? 'The game is a draw.' : `${names[winner]} ${why}.`);
  }
  return lines;
}
