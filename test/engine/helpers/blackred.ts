/**
 * Black & Red without cryptography, for rules tests: a deal names every
 * card's face, and `settle` answers the match's coin, deals, reveals and
 * mid-hand shuffles as an honest table would, and says each player's word
 * on its hand after a deal or draw as its session would (but the `scripted`
 * seat's). A mid-hand reshuffle gives the new stock's ids the old discards'
 * faces in a new order (scripted, or drawn from the seeded random); between
 * two hands `next` brings the next scripted deal, or a seeded random one.
 * Cards are named as on their pictures: '7h', 'Ks', '10d', 'Ac'.
 */
import { seededRandom } from '../../../src/bots/computer.ts';
import { DECK_SIZE, faceOf, type Face, type Suit } from '../../../src/engine/cards.ts';
import type { CardId, Seat } from '../../../src/engine/game.ts';
import {
  blackred,
  colourOf,
  valueOf,
  type BlackRedPlay,
  type BlackRedFact,
  type BlackRedState,
} from '../../../src/engine/games/blackred/index.ts';
import { tell } from '../helpers.ts';

const SUIT: Record<string, Suit> = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };
const RANK: Record<string, number> = { A: 14, K: 13, Q: 12, J: 11 };

/** The face of a card named as on its picture: '7h', '10d', 'Ks', 'Ac'. */
export function card(name: string): Face {
  const rank = name.slice(0, -1);
  const suit = SUIT[name.slice(-1).toLowerCase()];
  const value = RANK[rank.toUpperCase()] ?? Number(rank);
  if (!suit || !(value >= 2 && value <= 14)) throw new Error(`no card ${name}`);
  return faceOf(value, suit);
}

/** The faces of card names. */
export const cards = (names: string): Face[] => names.split(/\s+/).filter(Boolean).map(card);

/** The face of every card id: seat 0's hand (ids 0..6), seat 1's (7..13), the upcard (14), the stock top first. */
export type Deal = readonly Face[];

/** A deal from named hands, upcard and stock top; the rest of the stock holds the faces left, lowest first. */
export function dealOf(zero: string, one: string, upcard: string, stock = ''): Deal {
  const named = [...cards(zero), ...cards(one), card(upcard), ...cards(stock)];
  if (new Set(named).size !== named.length) throw new Error('a card named twice');
  const rest = [...Array(DECK_SIZE).keys()].filter((face) => !named.includes(face));
  return [...named, ...rest];
}

/** A deal shuffled by `random` (Fisher–Yates). */
export function randomDeal(random: () => number): Face[] {
  return shuffled([...Array(DECK_SIZE).keys()], random);
}

function shuffled<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Applies `input`; throws with the error code when refused. */
export function must(state: BlackRedState, input: BlackRedPlay | BlackRedFact): BlackRedState {
  const next = tell(blackred, state, input);
  if (!next.ok) throw new Error(`${JSON.stringify(input)}: ${next.error}`);
  return next.value;
}

/** A player: its choice among the legal moves of `seat`. */
export type Chooser = (match: Match, seat: Seat, legal: readonly BlackRedPlay[]) => BlackRedPlay;

/**
 * A match on a table that tells the truth: `faces` is what every card id
 * holds now. `restock` scripts the next mid-hand reshuffle (the new stock's
 * faces, top first); `deals` the next hands' decks. The `scripted` seat's words on
 * its hand are the test's to make (true or not); every other seat's are made honestly.
 */
export class Match {
  state: BlackRedState;
  faces: Face[];
  restock: Face[] | null = null;

  constructor(
    deal: Deal,
    readonly dealer: Seat = 0,
    private readonly random: () => number = seededRandom(1),
    private readonly deals: Deal[] = [],
    readonly scripted: Seat | null = null,
  ) {
    const made = blackred.setup({});
    if (!made.ok) throw new Error(made.error);
    this.state = must(made.value, { type: 'COIN', bit: dealer });
    this.faces = [...deal];
    this.settle();
  }

  /** Answers every need but a move and the scripted seat's word, until one is owed, a hand is over or the match is. */
  settle(): this {
    for (;;) {
      const need = blackred.needs(this.state)[0];
      if (need?.type === 'ACT' && need.auto && need.seats[0] !== this.scripted)
        this.state = must(this.state, this.legal(need.seats[0]!)[0]!);
      else if (need?.type === 'DEAL')
        this.state = must(this.state, { type: 'DEALT', cards: [...need.cards], to: need.to });
      else if (need?.type === 'REVEAL')
        for (const id of need.cards)
          this.state = must(this.state, { type: 'REVEAL', card: id, face: this.faces[id]! });
      else if (need?.type === 'SHUFFLE' && !this.state.between) {
        this.restockFaces(need.cards);
        this.state = must(this.state, { type: 'SHUFFLED' });
      } else return this;
    }
  }

