/**
 * The mental-poker table shared by every game: which ciphertext each card is,
 * whose encryption layers are still on it, which faces are public, and which
 * cryptographic step is under way.
 *
 * Cards are named by `CardId`, their position in the jointly shuffled deck.
 * Games keep their zones (stacks, hands, piles, slots) as lists of card ids;
 * the table keeps, per id, the ciphertext `c` and its layers. Points and
 * proofs are base64 strings here so that the state is plain JSON and every
 * replica can hash it.
 */
import type { JsonObject } from '../encoding.ts';
import type { CardId, Seat } from '../game.ts';

/** One encryption layer on a card: whose it is and its key commitment `K` (`E_i` for a deck layer). */
export interface Layer {
  readonly seat: Seat;
  readonly key: string;
}

/** A card on the table: its current ciphertext and the layers still on it, in no particular order. */
export interface TableCard {
  readonly c: string;
  readonly layers: readonly Layer[];
}

/** One re-mask by a seat: `pub = r·G`, and the layer keys its input rows carried (each became `r·K`). */
export interface Remask {
  readonly pub: string;
  readonly keys: readonly string[];
}

/** A seat's published secrets (hex, little-endian): deck secret `e` and every re-mask factor `r`. */
export interface AuditRecord {
  readonly secret: string;
  readonly remasks: readonly string[];
}

/** A member's own copy of a card shown to a few seats. */
export interface Copy {
  readonly card: CardId;
  readonly seat: Seat;
  readonly c: string;
  readonly layers: readonly Layer[];
}

/** What everyone agreed on in the lobby before the first event: the table's constitution. */
export interface Genesis {
  readonly table: string;
  readonly game: string;
  readonly names: readonly string[];
  /** Seat i's ed25519 identity public key, hex. */
  readonly identities: readonly string[];
  /** Number of cards in the deck; card `i`'s face point is `cardPoint(deckId, i)`. */
  readonly deckSize: number;
  /** The game's options (deck make-up, constructed deals); the game's `setup` checks them. */
  readonly options: JsonObject;
}

/**
 * The cryptographic step under way; each names who owes the next event.
 *
 * - `KEYS`: every seat still missing from `keys` owes a KEY event (any order).
 * - `SHUFFLE`: `order[next]` owes a SHUFFLE of the whole deck.
 * - `UNLOCK`: `order[next]` owes an UNLOCK share of `cards`, which then go
 *   `to` every seat (`'all'`) or stay under the layers of the listed seats.
 * - `COPY`: showing `cards` to the seats `to` only: each of them has a copy,
 *   and `order[next]` owes an UNLOCK of its layer on every other member's copy.
 *   A copy ends under its member's layer alone, so only that member reads it.
 * - `LOCK`: before a deal or a show, `seat` owes a LOCK: its own layer added
 *   to `cards` that lack it (a card under its placer's layer alone), so that
 *   unlocking the others' layers leaves the card readable by it, not by all.
 * - `COIN`: every seat owes a COMMIT to a random bit, then an OPEN of it.
 * - `REMASK`: `seat` owes a REMASK of `cards` (its own single-layer cards).
 * - `AUDIT`: every seat still missing from `audit` owes its secrets: the deck
 *   secret and the factor of each of its re-masks.
 */
export type Step =
  | { readonly type: 'KEYS' }
  | {
      readonly type: 'SHUFFLE';
      readonly order: readonly Seat[];
      readonly next: number;
      /** A fresh deck for the next game, asked for by the game (which then learns `SHUFFLED`). */
      readonly fresh: boolean;
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
    }
  | { readonly type: 'REMASK'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly type: 'LOCK'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly type: 'AUDIT' }
  | { readonly type: 'PLAY' }
  | { readonly type: 'DONE' };

/** The replicated state of a table: plain JSON, identical on every honest replica. */
export interface TableState<S> {
  readonly genesis: Genesis;
  /** Hash of the genesis every KEY event must name. */
  readonly genesisHash: string;
  /** Seat i's deck key `E_i` (base64), null until its KEY event. */
  readonly keys: readonly (string | null)[];
  readonly cards: readonly TableCard[];
  /** Faces known to every seat, by card id. */
  readonly faces: readonly (number | null)[];
  /** Per-member copies of cards shown to a few seats (`SHOW`). */
  readonly copies: readonly Copy[];
  /** Counts completed steps; part of every proof's context. */
  readonly stepNo: number;
  /** Player actions applied so far: a move's `seen` is this count in the state its author saw. */
  readonly acts: number;
  readonly step: Step;
  /** Each seat's re-masks so far, in order: the public factor `R = r·G` and the distinct input keys. */
  readonly remasks: readonly (readonly Remask[])[];
  /** Secrets published at the end, null until published. */
  readonly audit: readonly (AuditRecord | null)[];
  readonly game: S;
}
