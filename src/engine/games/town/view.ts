/**
 * What a seat sees of Town for Two, and where a run picked so far may go.
 *
 * The rules never hold private faces: a seat's own hand comes as ids, and
 * `view` fills in the faces only when given `known`, the faces the table
 * lets this seat read on its own cards (`TableSession.knownFaces()`), and
 * then sorts the hand by rank. Everything on the table is faceup and public.
 */
import type { CardId, Seat } from '../../game.ts';
import { adjacent, isRun, needs, scoreOf } from './rules.ts';
import { isTownFace, other, ownerOf, rankOf } from './setup.ts';
import {
  COLOUR_OF_SEAT,
  HAND_SIZE,
  type HandCard,
  type Phase,
  type PileCard,
  type PileView,
  type Targets,
  type TownState,
  type TownView,
} from './types.ts';

/** The view of `seat` (0 or 1); `known` holds the faces it reads on its own hand. */
export function view(
  state: TownState,
  seat: Seat,
  known: ReadonlyMap<CardId, number> = new Map(),
): TownView {
  const score = state.result?.score ?? scoreOf(state.piles);
  const piles: PileView[] = state.piles.map((ids, pile) => {
    const cards = ids.map((card) => pileCard(state, card));
    const { owner, points } = score.piles[pile]!;
    return { pile, cards, top: cards.at(-1)!, owner, points };
  });
  return {
    seat,
    colour: COLOUR_OF_SEAT[seat]!,
    phase: phaseOf(state),
    turn: state.first === null ? null : state.turn,
    first: state.first,
    turns: state.turns,
    hand: sortedHand(state.hands[seat] ?? [], known),
    opponentHand: state.hands[other(seat)]?.length ?? 0,
    decks: [state.decks[0].length, state.decks[1].length],
    piles,
    score,
    pending: state.pending,
    log: state.log,
    result: state.result,
  };
}

function pileCard(state: TownState, card: CardId): PileCard {
  const face = state.faces[card]!;
  return { card, face, rank: rankOf(face), seat: ownerOf(card) };
}

/** By rank, then face; cards the seat cannot read last, by id. */
function sortedHand(cards: readonly CardId[], known: ReadonlyMap<CardId, number>): HandCard[] {
  const hand = cards.map((card) => {
    const face = known.get(card);
    return isTownFace(face) ? { card, face, rank: rankOf(face) } : { card, face: null, rank: null };
  });
  const key = (c: HandCard) => (c.face === null ? 100 + c.card : c.rank! * 20 + c.face);
  return hand.sort((a, b) => key(a) - key(b));
}

function phaseOf(state: TownState): Phase {
  const need = needs(state)[0];
  if (need === undefined) return 'OVER';
  if (state.flips !== null) return 'OPENING';
  if (need.type === 'REVEAL') return 'REVEAL';
  return need.type === 'DEAL' ? 'DRAW' : 'PLAY';
}

/**
 * Where the run `picked` (hand card ids, in play order) may go for the seat
 * of `view` (a view made with its known faces): the piles whose top is
 * exactly 1 from the run's first card, whether it may be a new pile (any
 * legal run may), the hand cards that may come next, and, when nothing is
 * legal, the same error code `move` would give. An empty pick may go
 * nowhere yet; its extensions are the whole hand.
 */
export function targetsFor(view: TownView, picked: readonly CardId[]): Targets {
  const none = (reason: Targets['reason'], extensions: CardId[] = []): Targets => ({
    piles: [],
    newPile: false,
    extensions,
    reason,
  });
  if (view.phase !== 'PLAY' || view.turn !== view.seat) return none('ERR_NOT_YOUR_TURN');
  if (picked.length > HAND_SIZE) return none('ERR_TOO_MANY_CARDS');
  if (new Set(picked).size !== picked.length) return none('ERR_DUPLICATE_CARD');
  const cards = picked.map((id) => view.hand.find((c) => c.card === id));
  if (cards.some((c) => c === undefined)) return none('ERR_NOT_IN_HAND');
  const readable = view.hand.filter((c) => c.rank !== null);
  if (cards.some((c) => c!.rank === null)) return none('ERR_FACES');
  if (picked.length === 0)
    return none(
      'ERR_NO_CARDS',
      readable.map((c) => c.card),
    );
  const ranks = cards.map((c) => c!.rank!);
  if (!isRun(ranks)) return none('ERR_NOT_A_RUN');
  const last = ranks.at(-1)!;
  const extensions =
    picked.length === HAND_SIZE
      ? []
      : readable
          .filter((c) => !picked.includes(c.card) && adjacent(c.rank!, last))
          .map((c) => c.card);
  const piles = view.piles.filter((p) => adjacent(ranks[0]!, p.top.rank)).map((p) => p.pile);
  return { piles, newPile: true, extensions, reason: null };
}
