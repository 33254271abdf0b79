/**
 * How a table ended, in words for the result panel: who won and why, read
 * from the engine's `Outcome`; and, between the games of a match, how the
 * last game ended.
 */
import type { Json } from '../../engine/encoding.ts';
import type { Outcome } from '../../engine/game.ts';
import { gameUi } from '../games/index.ts';
import { together } from '../text.ts';

/** A finished game or match, as one player reads it. */
export interface ResultWords {
  /** Who won, from this player's side: "You win the match", "Bob wins the game". */
  readonly headline: string;
  /** Why, in a sentence or two. */
  readonly reason: string;
  /** What may still change it: an ending by a claim that is not final yet. */
  readonly note?: string;
}

/**
 * The result panel's words for `outcome`, as the player at `seat` reads them. `byTable`:
 * a RESIGN or an ABSENT ended the table before its game did, and the outcome's reason
 * ("Bob was declared absent") is already in words; the game's state says nothing of it.
 */
export function describeResult(
  gameId: string,
  outcome: Outcome,
  state: Json,
  names: readonly string[],
  seat: number,
  byTable = false,
): ResultWords {
  const words = gameUi(gameId);
  const unit = words?.unit ?? 'game';
  const reason = byTable
    ? `${outcome.reason}.`
    : (words?.reason(outcome, state, names) ?? outcome.reason);
  if (outcome.result === 'draw') return { headline: `The ${unit} is a draw`, reason };
  const { winners } = outcome;
  const who = together(
    winners.map((s, i) => (s === seat ? (i === 0 ? 'You' : 'you') : (names[s] ?? `Seat ${s + 1}`))),
  );
  const verb = winners.length > 1 ? 'share' : winners[0] === seat ? 'win' : 'wins';
  const headline = `${who} ${verb} the ${unit}`;
  return { headline, reason };
}

/** Between two games of a match: how the last one ended and the score; null for a single game. */
export function describeInterlude(
  gameId: string,
  state: Json,
  names: readonly string[],
): string | null {
  return gameUi(gameId)?.interlude?.(state, names) ?? null;
}

/**
 * The result panel's words for the table's `outcome`, which is the game's own
 * (`played`) or the table's verdict over it: a RESIGN, an ABSENT or the audit,
 * whose reason is already in words.
 */
export function describeTableResult(
  gameId: string,
  outcome: Outcome,
  played: Outcome | null,
  state: Json,
  names: readonly string[],
  seat: number,
): ResultWords {
  const byTable = JSON.stringify(outcome) !== JSON.stringify(played);
  return describeResult(gameId, outcome, state, names, seat, byTable);
}

/**
 * What a player's result panel adds while a claim on a timed table ended it and the claim
 * is not final: the claimed seat may still answer within its answer time, or, once that is
 * over, the seats that have not settled it (`unsettled`) have not said that no answer
 * reached them. `reached`: whether this page reaches the claimed seat now; a page that
 * does not settles nothing, so a split is never read as a stall.
 */
export function claimNote(
  names: readonly string[],
  seat: number,
  ending: { seat: number; by: number },
  unsettled: readonly number[],
  reached: boolean,
): string {
  const name = (s: number) => (s === seat ? 'you' : (names[s] ?? `Seat ${s + 1}`));
  const away = name(ending.seat);
  const claim = ending.by === seat ? 'your claim' : `${name(ending.by)}'s claim`;
  // This page's own confirmation comes by itself once the answer time is over.
  const waiting = unsettled.filter((s) => s !== ending.seat && s !== seat);
  const who = waiting.length > 0 ? `, not yet confirmed by ${together(waiting.map(name))}` : '';
  const link = reached
    ? ` ${away === 'you' ? 'You' : away} may still answer within the answer time.`
    : ` This page cannot reach ${away} now, so the claim stays open until you are linked again: if ${away} answered in time, the game goes on.`;
  return `Not final yet: ended by ${claim}${who}.${link}`;
}

/**
 * The result panel's words for a spectator while a claim of absence ended the table and
 * the seat it names has not confirmed that ending: a spectator cannot tell a player who
 * left from one kept from it (the seat that let it watch may withhold the answer), so it
 * says who claims what, and that the claim is not settled. `linked`: how many of the
 * seats this page is linked to.
 */
export function describeUnsettledAbsence(
  names: readonly string[],
  claimant: number,
  absent: number,
  linked: number,
): ResultWords {
  const [by, away] = [
    names[claimant] ?? `Seat ${claimant + 1}`,
    names[absent] ?? `Seat ${absent + 1}`,
  ];
  const through =
    linked < names.length
      ? ` This page reaches ${linked} of the ${names.length} players, so it may not have heard ${away}'s answer.`
      : '';
  return {
    headline: `Not settled: ${by} says ${away} is absent`,
    reason: `${away} has not confirmed that the table ended so. If ${away} answers, the game goes on; the claim stands only once ${away} confirms it.${through}`,
  };
}
