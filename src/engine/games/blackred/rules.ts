/**
 * Black & Red's rules as pure functions (docs/rules.md, Black & Red).
 *
 * A match is a series of hands; the first player to reach 11 points ahead
 * of the other wins it. The first dealer is picked by a joint coin (`bit` is
 * the dealer's seat), then the dealer alternates. The first hand uses the
 * deck the table shuffled at the start; every later hand asks for a fresh
 * joint shuffle of the whole deck.
 *
 * One hand, as the table sees it through `needs`:
 *
 * 1. `DEAL` 7 cards to player one (the non-dealer), then 7 to the dealer.
 * 2. `REVEAL` the upcard: player one collects its colour, the dealer the other.
 * 3. Words. `ACT` (`auto`): whenever a hand has just changed, before anyone
 *    moves, its holder owes its word on it: both after the deal (player one
 *    first, then the dealer), the drawer after every draw. Holding 7 cards
 *    of one colour it goes `OUT`; else it says `NO_SEVEN`. Each is the one
 *    legal word, so a session says it without asking its player.
 * 4. Moves. `ACT`: the turn player owes one move:
 *    - it `DISCARD`s a card that fits the round (the round's colour, once
 *      its first discard chose it, and a total of 31 or less), naming the face
 *      it reads; the card is `REVEAL`ed (another face is refused with
 *      `ERR_FACE_MISMATCH`: the table names the discarder, whose claim it
 *      was, and it loses) and goes on the pile; then the discarder draws: player
 *      one's first draw is the upcard (public, no step), every later draw the
 *      stock's top card (`DEAL`, private), and owes its word;
 *    - with nothing that fits it says `GO` and draws nothing.
 * 5. Stock empty when a draw is owed: `SHUFFLE` the pile but the round's
 *    cards, under fresh keys, into a new stock (the table turns the faceup
 *    discards facedown again: nobody knows the new order or can link a new
 *    stock card to a face it showed), then `DEAL` its top card.
 * 6. The end: `OUT` (or a stock that cannot be rebuilt) `REVEAL`s both hands;
 *    then the hand is scored and the next hand's deck is `SHUFFLE`d.
 *
 * Where the original rules are silent (docs/rules.md, Black & Red):
 *
 * - "Cannot discard" means no card of the round's colour whose value keeps
 *   the total at 31 or under: a player with no card of that colour says go
 *   too. The first discard of a round always fits (any colour, at most 10),
 *   so a round's opener never says go.
 * - The player whose discard makes exactly 31 ends the round and starts the
 *   next: it draws and moves again. The round is over before that draw, so
 *   if the stock is empty then, all the pile goes into the new stock.
 * - Both players saying go in a row ends the round; the last discarder
 *   starts the next one. A go by one player alone passes the move.
 * - "As soon as a player holds 7 cards of one colour after drawing": the
 *   drawn card is dealt privately, so the table learns it only from the
 *   drawer's word, which it owes right after the draw, before the opponent
 *   may move. Whoever holds seven first goes out first: a player cannot wait
 *   for a better chance, nor lose its seven to an opponent who moves twice
 *   (a discard making 31 lets its player draw and move again). A hand
 *   changes only by a deal, a draw and a discard, and a discard alone cannot
 *   make 7 of one colour out of 6 cards, so no other word is needed.
 * - A dealt hand of one colour: each player's word after the deal, player one
 *   first; going out then scores 5 (dealt), and when the other hand, still as
 *   dealt, is of one colour too, both score 5 whoever's word came first.
 * - Nobody can see a hand, so every `NO_SEVEN` claims the hand was not all
 *   of one colour, and every `GO` that nothing fitted. Every card of a claim
 *   is turned faceup later (discarded, or shown at the hand's end), so each
 *   claim is judged once its faces are all known, and an `OUT` when the hands
 *   are shown: in the game, on every replica, whatever the audit does. A
 *   false claim ends the match at once: the liar loses it.
 * - Stock empty and the pile but the round's cards empty too: the hand is a
 *   draw (both hands are shown, nobody scores). With 52 cards this never
 *   happens: a round is of one colour, so it holds at most 10 cards (two
 *   each of Ace to 5 make 30), and when a draw is owed on an empty stock the
 *   pile holds the 39 cards not in hand.
 * - The match: the first to 11 wins. Both can pass 11 in one hand only by
 *   both being dealt one colour: then the higher score wins, and on equal
 *   scores the match goes on until one is ahead after a hand.
 */
