import type { Json, JsonObject } from '../encoding.ts';
import type { AnyGame, Seat } from '../game.ts';
import type { Checks } from './checks.ts';
import type { Step, TableState } from './types.ts';

/** A seat that owes (or may sign) an event now, and the kind of that event. */
export interface Owed {
  readonly seat: Seat;
  readonly kind: string;
}

/** The step under way when it is of kind `T`. */
export type StepOf<T extends Step['type']> = Extract<Step, { type: T }>;

/**
 * An event of `author` on the step under way, of kind `T`, as its module
 * applies it: the state, its step, the game, and how proofs are checked.
 */
export interface Turn<S extends Json, T extends Step['type']> {
  readonly state: TableState<S>;
  readonly step: StepOf<T>;
  readonly game: AnyGame<S>;
  readonly author: Seat;
  readonly checks: Checks;
}

/**
 * What a step's event leaves to the fold: the next state, and the fact to
 * tell the game (`SHUFFLED`, `DEALT`, `COIN`, ...) before the fold asks it
 * what it needs next.
 */
export interface Applied<S> {
  readonly state: TableState<S>;
  readonly fact?: JsonObject;
}

/**
 * Moves the table to its next step. Every step change goes through here,
 * because the step number is part of every proof's context: a proof made
 * for one step verifies at no other.
 */
export const nextStep = <S>(state: TableState<S>, step: Step): TableState<S> => ({
  ...state,
  step,
  stepNo: state.stepNo + 1,
});

/** The seats whose entry in `list` is still null: those that owe theirs. */
export const seatsMissing = (list: readonly unknown[]): Seat[] =>
  list.flatMap((v, seat) => (v === null ? [seat] : []));
