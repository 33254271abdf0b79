/**
 * Each player's part in a shuffle round, as this page sees it: while the keys
 * go round and the seats shuffle (in turn, or each epoch on a chain of its own), who is at work, whose proofs this
 * page is checking, who is done. A page knows its own work (its duty being
 * made in its workers, the others' proofs being checked there) and sees the
 * others' only through their events: a seat that owes one is at work.
 */
import type { Seat } from '../../engine/game.ts';
import type { Json } from '../../engine/encoding.ts';
import { epochsOwed, epochsShuffledBy, type TableState } from '../../engine/table/index.ts';

/** Where one player stands in the round. */
export type Stage = 'waiting' | 'working' | 'checking' | 'done';

/** One player's part in the round under way. */
export interface PlayerProgress {
  readonly seat: Seat;
  readonly name: string;
  readonly stage: Stage;
  /** The stage in words: what the player does, or what this page does with its proofs. */
  readonly words: string;
}

/** How far along each stage is, out of `STAGES`, for a bar per player. */
export const STAGE_STEPS: Record<Stage, number> = { waiting: 0, working: 1, checking: 2, done: 3 };
/** The steps of a bar: `STAGE_STEPS.done`. */
export const STAGES = 3;

const WORDS: Record<'KEYS' | 'SHARE' | 'SHUFFLE' | 'RECOVER', Record<Stage, string>> = {
  KEYS: {
    waiting: 'waits',
    working: 'choosing fresh keys…',
    checking: 'keys in, checking their proofs…',
    done: 'keys checked',
  },
  SHARE: {
    waiting: 'waits for the others’ shares',
    working: 'sharing their locks…',
    checking: 'shares in, checking them…',
    done: 'shares checked',
  },
  RECOVER: {
    waiting: 'left the table',
    working: 'giving their shares of the lock…',
    checking: 'shares in, checking them…',
    done: 'shares checked',
  },
  SHUFFLE: {
    waiting: 'shuffles after the others',
    working: 'shuffling and proving it…',
    checking: 'shuffled, checking the proof…',
    done: 'shuffled, proof checked',
  },
};

/**
 * Each player's part in the key round, the sharing of the locks, the shuffle or the
 * taking of a leaver's lock off the cards
 * under way in `state`, in seat order; null at any other step. `checking`: the seats whose events
 * this page holds but is still checking the proofs of; `proving`: this seat,
 * while its own keys or shuffle are being made (perhaps ahead, on the state
 * those checks lead to), else null.
 */
export function roundProgress(
  state: TableState<Json>,
  names: readonly string[],
  checking: ReadonlySet<Seat>,
  proving: Seat | null,
): PlayerProgress[] | null {
  const step = state.step;
  if (
    step.type !== 'KEYS' &&
    step.type !== 'SHARE' &&
    step.type !== 'SHUFFLE' &&
    step.type !== 'RECOVER'
  )
    return null;
  return names.map((name, seat) => {
    let stage: Stage;
    let words: string | null = null;
    if (step.type === 'KEYS') stage = state.keys[seat] !== null ? 'done' : 'working';
    // The leaver has no part: it is the one the others wait no more on.
    else if (step.type === 'RECOVER')
      stage = seat === step.seat ? 'waiting' : step.given[seat] !== null ? 'done' : 'working';
    // A seat has shared once it dealt; it is done once it has said its own shares open.
    else if (step.type === 'SHARE')
      stage = step.held[seat]
        ? 'done'
        : step.dealt.every(Boolean) || !step.dealt[seat]
          ? 'working'
          : 'waiting';
    else if (step.shuffled) {
      // Pipelined: done with every epoch's chain, or next on one of them.
      const mine = epochsShuffledBy(step, seat);
      const all = step.epochs.length;
      stage = mine === all ? 'done' : epochsOwed(step, seat).length > 0 ? 'working' : 'waiting';
      // Between two of its shuffles a seat waits for the next deck to reach it.
      if (stage === 'waiting') words = `${mine} of ${all} shuffled, waits for the next`;
    } else {
      const turn = step.order.indexOf(seat);
      stage = turn < step.next ? 'done' : turn === step.next ? 'working' : 'waiting';
    }
    if (stage !== 'done' && checking.has(seat)) stage = 'checking';
    else if (stage === 'waiting' && seat === proving) stage = 'working';
    return {
      seat,
      name,
      stage,
      words:
        stage === 'waiting' && words
          ? words
          : stage === 'working' && step.type === 'SHARE' && step.dealt.every(Boolean)
            ? 'opening the shares they were given…'
            : WORDS[step.type][stage],
    };
  });
}
