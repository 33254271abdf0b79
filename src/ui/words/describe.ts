/**
 * The game log in words: one line per event worth telling a player, built
 * from each log entry and the states before and after it.
 */
import type { Json, JsonObject } from '../../engine/encoding.ts';
import type { LogEntry } from '../../engine/log.ts';
import {
  owesShuffle,
  startsNextGame,
  type Offence,
  type TableState,
  type Verdict,
} from '../../engine/table/index.ts';
import type { LogReader } from '../games/game.ts';
import { gameUi } from '../games/index.ts';
import { together } from '../text.ts';

export interface LogLine {
  readonly text: string;
  readonly kind: 'table' | 'game' | 'alarm';
}

export function describeEntry(
  entry: LogEntry,
  verdict: Verdict,
  before: TableState<Json>,
  after: TableState<Json>,
  names: readonly string[],
  reader?: LogReader,
): LogLine[] {
  const name = (seat: number) => names[seat] ?? `seat ${seat}`;
  const who = name(entry.event.author);
  const body = entry.event.body;
  if (verdict === 'void') return [{ kind: 'table', text: voided(who, body, name) }];
  if (typeof verdict === 'object')
    return [
      {
        kind: 'alarm',
        text: `${who} broke the protocol (${verdict.rejected}); the table stopped.`,
      },
    ];
  const lines: LogLine[] = [];
  switch (body.type) {
    case 'KEY':
      lines.push({
        kind: 'table',
        text: `${who} published fresh keys for this shuffle (proofs of knowledge checked).`,
      });
      break;
    case 'SHARE':
      lines.push({
        kind: 'table',
        text: `${who} shared their locks on the others' armies among the other players, all of them needed to use one (each share set checked).`,
      });
      break;
    case 'HELD':
      lines.push({
        kind: 'table',
        text:
          (body.complaints as unknown[]).length === 0
            ? `${who} checked the shares they were given: every one opens.`
            : `${who} showed everyone a share they were given that does not open.`,
      });
      break;
    case 'SHUFFLE':
      lines.push({
        kind: 'table',
        text: `${who} shuffled and locked the cards (shuffle proof checked).`,
      });
      break;
    case 'AUDIT':
      lines.push({
        kind: 'table',
        text: `${who} published their secret keys for the audit (each checked against its public key).`,
      });
      break;
    case 'RECOVER': {
      const leaver = before.step.type === 'RECOVER' ? name(before.step.seat) : 'the leaver';
      lines.push({
        kind: 'table',
        text: `${who} gave their shares of ${leaver}'s lock (recovery proofs checked).`,
      });
      if (after.step.type !== 'RECOVER')
        lines.push({
          kind: 'table',
          text: `${leaver}'s lock is off every card still in the game; play goes on.`,
        });
      break;
    }
    case 'RESIGN':
      lines.push({ kind: 'game', text: `${who} resigned.` });
      break;
    case 'SEEN':
      lines.push({
        kind: 'table',
        text: `${who}'s turn reached them late: their time runs from now.`,
      });
      break;
    case 'PRESENT':
      lines.push({
        kind: 'game',
        text: `${who} answered a claim that they were absent: they are here, and the game goes on.`,
      });
      break;
    case 'ABSENT': {
      const absent = name(body.seat as number);
      lines.push({
        kind: 'game',
        text:
          before.step.type === 'AUDIT'
            ? `${absent} was declared absent by ${who}; the result stands, the audit ends without ${absent}'s keys.`
            : before.genesis.clock
              ? `${who} claimed the game: ${absent}'s time ran out.`
              : `${absent} was declared absent by ${who}.`,
      });
      break;
    }
  }
  if (after.left !== undefined && before.left === undefined)
    lines.push({ kind: 'table', text: `${leftWords(after.left[0]!.seat, after, name)}.` });
  const ui = gameUi(before.genesis.game);
  if (ui)
    lines.push(
      ...ui.describe(before.game, after.game, names, reader).map((text) => ({
        kind: 'game' as const,
        text,
      })),
    );
  return lines;
}

/** Why an event changed nothing, in words; nobody is blamed for a void event. */
function voided(who: string, body: JsonObject, name: (seat: number) => string): string {
  switch (body.type) {
    case 'ACT':
      return `${who}'s move crossed another one that got there first: void, nothing changed.`;
    case 'RESIGN':
      return `${who}'s resignation crossed the end of the game: void, the result stands.`;
    case 'ABSENT': {
      const absent = name(body.seat as number);
      return `${who} declared ${absent} absent, but ${absent} answered or the game had already ended: void, nothing changed.`;
    }
    default:
      return `${who}'s step was overtaken by a move and is void; it will be made again if still owed.`;
  }
}