import type { Face } from '../../cards.ts';
import type { CardId, Need, Outcome, Seat } from '../../game.ts';
import { err, ok, type Result } from '../../result.ts';
import { isInput, wonBy } from '../common.ts';
import {
  colourFor,
  colourOf,
  freshRound,
  isDeckFace,
  newHand,
  oneColour,
  other,
  valueOf,
} from './setup.ts';
import {
  SEATS,
  DEALT_POINTS,
  LIMIT,
  OTHER_POINTS,
  OWN_POINTS,
  type BlackRedError,
  type BlackRedEvent,
  type BlackRedFact,
  type BlackRedPlay,
  type BlackRedState,
  type Claim,
  type ClaimKind,
  type Hand,
  type HandReason,
  type PerSeat,
  type Round,
} from './types.ts';

type Res = Result<BlackRedState, BlackRedError>;

const MOVES = ['DISCARD', 'GO', 'OUT', 'NO_SEVEN'];
const FACTS = ['COIN', 'SHUFFLED', 'DEALT', 'REVEAL'];

// ---------------------------------------------------------------- queries

/** Cards among `cards` whose face is not public. */
const unknown = (hand: Hand, cards: readonly CardId[]): CardId[] =>
  cards.filter((card) => hand.faces[card] === null);

/** True when a card of `face` may go on the pile in `round`. */
export function fits(round: Round, face: Face): boolean {
  return (
    (round.colour === null || colourOf(face) === round.colour) &&
    round.total + valueOf(face) <= LIMIT
  );
}

/** The discards that would become the new stock: the whole pile but the round's cards. */
export const reshuffleCards = (hand: Hand): CardId[] =>
  hand.pile.slice(0, hand.pile.length - hand.round.cards);

/** What the hand waits for: a deal, a reveal, a draw, a new stock, a word on a hand, or a move. */
function handNeed(hand: Hand): Need {
  const dealer = hand.dealer!;
  for (const seat of [other(dealer), dealer])
    if (!hand.dealt[seat]) return { type: 'DEAL', cards: hand.hands[seat]!, to: seat };
  if (hand.upcardFace === null) return { type: 'REVEAL', cards: [hand.upcard] };
  if (hand.ending !== null)
    return { type: 'REVEAL', cards: unknown(hand, [...hand.hands[0], ...hand.hands[1]]) };
  if (hand.pending !== null)
    return { type: 'REVEAL', cards: unknown(hand, [hand.pending.card]), claim: hand.pending.seat };
  if (hand.draw !== null)
    return hand.stock.length > 0
      ? { type: 'DEAL', cards: [hand.stock[0]!], to: hand.draw }
      : { type: 'SHUFFLE', cards: reshuffleCards(hand) };
  if (hand.words.length > 0) return { type: 'ACT', seats: [hand.words[0]!], auto: true };
  return { type: 'ACT', seats: [hand.turn] };
}

/** What the match waits for; empty once it is over. */
export function needs(state: BlackRedState): Need[] {
  if (state.result !== null) return [];
  if (state.hand.dealer === null) return [{ type: 'COIN' }];
  if (state.between) return [{ type: 'SHUFFLE', cards: state.hand.faces.map((_, card) => card) }];
  return [handNeed(state.hand)];
}

const owesMove = (state: BlackRedState, seat: Seat): boolean =>
  needs(state).some((need) => need.type === 'ACT' && need.seats.includes(seat));

/** The faces of `cards` as `seat` reads them: public faces, else its private ones; null if any is unreadable. */
export function readHand(
  hand: Hand,
  cards: readonly CardId[],
  known: ReadonlyMap<CardId, number>,
): Face[] | null {
  const faces = cards.map((card) => hand.faces[card] ?? known.get(card));
  return faces.every(isDeckFace) ? faces : null;
}

