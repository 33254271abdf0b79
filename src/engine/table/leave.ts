/**
 * How a table ends without its game: a seat resigns, or another seat declares
 * it absent while the table waits on it, or a reveal refutes a seat's claim.
 * The first two are signed events like any other, so every game gets them;
 * all three end the table at once: nobody owes anything after them, not even
 * the audit. An audit opens a card only with
 * the secrets of every seat that put a layer on it, and the seat that left
 * will not publish its own, so an audit of the others alone would prove
 * nothing.
 *
 * The time limit after which an unreachable seat may be declared absent is
 * agreed in the genesis (`absentAfterMs`), but kept by the sessions: the fold
 * has no clock. It checks only that the table waits on the declared seat.
 * So a claim is answerable: any event of the declared seat that the claim's
 * author had not seen voids it (`Replica`), and a page that is open answers
 * a claim naming it at once with a PRESENT, its one use. A seat loses by
 * absence only while it stays silent.
 */
import type { JsonObject } from '../encoding.ts';
import type { CardId, Outcome, Seat } from '../game.ts';
import { err, ok, type Result } from '../result.ts';
import { nextStep } from './step.ts';
import type { Ending, TableState } from './types.ts';

/** The default time limit for an absent seat: two minutes. */
export const DEFAULT_ABSENT_AFTER_MS = 120_000;
/** The shortest limit a table may agree on: a reload or a brief loss of Wi-Fi must fit in it. */
export const MIN_ABSENT_AFTER_MS = 10_000;
/** The longest limit a table may agree on: an hour. */
export const MAX_ABSENT_AFTER_MS = 3_600_000;

/** True for a time limit a genesis may carry: whole milliseconds within the bounds. */
export const isAbsentLimit = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= MIN_ABSENT_AFTER_MS &&
  value <= MAX_ABSENT_AFTER_MS;

/**
 * - `ERR_GAME_OVER`: a RESIGN once the game has an outcome (the audit or
 *   later), an ABSENT once nothing is owed any more. Leaving after the
 *   outcome needs no event: the session refuses it unsigned.
 * - `ERR_NO_SEAT`: an ABSENT naming a seat that is not at this table.
 * - `ERR_OWN_SEAT`: an ABSENT naming its own author.
 * - `ERR_OWES_NOTHING`: an ABSENT naming a seat the table does not wait on.
 */
export type LeaveError = 'ERR_GAME_OVER' | 'ERR_NO_SEAT' | 'ERR_OWN_SEAT' | 'ERR_OWES_NOTHING';

const ended = <S>(state: TableState<S>, ending: Ending): TableState<S> =>
  nextStep({ ...state, ending }, { type: 'DONE' });

/** A RESIGN by `author`: valid at any step before the game's outcome. */
export function applyResign<S>(
  state: TableState<S>,
  author: Seat,
): Result<TableState<S>, LeaveError> {
  if (state.step.type === 'AUDIT' || state.step.type === 'DONE') return err('ERR_GAME_OVER');
  return ok(ended(state, { type: 'RESIGN', seat: author, by: author }));
}

/**
 * A reveal turned `card` up as `face`, and the game refused it (`reason`)
 * against the claim `seat` made on it: the table ends, and `seat` loses. The
 * face is public now. Whoever's share turned the card did nothing wrong: a
 * share is proven, so the face is what the card was all along.
 */
export function refuted<S>(
  state: TableState<S>,
  seat: Seat,
  card: CardId,
  face: number,
  reason: string,
): TableState<S> {
  const faces = state.faces.map((known, id) => (id === card ? face : known));
  return ended({ ...state, faces }, { type: 'REFUTED', seat, card, face, reason });
}

/**
 * An ABSENT by `author` naming `seat`, given the seats that owe an event
 * now. During the audit it ends the audit and leaves the game's outcome as
 * the game decided it.
 */
export function applyAbsent<S>(
  state: TableState<S>,
  author: Seat,
  seat: Seat,
  owing: readonly { seat: Seat }[],
): Result<TableState<S>, LeaveError> {
  if (state.step.type === 'DONE') return err('ERR_GAME_OVER');
  if (seat >= state.genesis.identities.length) return err('ERR_NO_SEAT');
  if (seat === author) return err('ERR_OWN_SEAT');
  if (!owing.some((o) => o.seat === seat)) return err('ERR_OWES_NOTHING');
  return ok(ended(state, { type: 'ABSENT', seat, by: author }));
}

/**
 * The table's outcome: the game's own once it has one (also when an ABSENT
 * ended its audit), else, after a RESIGN or an ABSENT, a win for every other
 * seat, together. A refuted claim is such a win whatever the game says. When the audit caught anyone, though, the seats it did not
 * name win together: a result that rests on a false claim is no result. And
 * in a game whose result rests on claims only the audit checks (`checked`),
 * a seat that would not open its keys loses as one that left.
 */
export function tableOutcome(
  state: TableState<unknown>,
  played: Outcome | null,
  checked: boolean,
): Outcome | null {
  if (state.findings.length > 0) return caught(state);
  const ending = state.ending;
  if (ending === null || (ending.type !== 'REFUTED' && played !== null && !checked)) return played;
  const name = state.genesis.names[ending.seat];
  return {
    result: 'win',
    winners: state.genesis.names.flatMap((_, other) => (other === ending.seat ? [] : [other])),
    reason:
      ending.type === 'REFUTED'
        ? `${name} made a claim the cards deny (${ending.reason})`
        : ending.type === 'RESIGN'
          ? `${name} resigned`
          : played === null
            ? `${name} was declared absent`
            : `${name} did not open their keys for the audit`,
  };
}

/** True when a claim that `seat` is absent ended the table in `state`: that seat owes its answer. */
export const claimedAbsent = (state: TableState<unknown>, seat: Seat): boolean =>
  state.ending?.type === 'ABSENT' && state.ending.seat === seat;

/** The seat an event body declares absent, or null for any other body. */
export const absentSeat = (body: JsonObject): Seat | null =>
  body.type === 'ABSENT' && typeof body.seat === 'number' ? body.seat : null;

/** The outcome once the audit named some seats: the others share the win. */
function caught(state: TableState<unknown>): Outcome {
  const { names } = state.genesis;
  const named = [...new Set(state.findings.map((f) => f.seat))].sort((a, b) => a - b);
  const reason = `the audit caught ${named.map((seat) => names[seat]).join(' and ')}`;
  const winners = names.flatMap((_, seat) => (named.includes(seat) ? [] : [seat]));
  return winners.length === 0 ? { result: 'draw', reason } : { result: 'win', winners, reason };
}
