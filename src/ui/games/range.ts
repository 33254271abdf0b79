/** What the options forms say of a number out of its range, from the range the game's `setup` checks. */
import { inRange, type OptionRange } from '../../engine/games/common.ts';

/** Why `value` is no `what` a table may take, in words, or null when it is one. */
export const refusal = (what: string, value: number, range: OptionRange): string | null =>
  inRange(value, range)
    ? null
    : `${what} must be a whole number from ${range.min} to ${range.max}.`;