/**
 * Every legal move of `seat` now. The rules cannot see a hand, so they need
 * `known`, the faces the seat reads on its own cards; without them they list
 * nothing. Its word on its hand: `OUT` with seven of one colour, else
 * `NO_SEVEN`. Its move: every discard that fits, or `GO` when none does.
 */
export function legalActions(
  state: BlackRedState,
  seat: Seat,
  known: ReadonlyMap<CardId, number> = new Map(),
): BlackRedPlay[] {
  if (!isSeat(seat) || !owesMove(state, seat)) return [];
  const { hand } = state;
  const cards = hand.hands[seat]!;
  const faces = readHand(hand, cards, known);
  if (faces === null) return [];
  if (hand.words.length > 0) return [{ type: oneColour(faces) ? 'OUT' : 'NO_SEVEN', seat }];
  const discards: BlackRedPlay[] = cards.flatMap((card, i) =>
    fits(hand.round, faces[i]!) ? [{ type: 'DISCARD', seat, card, face: faces[i]! }] : [],
  );
  return discards.length > 0 ? discards : [{ type: 'GO', seat }];
}

/** The match outcome once it is over, else null. */
export function outcome(state: BlackRedState): Outcome | null {
  return wonBy(state.result);
}

// ---------------------------------------------------------------- move and fact

/** Applies a player's move; returns the next state or why it is refused. */
export function move(state: BlackRedState, play: BlackRedPlay): Res {
  if (!isInput(play, MOVES)) return err('ERR_ACTION');
  if (state.result !== null) return err('ERR_MATCH_OVER');
  if (!isSeat(play.seat)) return err('ERR_SEAT');
  if (!owesMove(state, play.seat)) return err('ERR_NOT_YOUR_TURN');
  const word = play.type === 'OUT' || play.type === 'NO_SEVEN';
  if (word !== state.hand.words.length > 0) return err(word ? 'ERR_NO_WORD_OWED' : 'ERR_WORD_OWED');
  switch (play.type) {
    case 'DISCARD':
      return discard(state, play.seat, play.card, play.face);
    case 'GO':
      return go(state, play.seat);
    case 'OUT':
      return out(state, play.seat);
    case 'NO_SEVEN':
      return noSeven(state, play.seat);
  }
}

/** Applies a fact the table established; returns the next state or why it is refused. */
export function fact(state: BlackRedState, input: BlackRedFact): Res {
  if (!isInput(input, FACTS)) return err('ERR_ACTION');
  if (state.result !== null) return err('ERR_MATCH_OVER');
  switch (input.type) {
    case 'COIN':
      return coin(state, input.bit);
    case 'SHUFFLED':
      return shuffled(state);
    case 'DEALT':
      return dealt(state, input.cards, input.to);
    case 'REVEAL':
      return reveal(state, input.card, input.face);
  }
}

// ---------------------------------------------------------------- moves

/** What the mover's move says about its hand now (see `Claim`), with the faces already public. */
function claimOf(hand: Hand, seat: Seat, go: Claim['go']): Claim {
  const cards = [...hand.hands[seat]!];
  return { seat, move: hand.moves, cards, faces: cards.map((card) => hand.faces[card]!), go };
}

/** The hand after `seat`'s move: its hand is no longer the one dealt. */
function moved(hand: Hand, seat: Seat): Hand {
  return { ...hand, moves: hand.moves + 1, acted: setSeat(hand.acted, seat, true) };
}

function discard(state: BlackRedState, seat: Seat, card: unknown, face: unknown): Res {
  const { hand } = state;
  const cards = hand.hands[seat]!;
  if (!cards.includes(card as CardId)) return err('ERR_NOT_IN_HAND');
  if (!isDeckFace(face)) return err('ERR_FACE');
  const id = card as CardId;
  const shown = hand.faces[id];
  // A public card keeps its face; a hidden one cannot show a face that is faceup elsewhere.
  if (shown !== null ? shown !== face : hand.faces.includes(face)) return err('ERR_FACE_CONFLICT');
  if (hand.round.colour !== null && colourOf(face) !== hand.round.colour) return err('ERR_COLOUR');
  if (!fits(hand.round, face)) return err('ERR_OVER_31');
  const next: Hand = {
    ...moved(hand, seat),
    hands: setSeat(
      hand.hands,
      seat,
      cards.filter((c) => c !== id),
    ),
    pending: { seat, card: id, face },
  };
  return ok(settle({ ...state, hand: next }));
}

