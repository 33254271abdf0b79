/**
 * What every game module is: a plain object of pure functions over its own
 * state type, plus the vocabulary they share (seats, outcomes, needs).
 *
 * Rules never see the network, a clock or a random source. Whatever the rules
 * cannot decide alone (which face a shuffled card has) reaches them as a fact
 * the table layer has established and verified, and the rules say, through
 * `needs`, which facts or actions they are waiting for.
 */
import type { Json } from './encoding.ts';
import type { Result } from './result.ts';

/** A seat at the table, 0-based, in seating order. */
export type Seat = number;

/** An opaque card id: the card's position in the jointly shuffled decks (every deck's cards, in the order the game declares its decks). */
export type CardId = number;

/**
 * A deck a game plays with: its name (part of the deck id its face points are
 * hashed from) and its number of faces. A card's face is its index in its deck.
 */
export interface DeckSpec {
  readonly name: string;
  readonly size: number;
}

/** How a game ended: one or more winners (several share the win), or a draw. */
export type Outcome =
  | { readonly result: 'win'; readonly winners: readonly Seat[]; readonly reason: string }
  | { readonly result: 'draw'; readonly reason: string };

/**
 * What a game is waiting for next.
 *
 * - `ACT`: each seat in `seats` owes a player action (one of its `legalActions`):
 *   the table waits on it, and may declare it absent. Each seat in `optional`
 *   may act too but owes nothing (a call out of turn): the table never waits on it.
 *   With `auto`, the action owed leaves no choice: `legalActions` lists exactly
 *   one, from the faces the seat reads (Black & Red's word on a hand after a
 *   draw), and the seat's session makes it as soon as it is owed, as it makes a
 *   duty, without asking its player. The fold checks it as any action: a seat
 *   that signs another (a hidden claim the rules cannot refute yet) answers
 *   for it once the faces turn.
 * - `REVEAL`: the table layer must reveal these cards to every seat and then
 *   apply one reveal fact per card (`{ type: 'REVEAL', card, face }`). When
 *   the faces judge a claim a seat made on them (an attack's colour, a
 *   discard's face), `claim` names that seat: a face the game then refuses is
 *   that seat's offence, whoever's share turned the card. Unlock shares are
 *   proven, so the face is what the card was all along.
 * - `DEAL`: the table layer must unlock these cards for seat `to` alone, then
 *   apply `{ type: 'DEALT', cards, to }`.
 * - `REMASK`: `seat` must re-mask these cards of its own (multiply by a fresh
 *   secret and permute, with a shuffle proof), then the table applies
 *   `{ type: 'REMASKED', seat, cards }`; afterwards nobody can link them to
 *   cards seen before.
 * - `SHOW`: reveal these cards to the seats `to` only (two or more), then
 *   `{ type: 'SHOWN', cards, to }`; everyone else learns nothing of the faces.
 * - `SHUFFLE`: a fresh joint shuffle of these cards, under fresh keys, then
 *   `{ type: 'SHUFFLED' }`; every one of these card ids is unknown again. All
 *   the cards of a deck start again from every face of that deck (the next
 *   game of a match); any other set must be public cards (a discard pile
 *   turned into a stock): a set of cards under different layers would give
 *   positions away, and a game that asks for one has a bug.
 * - `COIN`: a joint fair coin (commit, then open, by every seat), then
 *   `{ type: 'COIN', bit }`.
 * - `RECORD`: keep these cards as they are now (ciphertexts and layers) as
 *   an exhibit for the audit, then `{ type: 'RECORDED', cards }`; no event
 *   is owed, the table answers at once. A game whose players make claims on
 *   faces nobody else sees (a hidden hand, a fight shown to two) records
 *   the cards a claim rests on, and `audit` judges the claim once every key
 *   is open: a card's id may name another face by then (a re-masked hand).
 */
export type Need =
  | {
      readonly type: 'ACT';
      readonly seats: readonly Seat[];
      readonly optional?: readonly Seat[];
      readonly auto?: boolean;
    }
  | { readonly type: 'REVEAL'; readonly cards: readonly CardId[]; readonly claim?: Seat }
  | { readonly type: 'DEAL'; readonly cards: readonly CardId[]; readonly to: Seat }
  | { readonly type: 'REMASK'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly type: 'SHOW'; readonly cards: readonly CardId[]; readonly to: readonly Seat[] }
  | { readonly type: 'SHUFFLE'; readonly cards: readonly CardId[] }
  | { readonly type: 'COIN' }
  | { readonly type: 'RECORD'; readonly cards: readonly CardId[] };

/** A seat the audit found breaking a rule nobody could check before every key was open. */
export interface Finding {
  readonly seat: Seat;
  /** The game's error code: what the seat claimed that the faces deny. */
  readonly reason: string;
}

/**
 * A game module. `S` is its state (plain JSON, so replicas can hash it), `A`
 * every input `apply` accepts (player actions and table facts), `V` what one
 * seat may see, `O` the options the table creator picks.
 */
export interface Game<S extends Json, A, V, O> {
  /** Stable id, as in the catalog. */
  readonly id: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  /** The starting state for these options, or why the options are unusable. */
  setup(options: O): Result<S>;
  /** The decks these options play with (checked by `setup` first); card ids number them in this order. */
  decks(options: O): readonly DeckSpec[];
  /**
   * Every action `seat` may take now; empty when it is not that seat's move.
   * `known` holds the faces `seat` reads privately (its hand, a card it
   * peeked): a game whose legal moves hang on a hidden hand (Town for Two)
   * lists them from it; the others do not need it.
   */
  legalActions(state: S, seat: Seat, known?: ReadonlyMap<CardId, number>): readonly A[];
  /** The next state, or an error code; never changes `state`. */
  apply(state: S, action: A): Result<S>;
  /** What `seat` may know of `state`, with the faces it reads privately (`known`); the UI draws only this. */
  view(state: S, seat: Seat, known?: ReadonlyMap<CardId, number>): V;
  /** How the game ended, or null while it goes on. */
  outcome(state: S): Outcome | null;
  /** What the game waits for; empty once it is over. */
  needs(state: S): readonly Need[];
  /**
   * The race rule, for games where players may act at once (a call out of
   * turn). Two actions whose authors had not seen each other: `standing` was
   * ordered first, on `state` (it may stand there or be void already), and
   * `late` is not legal where it lands. True when `late` wins: `standing` is
   * then void and `late` is judged without it. Decide by what the two
   * actions are, never by what their authors claim to have seen, so that
   * naming an older basis wins nothing. Without a rule, the action ordered
   * first stands.
   */
  race?(state: S, standing: A, late: A): boolean;
  /**
   * The game's second look, once the audit has opened every key: `exhibits`
   * holds the faces of each `RECORD`ed exhibit, in order (-1 for a card no
   * published key opens). Returns every seat whose hidden claims the faces
   * deny, in the order of the claims; empty when all hold. Games with no
   * hidden claims have none.
   */
  audit?(state: S, exhibits: readonly (readonly number[])[]): readonly Finding[];
}
