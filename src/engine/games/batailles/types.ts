/**
 * Batailles et piques (docs/rules.md): the state, inputs and views of a
 * game for 3 to 6 players.
 *
 * Each seat owns an army of 16 cards, its own deck (`army-1`, `army-2`, ...),
 * shuffled jointly by every seat: seat p's cards are ids 16p..16p+15. A
 * card's face is its index in its army: faces 0..12 are the units 1..13
 * (1 and 2 are Spies, 4 and 8 Minesweepers), face 13 the King (strength 16),
 * faces 14 and 15 the two Mines.
 *
 * The rules never see a face that is not public. Faces become public only
 * when a card dies (`REVEAL`). Everything else a player claims on faces it
 * alone sees (no two Mines laid, no Mine attacking, the result of a fight
 * only the two fighters saw) is recorded as an exhibit and judged by `audit`
 * once every key is open.
 */
import type { CardId, Played, Seat } from '../../game.ts';

/** Cards in each army. */
export const ARMY = 16;
/** A full hand. */
export const HAND_SIZE = 6;
/** Cards each player has in play. */
export const SLOTS = 2;
/** Teamwork and Slacker cards each player starts with. */
export const SPECIALS = 2;
/** A table seats three to six players, one army each. */
export const MIN_SEATS = 3;
export const MAX_SEATS = 6;
/** The King's face, and its strength. */
export const KING = 13;
export const KING_STRENGTH = 16;

/** A card's face: its index in its army, 0..15. */
export type Face = number;

/** The table's options: how many players, one army each. */
export type BataillesOptions = { readonly players: number };

/**
 * A player's move, as offered by `legalActions`.
 *
 * - `LAY`: at the start, two hand cards go into play facedown.
 * - `ATTACK`: one unit in play (`unit`) against one or two cards in play of
 *   one other player (`targets`).
 * - `TEAMWORK`: both units in play against one enemy card; uses a Teamwork.
 * - `SLACKER`: no attack; the card in play `unit` goes back to the hand and
 *   the hand card `card` takes its place; uses a Slacker.
 * - `PASS`: the player can neither attack nor use a Slacker.
 * - `STOP`: every other player can no longer attack: the game ends.
 * - `ANNOUNCE`: a fighter's word on the fight: the cards that die (in
 *   ascending id order), or null when the attack itself broke a rule (a Mine
 *   attacking).
 * - `REPLACE`: hand cards for the empty places in play, in place order;
 *   fewer than there are places only when the rest cannot be laid.
 * - `PEEK`: after killing a King, a card in play of another player to look
 *   at, or null to look at none.
 */
export type BataillesMove =
  | { readonly type: 'LAY'; readonly cards: readonly CardId[] }
  | { readonly type: 'ATTACK'; readonly unit: CardId; readonly targets: readonly CardId[] }
  | { readonly type: 'TEAMWORK'; readonly target: CardId }
  | { readonly type: 'SLACKER'; readonly unit: CardId; readonly card: CardId }
  | { readonly type: 'PASS' }
  | { readonly type: 'STOP' }
  | { readonly type: 'ANNOUNCE'; readonly deaths: readonly CardId[] | null }
  | { readonly type: 'REPLACE'; readonly cards: readonly CardId[] }
  | { readonly type: 'PEEK'; readonly card: CardId | null };

/** A move as `move` receives it: with its author and how many moves it had seen. */
export type BataillesPlay = Played<BataillesMove>;

/**
 * A fact the table layer has established; only the table calls `fact`. Each
 * answers a need, but `LEFT`: the table tells it when it accepts that a seat
 * has left for good (it resigned, or its absence was claimed and the claim
 * stood), whatever the game waits for then.
 */
export type BataillesFact =
  | { readonly type: 'DEALT'; readonly cards: readonly CardId[]; readonly to: Seat }
  | { readonly type: 'SHOWN'; readonly cards: readonly CardId[]; readonly to: readonly Seat[] }
  | { readonly type: 'REVEAL'; readonly card: CardId; readonly face: Face }
  | { readonly type: 'REMASKED'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly type: 'COIN'; readonly bit: number }
  | { readonly type: 'RECORDED'; readonly cards: readonly CardId[] }
  | { readonly type: 'LEFT'; readonly seat: Seat };