function go(state: BlackRedState, seat: Seat): Res {
  const { hand } = state;
  const { round } = hand;
  if (round.colour === null) return err('ERR_MUST_DISCARD');
  if (publicFaces(hand, seat).some((face) => fits(round, face))) return err('ERR_MUST_DISCARD');
  const claim = claimOf(hand, seat, { colour: round.colour, total: round.total });
  let next = logged(
    { ...moved(hand, seat), claims: [...hand.claims, claim] },
    { type: 'GO', seat, total: round.total },
  );
  const goes = round.goes + 1;
  if (goes < 2) next = { ...next, round: { ...round, goes }, turn: other(seat) };
  else {
    // A round with a colour has had a discard: `last` is its last discarder.
    const starter = round.last!;
    next = logged(
      { ...next, round: freshRound(starter), turn: starter },
      { type: 'ROUND', reason: 'GO', starter },
    );
  }
  return ok(settle({ ...state, hand: next }));
}

function out(state: BlackRedState, seat: Seat): Res {
  const { hand } = state;
  if (new Set(publicFaces(hand, seat).map(colourOf)).size > 1) return err('ERR_NOT_OUT');
  const next = logged(
    { ...hand, moves: hand.moves + 1, words: [], ending: { kind: 'OUT', seat } },
    { type: 'OUT', seat },
  );
  return ok(settle({ ...state, hand: next }));
}

/** `seat` holds no seven: a claim on its hand, judged once its cards have all turned faceup. */
function noSeven(state: BlackRedState, seat: Seat): Res {
  const { hand } = state;
  const next: Hand = {
    ...hand,
    words: hand.words.slice(1),
    claims: [...hand.claims, claimOf(hand, seat, null)],
  };
  return ok(settle({ ...state, hand: next }));
}

// ---------------------------------------------------------------- facts

function coin(state: BlackRedState, bit: unknown): Res {
  if (needs(state)[0]?.type !== 'COIN') return err('ERR_NOT_NEEDED');
  if (bit !== 0 && bit !== 1) return err('ERR_BIT');
  return ok({ ...state, hand: newHand(1, bit) });
}

function shuffled(state: BlackRedState): Res {
  if (needs(state)[0]?.type !== 'SHUFFLE') return err('ERR_NOT_NEEDED');
  const { hand } = state;
  if (state.between)
    return ok({ ...state, between: false, hand: newHand(hand.number + 1, other(hand.dealer!)) });
  // The discards but the round's are now a facedown stock: their ids name unknown cards.
  const stock = reshuffleCards(hand).sort((a, b) => a - b);
  const next: Hand = {
    ...hand,
    stock,
    pile: hand.pile.slice(stock.length),
    faces: hand.faces.map((face, id) => (stock.includes(id) ? null : face)),
    reshuffles: hand.reshuffles + 1,
  };
  return ok({
    ...state,
    hand: logged(next, { type: 'RESHUFFLE', cards: stock.length, kept: hand.round.cards }),
  });
}

function dealt(state: BlackRedState, cards: unknown, to: unknown): Res {
  const need = needs(state)[0];
  if (need?.type !== 'DEAL' || to !== need.to || !sameCards(cards, need.cards))
    return err('ERR_NOT_NEEDED');
  const { hand } = state;
  const seat = need.to;
  if (hand.draw === null) {
    const next = { ...hand, dealt: setSeat(hand.dealt, seat, true) };
    return ok({ ...state, hand: logged(next, { type: 'DEAL', seat, count: cards.length }) });
  }
  const next: Hand = {
    ...hand,
    hands: setSeat(hand.hands, seat, [...hand.hands[seat]!, ...need.cards]),
    stock: hand.stock.slice(1),
    draw: null,
    words: [seat],
  };
  return ok({ ...state, hand: logged(next, { type: 'DRAW', seat }) });
}