  /** Between two hands: the next hand's deck (the next scripted deal, or a seeded one), then its deal. */
  next(): this {
    this.faces = [...(this.deals.shift() ?? randomDeal(this.random))];
    this.state = must(this.state, { type: 'SHUFFLED' });
    return this.settle();
  }

  /** The new stock (ids in order) gets the scripted faces, or its own faces in a random order. */
  private restockFaces(ids: readonly CardId[]): void {
    const order = [...ids].sort((a, b) => a - b);
    const faces =
      this.restock ??
      shuffled(
        order.map((id) => this.faces[id]!),
        this.random,
      );
    this.restock = null;
    order.forEach((id, i) => (this.faces[id] = faces[i]!));
  }

  /** The faces `seat` reads on its hand. */
  known(seat: Seat): Map<CardId, Face> {
    return new Map(this.state.hand.hands[seat]!.map((id) => [id, this.faces[id]!]));
  }

  /** The moves `seat` may make now, with the faces it reads. */
  legal(seat: Seat): BlackRedPlay[] {
    return blackred.legalActions(this.state, seat, this.known(seat)) as BlackRedPlay[];
  }

  /** The seat whose move is owed, or null. */
  get mover(): Seat | null {
    const need = blackred.needs(this.state)[0];
    return need?.type === 'ACT' ? need.seats[0]! : null;
  }

  /** `seat` discards the card of `name` from its hand (naming its true face). */
  discard(seat: Seat, name: string): this {
    const face = card(name);
    const id = this.state.hand.hands[seat]!.find((c) => this.faces[c] === face);
    if (id === undefined) throw new Error(`seat ${seat} holds no ${name}`);
    return this.move({ type: 'DISCARD', seat, card: id, face });
  }

  /** Applies `play` and settles what follows. */
  move(play: BlackRedPlay): this {
    this.state = must(this.state, play);
    return this.settle();
  }

  /** Plays on with `players` until `until` holds or the match ends; throws past `limit` moves. */
  playUntil(players: readonly [Chooser, Chooser], until: () => boolean, limit = 5000): this {
    for (let moves = 0; !until(); moves++) {
      if (this.state.between) {
        // A hand dealt of one colour may be over as soon as it is dealt.
        this.next();
        continue;
      }
      const seat = this.mover;
      if (seat === null) return this;
      if (moves === limit) throw new Error('no end in sight');
      this.move(players[seat]!(this, seat, this.legal(seat)));
    }
    return this;
  }

  /** Plays the hand under way to its end (its score in, the next hand not begun). */
  playHand(players: readonly [Chooser, Chooser]): this {
    const hands = this.state.history.length;
    return this.playUntil(players, () => this.state.history.length > hands || !!this.state.result);
  }
}

/** Names of the faces, as `card` reads them: for readable expectations. */
export function nameOf(face: Face): string {
  const rank = (face % 13) + 2;
  const r = rank === 14 ? 'A' : rank === 13 ? 'K' : rank === 12 ? 'Q' : rank === 11 ? 'J' : rank;
  return `${r}${'cdhs'[Math.floor(face / 13)]}`;
}

/** The first legal move, always. */
export const firstLegal: Chooser = (_match, _seat, legal) => legal[0]!;

/**
 * A player who keeps its hand mixed, so that the hand lasts: it sheds the
 * colour it holds more of, lowest value first, and follows a round with its
 * lowest card. Two of them often run the stock out (about 3 hands in 5).
 */
export function keepMixed(hand: readonly Face[], legal: readonly BlackRedPlay[]): BlackRedPlay {
  const discards = legal.filter((play) => play.type === 'DISCARD');
  if (discards.length === 0) return legal[0]!;
  const reds = hand.filter((face) => colourOf(face) === 'red').length;
  const more = reds * 2 > hand.length ? 'red' : 'black';
  const shed = discards.filter((play) => colourOf(play.face) === more);
  const pool = shed.length > 0 ? shed : discards;
  return pool.reduce((low, play) => (valueOf(play.face) < valueOf(low.face) ? play : low));
}

/** `keepMixed` as a player of a `Match`. */
export const mixed: Chooser = (match, seat, legal) =>
  keepMixed([...match.known(seat).values()], legal);
