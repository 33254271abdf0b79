/**
 * The mental-poker table shared by every game: which ciphertext each card is,
 * whose encryption layers are still on it, which faces are public, and which
 * cryptographic step is under way.
 *
 * Cards are named by `CardId`, their position in the jointly shuffled decks.
 * Games keep their zones (stacks, hands, piles, slots) as lists of card ids;
 * the table keeps, per id, the ciphertext `c` and its layers. Points and
 * proofs are base64 strings here so that the state is plain JSON and every
 * replica can hash it.
 */
import type { JsonObject } from '../encoding.ts';
import type { CardId, DeckSpec, Finding, Seat } from '../game.ts';
import type { Clock } from './clock.ts';

/** One encryption layer on a card: whose it is and its key commitment `K` (`E_i` for a deck layer). */
export interface Layer {
  readonly seat: Seat;
  readonly key: string;
}

/**
 * A card on the table: its current ciphertext, the layers still on it (in no
 * particular order), and the shuffle round (`epochs` index) that last
 * encrypted it: a LOCK adds its author's key of that round.
 */
export interface TableCard {
  readonly c: string;
  readonly layers: readonly Layer[];
  readonly epoch: number;
}

/** Cards of one deck shuffled together under fresh keys: one key per seat, each proven. */
export interface Epoch {
  /** Index in `decks`. */
  readonly deck: number;
  readonly cards: readonly CardId[];
  /** Seat i's key for this shuffle (base64). */
  readonly keys: readonly string[];
}

/** Cards of one deck to shuffle together: a step of a shuffle round before its keys are in. */
export interface ShuffleGroup {
  readonly deck: number;
  readonly cards: readonly CardId[];
}

/**
 * One re-mask by a seat: the fresh key `K = k·G` every hand card was first
 * re-keyed to, and `pub = r·G`, the factor of the shuffle that followed; the
 * cards end under the key `r·K`.
 */
export interface Remask {
  readonly key: string;
  readonly pub: string;
  /** The card ids re-masked: whatever anyone else knew of them is void from here on. */
  readonly cards: readonly CardId[];
}

/** Cards kept as they were when the game asked (`RECORD`): the audit opens them. */
export interface Exhibit {
  readonly cards: readonly CardId[];
  /** Each card's ciphertext and layers at that moment, in the order of `cards`. */
  readonly snapshot: readonly TableCard[];
}

/** A seat's published secrets (hex, little-endian), one for each public key it introduced, in order. */
export interface AuditRecord {
  readonly secrets: readonly string[];
}

/** A member's own copy of a card shown to a few seats. */
export interface Copy extends TableCard {
  readonly card: CardId;
  readonly seat: Seat;
}

/** What everyone agreed on in the lobby before the first event: the table's constitution. */
export interface Genesis {
  readonly table: string;
  readonly game: string;
  readonly names: readonly string[];
  /** Seat i's ed25519 identity public key, hex. */
  readonly identities: readonly string[];
  /**
   * Cards in every deck together, as the game's `decks(options)` declares
   * them; the table reads its decks from the game, this names the size.
   */
  readonly deckSize: number;
  /** The game's options (deck make-up, constructed deals); the game's `setup` checks them. */
  readonly options: JsonObject;
  /**
   * Before protocol 5: how long a seat that owes an event may stay unreachable before
   * the others may declare it absent, kept by the sessions (the fold never reads a clock).
   */
  readonly absentAfterMs?: number;
  /**
   * From protocol 5: the table's time control, judged on the times events carry
   * (`clock.ts`), so a seat that stays linked and never moves is claimed like one gone.
   */
  readonly clock?: Clock;
  /**
   * Whose page runs each seat, when some seat is run by another player's page (a
   * computer player the host added, whose keys live in the host's page): seat i is
   * run by seat `runBy[i]`'s page, `runBy[i] === i` for a player's own. Left out when
   * every seat is its own player's, so such a genesis hashes as it did before this
   * field. It records what the lobby's host said; nothing proves it (see
   * docs/threat-model.md).
   */
  readonly runBy?: readonly number[];
  /**
   * The version of the table protocol the table plays ({@link PROTOCOL_VERSION} for a
   * table made now). Left out by tables made before version 2, which deal one hand at a
   * time where version 2 deals the hands asked for at once in one round; version 2 shuffles
   * every epoch of a round in one chain, version 3 each epoch on its own; from version 4
   * every event names the events it saw by hash (`Event.heads`). A table's transcript
   * replays as it was played.
   */
  readonly protocol?: number;
}