function reveal(state: BlackRedState, card: unknown, face: unknown): Res {
  const need = needs(state)[0];
  if (need?.type !== 'REVEAL' || !need.cards.includes(card as CardId)) return err('ERR_NOT_NEEDED');
  if (!isDeckFace(face)) return err('ERR_FACE');
  const { hand } = state;
  // An honest deck holds each face once; two public cards with one face prove a bad reveal.
  if (hand.faces.includes(face)) return err('ERR_FACE_CONFLICT');
  const id = card as CardId;
  if (hand.pending?.card === id && hand.pending.face !== face) return err('ERR_FACE_MISMATCH');
  let next: Hand = {
    ...hand,
    faces: hand.faces.map((known, i) => (i === id ? face : known)),
    claims: hand.claims.map((claim) => ({
      ...claim,
      faces: claim.faces.map((known, i) =>
        claim.cards[i] === id && known === null ? face : known,
      ),
    })),
  };
  if (id === hand.upcard && hand.upcardFace === null)
    next = logged({ ...next, upcardFace: face }, { type: 'UPCARD', card: id, face });
  return ok(settle({ ...state, hand: next }));
}

// ---------------------------------------------------------------- progress

/**
 * Runs every step that needs no input, once the cards being turned are all
 * faceup (the table applies a reveal card by card, and each of its facts
 * must find the game still waiting for it): a claim judged false ends the
 * match; a discard goes on the pile; a hand whose end has shown both hands
 * is scored.
 */
function settle(state: BlackRedState): BlackRedState {
  const need = handNeed(state.hand);
  if (need.type === 'REVEAL' && need.cards.length > 0) return state;
  const caught = falseClaim(state.hand);
  if (caught !== null) return cheated(state, caught.claim.seat, caught.kind, caught.claim.faces);
  const hand = { ...state.hand, claims: unjudged(state.hand.claims) };
  if (hand.ending !== null) return scored({ ...state, hand });
  if (hand.pending !== null) return settle({ ...state, hand: placed(hand) });
  return { ...state, hand };
}

/** Claims not yet judged: some face still unknown. */
const unjudged = (claims: readonly Claim[]): Claim[] =>
  claims.filter((claim) => claim.faces.includes(null));

/** Why a claim with every face known is false, or null when it holds. */
export function claimBroken(claim: Claim): ClaimKind | null {
  const faces = claim.faces as Face[];
  const go = claim.go;
  if (go !== null)
    return faces.some((face) => fits({ ...freshRound(null), ...go }, face)) ? 'GO' : null;
  return oneColour(faces) ? 'NO_SEVEN' : null;
}

/** The first claim with every face known that is false, with why. */
function falseClaim(hand: Hand): { claim: Claim; kind: ClaimKind } | null {
  for (const claim of hand.claims) {
    if (claim.faces.includes(null)) continue;
    const kind = claimBroken(claim);
    if (kind !== null) return { claim, kind };
  }
  return null;
}

/** The match ends: `seat` lied about its hand and loses. */
function cheated(
  state: BlackRedState,
  seat: Seat,
  claim: ClaimKind,
  faces: readonly (Face | null)[],
): BlackRedState {
  const hand = logged(state.hand, { type: 'CHEAT', seat, claim, faces: faces as Face[] });
  return {
    ...state,
    hand,
    result: { winner: other(seat), reason: 'FALSE_CLAIM', cheat: seat, claim },
  };
}

/** The pending discard goes on the pile; the round moves on; the discarder draws. */
function placed(hand: Hand): Hand {
  const { seat, card, face } = hand.pending!;
  const { round } = hand;
  const total = round.total + valueOf(face);
  let next = logged(
    {
      ...hand,
      pending: null,
      pile: [...hand.pile, card],
      round: {
        colour: round.colour ?? colourOf(face),
        total,
        cards: round.cards + 1,
        goes: 0,
        last: seat,
      },
      turn: other(seat),
    },
    { type: 'DISCARD', seat, card, face, total, opens: round.colour === null },
  );
  if (total === LIMIT)
    next = logged(
      { ...next, round: freshRound(seat), turn: seat },
      { type: 'ROUND', reason: 'LIMIT', starter: seat },
    );
  const p1 = other(hand.dealer!);
  if (seat === p1 && !hand.upcardTaken)
    return logged(
      {
        ...next,
        hands: setSeat(next.hands, seat, [...next.hands[seat]!, hand.upcard]),
        upcardTaken: true,
        words: [seat],
      },
      { type: 'TAKE', seat, card: hand.upcard, face: hand.upcardFace! },
    );
  if (next.stock.length === 0 && reshuffleCards(next).length === 0)
    return logged({ ...next, ending: { kind: 'STOCK', seat } }, { type: 'STOCK', seat });
  return { ...next, draw: seat };
}