/**
 * Why `move` or `fact` refused an input.
 *
 * A move: `ERR_NOT_YOUR_MOVE` (this seat owes no move now, or not this kind),
 * `ERR_NOT_IN_HAND`, `ERR_NOT_IN_PLAY` (a unit that is not this seat's card
 * in play), `ERR_TARGETS` (not one or two distinct cards in play of one
 * other player), `ERR_NO_TEAMWORK` / `ERR_NO_SLACKER` (none left, or not
 * two units in play), `ERR_CANNOT_PASS` (a Slacker could still be used),
 * `ERR_CANNOT_STOP` (another player may still attack), `ERR_DEATHS` (not
 * distinct fighters of this fight in ascending order), `ERR_PLACES` (more
 * cards than empty places), `ERR_PEEK` (not another player's card in play).
 *
 * A fact: `ERR_NOT_NEEDED` (not what the game waits for), `ERR_FACE` (no
 * face of an army), `ERR_FACE_CONFLICT` (a face its army has already shown:
 * a bad reveal), `ERR_SEAT` (a `LEFT` for no seat of the table), `ERR_LEFT`
 * (a `LEFT` for a seat that has already left).
 */
export type BataillesError =
  | 'ERR_ACTION'
  | 'ERR_GAME_OVER'
  | 'ERR_SEAT'
  | 'ERR_NOT_YOUR_MOVE'
  | 'ERR_NOT_IN_HAND'
  | 'ERR_NOT_IN_PLAY'
  | 'ERR_TARGETS'
  | 'ERR_NO_TEAMWORK'
  | 'ERR_NO_SLACKER'
  | 'ERR_CANNOT_PASS'
  | 'ERR_CANNOT_STOP'
  | 'ERR_DEATHS'
  | 'ERR_PLACES'
  | 'ERR_PEEK'
  | 'ERR_NOT_NEEDED'
  | 'ERR_FACE'
  | 'ERR_FACE_CONFLICT'
  | 'ERR_LEFT';

/** Why `setup` refused its options. */
export type BataillesSetupError = 'ERR_OPTIONS';

/**
 * What the audit may name a seat for, once every face is open:
 * `ERR_TWO_MINES` (two Mines in play after its lay), `ERR_MUST_LAY` (it left
 * a place empty holding a card it could lay), `ERR_FALSE_PASS` (it passed
 * with a unit in play), `ERR_MINE_ATTACKS` (a Mine among its attackers),
 * `ERR_FIGHT_RESULT` (its word on a fight does not follow from the faces).
 */
export type AuditError =
  'ERR_TWO_MINES' | 'ERR_MUST_LAY' | 'ERR_FALSE_PASS' | 'ERR_MINE_ATTACKS' | 'ERR_FIGHT_RESULT';

/** One fighter's word on a fight. */
export type Announcement = { readonly seat: Seat; readonly deaths: readonly CardId[] | null };

/** A fight: who attacks whom with which cards, and what each fighter said of it. */
export type Fight = {
  readonly attacker: Seat;
  readonly defender: Seat;
  readonly attackers: readonly CardId[];
  readonly defenders: readonly CardId[];
  /**
   * The exhibit of its cards (attackers, then defenders), kept once they are
   * shown: the attacker's copies of them, then the defender's, each under its
   * own show key alone. Either fighter's published keys open the fight, so
   * keys another seat keeps hide none of it.
   */
  readonly exhibit: number;
  /** True once the table has shown its cards to both fighters. */
  readonly shown: boolean;
  readonly announcements: readonly Announcement[];
};

/** An exhibit asked for: its cards, each as the seat at its place in `as` holds it (`RECORD`). */
export type Recording = { readonly cards: readonly CardId[]; readonly as: readonly Seat[] };

/**
 * A claim on faces nobody else sees, judged by the audit on its exhibit (the
 * claimant's cards in play, then, for `REPLACE`, its hand, each as the
 * claimant holds it: its copy of a card a fight or a peek showed, which its
 * own keys open alone, though the card still carries the other member's
 * layer): `LAY`, `SLACKER`
 * and `REPLACE` say no two Mines are in play, a `REPLACE` with a place left
 * empty that nothing in hand could fill it, `PASS` that no unit is in play.
 */
