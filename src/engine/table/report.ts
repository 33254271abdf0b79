/**
 * The audit opened: once every seat has published its secrets, anyone can
 * read every card at every moment of the game. `auditReport` walks the log
 * once and tells, for each deal of each deck (a whole deck shuffled afresh),
 * the deck's order after every shuffle, where each card went (dealt, shown,
 * turned up, re-masked, named in a move) and who could read it, and so which
 * cards nobody ever saw. It knows no game: it reads the table's cards and
 * layers, and the moves' `card` and `cards` fields, which every game uses to
 * name the cards a move plays. It reads the log as plain data (`AuditLog`),
 * so that opening every card can be done in another thread than the page's.
 */
import type { Json, JsonObject } from '../encoding.ts';
import type { CardId, Seat } from '../game.ts';
import { err, ok, type Result } from '../result.ts';
import { auditKeyring, openWith } from './audit.ts';
import { deckCards, deckIndex } from './decks.ts';
import type { ReplicaRecord } from './replica.ts';
import type { TableCard, TableState } from './types.ts';

/** One applied entry of the log, as the audit reads it. */
export interface AuditEntry {
  readonly author: Seat;
  /** The event body's type (SHUFFLE, REMASK, ACT...). */
  readonly type: string;
  /** A move's action (an ACT's); null for any other event. */
  readonly action: JsonObject | null;
}

/**
 * What `auditReport` reads of a replica, as plain data that crosses to a
 * worker (`auditLog`): every state, and the log's applied entries.
 */
export interface AuditLog {
  /** `states[i]`: the table after the first `i` log entries; the last is the final state. */
  readonly states: readonly TableState<Json>[];
  /** Each log entry in order: what the audit reads of it if it was applied, else null. */
  readonly entries: readonly (AuditEntry | null)[];
}

/** What `auditReport` needs of `replica`'s game (the entries judged), to open it here or in a worker. */
export function auditLog(replica: ReplicaRecord<Json>): AuditLog {
  const entries = replica.log.entries();
  const judged = replica.entryVerdicts.length;
  return {
    states: Array.from({ length: judged + 1 }, (_, i) => replica.stateAfter(i)!),
    entries: replica.entryVerdicts.map((verdict, i) => {
      if (verdict !== 'applied') return null;
      const { author, body } = entries[i]!.event;
      const action = body.type === 'ACT' ? (body.action as JsonObject) : null;
      return { author, type: body.type, action };
    }),
  };
}

/** One seat's shuffle of one deck, opened. */
export interface AuditShuffle {
  /** Log position of the SHUFFLE event. */
  readonly index: number;
  readonly seat: Seat;
  /** The faces in the deck's position order (its card ids, lowest first) after this shuffle. */
  readonly order: readonly number[];
  /** Part of the deck only: public cards (a discard pile) shuffled into a new stock. */
  readonly partial: boolean;
}

/**
 * What happened to a card: `dealt` (readable by one seat alone), `shown` (a
 * copy readable by each seat in `to`), `revealed` (turned face up for everyone),
 * `remasked` (its owner re-keyed and shuffled its hand), `played` (a move of
 * `seat` named it; `action` is the move's type).
 */
export interface AuditMove {
  /** Log position of the event. */
  readonly index: number;
  /** The card id that held the card then (ids name positions, and a re-mask permutes them). */
  readonly card: CardId;
  readonly kind: 'dealt' | 'shown' | 'revealed' | 'remasked' | 'played';
  /** The event's author. */
  readonly seat: Seat;
  /** Who read the card first by it (dealt, shown), everyone (revealed); empty otherwise. */
  readonly to: readonly Seat[];
  /** The move's type, for `played`. */
  readonly action?: string;
}

/** One face of a deal: what happened to it, and who could read it at some point. */
export interface AuditCard {
  readonly face: number;
  readonly moves: readonly AuditMove[];
  /** Seats that could read it during the game, in seat order. */
  readonly seenBy: readonly Seat[];
}

/** One deal of one deck: from a shuffle of the whole deck to the next one. */
export interface AuditDeal {
  /** Index of the deck in the table's decks. */
  readonly deck: number;
  readonly name: string;
  /** Log position of the deal's first shuffle. */
  readonly from: number;
  /** Every shuffle of the deal, the whole deck's first. */
  readonly shuffles: readonly AuditShuffle[];
  /** Every face of the deck, in face order. */
  readonly cards: readonly AuditCard[];
  /** Faces nobody could read during the deal. */
  readonly unseen: readonly number[];
}

/** The whole game opened by the audit. */
export interface AuditReport {
  /** Every deal of every deck, in the order they began. */
  readonly deals: readonly AuditDeal[];
  /** Events in the log. */
  readonly events: number;
}

