/**
 * What every kind of step is made of (`StepKind`), and the pieces the kinds
 * share. Each kind lives in a module of its own, which exports its entry;
 * the table of every kind (`steps.ts`) is the one way the fold and the author
 * side reach the module of the step under way.
 */
import type { Json, JsonObject } from '../encoding.ts';
import type { AnyGame, Need, Seat } from '../game.ts';
import type { Decoded, TableBody } from './bodies.ts';
import type { Checks } from './checks.ts';
import type { Keyring } from './keyring.ts';
import type { Folded } from './refusal.ts';
import type { Step, TableState } from './types.ts';

/** A seat that owes (or may sign) an event now, and the kind of that event. */
export interface Owed {
  readonly seat: Seat;
  readonly kind: string;
}

/** The step under way when it is of kind `T`. */
export type StepOf<T extends Step['type']> = Extract<Step, { type: T }>;

/** A decoded event body of kind `K`. */
export type DecodedOf<K extends Decoded['type']> = Extract<Decoded, { type: K }>;

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
 * what it needs next; or the player move the event opened (an UNSEAL), which
 * the fold plays as its author's.
 */
export interface Applied<S> {
  readonly state: TableState<S>;
  readonly fact?: JsonObject;
  readonly move?: JsonObject;
}

/** What the author needs of the game: the decks of the table's first shuffle. */
export type DeckSource = Pick<AnyGame<Json>, 'decks'>;

/** The maker of a duty's body, from the seat's keyring and the game's decks. */
export type Maker = (keyring: Keyring, game: DeckSource) => TableBody | null;

/** What a seat holds besides its keys that only it can open: its coin and its sealed move. */
export type Held = Pick<Keyring, 'coin' | 'seal'>;

/**
 * The events a step of kind `T` takes, by body kind: each checks its event
 * and applies it, or says why not.
 */
export type Events<T extends Step['type']> = {
  readonly [K in Decoded['type']]?: <S extends Json>(
    turn: Turn<S, T>,
    body: DecodedOf<K>,
  ) => Folded<Applied<S>>;
};

/**
 * A kind of step, as its module says it: who owes what in it, who may act
 * besides, the events it takes, and how a seat makes the one it owes.
 */
export interface StepKind<T extends Step['type']> {
  /** The seats that owe a table event now, and its kind: those the table waits on. */
  owes(state: TableState<unknown>, step: StepOf<T>): Owed[];
  /**
   * The seats that may sign a player action (or its seal) during the step: those
   * the game waits on, and with `optional` those it lets act without waiting on them.
   */
  acts<S extends Json>(
    state: TableState<S>,
    step: StepOf<T>,
    game: AnyGame<S>,
    optional: boolean,
  ): Owed[];
  /** The step's own events: every kind its `owes` names, and a SEAL its `acts` names. */
  readonly events: Events<T>;
  /**
   * The maker of the table event `seat` owes now, from what it holds (`held`),
   * or null when it owes none, or cannot make it (an OPEN without its coin).
   */
  duty(state: TableState<unknown>, step: StepOf<T>, seat: Seat, held: Held): Maker | null;
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

/** `make`, when `owed` names `seat`: the duty of a step whose event needs nothing held. */
export const dutyOf = (owed: readonly Owed[], seat: Seat, make: Maker): Maker | null =>
  owed.some((o) => o.seat === seat) ? make : null;

/** The seats the game waits on to act now, and with `optional` those it lets act besides. */
export const actorsOf = (needs: readonly Need[], optional: boolean): Owed[] =>
  needs.flatMap((need) =>
    need.type === 'ACT'
      ? [...need.seats, ...(optional ? (need.optional ?? []) : [])].map((seat) => ({
          seat,
          kind: 'ACT',
        }))
      : [],
  );

/** The game's players act during the step as between steps. */
export const gameActs = <S extends Json>(
  state: TableState<S>,
  _step: Step,
  game: AnyGame<S>,
  optional: boolean,
): Owed[] => actorsOf(game.needs(state.game), optional);

/**
 * Nobody acts during the step: a shuffle round (its inputs must stay what its
 * keys were made for), the audit, nor once the game is over.
 */
export const noActs = (): Owed[] => [];
