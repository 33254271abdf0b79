/**
 * Whom the table waits for, in words: the players whose link is down, those the game
 * needs next first ("Waiting for Bob to reconnect…"), and this page itself when it
 * cannot make its part, so nobody stares at a still table.
 */
import type { Seat } from '../../engine/game.ts';
import type { Clock } from '../../engine/table/clock.ts';
import type { Step } from '../../engine/table/index.ts';
import type { SeatLinkState } from '../../net/seats.ts';
import { together } from '../text.ts';

/**
 * One or more sentences on the links that are not up, or null when every link is.
 * `owed` are the seats the table waits on now (their duty or their move).
 */
export function linkWords(
  names: readonly string[],
  links: readonly SeatLinkState[],
  owed: readonly Seat[],
): string | null {
  const seats = (state: SeatLinkState, owing?: boolean) =>
    names.filter(
      (_, seat) => links[seat] === state && (owing === undefined || owed.includes(seat) === owing),
    );
  const sentences: string[] = [];
  const say = (who: string[], sentence: (who: string, many: boolean) => string) => {
    if (who.length > 0) sentences.push(sentence(together(who), who.length > 1));
  };
  say(seats('reconnecting', true), (who) => `Waiting for ${who} to reconnect…`);
  say(seats('connecting', true), (who) => `Waiting for ${who} to connect…`);
  say(seats('reconnecting', false), (who, many) => `${who} ${many ? 'are' : 'is'} reconnecting…`);
  say(seats('connecting', false), (who) => `Connecting to ${who}…`);
  say(seats('gone'), (who, many) => `${who} ${many ? 'have' : 'has'} left the table.`);
  return sentences.length > 0 ? sentences.join(' ') : null;
}

/**
 * The players whose proof of who they are came made on another link, in words, or null
 * when there are none: someone sits in the middle of the link to each (the page that
 * relayed its codes, a signaling server), so the table waits on them for a reason the
 * player must see.
 */
export function middleWords(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const who = together(names);
  const links = names.length > 1 ? 'links' : 'link';
  return (
    `Someone sits in the middle of your ${links} to ${who}: their proof of who they are was made ` +
    `on another link, so what passes on yours may be read or changed there. Nothing on it counts ` +
    `as ${who}'s, and the table waits until you are linked directly.`
  );
}

/** A span of time in words: "90 seconds", "5 minutes". */
const span = (ms: number): string => {
  const minutes = ms / 60_000;
  return Number.isInteger(minutes) && minutes >= 2
    ? `${minutes} minutes`
    : `${Math.round(ms / 1000)} seconds`;
};

/** The table's time control, in a sentence for those about to sit at it. */
export function clockWords({ moveMs, dutyMs }: Clock): string {
  return (
    `Time control: ${span(moveMs)} a move, ${span(dutyMs)} for what a page does by itself. ` +
    `A player whose time runs out can be claimed, and loses unless they answer within ${span(dutyMs)}.`
  );
}

/** This seat's part of each step, as the sentence of a failure names it. */
const DUTIES: Record<Step['type'], string> = {
  KEYS: 'your keys for the shuffle',
  SHARE: 'your shares of your locks, or your check of the shares you were given',
  SHUFFLE: 'your shuffle',
  RECOVER: "your shares of the leaver's lock",
  UNLOCK: 'your unlock share',
  COPY: 'your unlock share',
  LOCK: 'your lock',
  REMASK: 'the re-mask of your hand',
  REKEY: 'your fresh key for the cards shown',
  SEALED: 'your part of a sealed move (seeing it, or opening your own)',
  COIN: 'your part of the coin toss',
  AUDIT: 'your keys for the audit',
  PLAY: 'your step',
  DONE: 'your answer to a claim that you are absent',
};

/**
 * Why the table cannot go on from this page, in words, or null while it can: a duty this
 * device could not make (the table waits on it), a proof it could not check, or a store
 * it could not write (it then signs nothing more). The other players see only the wait.
 */
export function failureWords(session: {
  readonly dutyError: { readonly step: Step['type']; readonly reason: string } | null;
  readonly poolError: string | null;
  readonly storeError: string | null;
}): string | null {
  const { dutyError, poolError, storeError } = session;
  const stuck = 'The table cannot go on from this page; the other players see it wait on you.';
  if (dutyError !== null)
    return `Your device could not make ${DUTIES[dutyError.step]}: ${dutyError.reason}. ${stuck}`;
  if (poolError !== null)
    return `Your device could not check the other players' proofs: ${poolError}. ${stuck}`;
  if (storeError !== null)
    return `This page could not save the table: ${storeError}. It signs and sends nothing more. ${stuck}`;
  return null;
}
