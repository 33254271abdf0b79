/**
 * What a seat sees of Black & Red.
 *
 * The rules never hold private faces: a seat's own hand comes as ids, and
 * `view` fills in the faces only when given `known`, the faces the table
 * lets this seat read on its own cards, then sorts the hand: its own colour
 * first, then the other, each by value. The opponent's hand shows backs but
 * for a public card (the upcard it took). Every discard is faceup.
 */
import { faceRank } from '../../cards.ts';
import type { CardId, Seat } from '../../game.ts';
import { needs } from './rules.ts';
import { colourFor, colourOf, isDeckFace, other, valueOf } from './setup.ts';
import type { BlackRedState, BlackRedView, Colour, Hand, Phase, SeenCard } from './types.ts';

/** The view of `seat` (0 or 1); `known` holds the faces it reads on its own hand. */
export function view(
  state: BlackRedState,
  seat: Seat,
  known: ReadonlyMap<CardId, number> = new Map(),
): BlackRedView {
  const { hand } = state;
  const seen = (card: CardId, mine: boolean): SeenCard => {
    const face = hand.faces[card] ?? (mine ? known.get(card) : undefined);
    return { card, face: isDeckFace(face) ? face : null };
  };
  const split = hand.pile.length - hand.round.cards;
  const mineColour = colourFor(hand, seat);
  const phase = phaseOf(state);
  return {
    seat,
    phase,
    target: state.target,
    score: state.score,
    number: hand.number,
    dealer: hand.dealer,
    colours: coloursOf(hand),
    upcard:
      hand.upcardTaken || hand.dealer === null
        ? null
        : { card: hand.upcard, face: hand.upcardFace },
    turn: hand.turn,
    word: phase === 'WORD' ? hand.words[0]! : null,
    hand: sortHand(
      (hand.hands[seat] ?? []).map((card) => seen(card, true)),
      mineColour,
    ),
    opponent: (hand.hands[other(seat)] ?? []).map((card) => seen(card, false)),
    stock: hand.stock.length,
    older: hand.pile.slice(0, split).map((card) => seen(card, false)),
    roundCards: hand.pile.slice(split).map((card) => seen(card, false)),
    round: hand.round,
    pending: hand.pending,
    reshuffles: hand.reshuffles,
    history: state.history,
    log: hand.log,
    result: state.result,
  };
}

function coloursOf(hand: Hand): readonly [Colour, Colour] | null {
  const zero = colourFor(hand, 0);
  const one = colourFor(hand, 1);
  return zero === null || one === null ? null : [zero, one];
}

/** Own colour first (red before the upcard is turned), then by value and rank (Ace low), then suit; unreadable last. */
function sortHand(cards: SeenCard[], mine: Colour | null): SeenCard[] {
  const first = mine ?? 'red';
  const key = (c: SeenCard) => {
    if (c.face === null) return 10_000 + c.card;
    const rank = faceRank(c.face) === 14 ? 1 : faceRank(c.face);
    const group = colourOf(c.face) === first ? 0 : 1000;
    return group + valueOf(c.face) * 100 + rank * 4 + Math.floor(c.face / 13);
  };
  return cards.sort((a, b) => key(a) - key(b));
}

function phaseOf(state: BlackRedState): Phase {
  if (state.result !== null) return 'OVER';
  const need = needs(state)[0]!;
  const { hand } = state;
  switch (need.type) {
    case 'COIN':
      return 'COIN';
    case 'SHUFFLE':
      return state.between ? 'NEXT' : 'RESHUFFLE';
    case 'ACT':
      return hand.words.length > 0 ? 'WORD' : 'PLAY';
    case 'DEAL':
      return hand.draw === null ? 'DEAL' : 'DRAW';
    default:
      if (hand.upcardFace === null) return 'UPCARD';
      return hand.ending === null ? 'DISCARD' : 'SHOWDOWN';
  }
}
