/**
 * War (docs/rules.md, War): the state, inputs and views of the game.
 *
 * Cards are opaque ids, their positions in the jointly shuffled deck. A card's
 * face is unknown until the table layer reveals it to everyone; the rules
 * only ever learn faces through `REVEAL` facts, and only for the cards they
 * ask for (`needs`). The three facedown cards of a war are never asked for.
 */
import type { Face } from '../../cards.ts';
import type { CardId, Played, Seat } from '../../game.ts';
import type { OptionRange } from '../common.ts';

/** War is played by exactly two seats, 0 and 1. */
export const SEATS = 2;
/** After this many battles the player with more cards wins (equal: draw); `battleLimit` may lower it. */
export const BATTLE_LIMIT = 5000;
/** The battle limits a table may pick (`battleLimit`): the rules' own where it picks none. */
export const BATTLE_LIMITS: OptionRange = { min: 1, max: BATTLE_LIMIT, default: BATTLE_LIMIT };

/** The battles after which a game of `state` ends: its table's limit, else the rules' own. */
export const battleLimitOf = (state: { readonly battleLimit?: number }): number =>
  state.battleLimit ?? BATTLE_LIMIT;
/** Facedown cards each player puts down in a war, before the faceup one. */
export const WAR_FACEDOWN = 3;

/** Something per seat, seat 0 first. */
export type PerSeat<T> = readonly [T, T];

/**
 * A player's move: `FLIP` flips the top card, or in a war puts down three
 * facedown and one faceup card. The table sets who flips (`seat`) from the
 * signed event's author, never from the event body.
 */
export type WarMove = { readonly type: 'FLIP' };

/** A move with its author, as the rules receive it. */
export type WarPlay = Played<WarMove>;

/** The table's one fact: `card`, asked for by `needs`, has been unlocked for everyone and shows `face`. */
export type WarFact = { readonly type: 'REVEAL'; readonly card: CardId; readonly face: Face };

/** Why `move` or `fact` refused an input. */
export type WarError =
  | 'ERR_ACTION'
  | 'ERR_GAME_OVER'
  | 'ERR_SEAT'
  | 'ERR_NOT_YOUR_TURN'
  | 'ERR_ALREADY_FLIPPED'
  | 'ERR_NOT_NEEDED'
  | 'ERR_FACE'
  | 'ERR_FACE_CONFLICT';

/** Why `setup` refused its options. */
export type WarSetupError = 'ERR_STACKS' | 'ERR_BATTLE_LIMIT';

/**
 * Table options. `stacks` (top card first) replaces the standard deal: for
 * constructed deals in tests and puzzles. Without it the 52 shuffled
 * positions are dealt one at a time, seat 0 first: seat 0 holds positions
 * 0, 2, 4, ... and seat 1 positions 1, 3, 5, ..., lowest on top.
 */
export type WarOptions = {
  readonly stacks?: PerSeat<readonly CardId[]>;
  /**
   * Ends the game after this many battles (1 to `BATTLE_LIMIT`) instead of 5,000. For short
   * constructed deals: about one deal of ten cards in 27 repeats forever, and would play on to 5,000.
   */
  readonly battleLimit?: number;
};

/**
 * How the game ended: `EMPTY` a player has no cards; `WAR_SHORT` a player
 * (or both) could not put down the four cards a war needs; `BATTLE_LIMIT`
 * the last battle the limit allows was played. `winner` null is a draw.
 */
export type WarResult = {
  readonly winner: Seat | null;
  readonly reason: 'EMPTY' | 'WAR_SHORT' | 'BATTLE_LIMIT';
};

/** The last battle won: the deciding faceup faces, wars fought, cards taken. */
export type BattleSummary = {
  readonly winner: Seat;
  readonly faces: PerSeat<Face>;
  readonly wars: number;
  readonly cards: number;
};

/** The whole state: plain JSON, public to every seat (War has no private cards). */
export type WarState = {
  /** Each player's facedown stack, top card first. */
  readonly stacks: PerSeat<readonly CardId[]>;
  /** `faces[card]`: the face once revealed to everyone, else null. */
  readonly faces: readonly (Face | null)[];
  /** Cards each player put down in the current battle, in play order. */
  readonly battle: PerSeat<readonly CardId[]>;
  /** Who has flipped in the current step of the battle. */
  readonly flipped: PerSeat<boolean>;
  /** Wars so far in the current battle. */
  readonly war: number;
  /** Battles finished. */
  readonly battles: number;
  /** Battles after which the game ends, when lower than `BATTLE_LIMIT` (absent, so old state hashes hold). */
  readonly battleLimit?: number;
  /** Battles each player won. */
  readonly won: PerSeat<number>;
  /** Wars declared in the whole game. */
  readonly wars: number;
  readonly last: BattleSummary | null;
  readonly result: WarResult | null;
};

/** A card on the table as a seat sees it. */
export type TableCard = {
  readonly card: CardId;
  readonly faceup: boolean;
  /** The face of a faceup card once revealed; always null for a facedown card. */
  readonly face: Face | null;
};

/** What one seat sees; in War every seat sees the same, plus its own seat number. */
export type WarView = {
  readonly seat: Seat;
  /** `FLIP`: waiting for flips; `REVEAL`: waiting for the table to reveal; `OVER`. */
  readonly phase: 'FLIP' | 'REVEAL' | 'OVER';
  /** Cards each player holds in their stack. */
  readonly held: PerSeat<number>;
  readonly battle: PerSeat<readonly TableCard[]>;
  readonly flipped: PerSeat<boolean>;
  readonly war: number;
  readonly battles: number;
  readonly battleLimit: number;
  readonly won: PerSeat<number>;
  readonly wars: number;
  readonly last: BattleSummary | null;
  readonly result: WarResult | null;
};