/** A deal being built: faces' moves and readers, mutable until the walk ends. */
interface Building {
  readonly deck: number;
  readonly name: string;
  readonly from: number;
  readonly shuffles: AuditShuffle[];
  readonly moves: AuditMove[][];
}

/**
 * Opens the whole game with the published audit. `ERR_NO_AUDIT` while a
 * seat's secrets are missing (the game is not over, or it ended by a
 * resignation or an absence, which skip the audit).
 */
export function auditReport(log: AuditLog): Result<AuditReport, 'ERR_NO_AUDIT'> {
  const final = log.states.at(-1)!;
  if (final.audit.some((record) => record === null)) return err('ERR_NO_AUDIT');
  const scalars = auditKeyring(final);
  const open = (state: TableState<unknown>, id: CardId, card: TableCard) =>
    openWith(scalars, state, id, card);
  const seats = final.genesis.identities.map((_, seat) => seat);
  /** Each card id's face as of the entry being read. */
  // Stryker disable next-line ArrayDeclaration: faces[0] is written by the first round, which shuffles every deck whole, before a note can read it
  const faces: number[] = [];
  /** Who has read each card id since it last changed hands (a shuffle, a re-mask). */
  const known = new Map<CardId, Set<Seat>>();
  const deals: Building[] = [];
  /** The deal under way for each deck. */
  const current = new Map<number, Building>();
  const dealOf = (state: TableState<unknown>, id: CardId) =>
    current.get(deckIndex(state.decks, id));

  log.entries.forEach((entry, index) => {
    if (entry === null) return;
    const before = log.states[index]!;
    const after = log.states[index + 1]!;
    const { author, type, action } = entry;
    // The first round shuffles every deck whole, so a card id of a deck has a face of its
    // deal from then on; a move may name an id of no deck.
    const note = (id: CardId, move: Omit<AuditMove, 'index' | 'seat' | 'card'>) =>
      dealOf(after, id)?.moves[faces[id]!]!.push({ index, card: id, seat: author, ...move });

    // Stryker disable next-line ConditionalExpression,LogicalOperator: a SHUFFLE applies only in a SHUFFLE step, and nobody else acts during one (a resignation or absence there ends the game without an audit)
    if (type === 'SHUFFLE' && before.step.type === 'SHUFFLE') {
      const { epochs, shuffled, next } = before.step;
      const whole = (e: number) =>
        after.epochs[e]!.cards.length === deckCards(after.decks, after.epochs[e]!.deck).length;
      // A round's first shuffle starts a deal of each deck it shuffles whole, in deck order.
      if (shuffled?.every((n) => n === 0) ?? next === 0)
        for (const e of epochs.filter(whole)) {
          const deal = startDeal(after, after.epochs[e]!.deck, index);
          deals.push(deal);
          current.set(after.epochs[e]!.deck, deal);
        }
      for (const e of epochs) {
        const epoch = after.epochs[e]!;
        // A pipelined shuffle is of the epochs it names: those whose cards it moved.
        // Stryker disable next-line MethodExpression: a shuffle re-encrypts every card of an epoch it names and none of the others, so one card unchanged means all are
        if (shuffled && epoch.cards.every((id) => before.cards[id]!.c === after.cards[id]!.c))
          continue;
        for (const id of epoch.cards) known.delete(id);
        const order = epoch.cards.map((id) => (faces[id] = open(after, id, after.cards[id]!)));
        // The first round shuffles every deck whole: a partial shuffle joins a deal under way.
        current.get(epoch.deck)!.shuffles.push({ index, seat: author, order, partial: !whole(e) });
      }
    }
    // Stryker disable next-line ConditionalExpression: a REMASK applies only in a REMASK step
    if (type === 'REMASK' && before.step.type === 'REMASK') {
      for (const id of before.step.cards) note(id, { kind: 'remasked', to: [] });
      // The owner knows where each card went; nobody else can follow them.
      for (const id of before.step.cards) {
        faces[id] = open(after, id, after.cards[id]!);
        known.set(id, new Set([author]));
      }
    }
    if (action !== null)
      for (const id of namedCards(action))
        note(id, { kind: 'played', to: [], action: actionName(action) });

    for (const { id, seats: to, kind } of newReaders(before, after, seats, known))
      note(id, { kind, to });
  });

  return ok({
    deals: deals.map(finishDeal),
    events: log.entries.length,
  });
}

/** How a seat reads a card: face up, as its only layer's seat, or through a copy shown to it. */
type Reading = 'revealed' | 'dealt' | 'shown';
const RANK: Record<Reading, number> = { dealt: 0, shown: 1, revealed: 2 };

