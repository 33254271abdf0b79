/**
 * What every game module is: a plain object of pure functions over its own
 * state type, plus the vocabulary they share (seats, outcomes, needs).
 *
 * Rules never see the network, a clock or a random source. Whatever the rules
 * cannot decide alone (which face a shuffled card has) reaches them as a fact
 * the table layer has established and verified, and the rules say, through
 * `needs`, which facts or actions they are waiting for.
 */
import type { Json, JsonObject } from './encoding.ts';
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
 *   tell `fact` one reveal per card (`{ type: 'REVEAL', card, face }`). When
 *   the faces judge a claim a seat made on them (an attack's colour, a
 *   discard's face), `claim` names that seat: a face the game then refuses is
 *   that seat's offence, whoever's share turned the card. Unlock shares are
 *   proven, so the face is what the card was all along.
 * - `DEAL`: the table layer must unlock these cards for seat `to` alone, then
 *   tell `fact` `{ type: 'DEALT', cards, to }`. Deals listed one after another
 *   (each to another seat, of other cards) are dealt together in one round, and
 *   told in the order listed: a game lists every hand it deals at once.
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
 *   `as[i]`, when given: card `cards[i]` as that seat holds it, its copy
 *   where a show left it one (under that seat's layer alone), else the card.
 *   A copy opens with its seat's keys alone where the card itself also
 *   carries another seat's layer, so a seat that keeps its keys at the audit
 *   hides nothing of what the recorded seat saw.
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
  | {
      readonly type: 'RECORD';
      readonly cards: readonly CardId[];
      readonly as?: readonly Seat[];
    };

/** A seat the audit found breaking a rule nobody could check before every key was open. */
export interface Finding {
  readonly seat: Seat;
  /** The game's error code: what the seat claimed that the faces deny. */
  readonly reason: string;
}

/** A player's move as the rules receive it: `seat` and `seen` set by the table from the signed event (its author, and how many moves it had seen). */
export type Played<M> = M & { readonly seat: Seat; readonly seen?: number };

/**
 * What a table's players agree on before any card is dealt: whether the options make a
 * game, its decks, and how the options name the number of seats. Each game's `setup.ts`
 * exports its terms apart from its rules, so that a page checking a table's options (the
 * join form) loads no rules and no computer player.
 */
export interface TableTerms<S extends Json, O> {
  /** The starting state for these options, or why the options are unusable. */
  setup(options: O): Result<S>;
  /** The decks these options play with (checked by `setup` first); card ids number them in this order. */
  decks(options: O): readonly DeckSpec[];
  /**
   * The options for a table of `seats` players, for a game whose options
   * say how many play (one army each in Batailles): a genesis whose options
   * differ from these is refused. Absent when the options need no count.
   */
  withSeats?(options: O, seats: number): O;
}

/**
 * A game's rules. `S` is its state (plain JSON, so replicas can hash it),
 * `M` a move a player may send, `F` a fact the table layer establishes (a
 * face revealed, cards dealt, a coin), `V` what one seat may see, `O` the
 * options the table creator picks. Moves and facts come in through separate
 * entries: only the table calls `fact`, so no player can pass a fact off as
 * a move, whatever the game owes at the time.
 */
export interface Game<S extends Json, M, F, V, O> extends TableTerms<S, O> {
  /** Stable id, as in the catalog. */
  readonly id: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  /**
   * Every move `seat` may make now; empty when it is not that seat's move.
   * `known` holds the faces `seat` reads privately (its hand, a card it
   * peeked): a game whose legal moves hang on a hidden hand (Town for Two)
   * lists them from it; the others do not need it.
   */
  legalActions(state: S, seat: Seat, known?: ReadonlyMap<CardId, number>): readonly M[];
  /** The next state after a player's move, or an error code; never changes `state`. */
  move(state: S, play: Played<M>): Result<S>;
  /** The next state after a fact the table layer established, or an error code; never changes `state`. */
  fact(state: S, fact: F): Result<S>;
  /** What `seat` may know of `state`, with the faces it reads privately (`known`); the UI draws only this. */
  view(state: S, seat: Seat, known?: ReadonlyMap<CardId, number>): V;
  /** How the game ended, or null while it goes on. */
  outcome(state: S): Outcome | null;
  /** What the game waits for; empty once it is over. */
  needs(state: S): readonly Need[];
  /**
   * The game's second look, once the audit has opened every key: `exhibits`
   * holds the faces of each `RECORD`ed exhibit, in order (-1 for a card no
   * published key opens). Returns every seat whose hidden claims the faces
   * deny, in the order of the claims; empty when all hold. Games with no
   * hidden claims have none.
   */
  audit?(state: S, exhibits: readonly (readonly number[])[]): readonly Finding[];
  /**
   * For a game that plays on when a seat leaves: the seat whose own cards deck
   * `deck` holds (Batailles: army p is seat p's), null for a deck nobody owns.
   * From protocol 6, at a table of three seats or more, each seat shares its key
   * of every deck but its own among the others at setup (table/sharing.ts), so
   * that they can take its layer off without it; its own deck's key it keeps
   * alone, so no group of the others can open its hand. When a seat leaves for
   * good at such a table, the table tells the game `{ type: 'LEFT', seat }` (a
   * fact the game must take at any point before its outcome), and never asks
   * the leaver for anything again.
   */
  deckOwner?(deck: number): Seat | null;
}

/**
 * A game of Fair Deal whole: its rules, its name and rules text for the
 * screens, and its computer player. `Id` is its id as a literal type, so the
 * catalog's ids come from the list of games.
 */
export interface GameDef<S extends Json, M, F, V, O, Id extends string = string> extends Game<
  S,
  M,
  F,
  V,
  O
> {
  readonly id: Id;
  readonly name: string;
  /** One line for the game's card on the home screen. */
  readonly summary: string;
  /** Short rules for the rules panel, one paragraph a line. */
  readonly rules: readonly string[];
  /**
   * The computer player's choice from what `seat` may see (`view`) and do
   * (`legal`, never empty), or null when it owes nothing. `known` holds the
   * faces this seat reads privately (its hand, cards it peeked or placed);
   * `random` returns uniform numbers in [0, 1) and decides between equally
   * good moves, never anything hidden.
   */
  bot(
    view: V,
    legal: readonly M[],
    random: () => number,
    known: ReadonlyMap<CardId, number>,
  ): M | null;
  /**
   * The easy computer player, with `bot`'s arguments: it picks among the
   * honest legal moves at random, with no plan. Absent when the game leaves
   * its players no choice (War): there `bot` plays every level.
   */
  easyBot?(
    view: V,
    legal: readonly M[],
    random: () => number,
    known: ReadonlyMap<CardId, number>,
  ): M | null;
  /**
   * What a finished game went through, in a line with the players' `names`, for the
   * simulator's and `verify`'s report; null while it goes on. Absent where the winner
   * and the reason say it all.
   */
  recap?(state: S, names: readonly string[]): string | null;
}

/** How well a computer player plays: `easy` picks at random, `good` plays to win (`GameDef.bot`). */
export type Level = 'easy' | 'good';

export const LEVELS: readonly Level[] = ['easy', 'good'];

/** True when the game has levels: its players make choices, so a computer can make them badly. */
export const hasLevels = (game: { readonly easyBot?: unknown }): boolean =>
  game.easyBot !== undefined;

/** The computer player of `game` at `level`. */
export function botAt<S extends Json, M, F, V, O>(
  game: GameDef<S, M, F, V, O>,
  level: Level,
): GameDef<S, M, F, V, O>['bot'] {
  return level === 'easy' && game.easyBot ? game.easyBot : game.bot;
}

/** A game whole, with its types inferred from its functions and its id kept as a literal. */
export function defineGame<S extends Json, M, F, V, O, Id extends string>(
  game: GameDef<S, M, F, V, O, Id>,
): GameDef<S, M, F, V, O, Id> {
  return game;
}

/** A game's terms as the lobby checks them: options arrive as the JSON of the host's roster. */
export type AnyTerms<S extends Json = Json> = TableTerms<S, JsonObject>;

/** The rules as the table drives them: moves and facts arrive as the JSON of signed events. */
export type AnyGame<S extends Json = Json> = Game<S, JsonObject, JsonObject, unknown, JsonObject>;

/** A game whole, erased: what the registry lists, the lobby starts and the screens draw. */
export type AnyGameDef<S extends Json = Json> = GameDef<
  S,
  JsonObject,
  JsonObject,
  unknown,
  JsonObject
>;

/**
 * The one place a game's types are erased. The table feeds `move` and `fact`
 * the JSON of signed events and of the facts it established, hands `bot` and
 * the board the view `view` made, and every rules function checks what it is
 * given before use (moves come from the network); TypeScript cannot see that
 * the JSON is what each game's own types describe, hence the cast.
 */
export function erase<S extends Json, M, F, V, O, Id extends string>(
  game: GameDef<S, M, F, V, O, Id>,
): AnyGameDef<S> & { readonly id: Id };
export function erase<S extends Json, M, F, V, O>(game: Game<S, M, F, V, O>): AnyGame<S>;
export function erase<S extends Json, M, F, V, O>(game: Game<S, M, F, V, O>): AnyGame<S> {
  return game as unknown as AnyGame<S>;
}

/** A game's terms with their types erased, as `erase` does for its rules. */
export function eraseTerms<S extends Json, O>(terms: TableTerms<S, O>): AnyTerms<S> {
  return terms as unknown as AnyTerms<S>;
}
