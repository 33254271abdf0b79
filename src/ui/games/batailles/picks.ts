/**
 * What the Batailles board lets a player pick, read off the legal moves alone:
 * a hand card, one of its units, an enemy card. A move is made of picks, and
 * each pick is offered only when some legal move still contains it, so the
 * board never builds a move the rules would refuse.
 */
import type { CardId } from '../../../engine/game.ts';
import type { BataillesMove } from '../../../engine/games/batailles/index.ts';

/** The picks so far: hand cards (a lay, a replacement, a Slacker), one unit in play, enemy cards. */
export interface Picks {
  readonly hand: readonly CardId[];
  readonly unit: CardId | null;
  readonly targets: readonly CardId[];
}

export const NO_PICKS: Picks = { hand: [], unit: null, targets: [] };

const sameSet = (a: readonly CardId[], b: readonly CardId[]) =>
  a.length === b.length && a.every((card) => b.includes(card));

/** The legal move the picks make for `type`, if any. */
export function moveFor(
  moves: readonly BataillesMove[],
  type: 'LAY' | 'REPLACE' | 'ATTACK' | 'TEAMWORK' | 'SLACKER' | 'PEEK',
  picks: Picks,
): BataillesMove | null {
  const found = moves.find((m) => {
    switch (m.type) {
      case 'LAY':
      case 'REPLACE':
        return m.type === type && sameSet(m.cards, picks.hand);
      case 'ATTACK':
        return type === 'ATTACK' && m.unit === picks.unit && sameSet(m.targets, picks.targets);
      case 'TEAMWORK':
        return type === 'TEAMWORK' && picks.targets.length === 1 && m.target === picks.targets[0];
      case 'SLACKER':
        return type === 'SLACKER' && m.unit === picks.unit && [m.card].join() === picks.hand.join();
      case 'PEEK':
        return (
          type === 'PEEK' &&
          m.card !== null &&
          picks.targets.length === 1 &&
          m.card === picks.targets[0]
        );
      default:
        return false;
    }
  });
  return found ?? null;
}

/** The hand cards of every legal move that takes hand cards. */
function handCards(move: BataillesMove): CardId[] {
  if (move.type === 'LAY' || move.type === 'REPLACE') return [...move.cards];
  return move.type === 'SLACKER' ? [move.card] : [];
}

/** True when some legal move holds the picked hand cards and `card` too. */
export function mayPickHand(moves: readonly BataillesMove[], picks: Picks, card: CardId): boolean {
  const want = [...picks.hand, card];
  return moves.some((m) => {
    const cards = handCards(m);
    const unitFits = m.type !== 'SLACKER' || picks.unit === null || m.unit === picks.unit;
    return unitFits && want.every((c) => cards.includes(c));
  });
}

/** True when some legal move attacks with, or slacks, the unit `card`. */
export const mayPickUnit = (moves: readonly BataillesMove[], card: CardId): boolean =>
  moves.some((m) => (m.type === 'ATTACK' || m.type === 'SLACKER') && m.unit === card);

/** True when some legal move aims at the picked targets and `card` too (with the picked unit, if any). */
export function mayPickTarget(
  moves: readonly BataillesMove[],
  picks: Picks,
  card: CardId,
): boolean {
  const want = [...picks.targets, card];
  return moves.some((m) => {
    if (m.type === 'ATTACK')
      return (
        (picks.unit === null || m.unit === picks.unit) && want.every((c) => m.targets.includes(c))
      );
    if (m.type === 'TEAMWORK' || m.type === 'PEEK')
      return want.length === 1 && (m.type === 'TEAMWORK' ? m.target : m.card) === card;
    return false;
  });
}

/** Toggles `card` in `list`: out if in, else in. */
export const toggle = (list: readonly CardId[], card: CardId): CardId[] =>
  list.includes(card) ? list.filter((c) => c !== card) : [...list, card];

/**
 * The fighter's word when the faces allow only one: the board says it for the player,
 * with no click, since there is nothing to choose. Null while there is a choice or
 * nothing to say.
 */
export function onlyWord(moves: readonly BataillesMove[]): BataillesMove | null {
  return moves.length === 1 && moves[0]!.type === 'ANNOUNCE' ? moves[0]! : null;
}