export type Claim = {
  readonly type: 'LAY' | 'SLACKER' | 'REPLACE' | 'PASS';
  readonly seat: Seat;
  readonly exhibit: number;
  /** How many of the exhibit's cards are in play (the rest are the hand). */
  readonly inPlay: number;
};

/**
 * Where the game stands.
 *
 * - `OPENING`: hands of 6 are dealt, then every player lays 2 (any order).
 * - `TURN`: hands are refilled, the first player drawn by coins if not yet,
 *   then the turn player owes a move.
 * - `FIGHT`: the fight's cards are being shown to both fighters, then each
 *   fighter announces (the one who has a choice first).
 * - `DEATHS`: the dead cards are being turned faceup for everyone.
 * - `REPLACE`: owners who lost cards refill their places from hand; the
 *   players who killed a King (`peekers`) peek after.
 * - `PEEK`: each player who killed a King picks a card to look at, then the
 *   table shows it (`card` set while it is being shown).
 * - `SLACKER`: the card back in hand is dealt to its owner alone, then the
 *   hand is re-masked.
 */
export type Stage =
  | { readonly type: 'OPENING' }
  | { readonly type: 'TURN' }
  | { readonly type: 'FIGHT' }
  | { readonly type: 'DEATHS'; readonly cards: readonly CardId[] }
  | { readonly type: 'REPLACE'; readonly seats: readonly Seat[]; readonly peekers: readonly Seat[] }
  | { readonly type: 'PEEK'; readonly seats: readonly Seat[]; readonly card: CardId | null }
  | {
      readonly type: 'SLACKER';
      readonly seat: Seat;
      readonly card: CardId;
      readonly dealt: boolean;
    };

/** One entry of the game log, in play order; every field is public. */
export type BataillesEvent =
  | { readonly type: 'DRAW'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly type: 'LAY'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly type: 'FIRST'; readonly seat: Seat }
  | {
      readonly type: 'ATTACK';
      readonly seat: Seat;
      readonly defender: Seat;
      readonly attackers: readonly CardId[];
      readonly defenders: readonly CardId[];
      readonly teamwork: boolean;
    }
  | { readonly type: 'ANNOUNCE'; readonly seat: Seat; readonly deaths: readonly CardId[] | null }
  | { readonly type: 'DISPUTE'; readonly seats: readonly Seat[] }
  | {
      readonly type: 'DEATH';
      readonly card: CardId;
      readonly face: Face;
      readonly owner: Seat;
      readonly killer: Seat;
    }
  | { readonly type: 'REPLACE'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly type: 'PEEK'; readonly seat: Seat; readonly card: CardId | null }
  | { readonly type: 'SLACKER'; readonly seat: Seat; readonly unit: CardId; readonly card: CardId }
  | { readonly type: 'PASS'; readonly seat: Seat }
  | { readonly type: 'STOP'; readonly seat: Seat }
  | { readonly type: 'LEFT'; readonly seat: Seat }
  | { readonly type: 'END'; readonly scores: readonly number[] };

/**
 * How the game ended: `SCORE` (nobody can attack any more, or the last who
 * could stopped; `winners` have the most points among the seats that did not
 * leave) or `DISPUTE` (two fighters disagreed on a fight, or one said the
 * attack broke a rule: the game stops there and the audit names whoever
 * lied).
 */
export type BataillesResult = {
  readonly reason: 'SCORE' | 'DISPUTE';
  readonly scores: readonly number[];
  readonly winners: readonly Seat[];
};

/**
 * The whole state: plain JSON, identical on every replica.
 *
 * A seat that has left for good (`left`) has no army, hand or card in play
 * any more: its cards left the game unseen, since its key alone opens them.
 * It keeps its trophies, and takes no further part.
 */