/**
 * The table protocol this code makes tables with. 2: the deals a game asks for at once
 * are one round (`Step` `UNLOCK` with `deals`). 3: the epochs of a shuffle round are
 * shuffled on chains of their own, at once (`Step` `SHUFFLE` with `shuffled`). 4: every
 * event names the events its basis counts by hash (`Event.heads`), so a signature covers
 * exactly the history its author saw. 5: every event says when it was signed (`Event.at`),
 * and the genesis carries the time control those times are judged by (`clock.ts`). 6: at a
 * table of a game that plays on when a seat leaves, three seats or more, every seat shares
 * its keys of the others' decks among them at setup (`Step` `SHARE`, sharing.ts).
 */
export const PROTOCOL_VERSION = 6;

/** The first protocol whose tables share their layers at setup (sharing.ts). */
export const SHARING_PROTOCOL = 6;

/** The first protocol whose events carry `heads`. */
export const HEADS_PROTOCOL = 4;

/** The table protocol `genesis` plays: 1 when it names none. */
export const protocolOf = (genesis: Genesis): number => genesis.protocol ?? 1;

/** Cards on their way to one seat, in a deal round (`Step` `UNLOCK`). */
export interface Deal {
  readonly to: Seat;
  readonly cards: readonly CardId[];
}

/**
 * The cryptographic step under way; each names who owes the next event.
 *
 * - `KEYS`: a shuffle round begins: every seat still missing from `keys`
 *   owes a KEY event (any order) with one fresh key per group. `groups` null:
 *   the table's first shuffle, of every deck the game declares.
 * - `SHUFFLE`: `order[next]` owes a SHUFFLE of the cards of each of `epochs`.
 *   `fresh`: asked for by the game (which then learns `SHUFFLED`). `shuffled`
 *   (protocol 3, a round of several epochs): the shuffles are pipelined, `next` stays 0. Each epoch has a
 *   chain of its own, `order` turned to start at its place in `epochs` (the
 *   second epoch's at `order[1]`), and `shuffled[i]` seats have shuffled
 *   `epochs[i]`; every seat next on some chain owes a SHUFFLE of those epochs,
 *   so the seats shuffle at once, each on another epoch.
 * - `UNLOCK`: `order[next]` owes an UNLOCK share of `cards`, which then go
 *   `to` every seat (`'all'`) or stay under the layers of the listed seats.
 *   `claim`: the seat whose claim a reveal's faces judge (`Need`). `deals`:
 *   several deals at once (a deal round): each seat takes its layer off every
 *   card but those dealt to it, so one turn of the seats deals every hand.
 * - `COPY`: showing `cards` to the seats `to` only: each of them has a copy,
 *   and `order[next]` owes an UNLOCK of its layer on every other member's copy.
 *   A copy ends under its member's layer alone, so only that member reads it.
 * - `LOCK`: before a deal, `seat` owes a LOCK: its own layer added to
 *   `cards` that lack it (a card under its placer's layer alone), so that
 *   unlocking the others' layers leaves the card readable by it, not by all.
 * - `REKEY`: before a show, `to[next]` owes a REKEY: its layer on every one
 *   of `cards` moved to one fresh key of its own (added where it had none),
 *   so that no copy of this show repeats a point of another show.
 * - `SHARE` (protocol 6, after the table's first round of keys, before its
 *   shuffle): every seat owes a SHARE of its keys of `epochs[seat]` among the
 *   other seats (`dealt`), then every seat a HELD: its complaints against the
 *   shares it could not open, none when all open (`held`). Then `shuffle`.
 * - `RECOVER` (a table that shares its layers, once a seat left for good,
 *   recovery.ts): every other seat owes a RECOVER, its shares of the leaver's
 *   layer on `cards`; once all are in, the layer comes off and play goes on.
 * - `COIN`: every seat owes a COMMIT to a random bit, then an OPEN of it.
 * - `REMASK`: `seat` owes a REMASK of `cards` (its own single-layer cards).
 * - `SEALED`: `seat` made its move sealed (`hash`, see seal.ts); every seat
 *   in `waiting` owes an ACK (or may still act, as it could before the seal),
 *   and once none is left, `seat` owes the UNSEAL.
 * - `AUDIT`: every seat still missing from `audit` owes the secret of every
 *   public key it introduced (`pubs`).
 * - `DONE`: nobody owes anything: the audit is complete, or a RESIGN, an
 *   ABSENT or a refuted claim ended the table (`ending`).
 */