/** What the table is busy with, for the progress panel; null while players simply play. */
export function describeStep(
  state: TableState<Json>,
  names: readonly string[],
): { text: string; done: number; total: number } | null {
  const seats = names.length;
  const step = state.step;
  const keys = state.keys.filter((k) => k !== null).length;
  // A table that shares its locks counts its sharing and its checks of it in its setup.
  const sharing = state.shareKeys !== undefined;
  const total = (sharing ? 4 : 2) * seats;
  const shuffledFrom = (sharing ? 3 : 1) * seats;
  // A shuffle of faceup cards mid-game: the discards becoming a new stock.
  const stock = newStock(state) ? 'Reshuffling the discards into a new stock: ' : '';
  switch (step.type) {
    case 'KEYS':
      return {
        text: `${stock}${stock ? 'e' : 'E'}xchanging fresh keys for the shuffle (${keys} of ${seats})`,
        done: keys,
        total,
      };
    case 'SHARE': {
      const dealt = step.dealt.filter(Boolean).length;
      const held = step.held.filter(Boolean).length;
      return dealt < seats
        ? {
            text: `Sharing each player's locks among the others (${dealt} of ${seats})`,
            done: seats + dealt,
            total,
          }
        : {
            text: `Each player checks the shares they were given (${held} of ${seats})`,
            done: 2 * seats + held,
            total,
          };
    }
    case 'SHUFFLE': {
      if (step.shuffled) {
        // Pipelined: each deck's shuffles count for a share of a seat's part of the bar.
        const made = step.shuffled.reduce((a, b) => a + b, 0);
        const working = owesShuffle(step).map((o) => names[o.seat]!);
        return {
          text: `${stock || 'Shuffling: '}${together(working)} ${working.length === 1 ? 'is' : 'are'} shuffling and proving it (${made} of ${step.epochs.length * seats} shuffles)`,
          done: shuffledFrom + made / step.epochs.length,
          total,
        };
      }
      return {
        text: `${stock || 'Shuffling: '}${names[step.order[step.next]!]} is shuffling and proving it (${step.next + 1} of ${seats})`,
        done: shuffledFrom + step.next,
        total,
      };
    }
    case 'REMASK':
      return { text: `${names[step.seat]} is re-masking their hand`, done: 0, total: 1 };
    case 'SEALED':
      // The sealed move stays hidden until nobody can act against the state before it.
      return step.waiting.length > 0
        ? {
            text: `${names[step.seat]} has moved; the move opens once ${together(step.waiting.map((seat) => names[seat]!))} ${step.waiting.length === 1 ? 'has' : 'have'} seen that`,
            done: 0,
            total: 1,
          }
        : { text: `${names[step.seat]} is opening their sealed move`, done: 1, total: 1 };
    case 'RECOVER': {
      const given = step.given.filter((g) => g !== null).length;
      return {
        text: `${leftWords(step.seat, state, (seat) => names[seat]!)} (${given} of ${seats - 1} players' shares)`,
        done: given,
        total: seats - 1,
      };
    }
    case 'AUDIT': {
      const published = state.audit.filter((a) => a !== null).length;
      return {
        text: `Publishing secret keys for the audit (${published} of ${seats})`,
        done: published,
        total: seats,
      };
    }
    default:
      return null;
  }
}

/**
 * What the table does once `seat` left, in words: "Dijkstra left; the table takes
 * Dijkstra's lock off the cards in play", or, with nothing to take off, that play goes on.
 */
function leftWords(seat: number, state: TableState<Json>, name: (seat: number) => string): string {
  const leaver = name(seat);
  return state.step.type === 'RECOVER'
    ? `${leaver} left; the table takes ${leaver}'s lock off the cards in play`
    : `${leaver} left; the game goes on without them`;
}

/** True while a shuffle round turns part of a deck (faceup cards) into a stock, not a whole deck. */
function newStock(state: TableState<Json>): boolean {
  const step = state.step;
  if (step.type === 'KEYS') return step.groups !== null && step.fresh && !startsNextGame(state);
  if (step.type !== 'SHUFFLE' || !step.fresh) return false;
  return step.epochs.some((e) => {
    const epoch = state.epochs[e]!;
    return epoch.cards.length < state.decks[epoch.deck]!.size;
  });
}

/** Refusals a player may meet in real life, in words; the code stays for anyone who checks. */
const REFUSALS: Record<string, string> = {
  ERR_TABLE: 'it belongs to another table or an earlier game',
  ERR_SIGNATURE: 'its signature does not match its author',
  ERR_UNKNOWN_SEAT: 'its author has no seat at this table',
};

/** Why an event was refused, in words where there are some, always with its code. */
export function describeRefusal(code: string): string {
  const words = REFUSALS[code];
  return words ? `${words} (${code})` : code;
}

/** What the audit of game `gameId` caught a player at, in words where there are some, always with its code. */
export function describeFinding(gameId: string, code: string): string {
  const words = gameUi(gameId)?.auditWords?.[code];
  return words ? `${words} (${code})` : code;
}

/** Claims a reveal can refute, in words: what the faces turned up deny. */
const CLAIM_WORDS: Record<string, string> = {
  ERR_COLOUR: 'a card shown is not of the colour named',
  ERR_FACE_MISMATCH: 'a card turned up is not the face named',
};

/** A seat caught at game `gameId`, in a sentence: by the audit, by a reveal that refuted its claim, or at an event. */
export function offenceWords(gameId: string, offence: Offence, name: string): string {
  const { event, reason } = offence;
  if (event === 'audit') return `The audit caught ${name}: ${describeFinding(gameId, reason)}.`;
  if (event === 'reveal') {
    const words = CLAIM_WORDS[reason];
    return `The cards refuted ${name}'s claim: ${words ? `${words} (${reason})` : reason}. ${name} loses.`;
  }
  return `${name} was caught: ${reason}. The table stopped.`;
}