export type BataillesState = {
  readonly players: number;
  /** Each army's undrawn cards, top first. */
  readonly armies: readonly (readonly CardId[])[];
  readonly hands: readonly (readonly CardId[])[];
  /** Each player's places in play, facedown (null: empty). */
  readonly play: readonly (readonly (CardId | null)[])[];
  /** The cards each player killed. */
  readonly trophies: readonly (readonly CardId[])[];
  readonly teamwork: readonly number[];
  readonly slacker: readonly number[];
  /** `faces[card]`: the face once the card died and was turned faceup, else null. */
  readonly faces: readonly (Face | null)[];
  readonly stage: Stage;
  /** True for each player who has laid its opening cards. */
  readonly laid: readonly boolean[];
  /** The turn player, once the first is drawn. */
  readonly turn: Seat;
  readonly first: Seat | null;
  /** Coin bits drawn so far towards the first player. */
  readonly bits: readonly number[];
  readonly fight: Fight | null;
  /** Every finished fight, in order: the audit checks each. */
  readonly fights: readonly Fight[];
  /** Players whose last turn was a pass, with nothing of theirs changed since. */
  readonly passed: readonly boolean[];
  readonly claims: readonly Claim[];
  /** Exhibits recorded so far. */
  readonly exhibits: number;
  /** Exhibits asked for and not yet recorded, in order. */
  readonly recording: readonly Recording[];
  readonly log: readonly BataillesEvent[];
  readonly result: BataillesResult | null;
  /**
   * The seats that have left for good, in the order they left. Absent until
   * one leaves, so that a game nobody leaves keeps the state (and the hash)
   * it always had: read it through `hasLeft`.
   */
  readonly left?: readonly Seat[];
};

/**
 * A card in play as one seat sees it: the face when it may know it, and whether it
 * knows it alone (`secret`: a card of its own, or one it saw in a fight or a peek)
 * rather than with everyone (a dead card turned faceup).
 */
export type PlaceView = {
  readonly card: CardId;
  readonly face: Face | null;
  readonly secret: boolean;
} | null;

/** One player as everyone sees it (faces in play only where the viewer knows them). */
export type SeatView = {
  readonly seat: Seat;
  readonly play: readonly PlaceView[];
  readonly hand: number;
  readonly army: number;
  readonly teamwork: number;
  readonly slacker: number;
  readonly trophies: readonly { readonly card: CardId; readonly face: Face }[];
  readonly score: number;
  /** Its last turn was a pass, with nothing of its changed since. */
  readonly passed: boolean;
  /** It has a card in play: it still takes turns. */
  readonly active: boolean;
  /** It has left the game for good: no turns any more, and it cannot win. */
  readonly left: boolean;
};

/** The fight under way as one seat sees it. */
export type FightView = {
  readonly attacker: Seat;
  readonly defender: Seat;
  readonly attackers: readonly NonNullable<PlaceView>[];
  readonly defenders: readonly NonNullable<PlaceView>[];
  readonly teamwork: boolean;
  readonly announcements: readonly Announcement[];
  /** The fighter who owes its word next, or null while the cards are being shown. */
  readonly awaiting: Seat | null;
};

/**
 * What the table waits for, for the UI: `DEALING`, `LAY`, `COIN` (drawing
 * the first player), `TURN`, `SHOWING` (a fight's cards), `ANNOUNCE`,
 * `DEATHS`, `REPLACE`, `PEEK`, `SLACKER`, `OVER`.
 */
export type Phase =
  | 'DEALING'
  | 'LAY'
  | 'COIN'
  | 'TURN'
  | 'SHOWING'
  | 'ANNOUNCE'
  | 'DEATHS'
  | 'REPLACE'
  | 'PEEK'
  | 'SLACKER'
  | 'OVER';

/** What one seat may see. */
export type BataillesView = {
  readonly seat: Seat;
  readonly players: number;
  readonly phase: Phase;
  /** The turn player, once the first is drawn. */
  readonly turn: Seat | null;
  /** The seats that owe a move now. */
  readonly acting: readonly Seat[];
  readonly seats: readonly SeatView[];
  /** Own hand with the faces this seat reads, strongest first. */
  readonly hand: readonly { readonly card: CardId; readonly face: Face | null }[];
  readonly fight: FightView | null;
  /** Players who killed a King and still owe their peek. */
  readonly peeks: readonly Seat[];
  readonly log: readonly BataillesEvent[];
  readonly result: BataillesResult | null;
};