export type Step =
  | {
      readonly type: 'KEYS';
      readonly groups: readonly ShuffleGroup[] | null;
      readonly fresh: boolean;
    }
  | {
      readonly type: 'SHUFFLE';
      readonly epochs: readonly number[];
      readonly order: readonly Seat[];
      readonly next: number;
      readonly fresh: boolean;
      readonly shuffled?: readonly number[];
    }
  | {
      readonly type: 'COPY';
      readonly cards: readonly CardId[];
      readonly to: readonly Seat[];
      /** The members with a layer on these cards, in seat order. */
      readonly order: readonly Seat[];
      readonly next: number;
    }
  | {
      readonly type: 'SHARE';
      /** Per seat, the epochs whose key it shares: every deck's but its own. */
      readonly epochs: readonly (readonly number[])[];
      readonly dealt: readonly boolean[];
      readonly held: readonly boolean[];
      /** The shuffle that follows, as the round of keys opened it. */
      readonly shuffle: Extract<Step, { type: 'SHUFFLE' }>;
    }
  | {
      readonly type: 'RECOVER';
      /** The seat that left, whose layer comes off `cards`. */
      readonly seat: Seat;
      /** Every card still under one of the leaver's shared keys. */
      readonly cards: readonly CardId[];
      /**
       * Per seat, its recovery points (base64), one list per batch of `cards` under
       * one key, null until its RECOVER; the leaver's stays null.
       */
      readonly given: readonly (readonly (readonly string[])[] | null)[];
    }
  | {
      readonly type: 'COIN';
      readonly commits: readonly (string | null)[];
      readonly opens: readonly (number | null)[];
    }
  | {
      readonly type: 'UNLOCK';
      readonly cards: readonly CardId[];
      readonly order: readonly Seat[];
      readonly next: number;
      readonly to: 'all' | readonly Seat[];
      readonly claim?: Seat;
      readonly deals?: readonly Deal[];
    }
  | { readonly type: 'REMASK'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly type: 'LOCK'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | {
      readonly type: 'SEALED';
      readonly seat: Seat;
      readonly hash: string;
      readonly waiting: readonly Seat[];
    }
  | {
      readonly type: 'REKEY';
      readonly cards: readonly CardId[];
      /** The members of the show, in the game's order; each re-keys in turn. */
      readonly to: readonly Seat[];
      readonly next: number;
    }
  | { readonly type: 'AUDIT' }
  | { readonly type: 'PLAY' }
  | { readonly type: 'DONE' };

/**
 * How a table ended before its game did, or before its audit was complete: a
 * seat resigned (`seat` and `by` are the same), or seat `by` declared `seat`
 * absent while the table waited on it, or proved that `seat` dealt it a false
 * share (`FALSE_SHARE`, sharing.ts); or a reveal refuted `seat`'s claim:
 * `card` turned up as `face`, which the game refused with the code `reason`.
 */
export type Ending =
  | { readonly type: 'RESIGN' | 'ABSENT'; readonly seat: Seat; readonly by: Seat }
  | { readonly type: 'FALSE_SHARE'; readonly seat: Seat; readonly by: Seat }
  | {
      readonly type: 'REFUTED';
      readonly seat: Seat;
      readonly card: CardId;
      readonly face: number;
      readonly reason: string;
    };

/**
 * A seat that left a table that plays on without it (recovery.ts): it resigned, or seat
 * `by` declared it absent, as an `Ending` would say.
 */
export type Departure = Extract<Ending, { type: 'RESIGN' | 'ABSENT' }>;

/**
 * A seat's key of an epoch shared among `holders` (all of them needed to take its
 * layer off without it): the dealing as it travelled (base64 of crypto/'s encoding).
 */
export interface Dealt {
  readonly dealer: Seat;
  readonly epoch: number;
  readonly holders: readonly Seat[];
  readonly dealing: string;
}

/** The replicated state of a table: plain JSON, identical on every honest replica. */
export interface TableState<S> {
  readonly genesis: Genesis;
  /** Hash of the genesis every KEY event must name. */
  readonly genesisHash: string;
  /** The game's decks, in card-id order; empty until the first round of keys. */
  readonly decks: readonly DeckSpec[];
  /** Seat i's keys in the shuffle round under way (one per group), null until its KEY event. */
  readonly keys: readonly (readonly string[] | null)[];
  /** Every shuffle round's groups with their keys, in order. */
  readonly epochs: readonly Epoch[];
  readonly cards: readonly TableCard[];
  /** Faces known to every seat, by card id: a card's index in its deck. */
  readonly faces: readonly (number | null)[];
  /** Per-member copies of cards shown to a few seats (`SHOW`). */
  readonly copies: readonly Copy[];
  /** Counts completed steps; part of every proof's context. */
  readonly stepNo: number;
  /** Player actions applied so far: the `seen` a player action reaches the game with. */
  readonly acts: number;
  readonly step: Step;
  /**
   * Per seat, every public key it introduced by an applied event (shuffle
   * keys, re-key keys, re-mask factors, show keys), in order: its audit opens each.
   * A voided event introduces nothing, so its secret is never published.
   */
  readonly pubs: readonly (readonly string[])[];
  /** Each seat's re-masks so far, in order. */
  readonly remasks: readonly (readonly Remask[])[];
  /** Secrets published at the end, null until published. */
  readonly audit: readonly (AuditRecord | null)[];
  /** Set by what ended the table early (a RESIGN, an ABSENT, a refuted claim); null while it runs and after a full audit. */
  readonly ending: Ending | null;
  /**
   * At a table that shares its layers (protocol 6): each seat's share key (base64), the
   * key its shares are encrypted to, null until its first KEY; absent at other tables.
   */
  readonly shareKeys?: readonly (string | null)[];
  /** At a table that shares its layers: every dealing taken, in order. */
  readonly dealings?: readonly Dealt[];
  /**
   * At a table that shares its layers, once a seat left and the table played on
   * without it (recovery.ts): that seat, and how it left. Absent until then.
   */
  readonly left?: readonly Departure[];
  /**
   * At a table that shares its layers, during a show: its cards as they were before
   * its fresh keys, should a member leave before the show is done (recovery.ts).
   */
  readonly beforeShow?: Exhibit;
  /** The game's exhibits, in the order it recorded them. */
  readonly exhibits: readonly Exhibit[];
  /** What the game's audit found once every key was open (`Game.audit`); empty before. */
  readonly findings: readonly Finding[];
  readonly game: S;
}
