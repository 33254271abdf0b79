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
import { isSeat } from '../events.ts';
import type { CardId, Outcome, Seat } from '../game.ts';
import { err, ok, type Result } from '../result.ts';
import { FieldError, fields, type Parser } from './parse.ts';
import { nextStep, noActs, type StepKind } from './step.ts';
import type { Departure, Ending, TableState } from './types.ts';

/** The shortest limit a table may agree on: a reload or a brief loss of Wi-Fi must fit in it. */
export const MIN_ABSENT_AFTER_MS = 10_000;
/** The longest limit a table may agree on: an hour. */
export const MAX_ABSENT_AFTER_MS = 3_600_000;

/** True for a time limit a genesis may carry: whole milliseconds within the bounds. */
export const isAbsentLimit = (value: unknown): value is number =>
  typeof value === 'number' &&
  // Not 0 for a fraction, NaN or an infinity.
  value % 1 === 0 &&
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
 * Seat `by` proved that `dealer` dealt it a false share at setup (sharing.ts):
 * the table ends, and the dealer loses.
 */
export const falseShare = <S>(state: TableState<S>, dealer: Seat, by: Seat): TableState<S> =>
  ended(state, { type: 'FALSE_SHARE', seat: dealer, by });

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

/** A seat named for breaking the protocol: a rejected event, equivocation, or what the audit found. */
export interface Named {
  readonly seat: Seat;
  /** The error code (`ERR_EQUIVOCATION` for two events in one place). */
  readonly reason: string;
  /** The event's hash, `seq n` for equivocation, or `audit` for what the audit found. */
  readonly event: string;
}

/**
 * The table's outcome. Two events in one place decide alone: the equivocators lose,
 * every other seat wins. Otherwise every seat named for an offence (`named`: a rejected
 * event, equivocation, a claim a reveal refuted, a claim the audit found
 * false) loses, and so does a seat that resigned or was declared absent
 * before the game's outcome, or,
 * in a game whose result rests on claims only the audit checks (`checked`),
 * one that would not open its keys for it: the other seats share the win. A
 * result that rests on a cheat is no result, so a cheater never turns a loss
 * into a no-result, nor wins on what it cheated. With nobody to blame, the
 * game's own outcome (`played`, null while it goes on), also when an ABSENT
 * ended an audit whose claims nobody needed.
 */
export function tableOutcome(
  state: TableState<unknown>,
  played: Outcome | null,
  checked: boolean,
  named: readonly Named[],
): Outcome | null {
  const { names } = state.genesis;
  const losers = new Map<Seat, string[]>();
  const lose = (seat: Seat, why: string) => losers.set(seat, [...(losers.get(seat) ?? []), why]);
  // After two events in one place the replicas' logs stop where each found them, so what
  // else they hold (a claim of absence built on one version, its answer, a resignation,
  // an audit) may differ: only the equivocation is proven alike everywhere, and it alone
  // decides. A present seat is never declared absent by an equivocator's claim.
  const equivocations = named.filter((n) => n.reason === 'ERR_EQUIVOCATION');
  if (equivocations.length > 0) {
    for (const offence of equivocations)
      lose(offence.seat, offenceWords(names[offence.seat]!, offence));
    return shared(names, losers);
  }
  const caught = [...new Set(named.filter((n) => n.event === 'audit').map((n) => n.seat))];
  // The seats the audit caught, in one phrase: "the audit caught Ada and Bob".
  const audit = `the audit caught ${caught
    .sort((a, b) => a - b)
    .map((seat) => names[seat])
    .join(' and ')}`;
  for (const seat of caught) lose(seat, audit);
  // A refuted claim and a false share are in the ending too, told below.
  const told = ['audit', 'reveal', 'complaint'];
  for (const offence of named.filter((n) => !told.includes(n.event)))
    lose(offence.seat, offenceWords(names[offence.seat]!, offence));
  const { ending } = state;
  if (ending?.type === 'REFUTED')
    lose(ending.seat, `${names[ending.seat]!} made a claim the cards deny (${ending.reason})`);
  else if (ending?.type === 'FALSE_SHARE')
    lose(ending.seat, `${names[ending.seat]!} dealt ${names[ending.by]!} a false share`);
  else if (ending !== null && (played === null || checked))
    lose(
      ending.seat,
      // A resignation is taken only before the game's outcome.
      played === null
        ? departureWords(state, ending)
        : `${names[ending.seat]!} did not open their keys for the audit`,
    );
  const leavers = state.left ?? [];
  if (losers.size === 0) return played && playedOn(state, played, leavers);
  for (const departure of leavers) lose(departure.seat, departureWords(state, departure));
  return shared(names, losers);
}

/** How a seat left, in words: "Ada resigned", "Ada ran out of time". */
function departureWords(state: TableState<unknown>, { type, seat }: Departure): string {
  const name = state.genesis.names[seat]!;
  if (type === 'RESIGN') return `${name} resigned`;
  return state.genesis.clock === undefined
    ? `${name} was declared absent`
    : `${name} ran out of time`;
}

/**
 * The game's own outcome at a table that played on without `leavers` (recovery.ts):
 * they lose, the game's rules decide between the others, and the reason says both.
 */
function playedOn(
  state: TableState<unknown>,
  played: Outcome,
  leavers: readonly Departure[],
): Outcome {
  if (leavers.length === 0) return played;
  const gone = leavers.map((departure) => departureWords(state, departure));
  const reason = [played.reason, ...gone].join('; ');
  if (played.result === 'draw') return { ...played, reason };
  const winners = played.winners.filter((seat) => !leavers.some((d) => d.seat === seat));
  return { ...played, winners, reason };
}