/**
 * Who reads each card id in `state`, and how: through the card itself (but a
 * card on its way), or through a copy shown to a seat, which is that seat's
 * as soon as its last layer is its own (a reveal of the card may start then).
 */
function readers(
  state: TableState<unknown>,
  all: readonly Seat[],
): Map<CardId, { seats: Set<Seat>; kind: Reading }> {
  const transit = inTransit(state);
  const found = new Map<CardId, { seats: Set<Seat>; kind: Reading }>();
  const add = (id: CardId, seats: readonly Seat[], kind: Reading) => {
    const entry = found.get(id) ?? { seats: new Set<Seat>(), kind };
    for (const seat of seats) entry.seats.add(seat);
    // Stryker disable next-line EqualityOperator: an equal kind replaces itself
    if (RANK[kind] > RANK[entry.kind]) entry.kind = kind;
    found.set(id, entry);
  };
  state.cards.forEach((card, id) => {
    if (!transit.has(id))
      add(id, readersOf(card, all), card.layers.length === 0 ? 'revealed' : 'dealt');
  });
  for (const copy of state.copies)
    if (readersOf(copy, all).includes(copy.seat)) add(copy.card, [copy.seat], 'shown');
  return found;
}

/**
 * The card ids that seats read after an entry and had not read since the id
 * last changed hands (`known`, kept up to date here), with those seats; a
 * card turned face up names everyone.
 */
function newReaders(
  before: TableState<unknown>,
  after: TableState<unknown>,
  all: readonly Seat[],
  known: Map<CardId, Set<Seat>>,
): { id: CardId; seats: Seat[]; kind: Reading }[] {
  const old = readers(before, all);
  return [...readers(after, all)].flatMap(([id, { seats, kind }]) => {
    const had = known.get(id) ?? new Set<Seat>();
    known.set(id, had);
    const fresh = [...seats].filter((seat) => !had.has(seat)).sort((a, b) => a - b);
    for (const seat of fresh) had.add(seat);
    if (kind === 'revealed' && old.get(id)?.kind !== 'revealed')
      return [{ id, seats: [...all], kind }];
    // Stryker disable next-line ArrayDeclaration: a string in the empty answer has an undefined id, in no deck, so note adds nothing
    return fresh.length > 0 ? [{ id, seats: fresh, kind }] : [];
  });
}

/** A fresh deal of deck `deck`, starting at log position `from`. */
function startDeal(state: TableState<unknown>, deck: number, from: number): Building {
  const size = deckCards(state.decks, deck).length;
  return {
    deck,
    name: state.decks[deck]!.name,
    from,
    shuffles: [],
    moves: Array.from({ length: size }, () => []),
  };
}

function finishDeal(deal: Building): AuditDeal {
  const cards = deal.moves.map((moves, face) => ({
    face,
    moves,
    seenBy: [...new Set(moves.flatMap((move) => move.to))].sort((a, b) => a - b),
  }));
  return {
    deck: deal.deck,
    name: deal.name,
    from: deal.from,
    shuffles: deal.shuffles,
    cards,
    unseen: cards.filter((card) => card.seenBy.length === 0).map((card) => card.face),
  };
}

/** Seats that read `card` alone: everyone with no layer on it, its one layer's seat, else none. */
function readersOf(card: Pick<TableCard, 'layers'>, all: readonly Seat[]): Seat[] {
  if (card.layers.length === 0) return [...all];
  return card.layers.length === 1 ? [card.layers[0]!.seat] : [];
}

/**
 * Cards on their way: in a shuffle under way they sit in plain face order (or
 * under one shuffler's layer) until the round ends, and in a reveal under way
 * the last seat to unlock holds them a moment before everyone does. Neither
 * is a card shown to anyone.
 */
function inTransit(state: TableState<unknown>): Set<CardId> {
  const step = state.step;
  if (step.type === 'SHUFFLE') return new Set(step.epochs.flatMap((e) => state.epochs[e]!.cards));
  // Stryker disable next-line ConditionalExpression: no step but an UNLOCK has a `to` of 'all' (a COPY's is a list of seats, the rest have none)
  if (step.type === 'UNLOCK' && step.to === 'all') return new Set(step.cards);
  return new Set();
}

/** The card ids a move names in its `card` and `cards` fields. */
function namedCards(action: JsonObject): CardId[] {
  // Stryker disable next-line ArrayDeclaration: the filter below keeps integers only
  const ids = [action.card, ...(Array.isArray(action.cards) ? action.cards : [])];
  return ids.filter((id): id is number => Number.isInteger(id));
}

const actionName = (action: JsonObject): string => String(action.type ?? 'move').toLowerCase();
