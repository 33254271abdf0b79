/**
 * War's starting state: the deal.
 *
 * The deck was shuffled jointly before this, so a card id says nothing about
 * its face; dealing is only bookkeeping of which positions each player holds.
 */
import { DECK_SIZE } from '../../cards.ts';
import type { CardId, TableTerms } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { inRange } from '../common.ts';
import {
  BATTLE_LIMITS,
  type PerSeat,
  type WarOptions,
  type WarSetupError,
  type WarState,
} from './types.ts';

/** The standard deal: 52 positions one at a time, seat 0 first, lowest position on top. */
export function standardStacks(): PerSeat<CardId[]> {
  const stacks: PerSeat<CardId[]> = [[], []];
  for (let card = 0; card < DECK_SIZE; card++) stacks[card % 2]?.push(card);
  return stacks;
}

/**
 * The starting state for `options`. Constructed `stacks` must hold distinct
 * card ids in 0..51, at least one card in all. A player dealt no card has
 * already lost.
 */
export function setup(options: WarOptions = {}): Result<WarState, WarSetupError> {
  const stacks = options.stacks ?? standardStacks();
  if (!validStacks(stacks)) return err('ERR_STACKS');
  const { battleLimit } = options;
  if (battleLimit !== undefined && !inRange(battleLimit, BATTLE_LIMITS))
    return err('ERR_BATTLE_LIMIT');
  const [a, b] = stacks;
  const result =
    a.length === 0 || b.length === 0
      ? ({ winner: a.length === 0 ? 1 : 0, reason: 'EMPTY' } as const)
      : null;
  return ok({
    stacks: [[...a], [...b]],
    faces: Array<null>(DECK_SIZE).fill(null),
    battle: [[], []],
    flipped: [false, false],
    war: 0,
    battles: 0,
    won: [0, 0],
    wars: 0,
    last: null,
    result,
    ...(battleLimit === undefined ? {} : { battleLimit }),
  });
}

function validStacks(stacks: unknown): stacks is PerSeat<readonly CardId[]> {
  if (!Array.isArray(stacks) || stacks.length !== 2) return false;
  if (!stacks.every((stack) => Array.isArray(stack))) return false;
  const all = (stacks as unknown[][]).flat();
  const valid = all.every(
    (card) => typeof card === 'number' && Number.isInteger(card) && card >= 0 && card < DECK_SIZE,
  );
  return valid && all.length > 0 && new Set(all).size === all.length;
}

/** War's table terms, apart from its rules: one standard deck. */
export const warTerms: TableTerms<WarState, WarOptions> = {
  setup,
  decks: () => [{ name: 'deck', size: DECK_SIZE }],
};
