/**
 * The table's time control: how long a seat may take over what it owes before another
 * seat may claim it, judged on the times events carry (`Event.at`, protocol 5 on), so
 * that every replica and every reader of a transcript reaches the same verdict.
 *
 * - A seat owes a move (a player's choice: `ACT`, `SEAL`) or a duty (what its page
 *   makes by itself: keys, shuffles, shares, ACK, UNSEAL, AUDIT...). Its time runs
 *   from the latest event the claim had seen that moved the table (`since`): a claim,
 *   its answer or a confirmation moves nothing. A claim signed before `since` plus the
 *   move time (or the duty time) is refused, and names its author: `ERR_TOO_SOON`.
 * - The claimed seat answers only with what it owes (or any event that moves the
 *   table), signed within the answer window (the duty time) after the claim: a bare
 *   "I am here" answers nothing, so a page that stalls cannot answer for ever.
 * - A claim is settled once every other seat signed an event at least the answer
 *   window after it that had seen it: an answer none of them had seen then comes too
 *   late, whatever time it carries, so a staller cannot backdate one and undo its loss.
 * - `SEEN`: a seat whose turn came with an event stamped long before it arrived says
 *   so, once per turn: its time runs from its `SEEN`. A claimer's clock cannot shorten
 *   another seat's turn by stamping its own move early.
 *
 * This module imports nothing of the table's: the home screen and the lobby read the time
 * controls from it without loading any of the table's code.
 *
 * Clocks are assumed to agree within `CLOCK_SKEW_MS`: a page holds back an event
 * stamped further ahead of its own clock until its clock gets there (`net/`), so a
 * claim stamped in the future waits for the future.
 */
import type { Seat } from '../game.ts';

/** How long a seat may take: over a move, and over a duty (also the answer window). */
export type Clock = {
  readonly moveMs: number;
  readonly dutyMs: number;
};

/** The time controls offered when a table is made. */
export const CLOCKS = {
  relaxed: { moveMs: 300_000, dutyMs: 60_000 },
  normal: { moveMs: 60_000, dutyMs: 30_000 },
  quick: { moveMs: 20_000, dutyMs: 20_000 },
} as const satisfies Record<string, Clock>;

/** The name of a time control offered. */
export type ClockName = keyof typeof CLOCKS;

/** The time control of a table made without choosing one. */
export const DEFAULT_CLOCK: Clock = CLOCKS.normal;

/**
 * Before protocol 5, the default time an absent seat had, as the pages kept it: two
 * minutes.
 */
export const DEFAULT_ABSENT_AFTER_MS = 120_000;

/** The first table protocol whose events carry `at` and whose genesis carries a `clock`. */
export const TIME_PROTOCOL = 5;

/** How far apart two honest pages' clocks may be: five seconds. */
export const CLOCK_SKEW_MS = 5_000;

/** Shortest time a clock may give: a second (tests play fast tables). */
export const MIN_CLOCK_MS = 1_000;
/** Longest time a clock may give: an hour. */
export const MAX_CLOCK_MS = 3_600_000;

const isLimit = (value: unknown): value is number =>
  typeof value === 'number' &&
  // Not 0 for a fraction, NaN or an infinity.
  value % 1 === 0 &&
  value >= MIN_CLOCK_MS &&
  value <= MAX_CLOCK_MS;

/** True for a clock a genesis may carry: exactly its two limits, each within bounds. */
export const isClock = (value: unknown): value is Clock =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value).sort().join() === 'dutyMs,moveMs' &&
  isLimit((value as Clock).moveMs) &&
  isLimit((value as Clock).dutyMs);

/** Event kinds that are a player's choice: they get the move time. */
const MOVES = new Set(['ACT', 'SEAL']);

/**
 * How long `seat` may take over what it owes, given what the table waits on (`owing`):
 * the move time if a player's choice is among it, or if its duty is the first of the next
 * game of a match (`nextGame`: its player reads how the last game ended before saying it
 * is ready), else the duty time.
 */
export const limitFor = (
  clock: Clock,
  owing: readonly { seat: Seat; kind: string }[],
  seat: Seat,
  nextGame: boolean,
) =>
  nextGame || owing.some((o) => o.seat === seat && MOVES.has(o.kind)) ? clock.moveMs : clock.dutyMs;

/** Events that leave the table where it was: a seat's time runs on across them. */
export const STILL = new Set(['ABSENT', 'PRESENT', 'CONFIRM']);

/**
 * The genesis fields that say how a table of `protocol` keeps time: its `clock` from
 * protocol 5 on (`clock`, by default the normal one), the absence limit before.
 */
export const timeFields = (
  protocol: number,
  clock: Clock = DEFAULT_CLOCK,
): { clock: Clock } | { absentAfterMs: number } =>
  protocol >= TIME_PROTOCOL ? { clock } : { absentAfterMs: DEFAULT_ABSENT_AFTER_MS };