/** Every hand card is faceup at the hand's end: the hands shown, the points, the next hand or the match's end. */
function scored(state: BlackRedState): BlackRedState {
  let hand = state.hand;
  const shown = hand.hands.map((cards) => cards.map((card) => hand.faces[card]!)) as [
    Face[],
    Face[],
  ];
  for (const seat of [0, 1]) hand = logged(hand, { type: 'SHOW', seat, faces: shown[seat]! });
  const ending = hand.ending!;
  const seat = ending.seat;
  if (ending.kind === 'OUT' && !oneColour(shown[seat]!))
    return cheated({ ...state, hand }, seat, 'OUT', shown[seat]!);
  const { points, reason } = pointsFor(hand, shown);
  hand = logged(hand, { type: 'SCORE', points, reason, seat: reason === 'STOCK' ? null : seat });
  const score: PerSeat<number> = [state.score[0] + points[0], state.score[1] + points[1]];
  const record = {
    number: hand.number,
    dealer: hand.dealer!,
    upcard: hand.upcardFace!,
    points,
    reason,
    seat: reason === 'STOCK' ? null : seat,
    shown,
    reshuffles: hand.reshuffles,
    moves: hand.moves,
  };
  const history = [...state.history, record];
  const [a, b] = score;
  const over = Math.max(a, b) >= state.target && a !== b;
  return {
    ...state,
    hand,
    score,
    history,
    between: !over,
    result: over ? { winner: a > b ? 0 : 1, reason: 'TARGET' } : null,
  };
}

function pointsFor(
  hand: Hand,
  shown: readonly [Face[], Face[]],
): { points: PerSeat<number>; reason: HandReason } {
  const { kind, seat } = hand.ending!;
  if (kind === 'STOCK') return { points: [0, 0], reason: 'STOCK' };
  const them = other(seat);
  if (!hand.acted[seat]) {
    // Dealt of one colour; the other, still as dealt and of one colour too, shares it.
    if (!hand.acted[them] && oneColour(shown[them]!))
      return { points: [DEALT_POINTS, DEALT_POINTS], reason: 'BOTH_DEALT' };
    return { points: setSeat([0, 0], seat, DEALT_POINTS), reason: 'DEALT' };
  }
  const own = colourOf(shown[seat]![0]!) === colourFor(hand, seat);
  return {
    points: setSeat([0, 0], seat, own ? OWN_POINTS : OTHER_POINTS),
    reason: own ? 'OWN' : 'OTHER',
  };
}

// ---------------------------------------------------------------- helpers

/** The faceup cards in `seat`'s hand (the upcard player one took). */
function publicFaces(hand: Hand, seat: Seat): Face[] {
  return hand.hands[seat]!.flatMap((card) => {
    const face = hand.faces[card];
    return face === null || face === undefined ? [] : [face];
  });
}

function logged(hand: Hand, event: BlackRedEvent): Hand {
  return { ...hand, log: [...hand.log, event] };
}

function setSeat<T>(pair: PerSeat<T>, seat: Seat, value: T): PerSeat<T> {
  return seat === 0 ? [value, pair[1]] : [pair[0], value];
}

function isSeat(seat: unknown): seat is Seat {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < SEATS;
}

/** Same ids, in the same order. */
function sameCards(cards: unknown, expected: readonly CardId[]): cards is CardId[] {
  return (
    Array.isArray(cards) &&
    cards.length === expected.length &&
    cards.every((card, i) => card === expected[i])
  );
}