/** The other seats share the win against `losers`, each with why it lost. */
function shared(names: readonly string[], losers: ReadonlyMap<Seat, string[]>): Outcome {
  const reason = [...new Set([...losers.values()].flat())].join('; ');
  const winners = names.flatMap((_, seat) => (losers.has(seat) ? [] : [seat]));
  return winners.length === 0 ? { result: 'draw', reason } : { result: 'win', winners, reason };
}

/** An offence found in the log in words, with its code: what the result panel and `verify` say. */
function offenceWords(name: string, { reason }: Named): string {
  if (reason === 'ERR_EQUIVOCATION')
    return `${name} signed two different events in one place (${reason})`;
  return `${name} sent an event the protocol refuses (${reason})`;
}

/**
 * A seat's CONFIRM of an ending that the log holding it no longer has (void:
 * valid where its author stood, not where it lands): `event` is its position in
 * the log, `ending` what that seat saw the table end by. A transcript cut just
 * after it shows that ending, signed by that seat.
 */
export interface Overruled {
  readonly seat: Seat;
  readonly event: number;
  readonly ending: Ending | null;
}

/**
 * Whether the table's result is final: no other transcript of this table, one
 * that verifies, can show another result (unless a seat signs two different
 * events in one place, which names it).
 * - `final`: the game ended by its own rules, every audit in; or every seat
 *   confirmed the ending.
 * - `unconfirmed`: the table ended by a resignation, a claim of absence or a
 *   refuted claim, and the seats in `missing` did not confirm it: an event of
 *   theirs this log lacks (the claimed seat's answer, a move crossing the
 *   resignation) may undo the ending.
 * - `disputed`: unconfirmed, and the log itself holds seats' confirmations of
 *   another ending (`confirmed`), which this log undid: cut there, it is another
 *   verifying transcript with another result.
 */
export type Finality =
  | { readonly kind: 'final' }
  | { readonly kind: 'unconfirmed'; readonly missing: readonly Seat[] }
  | {
      readonly kind: 'disputed';
      readonly missing: readonly Seat[];
      readonly confirmed: readonly Overruled[];
    };

/**
 * The finality of `state`, a table that is done, given the seats that confirmed
 * its ending and the confirmations the log overruled. The game's own end needs no
 * confirmation: every seat's audit is in, so any event a seat adds stands where
 * nothing but a CONFIRM is valid. An ending before it rests on events concurrent
 * with it that the log may lack, until every seat signed that it saw none: a seat's
 * CONFIRM names all it held, and whatever it signs after stands where the table is done.
 * A confirmation of the ending the table has, overruled and made again later (a claim
 * answered, then made again and standing), disputes nothing.
 */
export function finalityOf(
  state: TableState<unknown>,
  confirmedBy: readonly Seat[],
  overruled: readonly Overruled[],
): Finality {
  const { ending } = state;
  const seats = state.genesis.identities.map((_, seat) => seat);
  const missing = seats.filter((seat) => !confirmedBy.includes(seat));
  if (state.step.type === 'DONE' && (ending === null || missing.length === 0))
    return { kind: 'final' };
  const same = JSON.stringify(ending);
  const confirmed = overruled.filter((o) => JSON.stringify(o.ending) !== same);
  return confirmed.length === 0
    ? { kind: 'unconfirmed', missing }
    : { kind: 'disputed', missing, confirmed };
}

/**
 * True when a claim that `seat` is absent ended the table in `state`, or made it play on
 * without that seat (recovery.ts): that seat owes its answer.
 */
export const claimedAbsent = (state: TableState<unknown>, seat: Seat): boolean =>
  // Stryker disable next-line ArrayDeclaration: an element that is no departure has no type, and names nobody
  [state.ending, ...(state.left ?? [])].some((d) => d?.type === 'ABSENT' && d.seat === seat);

/**
 * DONE: nobody owes anything, and no event of the table's is taken. A claim
 * that a seat is absent ended the table: a page that is open answers it with a
 * PRESENT (before protocol 5: a timed table's claimed seat answers with what
 * it owes).
 */
export const DONE: StepKind<'DONE'> = {
  owes: () => [],
  acts: noActs,
  events: {},
  duty: (state, _, seat) =>
    claimedAbsent(state, seat) && state.genesis.clock === undefined
      ? () => ({ type: 'PRESENT' })
      : null,
};

/** The seat an event body declares absent, or null for any other body. */
export const absentSeat = (body: JsonObject): Seat | null =>
  // Stryker disable next-line ConditionalExpression,LogicalOperator: asked of applied claims, or of bodies whose verdict decides first: only an ABSENT has a seat once parsed, always a number
  body.type === 'ABSENT' && typeof body.seat === 'number' ? body.seat : null;

/** A RESIGN body: no fields. */
export const parseResign: Parser<'RESIGN'> = (body) => {
  fields(body);
  return { type: 'RESIGN' };
};

/** An ABSENT body: the seat it declares absent. */
export const parseAbsent: Parser<'ABSENT'> = (body) => {
  fields(body, 'seat');
  if (!isSeat(body.seat)) throw new FieldError();
  return { type: 'ABSENT', seat: body.seat };
};

/** A PRESENT body: no fields. */
export const parsePresent: Parser<'PRESENT'> = (body) => {
  fields(body);
  return { type: 'PRESENT' };
};

/** A CONFIRM body: no fields. */
export const parseConfirm: Parser<'CONFIRM'> = (body) => {
  fields(body);
  return { type: 'CONFIRM' };
};
