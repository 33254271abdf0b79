/**
 * What every game's UI module is: its board, its log words and its result words,
 * each typed by the game's own state, view and move (its options form and its guided
 * game's coach are files of their own in its folder, which the home screen reads before
 * any game's module). `defineGameUi` erases them in one place.
 */
import type { Component } from 'svelte';
import type { Json, JsonObject } from '../../engine/encoding.ts';
import type { CardId, Outcome, Seat } from '../../engine/game.ts';

/** Who reads the log: a game whose fights only some see words each line for its reader. */
export interface LogReader {
  readonly seat: Seat;
  /** The faces this seat reads privately. */
  readonly known: ReadonlyMap<CardId, number>;
}

/**
 * What every game's board takes from the table screen: the seat's view of the game,
 * and the same players, moves and computer help for every game.
 */
export interface BoardProps<View, Move> {
  readonly view: View;
  readonly names: readonly string[];
  /** Faces only this seat can read: card id -> face. */
  readonly known: ReadonlyMap<CardId, number>;
  /** The moves this seat may make now. */
  readonly legal: readonly Move[];
  /** True while the computer plays for this seat. */
  readonly autoplay: boolean;
  readonly onAct: (move: Move) => void;
  /** Absent where nobody plays (a replay): no auto-play switch is drawn. */
  readonly onAutoplay?: (on: boolean) => void;
}

/**
 * What the first move looks like on a game's board (`selector`, CSS), and whether every
 * seat gets one at once: what the bench times a table's start to. A game's
 * `first-move.ts` exports its own as `firstMove`, a plain file the bench reads in Node.
 */
export interface FirstMove {
  readonly selector: string;
  readonly everySeat: boolean;
}

/** A game's options form on the home screen: it fills `options` in, or says the `problem`. */
export type OptionsForm = Component<
  { options: JsonObject; problem?: string | null },
  Record<string, unknown>,
  'options' | 'problem'
>;

/** A coach's tip in a guided game: `id` names the situation it explains, so each is given once. */
export interface Hint {
  readonly id: string;
  readonly text: string;
}

/** True when `legal` offers a move of `type`: what a coach says hangs on it. */
export const offers = <M extends { readonly type: string }>(
  legal: readonly M[],
  type: M['type'],
): boolean => legal.some((move) => move.type === type);

/**
 * A guided first game against the computer: its coach, and a short game. A game's
 * `coach.ts` exports its own as `guided` (an `AnyGuided`).
 */
export interface Guided<V, M> {
  /**
   * The tips for the situation this seat is in, from its view and the moves it may make,
   * most useful first; an empty list where there is nothing to explain.
   */
  coach(view: V, legal: readonly M[], names: readonly string[]): readonly Hint[];
  /** Options the guided game plays with over those chosen on the home screen. */
  readonly options?: JsonObject;
}

/** A game's UI module: `S` its state, `V` one seat's view, `M` a move its board makes. */
export interface GameUi<S, V, M> {
  readonly board: Component<BoardProps<V, M>>;
  /** Log lines for what one event changed in the game, for `reader` where lines differ by seat. */
  describe(before: S, after: S, names: readonly string[], reader?: LogReader): string[];
  /** What the table plays to its end: one game, or a match of several. */
  readonly unit: 'game' | 'match';
  /** Why the game ended, in a sentence or two, from the engine's outcome and the final state. */
  reason(outcome: Outcome, state: S, names: readonly string[]): string;
  /** Between two games of a match: the last one and the score, in words. */
  interlude?(state: S, names: readonly string[]): string;
  /** Face `face` of deck `deck` (its index in the game's decks) in words, as its picture shows it. */
  faceWords(state: S, deck: number, face: number): string;
  /** Deck `deck` (its index in the game's decks) in words, where its name is no word for people: "Ann's army". */
  deckWords?(deck: number, names: readonly string[]): string;
  /** What the game's audit may name a player for, in words, by the finding's code; absent where it has no audit. */
  readonly auditWords?: Readonly<Record<string, string>>;
}

/** A game's UI module, erased: what the table screens draw from the game's id. */
export type AnyGameUi = GameUi<Json, unknown, JsonObject>;

/** A guided game, erased: its coach reads only the view and moves its own game makes. */
export type AnyGuided = Guided<unknown, JsonObject>;

/** A guided game's coach, erased. */
export type Coach = AnyGuided['coach'];

/**
 * The one place a game's UI types are erased: the screens hand each module
 * the state and view its own game made, and its board's moves go to that
 * game's `move`, which checks them; TypeScript cannot see that the id picks
 * the matching module, hence the cast.
 */
export function defineGameUi<S, V, M>(ui: GameUi<S, V, M>): AnyGameUi {
  return ui as unknown as AnyGameUi;
}
